import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/connection';
import { bringUp, Readiness } from '../src/platform';
import { createServices } from '../src/services';
import { startTestServer, TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD, testConfig } from './template';
import { sql } from '../src/db/sql';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ withQueue: true });
});
afterAll(() => server.close());

describe('the HTTP surface', () => {
  it('GET /api/health answers 200 once migrations ran and the queue started', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('while starting, health answers 503 and API calls ask to retry', async () => {
    server.readiness.state = { status: 'starting' };
    try {
      expect((await server.client().get('/api/health')).status).toBe(503);
      const res = await server.client().get('/api/settings/general');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
    } finally {
      server.readiness.state = { status: 'ready' };
    }
  });

  it('unknown /api routes answer 404 JSON, signed in or not', async () => {
    const c = server.client();
    expect((await c.get('/api/no/such/thing')).status).toBe(404);
    await c.signIn('admin', TEST_ADMIN_PASSWORD);
    const res = await c.get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'server/path-not-found', message: 'Address not found' });
  });

  it('the OpenAPI document lists the routes with their schemas, and the docs page is served', async () => {
    const doc = await server.client().get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/login',
        '/api/account/logoff',
        '/api/settings/general',
        '/api/settings/user',
        '/api/settings/map',
        '/api/applications',
        '/api/health',
      ]),
    );
    expect(doc.body.paths['/api/settings/user'].put.requestBody).toBeDefined();
    const docs = await server.client().get('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });

  it('malformed JSON answers 400 with ModelState, never 500', async () => {
    const c = server.client();
    const res = await c.request('POST', '/api/account/login', { raw: '{"login": "admin", ' });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toHaveProperty('body');
  });

  it('a missing field answers 400 naming the field', async () => {
    const res = await server.client().post('/api/account/login', { login: 'admin' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['password']);
  });

  it('a wrong type in the query answers 400 naming the parameter', async () => {
    const res = await server.client().get('/api/account/login?useDefaultUser=maybe');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['useDefaultUser']);
  });

  it('a body over the size limit is refused with 413', async () => {
    const res = await server
      .client()
      .request('POST', '/api/account/login', { raw: JSON.stringify({ login: 'x'.repeat(2_000_000), password: 'y' }) });
    expect(res.status).toBe(413);
  });
});

describe('cross-site request protection', () => {
  it('a foreign-origin POST is refused and changes nothing', async () => {
    const c = server.client();
    await c.signIn('inspector', 'inspector-demo');
    const before = (await c.get('/api/settings/user')).body;
    const res = await c.request('PUT', '/api/settings/user', {
      json: { ...before, basemapId: 'osm' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await c.get('/api/settings/user')).body).toEqual(before);
  });

  it('a foreign-origin sign-in post sets no session', async () => {
    const c = server.client();
    const res = await c.request('POST', '/api/account/login', {
      form: { login: 'inspector', password: 'inspector-demo' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(c.cookie).toBeUndefined();
  });

  it('a write without Origin must carry the client header', async () => {
    const bare = await fetch(`${server.base}/api/account/logoff`, { method: 'POST' });
    expect(bare.status).toBe(403);
    const ours = await fetch(`${server.base}/api/account/logoff`, {
      method: 'POST',
      headers: { 'x-session-id': 'abc' },
    });
    expect(ours.status).toBe(200);
  });
});

describe('the database behind the server', () => {
  it('when the database server cannot be reached, the settings call answers db-state/db-server-unavailable', async () => {
    const config = testConfig();
    const db = await openPostgres('postgres://manway@127.0.0.1:1/none');
    const services = createServices(db, config);
    const readiness = new Readiness();
    const app = await buildApp({ config, db, services, readiness });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    let stop = false;
    const up = bringUp(db, services, config, readiness, { info: () => {}, error: () => {} }, () => stop);
    try {
      await expect.poll(() => readiness.state.status).toBe('failed');
      const res = await new TestClient(base).get('/api/settings/general');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('db-state/db-server-unavailable');
      expect((await new TestClient(base).get('/api/health')).body).toMatchObject({
        status: 'failed',
        code: 'db-state/db-server-unavailable',
      });
    } finally {
      stop = true;
      await app.close();
      await db.close();
      await up;
    }
  });

  it('a database lost while running answers db-state/db-server-unavailable, not 500', async () => {
    const own = await startTestServer();
    const c = own.client();
    await c.signIn('admin', TEST_ADMIN_PASSWORD);
    await own.db.close();
    const res = await c.get('/api/settings/general');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('db-state/db-server-unavailable');
    await own.close();
  });

  it('the job queue runs: a purge job removes expired sessions', async () => {
    const c = server.client();
    await c.signIn('guest', 'guest-demo');
    await server.db.query(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE revoked_at IS NULL`);
    await server.queue!.send('sessions.purge', {});
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions WHERE expires_at < now()`)
          )[0]!.n,
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe(0);
  });

  it('the API is stateless: a session started on one server works on another over the same database', async () => {
    const second = await startTestServer({ db: server.db });
    try {
      const c = server.client();
      await c.signIn('editor', 'editor-demo');
      const other = second.client();
      other.cookie = c.cookie;
      const res = await other.get('/api/settings/general');
      expect(res.status).toBe(200);
      expect(res.body.user.login).toBe('editor');
    } finally {
      await second.app.close();
    }
  });
});

describe('serving the editions', () => {
  let web: TestServer;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'manway-dist-'));
    for (const e of ['office', 'inspect', 'settings', 'websync']) {
      await mkdir(join(dist, e));
      await writeFile(join(dist, e, 'index.html'), `<html><head><!--manway:config--></head><body>${e}</body></html>`);
    }
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    web = await startTestServer({ db: server.db, webDistDir: dist });
  });
  afterAll(() => web.app.close());

  it('opening any edition signed out redirects to sign-in with the deep link as returnUrl', async () => {
    const res = await web.client().get('/inspect/tasks/42?tab=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/api/account/login?returnUrl=${encodeURIComponent('/inspect/tasks/42?tab=2')}`,
    );
  });

  it('a signed-in deep link serves the edition page with its base URL injected', async () => {
    const c = web.client();
    await c.signIn('admin', TEST_ADMIN_PASSWORD);
    const res = await c.get('/websync/schedule/7');
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '<script>window.__MANWAY__={"baseUrl":"/websync/","apiBaseUrl":"/","edition":"web-websync"}</script>',
    );
    expect(res.text).toContain('websync');
  });

  it('the root and bare edition paths redirect to the edition base', async () => {
    expect((await web.client().get('/')).headers.get('location')).toBe('/office/');
    expect((await web.client().get('/settings')).headers.get('location')).toBe('/settings/');
  });

  it('hashed assets are served with a year-long immutable cache', async () => {
    const res = await web.client().get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });
});
