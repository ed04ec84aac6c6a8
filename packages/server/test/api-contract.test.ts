/**
 * Checks generated from /api/openapi.json, so every route present and future is covered with no
 * per-route test code: bad input never answers ≥ 500 and a 400 names the field; access follows the
 * permission table for every demo role and for oddly written paths; state-changing calls from a
 * foreign origin are refused and change nothing. Figures are printed at the end.
 */
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import type { Role } from '@manway/core/roles';
import { registerAccessControl } from '../src/http/access';
import { PERMISSIONS, permits, ruleFor, type Caller } from '../src/http/permissions';
import { startTestServer, type TestClient } from './harness';
import {
  arbitraryFor,
  HOSTILE_BODIES,
  HOSTILE_TEXT,
  HOSTILE_VALUES,
  HUGE_PARAMETER,
  isUnsafe,
  operationsOf,
  pathParameters,
  pathWith,
  queryParameters,
  rawRequest,
  type JsonSchema,
  type Operation,
  type RawResponse,
  urlEncoded,
} from './openapi-cases';
import { TEST_ADMIN_PASSWORD, testConfig } from './template';
import { sql } from '../src/db/sql';

const server = await startTestServer();
const openapi = (await server.client().get('/api/openapi.json')).body;
const operations = operationsOf(openapi);
const SYNC_PASSWORD = 'field-agent-test-password';
await server.services.users.ensureSyncAccount(SYNC_PASSWORD);

/** The demo roles the permission table is checked for, with how each signs in. */
type DemoRole = { name: string; login: string; password: string } & Caller;
const caller = (role: Role, flags: Partial<Omit<Caller, 'role'>> = {}): Caller => ({
  role,
  websync: false,
  review: false,
  syncAgent: false,
  ...flags,
});
const ROLES: DemoRole[] = [
  {
    name: 'administrator',
    login: 'admin',
    password: TEST_ADMIN_PASSWORD,
    ...caller('administrator', { websync: true }),
  },
  { name: 'editor', login: 'editor', password: 'editor-demo', ...caller('editor') },
  { name: 'office user', login: 'office', password: 'office-demo', ...caller('regular', { review: true }) },
  { name: 'inspect crew', login: 'inspector', password: 'inspector-demo', ...caller('regular') },
  {
    name: 'websync service account',
    login: 'field-agent',
    password: SYNC_PASSWORD,
    ...caller('regular', { websync: true, syncAgent: true }),
  },
  { name: 'guest', login: 'guest', password: 'guest-demo', ...caller('guest') },
];

const figures = { tried: 0, answersFrom500: 0, unauthorised2xx: 0, crossOriginChanges: 0 };
afterAll(async () => {
  console.log(
    `generated API checks: ${figures.tried} requests tried, ${figures.answersFrom500} answers ≥ 500, ` +
      `${figures.unauthorised2xx} unauthorised 2xx, ${figures.crossOriginChanges} cross-origin changes`,
  );
  await server.close();
});

async function signedIn(login: string, password: string): Promise<TestClient> {
  const client = server.client();
  const res = await client.signIn(login, password);
  if (res.status !== 200) throw new Error(`${login} could not sign in: ${res.status} ${res.text}`);
  return client;
}

/** Our own client's headers: same origin, the session-id header, the session cookie when signed in. */
function ownHeaders(client: TestClient | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    [SESSION_ID_HEADER]: 'generated-checks',
    origin: server.base,
    ...(client?.cookie ? { cookie: client.cookie } : {}),
    ...extra,
  };
}

async function send(
  op: Operation,
  path: string,
  client: TestClient | undefined,
  body?: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const withBody: Record<string, string> = body !== undefined ? { 'content-type': 'application/json' } : {};
  const res = await rawRequest(server.base, op.method, path, {
    headers: ownHeaders(client, { ...withBody, ...headers }),
    body,
  });
  figures.tried++;
  if (res.status >= 500) figures.answersFrom500++;
  return res;
}

const isPublic = (op: Operation) => ruleFor(op.method, op.route)?.permission === 'public';
const bodyOf = (op: Operation) => (op.body || op.binaryBody ? '{}' : undefined);
const describeOp = (op: Operation) => `${op.method} ${op.path}`;

/** A 400 tells which field: the catalogue's { Message, ModelState } with at least one field, or a code. */
function expectClearRefusal(res: RawResponse, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status !== 400) return;
  const body = res.json as { ModelState?: Record<string, string[]>; code?: string };
  const named = body?.code !== undefined || Object.keys(body?.ModelState ?? {}).length > 0;
  expect(named, `${what}: a 400 names the field (${res.text.slice(0, 300)})`).toBe(true);
}

