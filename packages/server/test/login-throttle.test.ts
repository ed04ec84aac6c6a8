/**
 * The sign-in throttle against concurrent guessing, proxies and guessing across many logins: the
 * attempts are counted before the password is checked, per login and address and per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@manway/core/api/account';
import { startTestServer, type TestServer } from './harness';
import { sql } from '../src/db/sql';

let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestServer({ env: { LOGIN_MAX_FAILURES: '5' } }),
    startTestServer({
      env: { LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '4', TRUST_PROXY: '127.0.0.1' },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

const from = (server: TestServer, address: string, login: string, password: string) =>
  server.client().post('/api/account/login', { login, password }, { 'x-forwarded-for': address });

describe('the sign-in throttle', () => {
  it('eight concurrent wrong passwords for one login: only LOGIN_MAX_FAILURES (5) are checked, the rest answer 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => direct.client().signIn('inspector', 'wrong-password')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    for (const a of answers.filter((a) => a.status === 429)) {
      expect(a.body).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const [row] = await direct.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM login_failures WHERE login_key = 'inspector'`,
    );
    expect(row!.n).toBe(5);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: inventing addresses does not escape the throttle', async () => {
    for (let i = 1; i <= 5; i++) expect((await from(direct, `198.51.100.${i}`, 'guest', 'wrong')).status).toBe(400);
    expect((await from(direct, '198.51.100.99', 'guest', 'guest-demo')).status).toBe(429);
  });

  it("behind a trusted proxy the throttle keys on the client's address, so one client cannot lock an account for everyone", async () => {
    for (let i = 0; i < 3; i++) expect((await from(proxied, '203.0.113.7', 'syncer', 'wrong')).status).toBe(400);
    expect((await from(proxied, '203.0.113.7', 'syncer', 'syncer-demo')).status).toBe(429);
    expect((await from(proxied, '203.0.113.8', 'syncer', 'syncer-demo')).status).toBe(200);
  });

  it('one address guessing across many logins is stopped at LOGIN_MAX_FAILURES_PER_ADDRESS, with the same message', async () => {
    for (const login of ['editor', 'inspector', 'nobody-1', 'nobody-2']) {
      const res = await from(proxied, '192.0.2.50', login, 'wrong');
      expect(res.body).toEqual({ Message: LOGIN_FAILED_MESSAGE, ModelState: { password: [LOGIN_FAILED_MESSAGE] } });
    }
    const limited = await from(proxied, '192.0.2.50', 'guest', 'guest-demo');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY_ATTEMPTS_MESSAGE });
    expect((await from(proxied, '192.0.2.51', 'guest', 'guest-demo')).status).toBe(200);
  });

  it('the right password clears the failures of its login and address', async () => {
    for (let i = 0; i < 2; i++) expect((await from(proxied, '203.0.113.20', 'editor', 'wrong')).status).toBe(400);
    expect((await from(proxied, '203.0.113.20', 'editor', 'editor-demo')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await from(proxied, '203.0.113.20', 'editor', 'wrong')).status).toBe(400);
    expect((await from(proxied, '203.0.113.20', 'editor', 'editor-demo')).status).toBe(200);
  });
});
