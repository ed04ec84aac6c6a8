import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_MESSAGE } from '@manway/core/api/account';
import { hashToken } from '../src/modules/account/service';
import { startTestServer, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';
import { sql } from '../src/db/sql';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_MAX_FAILURES: '3', DEFAULT_USER: 'guest' } });
});
afterAll(() => server.close());

describe('sign-in', () => {
  it('signing in with the right password starts a session in an HttpOnly, SameSite=Lax cookie', async () => {
    const c = server.client();
    const res = await c.signIn('admin', TEST_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ returnUrl: '/office/' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^manway_session=[A-Za-z0-9_-]{22};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect((await c.get('/api/settings/general')).status).toBe(200);
  });

  it('the database keeps only a hash of the session token', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    const token = c.cookie!.split('=')[1]!;
    const rows = await server.db.query<{ token_hash: string }>(sql`SELECT token_hash FROM sessions`);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('logins are matched without regard to case', async () => {
    expect((await server.client().signIn('EDITOR', 'editor-demo')).status).toBe(200);
  });

  it('signing in rotates the session: the previous token stops working', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    const first = c.cookie;
    await c.signIn('editor', 'editor-demo');
    expect(c.cookie).not.toBe(first);
    const old = server.client();
    old.cookie = first;
    expect((await old.get('/api/settings/user')).status).toBe(401);
  });

  it('a wrong password and an unknown login get the same message', async () => {
    const wrong = await server.client().signIn('inspector', 'nope');
    const unknown = await server.client().signIn('nobody-at-all', 'nope');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ Message: LOGIN_FAILED_MESSAGE, ModelState: { password: [LOGIN_FAILED_MESSAGE] } });
  });

  it('repeated failures are rate-limited with 429 and Retry-After, even for the right password', async () => {
    const c = server.client();
    for (let i = 0; i < 3; i++) expect((await c.signIn('syncer', 'wrong')).status).toBe(400);
    const limited = await c.signIn('syncer', 'syncer-demo');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('the sign-in page is served with the return address kept in the form', async () => {
    const res = await server.client().get('/api/account/login?returnUrl=%2Finspect%2Fabout');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('name="returnUrl" value="/inspect/about"');
    expect(res.text).toContain('<form method="post" action="/api/account/login">');
  });

  it('the sign-in form post redirects to the return address', async () => {
    const c = server.client();
    const res = await c.request('POST', '/api/account/login', {
      form: { login: 'editor', password: 'editor-demo', returnUrl: '/inspect/about' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/inspect/about');
    expect(c.cookie).toBeDefined();
  });

  it('a failed form post shows the page again with the message', async () => {
    const res = await server.client().request('POST', '/api/account/login', {
      form: { login: 'editor', password: 'bad', returnUrl: '/office/' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(LOGIN_FAILED_MESSAGE);
    expect(res.text).toContain('value="editor"');
  });

  it.each(['https://evil.example/steal', '//evil.example/', '/\\evil.example'])(
    'an open redirect to %s is refused: the user lands on the office edition',
    async (target) => {
      const c = server.client();
      const json = await c.post('/api/account/login', { login: 'editor', password: 'editor-demo', returnUrl: target });
      expect(json.body).toEqual({ returnUrl: '/office/' });
      const page = await server.client().get(`/api/account/login?returnUrl=${encodeURIComponent(target)}`);
      expect(page.text).toContain('name="returnUrl" value="/office/"');
    },
  );

  it.each([
    '/.//evil.example',
    '/%2e//evil.example',
    '/x/..//evil.example',
    '/.\\/evil.example',
    '/x/..\\\\evil.example',
  ])('a signed-in user sent to the sign-in page with returnUrl=%j stays on our origin', async (target) => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    const res = await c.get(`/api/account/login?returnUrl=${encodeURIComponent(target)}`);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toBe('/office/');
    expect(new URL(location, server.base).origin).toBe(server.base);
  });

  it('useDefaultUser=true signs in as the configured default user', async () => {
    const c = server.client();
    const res = await c.get('/api/account/login?useDefaultUser=true&returnUrl=%2Finspect%2F');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/inspect/');
    const settings = await c.get('/api/settings/general');
    expect(settings.body.user.login).toBe('guest');
    expect(settings.body.isGuest).toBe(true);
  });
});

describe('sessions', () => {
  it('any API call without a valid session answers 401 JSON', async () => {
    const res = await server.client().get('/api/settings/general');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    const forged = server.client();
    forged.cookie = 'manway_session=AAAAAAAAAAAAAAAAAAAAAA';
    expect((await forged.get('/api/settings/general')).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const c = server.client();
    await c.signIn('inspector', 'inspector-demo');
    const hash = hashToken(c.cookie!.split('=')[1]!);
    await server.db.query(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() - interval '9 hours' WHERE token_hash = ${hash}`,
    );
    expect((await c.get('/api/settings/user')).status).toBe(401);
  });

  it('a revoked session is refused', async () => {
    const c = server.client();
    await c.signIn('inspector', 'inspector-demo');
    await server.db.query(
      sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(c.cookie!.split('=')[1]!)}`,
    );
    expect((await c.get('/api/settings/user')).status).toBe(401);
  });

  it('use slides the idle expiry forward but never past the absolute expiry', async () => {
    const c = server.client();
    await c.signIn('inspector', 'inspector-demo');
    const hash = hashToken(c.cookie!.split('=')[1]!);
    await server.db
      .query(sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 minute',
              absolute_expires_at = now() + interval '30 minutes' WHERE token_hash = ${hash}`);
    expect((await c.get('/api/settings/user')).status).toBe(200);
    const [row] = await server.db.query<{
      slid: boolean;
      capped: boolean;
    }>(sql`SELECT expires_at > now() + interval '2 minutes' AS slid,
              expires_at BETWEEN absolute_expires_at - interval '1 millisecond' AND absolute_expires_at AS capped
         FROM sessions WHERE token_hash = ${hash}`);
    expect(row).toEqual({ slid: true, capped: true });
  });

  it('a disabled user loses access at once, even with a session the server has just used', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    expect((await c.get('/api/settings/user')).status).toBe(200);
    const editor = (await server.services.users.findByLogin('editor'))!;
    await server.services.users.setDisabled(editor.id, true);
    try {
      expect((await c.get('/api/settings/user')).status).toBe(401);
      expect((await server.client().signIn('editor', 'editor-demo')).status).toBe(400);
    } finally {
      await server.services.users.setDisabled(editor.id, false);
    }
  });

  it('a user disabled by hand in SQL loses access too', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    expect((await c.get('/api/settings/user')).status).toBe(200);
    await server.db.query(sql`UPDATE users SET disabled = true WHERE login = 'editor'`);
    try {
      // At once on the embedded database; through the database's notice on PostgreSQL.
      await expect.poll(async () => (await c.get('/api/settings/user')).status, { timeout: 1000 }).toBe(401);
    } finally {
      await server.db.query(sql`UPDATE users SET disabled = false WHERE login = 'editor'`);
    }
  });
});

describe('sign-out', () => {
  it('log-off ends the session and answers the sign-in page with the return address', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    const session = c.cookie;
    // Used once, so the server holds it in memory: sign-out must end it there too, at once.
    expect((await c.get('/api/settings/general')).status).toBe(200);
    const res = await c.post('/api/account/logoff?returnUrl=%2Finspect%2F');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirectUrl: '/api/account/login?returnUrl=%2Finspect%2F' });
    expect(res.headers.get('set-cookie')).toMatch(/manway_session=;/);
    const replay = server.client();
    replay.cookie = session;
    expect((await replay.get('/api/settings/general')).status).toBe(401);
  });

  it('log-off refuses a foreign return address', async () => {
    const res = await server
      .client()
      .post(`/api/account/logoff?returnUrl=${encodeURIComponent('https://evil.example/')}`);
    expect(res.body).toEqual({ redirectUrl: '/api/account/login?returnUrl=%2Foffice%2F' });
  });
});