describe('the permission table', () => {
  it('has an entry for every operation of the API, and none for operations that do not exist', () => {
    const declared = new Set(operations.map((op) => `${op.method} ${op.route}`));
    for (const op of operations) expect(ruleFor(op.method, op.route), describeOp(op)).toBeDefined();
    // The API document itself is hidden, and single sign-on's routes exist only when it is configured.
    const stale = Object.keys(PERMISSIONS).filter(
      (k) => !declared.has(k) && k !== 'GET /api/openapi.json' && !k.startsWith('GET /api/account/oidc/'),
    );
    expect(stale).toEqual([]);
  });

  it('the API document says which operations need no session: exactly the public ones', () => {
    for (const op of operations) {
      const declared = openapi.paths[op.path][op.method.toLowerCase()].security;
      expect(declared === undefined ? 'session' : declared.length === 0 ? 'none' : 'session', describeOp(op)).toBe(
        isPublic(op) ? 'none' : 'session',
      );
    }
  });

  it('a route without an entry stops the server from starting', async () => {
    const app = Fastify();
    await app.register(import('@fastify/cookie'));
    registerAccessControl(app, {
      account: server.services.account,
      readiness: server.readiness,
      config: testConfig(),
      owners: server.services.websync,
      licensing: server.services.licensing,
      instances: server.services.instances,
    });
    expect(() => app.get('/api/not-in-the-table', async () => 'nothing')).toThrow(/permission table/);
    await app.close();
  });
});

describe('limits: every string and array a request carries has a bound declared in its schema', () => {
  /** The unbounded places of a schema, by path. */
  function unbounded(schema: JsonSchema | undefined, path: string, out: string[]): string[] {
    if (!schema) return out;
    for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
      unbounded(alt, path, out);
    }
    const types = [schema.type ?? []].flat();
    if (types.includes('string') && schema.maxLength === undefined && !schema.enum && schema.format !== 'uuid') {
      out.push(`${path} (string)`);
    }
    if (types.includes('array')) {
      if (schema.maxItems === undefined) out.push(`${path} (array)`);
      unbounded(schema.items, `${path}[]`, out);
    }
    for (const [key, value] of Object.entries(schema.properties ?? {})) unbounded(value, `${path}.${key}`, out);
    return out;
  }

  it('declares maxLength on every string and maxItems on every array of parameters and bodies', () => {
    const found = operations.flatMap((op) => [
      ...op.parameters.flatMap((p) => unbounded(p.schema, `${describeOp(op)} ${p.in} ${p.name}`, [])),
      ...unbounded(op.body, `${describeOp(op)} body`, []),
    ]);
    expect(found).toEqual([]);
  });
});

