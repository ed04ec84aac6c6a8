import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  MISMATCH_MESSAGE,
  SingleSignOnError,
  createSingleSignOn,
  identityFromClaims,
} from '../src/modules/account/oidc';
import { DISABLED_ACCOUNT_MESSAGE } from '../src/modules/users/service';
import { FakeOidcProvider, type FakeUser } from './fake-oidc-provider';
import { startTestServer, type TestServer } from './harness';
import { sql } from '../src/db/sql';

const CLIENT = { clientId: 'manway-test', clientSecret: 'a secret with spaces & symbols' };
const CALLBACK = '/api/account/oidc/callback';
const SIGN_IN = '/api/account/login';

let provider: FakeOidcProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await FakeOidcProvider.start(CLIENT);
  server = await startTestServer({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.clientId, OIDC_CLIENT_SECRET: CLIENT.clientSecret },
    sso: { allowInsecureRequests: true },
  });
  provider.registerClient(`${server.base}${CALLBACK}`, `${server.base}${SIGN_IN}`);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

interface Hop {
  status: number;
  location: string;
  text: string;
}

/**
 * Behaves like a browser across both sites: keeps our cookies with their paths (the flow cookie is
 * scoped to the OIDC routes), and follows nothing by itself so each hop can be inspected.
 */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  async get(url: string): Promise<Hop> {
    const target = new URL(url, server.base);
    const headers: Record<string, string> = {};
    if (target.origin === server.base) {
      const cookies = [...this.jar]
        .filter(([, c]) => target.pathname.startsWith(c.path))
        .map(([n, c]) => `${n}=${c.value}`);
      if (cookies.length) headers.cookie = cookies.join('; ');
    }
    const res = await fetch(target, { headers, redirect: 'manual' });
    if (target.origin === server.base) this.keep(res.headers.getSetCookie());
    return { status: res.status, location: res.headers.get('location') ?? '', text: await res.text() };
  }

  async api(method: 'GET' | 'POST', path: string): Promise<{ status: number; body: any }> {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        ...(this.has('manway_session') ? { cookie: `manway_session=${this.cookie('manway_session')}` } : {}),
        origin: server.base,
      },
      redirect: 'manual',
    });
    this.keep(res.headers.getSetCookie());
    return { status: res.status, body: await res.json() };
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  private keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone =
        value === '' ||
        attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)) < new Date()));
      if (gone) this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
  }
}

/** Start → provider → callback, as the "Sign in with single sign-on" link does it. */
async function signInWithSso(browser: Browser, user: FakeUser, returnUrl = '/office/') {
  provider.user = user;
  const start = await browser.get(`/api/account/oidc/start?returnUrl=${encodeURIComponent(returnUrl)}`);
  expect(start.status).toBe(302);
  expect(start.location.startsWith(`${provider.issuer}/authorize?`)).toBe(true);
  const atProvider = await browser.get(start.location);
  expect(atProvider.status).toBe(302);
  return { start, atProvider, callback: await browser.get(atProvider.location) };
}

const countUsers = async () => (await server.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0]!.n;
/** The account a provider subject signs in to, with the identity that links them. */
const accountOf = async (sub: string) =>
  (
    await server.db.query<{
      id: string;
      login: string;
      role: string;
      password_hash: string | null;
      email: string | null;
    }>(sql`SELECT u.id, u.login, u.role, u.password_hash, u.email
         FROM user_identities i JOIN users u ON u.id = i.user_id WHERE i.issuer = ${provider.issuer} AND i.subject = ${sub}`)
  )[0];
