/**
 * Regression tests for the defects the hardening review found in the HTTP layer, each named after
 * what an attacker or a careless client could do before.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { deepArray, rawRequest } from './openapi-cases';
import { TEST_ADMIN_PASSWORD } from './template';
import { sql } from '../src/db/sql';

let server: TestServer;
let webDir: string;
let admin: TestClient;

beforeAll(async () => {
  // A built web app of one edition, enough to see what the page is served with.
  webDir = await mkdtemp(join(tmpdir(), 'manway-web-'));
  await mkdir(join(webDir, 'office'), { recursive: true });
  await writeFile(
    join(webDir, 'office', 'index.html'),
    '<!doctype html><html><head><!--manway:config--></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ webDistDir: webDir });
  admin = server.client();
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server.close();
  await rm(webDir, { recursive: true, force: true });
});

const MAP = '/filters/results/map?dynamicLayerId=Node&extent=-180,-90,180,90';

describe('access is decided on the matched route, never on the raw URL', () => {
  it('an anonymous caller no longer reads the network through /%61pi/filters/results/map', async () => {
    const res = await rawRequest(server.base, 'GET', `/%61pi${MAP}`);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('features');
  });

  it('the routes that crashed on the null user answer 401 however the path is written', async () => {
    for (const path of [
      '/%61pi/shortcuts/assets',
      '/api/%73ettings/user',
      '/%61pi/syncAgentTask',
      `/%61pi/lookup/Node?search=M`,
    ]) {
      expect((await rawRequest(server.base, 'GET', path)).status, path).toBe(401);
    }
  });

  it('an anonymous caller is refused before the body is read: no schema errors, no 64 MiB upload', async () => {
    const anonymous = server.client();
    const invalid = await anonymous.post('/api/sync/import/inspections', { items: 'not a list' });
    expect(invalid.status).toBe(401);
    expect(invalid.text).not.toContain('ModelState');
    const big = await rawRequest(server.base, 'POST', '/api/sync/import/inspections', {
      headers: { 'content-type': 'application/json', [SESSION_ID_HEADER]: 'x', origin: server.base },
      body: `{"items":[],"pad":"${'x'.repeat(8 * 1024 * 1024)}"}`,
    });
    expect(big.status).toBe(401);
  });
});

/** A condition inside `depth` groups, as JSON text. */
function nestedGroups(depth: number, property = 'assetId'): string {
  let group = `{"property":"${property}","operator":"eq","value":"x"}`;
  for (let i = 0; i < depth; i++) group = `{"combine":"and","conditions":[${group}]}`;
  return group;
}

/** One inspection's observations filtered by `conditions` (JSON text). */
async function observationsWhere(conditions: string) {
  const inspection = (await server.db.query<{ id: string }>(sql`SELECT id::text AS id FROM inspections LIMIT 1`))[0]!;
  return admin.post('/api/filters/results/observation', {
    parentObjectType: 'Inspection',
    parentObjectId: Number(inspection.id),
    filter: `{"conditions":[${conditions}]}`,
  });
}