describe('access: without a session every operation answers 401 unless it is public, however its path is written', () => {
  const anonymousOps = operations.filter((op) => !isPublic(op));
  it.each(anonymousOps.map((op) => [describeOp(op), op] as const))('%s', async (_name, op) => {
    const path = pathWith(op);
    const variants = [
      path,
      // the first letter of "api" percent-encoded (the router decodes it), and of a later segment
      path.replace('/api/', '/%61pi/'),
      path.replace(/^\/api\/(\w)/, (_m, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`),
      path.replace('/api/', '/%2561pi/'),
      `/${path}`,
      path.replace('/api/', '/api//'),
      path.replace('/api/', '/API/'),
      path.replace('/api/', '/Api/'),
      path.replace('/api/', '/api/./'),
      path.replace('/api/', '/x/../api/'),
      path.replace('/api/', '/api;x/'),
      `${path}/`,
    ];
    for (const variant of variants) {
      const res = await send(op, variant, undefined, bodyOf(op));
      if (res.status >= 200 && res.status < 400) figures.unauthorised2xx++;
      expect([401, 404], `${op.method} ${variant}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
    }
  });
});

describe('access: every operation answers each demo role what the permission table says', async () => {
  const clients = new Map<string, TestClient>();
  for (const r of ROLES) clients.set(r.login, await signedIn(r.login, r.password));
  // Signing out or in again would end the checking client's session; they are public anyway.
  const checked = operations.filter((op) => !isPublic(op));
  it.each(checked.map((op) => [describeOp(op), op] as const))('%s', async (_name, op) => {
    const rule = ruleFor(op.method, op.route)!;
    for (const r of ROLES) {
      const res = await send(op, pathWith(op), clients.get(r.login), bodyOf(op));
      const allowed = permits(rule.permission, r);
      if (!allowed && res.status >= 200 && res.status < 300) figures.unauthorised2xx++;
      const what = `${r.name} (${r.login}) → ${res.status} ${res.text.slice(0, 200)}`;
      // Another's object (the sample id is the demo's) may be refused when the table says so.
      const notTheirs = rule.ownObjectsOnly && !permits(rule.ownObjectsOnly.exceptFor, r) && res.status === 403;
      if (allowed && !notTheirs) {
        expect([401, 403], what).not.toContain(res.status);
        expect(res.status, what).toBeLessThan(500);
      } else {
        expect(res.status, what).toBe(403);
        expect((res.json as { message?: string }).message, what).toBe('You have no permissions to perform this action');
      }
    }
  });
});

describe('bad input: no operation answers ≥ 500, and a 400 names the field', async () => {
  const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
  const agentRole = ROLES.find((r) => r.syncAgent)!;
  const agent = await signedIn(agentRole.login, agentRole.password);
  // Signing out would end the session the other cases use; public calls are tried anonymously.
  const tried = operations.filter((op) => !(op.method === 'POST' && op.path === '/api/account/logoff'));
  // The administrator may call everything but what only a sync agent may (reading password hashes).
  const callerOf = (op: (typeof tried)[number]) =>
    isPublic(op) ? undefined : permits(ruleFor(op.method, op.route)!.permission, ROLES[0]!) ? admin : agent;

  it.each(tried.map((op) => [describeOp(op), op] as const))('%s', async (_name, op) => {
    const client = callerOf(op);
    const body = bodyOf(op);

    for (const p of pathParameters(op)) {
      for (const text of [...HOSTILE_TEXT, HUGE_PARAMETER]) {
        const raw = urlEncoded(text);
        if (raw === '') continue;
        const res = await send(op, pathWith(op, { name: p.name, raw }), client, body);
        expectClearRefusal(res, `path ${p.name}=${JSON.stringify(text.slice(0, 40))}`);
        if (text.includes('\u0000')) expect(res.status, `path ${p.name} with NUL`).toBe(400);
      }
    }

    const base = pathWith(op);
    for (const p of queryParameters(op)) {
      for (const text of [...HOSTILE_TEXT, HUGE_PARAMETER]) {
        const res = await send(op, `${base}?${p.name}=${urlEncoded(text)}`, client, body);
        expectClearRefusal(res, `query ${p.name}=${JSON.stringify(text.slice(0, 40))}`);
        if (text.includes('\u0000')) expect(res.status, `query ${p.name} with NUL`).toBe(400);
      }
      const twice = await send(op, `${base}?${p.name}=1&${p.name}=2`, client, body);
      expectClearRefusal(twice, `query ${p.name} given twice`);
    }

    if (op.body) {
      for (const raw of HOSTILE_BODIES) {
        expectClearRefusal(await send(op, base, client, raw), `body ${raw.slice(0, 30)}`);
      }
      for (const key of Object.keys(op.body.properties ?? {})) {
        for (const value of HOSTILE_VALUES) {
          const res = await send(op, base, client, JSON.stringify({ [key]: value }));
          expectClearRefusal(res, `body.${key}=${JSON.stringify(value)?.slice(0, 40)}`);
          if (value === '\u0000') expect(res.status, `body.${key} with NUL`).toBe(400);
        }
      }
    }

    // Beyond the fixed list: bodies and queries drawn from the operation's own schema, some of them broken.
    const queryArb = fc.record(Object.fromEntries(queryParameters(op).map((p) => [p.name, arbitraryFor(p.schema)])), {
      requiredKeys: [],
    });
    await fc.assert(
      fc.asyncProperty(queryArb, arbitraryFor(op.body), async (query, generatedBody) => {
        const search = new URLSearchParams();
        for (const [k, v] of Object.entries(query)) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        const q = search.toString();
        const res = await send(
          op,
          q ? `${base}?${q}` : base,
          client,
          op.body ? (JSON.stringify(generatedBody) ?? 'null') : body,
        );
        expectClearRefusal(
          res,
          `generated query ${q.slice(0, 100)} body ${JSON.stringify(generatedBody)?.slice(0, 100)}`,
        );
      }),
      { numRuns: Number(process.env.API_CHECK_RUNS ?? 20), seed: Number(process.env.API_CHECK_SEED ?? 14) },
    );
  });
});

describe('origin: every state-changing operation from a foreign origin is refused and changes nothing', async () => {
  const admin = await signedIn('admin', TEST_ADMIN_PASSWORD);
  const unsafe = operations.filter(isUnsafe);

  /** A fingerprint of every table's rows, to prove nothing changed. */
  async function fingerprint(): Promise<string> {
    const tables = await server.db.query<{ name: string }>(
      sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const parts = await Promise.all(
      tables.map(
        async (t) =>
          (
            await server.db.query<{ h: string | null }>(
              sql`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${sql.raw(t.name)} x`,
            )
          )[0]?.h ?? '',
      ),
    );
    return parts.join(',');
  }

  it.each(unsafe.map((op) => [describeOp(op), op] as const))('%s', async (_name, op) => {
    const before = await fingerprint();
    const cases: Record<string, string | undefined>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: server.base.replace('127.0.0.1', 'localhost') },
      // a browser on another site: no Origin it would admit to, no header our client sets
      { origin: undefined, [SESSION_ID_HEADER]: undefined, 'sec-fetch-site': 'cross-site' },
    ];
    for (const c of cases) {
      const headers = Object.fromEntries(
        Object.entries({
          ...ownHeaders(admin),
          ...(op.body ? { 'content-type': 'application/json' } : {}),
          ...c,
        }).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const res = await rawRequest(server.base, op.method, pathWith(op), { headers, body: bodyOf(op) });
      figures.tried++;
      expect(res.status, `${JSON.stringify(c)}: ${res.text.slice(0, 200)}`).toBe(403);
    }
    const after = await fingerprint();
    if (after !== before) figures.crossOriginChanges++;
    expect(after).toBe(before);
  });
});
