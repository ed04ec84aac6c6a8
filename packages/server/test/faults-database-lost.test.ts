/**
 * Issue 14, faults: how each call answers while the database is unreachable, on both back ends
 * (the restart test proves the same against a real PostgreSQL going away and coming back).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

const CODE = 'db-state/db-server-unavailable';
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('the database unreachable', () => {
  it('a lost database: the settings load answers 400 with the code, reads and writes 503 with the code and Retry-After, never 500', async () => {
    const server = await startTestServer();
    servers.push(server);
    const c = server.client();
    await c.signIn('admin', TEST_ADMIN_PASSWORD);
    await server.db.close();

    const settings = await c.get('/api/settings/general');
    expect(settings.status).toBe(400);
    expect(settings.body.code).toBe(CODE);
    // Routes whose declared 400 is a ModelState body: the code must not fail their serialisation.
    for (const res of [
      await c.get('/api/settings/user'),
      await c.post('/api/filters/saved-filters/create', {
        name: 'Lost',
        definition: { objectType: 'Section', conditions: [] },
      }),
      await c.post('/api/account/login', { login: 'admin', password: TEST_ADMIN_PASSWORD }),
    ]) {
      expect(res.status, res.text).toBe(503);
      expect(res.body.code).toBe(CODE);
      expect(res.headers.get('retry-after')).toBe('5');
    }
  });

  it('unreachable since start-up: the same answers, before any route runs', async () => {
    const server = await startTestServer();
    servers.push(server);
    server.readiness.state = { status: 'failed', code: CODE, detail: 'connect ECONNREFUSED' };
    const c = server.client();
    const settings = await c.get('/api/settings/general');
    expect(settings.status).toBe(400);
    expect(settings.body.code).toBe(CODE);
    const login = await c.post('/api/account/login', { login: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(login.status, login.text).toBe(503);
    expect(login.body.code).toBe(CODE);
    expect(login.headers.get('retry-after')).toBe('5');
    expect((await c.get('/api/health')).body).toMatchObject({ status: 'failed', code: CODE });
  });
});