const countSessions = async () =>
  (await server.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions`))[0]!.n;

describe('single sign-on', () => {
  it('the sign-in page shows "Sign in with single sign-on" only when OpenID Connect is configured', async () => {
    const page = await new Browser().get(`${SIGN_IN}?returnUrl=%2Finspect%2F`);
    expect(page.text).toContain('Sign in with single sign-on');
    expect(page.text).toContain('href="/api/account/oidc/start?returnUrl=%2Finspect%2F"');

    const plain = await startTestServer({ db: server.db });
    try {
      const res = await plain.client().get(SIGN_IN);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('single sign-on');
    } finally {
      await plain.close();
    }
  });

  it('the start asks the provider for a code with PKCE (S256) and state, and keeps them in a short-lived HttpOnly cookie', async () => {
    const res = await fetch(`${server.base}/api/account/oidc/start?returnUrl=%2Finspect%2F`, { redirect: 'manual' });
    const url = new URL(res.headers.get('location')!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: `${server.base}${CALLBACK}`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('scope')).toContain('openid');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const [flow] = res.headers.getSetCookie();
    expect(flow).toMatch(/^manway_oidc=/);
    expect(flow).toContain('HttpOnly');
    expect(flow).toContain('SameSite=Lax');
    expect(flow).toContain('Path=/api/account/oidc');
    expect(flow).toContain('Max-Age=600');
  });

  it('the full flow signs in, redirects to the return address and the session works', async () => {
    const browser = new Browser();
    const { callback } = await signInWithSso(
      browser,
      { sub: 'idp-flow', preferred_username: 'flow.user', name: 'Flow User' },
      '/inspect/about',
    );
    expect(callback.status).toBe(302);
    expect(callback.location).toBe('/inspect/about');
    expect(browser.has('manway_oidc')).toBe(false);
    const settings = await browser.api('GET', '/api/settings/general');
    expect(settings.status).toBe(200);
    expect(settings.body.user.login).toBe('flow.user');
  });

  it('a provider user named admin gets a new regular account of its own, never the local administrator', async () => {
    const users = await countUsers();
    const browser = new Browser();
    const { callback } = await signInWithSso(browser, {
      sub: 'idp-evil-admin',
      preferred_username: 'admin',
      email: 'admin@manway.example',
    });
    expect(callback.status).toBe(302);
    const settings = await browser.api('GET', '/api/settings/general');
    expect(settings.body.user.login).not.toBe('admin');
    expect(settings.body.user.login).toMatch(/^admin-/);
    expect(await accountOf('idp-evil-admin')).toMatchObject({ role: 'regular', password_hash: null });
    expect(await countUsers()).toBe(users + 1);
    const [admin] = await server.db.query<{ role: string; n: number }>(
      sql`SELECT u.role, (SELECT count(*)::int FROM user_identities i WHERE i.user_id = u.id) AS n FROM users u WHERE login = 'admin'`,
    );
    expect(admin).toEqual({ role: 'administrator', n: 0 });
  });

  it("a provider user whose login or e-mail matches an existing account's is never linked to it (matched on iss and sub only)", async () => {
    await server.db.query(sql`UPDATE users SET email = 'erin@example.com' WHERE login = 'editor'`);
    const browser = new Browser();
    await signInWithSso(browser, {
      sub: 'idp-not-erin',
      preferred_username: 'EDITOR',
      email: 'erin@example.com',
      email_verified: true,
    });
    const settings = await browser.api('GET', '/api/settings/general');
    expect(settings.body.user.login).toBe('EDITOR-2');
    const editor = (await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'editor'`))[0]!;
    expect((await accountOf('idp-not-erin'))!.id).not.toBe(editor.id);

    const noName = new Browser();
    await signInWithSso(noName, { sub: 'idp-email-only', email: 'erin@example.com' });
    expect((await noName.api('GET', '/api/settings/general')).body.user.login).toBe('erin@example.com');
    expect((await accountOf('idp-email-only'))!.id).not.toBe(editor.id);
  });

  it('the same (iss, sub) signs in to the same account again, whatever name and e-mail it then claims', async () => {
    const first = new Browser();
    await signInWithSso(first, { sub: 'idp-returning', preferred_username: 'returning', email: 'r@example.com' });
    const account = await accountOf('idp-returning');
    const users = await countUsers();
    const again = new Browser();
    await signInWithSso(again, { sub: 'idp-returning', preferred_username: 'admin', email: 'other@example.com' });
    const settings = await again.api('GET', '/api/settings/general');
    expect(settings.body.user.login).toBe('returning');
    expect(await accountOf('idp-returning')).toEqual(account);
    expect(await countUsers()).toBe(users);
  });

  it('the session keeps the id token for the provider log-off', async () => {
    const browser = new Browser();
    await signInWithSso(browser, { sub: 'idp-inspector', preferred_username: 'inspector' });
    const [row] = await server.db.query<{
      id_token: string | null;
    }>(sql`SELECT s.id_token FROM sessions s JOIN user_identities i ON i.user_id = s.user_id
        WHERE i.subject = 'idp-inspector' ORDER BY s.created_at DESC LIMIT 1`);
    expect(decodeJwt(row!.id_token!)).toMatchObject({
      iss: provider.issuer,
      aud: CLIENT.clientId,
      sub: 'idp-inspector',
    });
  });

  it('an unknown user is provisioned as a regular user without a password, named after the provider', async () => {
    const browser = new Browser();
    const who = {
      sub: 'idp-new',
      preferred_username: 'new.person',
      name: 'New Person',
      email: 'new.person@example.com',
    };
    const { callback } = await signInWithSso(browser, who);
    expect(callback.status).toBe(302);
    expect(callback.location).toBe('/office/');
    const rows = await server.db.query(
      sql`SELECT login, display_name, email, role, password_hash, websync, disabled FROM users WHERE lower(login) = ${'new.person'}`,
    );
    expect(rows).toEqual([
      {
        login: 'new.person',
        display_name: 'New Person',
        email: 'new.person@example.com',
        role: 'regular',
        password_hash: null,
        websync: false,
        disabled: false,
      },
    ]);
    const settings = await browser.api('GET', '/api/settings/general');
    expect(settings.body.user.login).toBe('new.person');

    // The second sign-in finds the account it created instead of adding another.
    const users = await countUsers();
    await signInWithSso(new Browser(), { ...who, preferred_username: 'New.Person' });
    expect((await server.db.query(sql`SELECT 1 FROM users WHERE lower(login) = ${'new.person'}`)).length).toBe(1);
    expect(await countUsers()).toBe(users);
  });

  it('a tampered state is refused with the sign-in page and no session', async () => {
    const sessions = await countSessions();
    const browser = new Browser();
    provider.user = { sub: 'idp-editor', preferred_username: 'editor' };
    const start = await browser.get('/api/account/oidc/start?returnUrl=%2Finspect%2F');
    const back = new URL((await browser.get(start.location)).location);
    back.searchParams.set('state', 'forged-state-value');
    const res = await browser.get(back.href);
    expect(res.status).toBe(400);
    expect(res.text).toContain(MISMATCH_MESSAGE);
    expect(res.text).toContain('<form method="post" action="/api/account/login">');
    expect(res.text).toContain('name="returnUrl" value="/inspect/"');
    expect(browser.has('manway_session')).toBe(false);
    expect(browser.has('manway_oidc')).toBe(false);
    expect(await countSessions()).toBe(sessions);
  });

  it('a callback cannot be replayed: the flow is single-use', async () => {
    const browser = new Browser();
    const { atProvider, callback } = await signInWithSso(browser, { sub: 'idp-editor', preferred_username: 'editor' });
    expect(callback.status).toBe(302);
    const replay = await browser.get(atProvider.location);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('expired or was already used');
  });

  it("the provider's refusal is shown on the sign-in page, not as an error", async () => {
    provider.refuseWith = 'access_denied';
    try {
      const browser = new Browser();
      const { callback } = await signInWithSso(browser, { sub: 'idp-editor', preferred_username: 'editor' });
      expect(callback.status).toBe(400);
      expect(callback.text).toContain('The single sign-on provider did not sign you in: The user declined.');
      expect(browser.has('manway_session')).toBe(false);
    } finally {
      provider.refuseWith = undefined;
    }
  });

  it('a disabled user is refused with the sign-in page and no session, and loses the session it had', async () => {
    const before = new Browser();
    await signInWithSso(before, { sub: 'idp-to-disable', preferred_username: 'to.disable' });
    expect((await before.api('GET', '/api/settings/general')).status).toBe(200);
    const { id } = (await accountOf('idp-to-disable'))!;
    await server.services.users.setDisabled(id, true);
    expect((await before.api('GET', '/api/settings/general')).status).toBe(401);
    const sessions = await countSessions();
    const browser = new Browser();
    const { callback } = await signInWithSso(browser, { sub: 'idp-to-disable', preferred_username: 'to.disable' });
    expect(callback.status).toBe(403);
    expect(callback.text).toContain(DISABLED_ACCOUNT_MESSAGE);
    expect(browser.has('manway_session')).toBe(false);
    expect(await countSessions()).toBe(sessions);
  });
});

