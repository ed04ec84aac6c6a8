/**
 * Sessions resolved from memory: no database round trip for a session used moments ago, the idle
 * expiry still moved on once a minute, and an ended session refused at once here and within a
 * second in another process on the same PostgreSQL (LISTEN/NOTIFY).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openPostgres, type Database } from '../src/db/connection';
import { compile, sql } from '../src/db/sql';
import { AccountRepository } from '../src/modules/account/repository';
import { AccountService, hashToken } from '../src/modules/account/service';
import { UsersRepository } from '../src/modules/users/repository';
import { UsersService } from '../src/modules/users/service';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { databaseUrlWithName, testConfig } from './template';

const SESSION_QUERY = 'FROM sessions s JOIN users u';
const sessionQueries = (db: Database) => {
  const spy = vi.spyOn(db, 'query');
  return {
    count: () => spy.mock.calls.filter(([statement]) => compile(statement).text.includes(SESSION_QUERY)).length,
    restore: () => spy.mockRestore(),
  };
};

/** Polls until the call answers 401; answers how long that took. Bounded: fails after `limitMs`. */
async function msUntilRefused(c: TestClient, limitMs = 1000): Promise<number> {
  const started = performance.now();
  await expect
    .poll(async () => (await c.get('/api/settings/user')).status, { timeout: limitMs, interval: 20 })
    .toBe(401);
  return performance.now() - started;
}