describe('text PostgreSQL refuses is a 400 naming the field, never a 500', () => {
  it('a NUL character in a text query parameter answers 400 naming it', async () => {
    for (const [path, field] of [
      ['/api/filters/results/map?filterName=%00', 'filterName'],
      ['/api/syncAgentTask?Keyword=%00', 'Keyword'],
      ['/api/sync/export/nodes?filter=%00', 'filter'],
      ['/api/lookup/Node?search=a%00b', 'search'],
    ] as const) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.ModelState), path).toEqual([field]);
    }
  });

  it('a NUL character in a body answers 400 naming the field', async () => {
    const bad = await admin.put('/api/settings/user', {
      coordinateDisplayFormat: 'DecimalDegrees',
      basemapId: 'osm\u0000',
      visibleLayers: [],
      language: 'en',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState)).toEqual(['basemapId']);
  });

  it('a body nested 2,000 deep answers 400, not a stack overflow', async () => {
    const res = await admin.request('POST', '/api/filters/results/list', { raw: `{"filter":${deepArray(2000)}}` });
    expect(res.status).toBe(400);
  });

  it('a filter nested 600 deep answers 400 on the result list and the observation filter, and on the map', async () => {
    const group = nestedGroups(600);
    const filter = `{"objectType":"Node","conditions":[${group}]}`;
    // A filter in the URL is at most 2,000 characters: 40 levels there.
    const inUrl = encodeURIComponent(`{"objectType":"Node","conditions":[${nestedGroups(40)}]}`);
    const map = await admin.get(`/api/filters/results/map?filterBy=filter&filter=${inUrl}`);
    expect(map.status).toBe(400);
    expect(Object.keys(map.body.ModelState)[0]).toMatch(/^filter\.conditions/);
    const list = await admin.post('/api/filters/results/list', { filter, page: 0, pageSize: 10 });
    expect(list.status).toBe(400);
    const observations = await observationsWhere(group);
    expect(observations.status).toBe(400);
    expect(JSON.stringify(observations.body.ModelState)).toMatch(/nest at most/);
  });

  it('the observation filter limits the depth of its groups like the asset filter', async () => {
    const res = await observationsWhere(nestedGroups(5, 'code'));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.ModelState)).toMatch(/Groups nest at most 4 deep/);
  });

  it('a log filter date in year 0 or 10000 answers 400 naming it', async () => {
    for (const date of ['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', 'yesterday']) {
      const res = await admin.get(`/api/syncAgentTask/getIds?FromDate=${encodeURIComponent(date)}`);
      expect(res.status, date).toBe(400);
      expect(Object.keys(res.body.ModelState), date).toEqual(['FromDate']);
    }
  });
});

describe('our origin is not whatever the Host header says', () => {
  it('without BASE_URL a request addressed to another name is refused (DNS rebinding)', async () => {
    const res = await rawRequest(server.base, 'POST', '/api/account/login', {
      headers: { host: 'evil.example:8080', origin: 'http://evil.example:8080', 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('loopback names and addresses are served without BASE_URL', async () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'office.localhost']) {
      expect((await rawRequest(server.base, 'GET', '/api/health', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('with BASE_URL the name is free and the origin check uses BASE_URL', async () => {
    const named = await startTestServer({ env: { BASE_URL: 'https://manway.example.org' } });
    try {
      const ok = await rawRequest(named.base, 'GET', '/api/health', { headers: { host: 'manway.example.org' } });
      expect(ok.status).toBe(200);
      const foreign = await rawRequest(named.base, 'POST', '/api/account/logoff', {
        headers: { host: 'manway.example.org', origin: 'http://manway.example.org' },
      });
      expect(foreign.status).toBe(403);
    } finally {
      await named.close();
    }
  });
});

describe("the catalogue's codes where their situation arises", () => {
  it("a missing object answers 404 with the catalogue's object/not-found code", async () => {
    const res = await admin.get('/api/objects/Node/999999999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'object/not-found' });
  });

  it("an unknown API address answers 404 with server/path-not-found and 'Address not found'", async () => {
    const res = await admin.get('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'server/path-not-found', message: 'Address not found' });
  });
});

describe('security headers', () => {
  it('every answer says nosniff and keeps the referrer on our own site', async () => {
    const res = await rawRequest(server.base, 'GET', '/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('the sign-in page may not be framed and runs no script of anyone else', async () => {
    const res = await rawRequest(server.base, 'GET', '/api/account/login');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it("an edition's page allows its own settings script by hash and nothing else inline", async () => {
    const res = await rawRequest(server.base, 'GET', '/office/', { headers: { cookie: admin.cookie! } });
    expect(res.status).toBe(200);
    const script = /<script>(.*?)<\/script>/.exec(res.text)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