describe('single sign-on log-off', () => {
  it("log-off answers the provider's end-session URL with id_token_hint and a post_logout_redirect_uri back to our sign-in page", async () => {
    const browser = new Browser();
    await signInWithSso(browser, { sub: 'idp-syncer', preferred_username: 'syncer' });
    const res = await browser.api('POST', '/api/account/logoff?returnUrl=%2Finspect%2F');
    expect(res.status).toBe(200);
    const url = new URL(res.body.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/logout`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${server.base}${SIGN_IN}?returnUrl=%2Finspect%2F`);
    expect(decodeJwt(url.searchParams.get('id_token_hint')!)).toMatchObject({
      sub: 'idp-syncer',
      aud: CLIENT.clientId,
    });
    expect(browser.has('manway_session')).toBe(false);

    // The provider accepts it and sends the browser back to our sign-in page.
    const atProvider = await browser.get(url.href);
    expect(atProvider.status).toBe(302);
    expect(atProvider.location).toBe(`${server.base}${SIGN_IN}?returnUrl=%2Finspect%2F`);
    expect(provider.signedOut).toContain('idp-syncer');
  });

  it('a session signed in with a password logs off to our sign-in page, even with single sign-on configured', async () => {
    const c = server.client();
    await c.signIn('editor', 'editor-demo');
    const res = await c.post('/api/account/logoff?returnUrl=%2Finspect%2F');
    expect(res.body).toEqual({ redirectUrl: `${SIGN_IN}?returnUrl=%2Finspect%2F` });
  });

  it('without an end_session_endpoint at the provider there is no provider log-off URL', async () => {
    const bare = await FakeOidcProvider.start({ ...CLIENT, endSession: false });
    try {
      const sso = createSingleSignOn({ issuer: bare.issuer, ...CLIENT }, { allowInsecureRequests: true });
      expect(await sso.logoffUrl('an-id-token', `${server.base}${SIGN_IN}`)).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});

describe('the provider connection', () => {
  it('discovery happens on first use, is retried after a failure, and is then cached', async () => {
    const flaky = await FakeOidcProvider.start(CLIENT);
    try {
      flaky.failDiscovery = 1;
      const sso = createSingleSignOn({ issuer: flaky.issuer, ...CLIENT }, { allowInsecureRequests: true });
      expect(flaky.requests.discovery).toBe(0);
      const redirectUri = `${server.base}${CALLBACK}`;
      await expect(sso.begin(redirectUri)).rejects.toMatchObject({ kind: 'unavailable' });
      await sso.begin(redirectUri);
      await sso.begin(redirectUri);
      expect(flaky.requests.discovery).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it('a plain-http provider is refused unless insecure requests are allowed explicitly', async () => {
    const sso = createSingleSignOn({ issuer: provider.issuer, ...CLIENT });
    const error = await sso.begin(`${server.base}${CALLBACK}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SingleSignOnError);
    expect(((error as SingleSignOnError).cause as Error).message).toMatch(/https/i);
  });

  it('a code exchange the provider refuses (wrong client secret) fails as unavailable, not with a crash', async () => {
    const sso = createSingleSignOn(
      { issuer: provider.issuer, clientId: CLIENT.clientId, clientSecret: 'wrong' },
      { allowInsecureRequests: true },
    );
    provider.user = { sub: 'idp-editor', preferred_username: 'editor' };
    const { url, checks } = await sso.begin(`${server.base}${CALLBACK}`);
    const back = await fetch(url, { redirect: 'manual' });
    const error = await sso.complete(new URL(back.headers.get('location')!), checks).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SingleSignOnError);
    expect((error as SingleSignOnError).kind).toBe('unavailable');
  });

  it('the identity is (iss, sub); the login a new account would like is preferred_username, else an e-mail not marked unverified, else the subject', () => {
    expect(identityFromClaims(claims({ preferred_username: ' jo ', email: 'jo@example.com', name: 'Jo' }))).toEqual({
      issuer: 'https://idp.example',
      subject: 'sub-1',
      login: 'jo',
      displayName: 'Jo',
      email: 'jo@example.com',
    });
    expect(identityFromClaims(claims({ email: 'jo@example.com' }))).toEqual({
      issuer: 'https://idp.example',
      subject: 'sub-1',
      login: 'jo@example.com',
      displayName: 'jo@example.com',
      email: 'jo@example.com',
    });
    expect(identityFromClaims(claims({ email: 'jo@example.com', email_verified: false })).login).toBe('sub-1');
    expect(identityFromClaims(claims({})).login).toBe('sub-1');
  });
});

function claims(extra: Record<string, unknown>) {
  return { iss: 'https://idp.example', sub: 'sub-1', aud: 'manway', iat: 0, exp: 0, ...extra } as Parameters<
    typeof identityFromClaims
  >[0];
}