describe('sessions resolved from memory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('a session used moments ago is resolved without a database round trip', async () => {
    const c = server.client();
    await c.signIn('inspector', 'inspector-demo');
    expect((await c.get('/api/settings/user')).status).toBe(200);
    const queries = sessionQueries(server.db);
    try {
      for (let i = 0; i < 5; i++) expect((await c.get('/api/settings/user')).status).toBe(200);
      expect(queries.count()).toBe(0);
    } finally {
      queries.restore();
    }
  });

  it('sign-out then the same cookie answers 401 immediately', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    const cookie = c.cookie;
    expect((await c.get('/api/settings/user')).status).toBe(200);
    await c.post('/api/account/logoff');
    const replay = server.client();
    replay.cookie = cookie;
    expect((await replay.get('/api/settings/user')).status).toBe(401);
  });

  it('a session revoked by hand in SQL is refused at once on the embedded database, within a second on PostgreSQL', async () => {
    const c = server.client();
    await c.signIn('guest', 'guest-demo');
    expect((await c.get('/api/settings/user')).status).toBe(200);
    await server.db.query(
      sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(c.cookie!.split('=')[1]!)}`,
    );
    if (server.db.kind === 'pglite') expect((await c.get('/api/settings/user')).status).toBe(401);
    else expect(await msUntilRefused(c)).toBeLessThan(1000);
  });

  it('a session held in memory still has its idle expiry moved on once a minute', async () => {
    let now = new Date();
    const config = testConfig();
    const users = new UsersService(new UsersRepository(server.db));
    const account = new AccountService(new AccountRepository(server.db), users, config, () => now);
    const admin = (await users.findByLogin('admin'))!;
    const { token } = await account.openSession(
      {
        id: admin.id,
        login: admin.login,
        displayName: admin.displayName,
        role: admin.role,
        office: admin.office,
        inspect: admin.inspect,
        websync: admin.websync,
        review: admin.review,
        syncAgent: admin.syncAgent,
      },
      { ip: '127.0.0.1', userAgent: null, previousToken: undefined },
    );
    const seen = async () =>
      (
        await server.db.query<{ last_seen_at: Date; expires_at: Date }>(
          sql`SELECT last_seen_at, expires_at FROM sessions WHERE token_hash = ${hashToken(token)}`,
        )
      )[0]!;
    const opened = await seen();
    expect(await account.resolve(token)).toBeDefined();
    const queries = sessionQueries(server.db);
    try {
      now = new Date(now.getTime() + 30_000);
      await account.resolve(token);
      expect(new Date((await seen()).last_seen_at)).toEqual(new Date(opened.last_seen_at));
      now = new Date(now.getTime() + 31_000);
      const resolved = await account.resolve(token);
      // From memory, yet written: the idle expiry slides from the new last-seen time.
      expect(queries.count()).toBe(0);
      const touched = await seen();
      expect(new Date(touched.last_seen_at)).toEqual(now);
      expect(new Date(touched.expires_at)).toEqual(resolved!.expiresAt);
      expect(resolved!.expiresAt.getTime()).toBe(now.getTime() + config.session.idleMinutes * 60_000);
    } finally {
      queries.restore();
    }
  });
});

/**
 * Two server processes on one PostgreSQL, each with its own connections (a Database of its own),
 * as when several instances run behind a load balancer. PGlite is one process: nothing to check.
 */
describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL (PostgreSQL only)', () => {
  let name: string;
  let url: string;
  let dbA: Database;
  let dbB: Database;
  let a: TestServer;
  let b: TestServer;
  const admin = () => new pg.Client({ connectionString: (inject('template') as { url: string }).url });

  beforeAll(async () => {
    const template = inject('template');
    if (template.kind !== 'postgres') throw new Error('PostgreSQL template expected');
    name = `manway_test_${randomBytes(6).toString('hex')}`;
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
    await c.end();
    url = databaseUrlWithName(template.url, name);
    [dbA, dbB] = await Promise.all([openPostgres(url), openPostgres(url)]);
    [a, b] = await Promise.all([startTestServer({ db: dbA }), startTestServer({ db: dbB })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all([dbA?.close(), dbB?.close()]);
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  /** A client signed in on A whose session B has just resolved, and so holds in memory. */
  async function heldByB(login: string, password: string): Promise<{ onA: TestClient; onB: TestClient }> {
    const onA = a.client();
    expect((await onA.signIn(login, password)).status).toBe(200);
    const onB = b.client();
    onB.cookie = onA.cookie;
    expect((await onB.get('/api/settings/user')).status).toBe(200);
    await vi.waitFor(async () => {
      const queries = sessionQueries(dbB);
      try {
        expect((await onB.get('/api/settings/user')).status).toBe(200);
        expect(queries.count()).toBe(0);
      } finally {
        queries.restore();
      }
    });
    return { onA, onB };
  }

  it('sign-out on one server is refused by the other within a second', async () => {
    const { onA, onB } = await heldByB('editor', 'editor-demo');
    await onA.post('/api/account/logoff');
    expect(await msUntilRefused(onB)).toBeLessThan(1000);
  });

  it('a user disabled on one server loses access on the other within a second', async () => {
    const { onB } = await heldByB('guest', 'guest-demo');
    const guest = (await a.services.users.findByLogin('guest'))!;
    await a.services.users.setDisabled(guest.id, true);
    try {
      expect(await msUntilRefused(onB)).toBeLessThan(1000);
    } finally {
      await a.services.users.setDisabled(guest.id, false);
    }
  });

  it('a dropped listening connection is opened again, and revocations reach the other server again', async () => {
    const c = admin();
    await c.connect();
    try {
      const listeners = async () =>
        (
          await c.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN manway_sessions'`,
            [name],
          )
        ).rows.map((r) => r.pid);
      await heldByB('inspector', 'inspector-demo');
      const before = await listeners();
      expect(before.length).toBeGreaterThanOrEqual(2);
      await c.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
      await vi.waitFor(
        async () => {
          const now = await listeners();
          expect(now.length).toBeGreaterThanOrEqual(2);
          expect(now.some((pid) => before.includes(pid))).toBe(false);
        },
        { timeout: 5000, interval: 50 },
      );
      const { onA, onB } = await heldByB('inspector', 'inspector-demo');
      await onA.post('/api/account/logoff');
      expect(await msUntilRefused(onB)).toBeLessThan(1000);
    } finally {
      await c.end();
    }
  });
});
