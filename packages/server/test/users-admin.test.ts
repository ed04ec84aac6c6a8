/**
 * Users and permissions over real HTTP (issue #21, "Users and permissions"): administrators create,
 * edit, disable, enable and delete users and set their passwords; disabling ends the user's sessions
 * and seats at once; the inspect permission decides who opens Inspect; an administrator cannot lock
 * themselves out, nor anyone the last administrator; every change is in the audit list.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@manway/core/api/audit';
import type { Seat } from '@manway/core/api/licensing';
import { USER_HAS_WORK_CODE, type NewUserBody, type UserSummary } from '@manway/core/api/users';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER, type Edition } from '@manway/core/editions';
import { sql } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  [admin, editor] = [server.client(), server.client()];
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
}, 120_000);

afterAll(() => server?.close());

/** A login no other test of the run has. */
const uniqueLogin = (prefix = 'crew') => `${prefix}-${randomBytes(4).toString('hex')}`;

const crewBody = (overrides: Partial<NewUserBody> = {}): NewUserBody => ({
  login: uniqueLogin(),
  displayName: 'Casey Crew',
  email: 'casey@example.com',
  role: 'regular',
  office: false,
  inspect: true,
  websync: false,
  review: false,
  password: 'crew-password-1',
  ...overrides,
});

async function createUser(overrides: Partial<NewUserBody> = {}): Promise<UserSummary & { password: string }> {
  const body = crewBody(overrides);
  const res = await admin.post<UserSummary>('/api/users', body);
  expect(res.status, res.text).toBe(201);
  return { ...res.body, password: body.password ?? '' };
}

async function signedIn(login: string, password: string): Promise<TestClient> {
  const client = server.client();
  const res = await client.signIn(login, password);
  expect(res.status, res.text).toBe(200);
  return client;
}

async function listed(search?: string): Promise<UserSummary[]> {
  const res = await admin.get<UserSummary[]>(`/api/users${search ? `?search=${encodeURIComponent(search)}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const one = async (id: string) => (await listed()).find((u) => u.id === id)!;

const editBody = (user: UserSummary, change: Partial<UserSummary> = {}) => {
  const next = { ...user, ...change };
  return {
    displayName: next.displayName,
    email: next.email,
    role: next.role,
    office: next.office,
    inspect: next.inspect,
    websync: next.websync,
    review: next.review,
    version: next.version,
  };
};

let pages = 0;
const pageHeaders = (edition: Edition) => ({
  [APPLICATION_EDITION_HEADER]: edition,
  [SESSION_ID_HEADER]: `users-page-${++pages}`,
});

async function auditOf(id: string) {
  const res = await admin.get<AuditPage>(`/api/audit?objectType=user&objectId=${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

describe('listing users', () => {
  it('lists every user with role, permissions, sign-in means and last sign-in, never a password hash', async () => {
    const users = await listed();
    const adminRow = users.find((u) => u.login === 'admin')!;
    expect(adminRow).toMatchObject({ role: 'administrator', hasPassword: true, singleSignOn: false, disabled: false });
    // Signed in above, so the sign-in is on record.
    expect(Date.parse(adminRow.lastSignIn!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    // Existing users keep both new permissions.
    expect(users.find((u) => u.login === 'inspector')).toMatchObject({ office: true, inspect: true });
    expect(JSON.stringify(users)).not.toMatch(/argon2|passwordHash|password_hash/i);
  });

  it('search finds login, name or e-mail address in any case', async () => {
    const created = await createUser({ displayName: 'Quentin Quarry', email: 'q.quarry@example.org' });
    for (const term of [created.login.toUpperCase(), 'quentin', 'QUARRY@EXAMPLE']) {
      expect((await listed(term)).map((u) => u.id)).toEqual([created.id]);
    }
    expect(await listed('nobody-is-called-this')).toEqual([]);
  });

  it('answers 403 to everyone but administrators', async () => {
    expect((await editor.get('/api/users')).status).toBe(403);
    const crew = await createUser();
    const client = await signedIn(crew.login, crew.password);
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await client.post('/api/users', crewBody())).status).toBe(403);
    expect((await client.request('DELETE', `/api/users/${crew.id}`)).status).toBe(403);
    expect((await server.client().get('/api/users')).status).toBe(401);
  });
});

describe('creating a user', () => {
  it('creates a user with a password who then signs in, and audits it without the password', async () => {
    const crew = await createUser();
    expect(crew).toMatchObject({
      displayName: 'Casey Crew',
      role: 'regular',
      office: false,
      inspect: true,
      hasPassword: true,
      singleSignOn: false,
      lastSignIn: null,
      disabled: false,
      version: 1,
    });
    await signedIn(crew.login, crew.password);
    expect((await one(crew.id)).lastSignIn).not.toBeNull();

    const [entry] = await auditOf(crew.id);
    expect(entry).toMatchObject({ action: 'user.created', actor: { login: 'admin' } });
    expect(entry!.summary).toContain(crew.login);
    expect(JSON.stringify(entry)).not.toContain(crew.password);
  });

  it('a user without a password signs in through single sign-on only', async () => {
    const sso = await createUser({ password: null });
    expect(sso.hasPassword).toBe(false);
    expect((await server.client().signIn(sso.login, 'anything-at-all')).status).toBe(400);
  });

  it('refuses a login another user has in any case, at the login field', async () => {
    const crew = await createUser();
    const res = await admin.post('/api/users', crewBody({ login: crew.login.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.body.ModelState.login[0]).toMatch(/already has this login/);
    expect((await admin.post('/api/users', crewBody({ login: 'Admin' }))).status).toBe(400);
  });

  it('refuses a short password, a bad login and an e-mail address that is none, each at its field', async () => {
    const short = await admin.post('/api/users', crewBody({ password: 'short' }));
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.ModelState)).toContain('password');
    const spaced = await admin.post('/api/users', crewBody({ login: 'two words' }));
    expect(Object.keys(spaced.body.ModelState)).toContain('login');
    const email = await admin.post('/api/users', crewBody({ email: 'not-an-address' }));
    expect(Object.keys(email.body.ModelState)).toContain('email');
  });
});

describe('editing a user', () => {
  it('changes name, e-mail address, role and permissions against the version read', async () => {
    const crew = await createUser();
    const res = await admin.put<UserSummary>(
      `/api/users/${crew.id}`,
      editBody(crew, { displayName: 'Casey Lead', email: '', role: 'editor', office: true, review: true }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Casey Lead',
      email: null,
      role: 'editor',
      office: true,
      review: true,
      version: 2,
    });

    const stale = await admin.put(`/api/users/${crew.id}`, editBody(crew, { displayName: 'Stale' }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    expect((await one(crew.id)).displayName).toBe('Casey Lead');

    const actions = (await auditOf(crew.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user.permissions-changed', 'user.updated', 'user.created']));
    const permissions = (await auditOf(crew.id)).find((e) => e.action === 'user.permissions-changed')!;
    expect(permissions.changes).toMatchObject({ role: { from: 'regular', to: 'editor' } });
  });

  it('a changed permission applies to the user’s session at once', async () => {
    const crew = await createUser({ inspect: true });
    const client = await signedIn(crew.login, crew.password);
    const general = () => client.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-inspect' });
    expect((await general()).status).toBe(200);
    expect((await admin.put(`/api/users/${crew.id}`, editBody(crew, { inspect: false }))).status).toBe(200);
    expect((await general()).status).toBe(403);
  });

  it('answers 404 for a user that does not exist', async () => {
    const crew = await createUser();
    const res = await admin.put(`/api/users/00000000-0000-4000-8000-00000000dead`, editBody(crew));
    expect(res.status).toBe(404);
  });
});

describe('the inspect and office permissions', () => {
  it('a user without the inspect permission is refused the Inspect settings and a seat, and given both with it', async () => {
    const crew = await createUser({ inspect: false, office: true });
    const client = await signedIn(crew.login, crew.password);
    const inspect = await client.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-inspect' });
    expect(inspect.status).toBe(403);
    expect(inspect.body.message).toBe('You have no permissions to access this page.');
    expect((await client.request('POST', '/api/seats', { headers: pageHeaders('web-inspect') })).status).toBe(403);
    // The Office is theirs.
    expect((await client.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-office' })).status).toBe(
      200,
    );
    const apps = await client.get<{ id: string; available: boolean }[]>('/api/applications');
    expect(apps.body.find((a) => a.id === 'web-inspect')?.available).toBe(false);

    expect((await admin.put(`/api/users/${crew.id}`, editBody(crew, { inspect: true }))).status).toBe(200);
    const seat = await client.request<Seat>('POST', '/api/seats', { headers: pageHeaders('web-inspect') });
    expect(seat.status, seat.text).toBe(200);
  });
});

describe('passwords', () => {
  it('setting a password signs the user out everywhere; the new password signs in, the old does not', async () => {
    const crew = await createUser();
    const [a, b] = [await signedIn(crew.login, crew.password), await signedIn(crew.login, crew.password)];
    const res = await admin.put(`/api/users/${crew.id}/password`, { password: 'a-brand-new-password' });
    expect(res.status, res.text).toBe(200);
    expect((await a.get('/api/settings/user')).status).toBe(401);
    expect((await b.get('/api/settings/user')).status).toBe(401);
    expect((await server.client().signIn(crew.login, crew.password)).status).toBe(400);
    await signedIn(crew.login, 'a-brand-new-password');

    const entry = (await auditOf(crew.id)).find((e) => e.action === 'user.password-set')!;
    expect(entry.summary).toMatch(/signed out of 2 sessions/);
    expect(JSON.stringify(entry)).not.toContain('a-brand-new-password');
  });

  it('gives a single sign-on user a password, and refuses a short one', async () => {
    const sso = await createUser({ password: null });
    expect((await admin.put(`/api/users/${sso.id}/password`, { password: 'short' })).status).toBe(400);
    const res = await admin.put<UserSummary>(`/api/users/${sso.id}/password`, { password: 'now-with-a-password' });
    expect(res.body.hasPassword).toBe(true);
    await signedIn(sso.login, 'now-with-a-password');
  });

  it('an administrator setting their own password stays signed in', async () => {
    const other = await createUser({ role: 'administrator', login: uniqueLogin('admin') });
    const client = await signedIn(other.login, other.password);
    const elsewhere = await signedIn(other.login, other.password);
    const self = (await listed()).find((u) => u.id === other.id)!;
    expect((await client.put(`/api/users/${self.id}/password`, { password: 'my-own-new-password' })).status).toBe(200);
    expect((await client.get('/api/users')).status).toBe(200);
    expect((await elsewhere.get('/api/users')).status).toBe(401);
  });
});

describe('disabling and enabling', () => {
  it('disabling ends the user’s session at once and frees their seat; enabling lets them sign in again', async () => {
    const crew = await createUser();
    const client = await signedIn(crew.login, crew.password);
    const page = pageHeaders('web-inspect');
    const seat = await client.request<Seat>('POST', '/api/seats', { headers: page });
    expect(seat.status, seat.text).toBe(200);
    const inUse = async () =>
      (
        await admin.get<{ user: { login: string } }[]>('/session-api/seats', {
          [APPLICATION_EDITION_HEADER]: 'web-inspect',
        })
      ).body.map((s) => s.user.login);
    expect(await inUse()).toContain(crew.login);

    const res = await admin.post<UserSummary>(`/api/users/${crew.id}/disable`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.disabled).toBe(true);
    // Their very next call, from the session the server has just used, is refused.
    expect((await client.get('/api/settings/user')).status).toBe(401);
    expect((await client.request('POST', '/api/seats', { headers: page })).status).toBe(401);
    expect(await inUse()).not.toContain(crew.login);
    const [revoked] = await server.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${crew.id} AND revoked_at IS NULL`,
    );
    expect(revoked!.n).toBe(0);
    expect((await server.client().signIn(crew.login, crew.password)).status).toBe(400);

    const enabled = await admin.post<UserSummary>(`/api/users/${crew.id}/enable`);
    expect(enabled.body.disabled).toBe(false);
    await signedIn(crew.login, crew.password);

    const actions = (await auditOf(crew.id)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['user.enabled', 'user.disabled']);
  });
});

describe('deleting', () => {
  it('deletes a user with no recorded work; their sessions end with them', async () => {
    const crew = await createUser();
    const client = await signedIn(crew.login, crew.password);
    const res = await admin.request('DELETE', `/api/users/${crew.id}`);
    expect(res.status, res.text).toBe(204);
    expect((await listed()).map((u) => u.id)).not.toContain(crew.id);
    expect((await client.get('/api/settings/user')).status).toBe(401);
    expect((await auditOf(crew.id))[0]).toMatchObject({ action: 'user.deleted' });
    expect((await admin.request('DELETE', `/api/users/${crew.id}`)).status).toBe(404);
  });

  it('refuses with 409 a user whose name is on recorded work, saying to disable the account instead', async () => {
    const inspector = (await listed()).find((u) => u.login === 'inspector')!;
    const res = await admin.request('DELETE', `/api/users/${inspector.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(USER_HAS_WORK_CODE);
    expect(res.body.message).toMatch(/inspection/);
    expect(res.body.message).toMatch(/Disable the account instead/);
    expect((await listed()).map((u) => u.id)).toContain(inspector.id);
  });
});

describe('administrators cannot lock themselves or everyone out', () => {
  it('an administrator cannot take away their own role, disable or delete themselves', async () => {
    const me = (await listed()).find((u) => u.login === 'admin')!;
    const demote = await admin.put(`/api/users/${me.id}`, editBody(me, { role: 'editor' }));
    expect(demote.status).toBe(400);
    expect(demote.body.ModelState.role[0]).toMatch(/your own administrator role/);
    const disable = await admin.post(`/api/users/${me.id}/disable`);
    expect(disable.status).toBe(400);
    expect(disable.body.Message).toMatch(/disable your own account/);
    const remove = await admin.request('DELETE', `/api/users/${me.id}`);
    expect(remove.status).toBe(400);
    expect(remove.body.Message).toMatch(/delete your own account/);
    expect(await one(me.id)).toMatchObject({ role: 'administrator', disabled: false });
  });

  it('two administrators demoting each other at once: one wins, and one enabled administrator is left', async () => {
    const second = await createUser({ role: 'administrator', login: uniqueLogin('admin') });
    const other = await signedIn(second.login, second.password);
    // Only `admin` and `second` are enabled administrators for the test; the others are put back after.
    const others = (await listed()).filter(
      (u) => u.role === 'administrator' && !u.disabled && u.login !== 'admin' && u.id !== second.id,
    );
    for (const u of others) expect((await admin.post(`/api/users/${u.id}/disable`)).status).toBe(200);
    const me = (await listed()).find((u) => u.login === 'admin')!;
    const them = await one(second.id);
    try {
      const [mine, theirs] = await Promise.all([
        admin.put(`/api/users/${them.id}`, editBody(them, { role: 'editor' })),
        other.put(`/api/users/${me.id}`, editBody(me, { role: 'editor' })),
      ]);
      const statuses = [mine.status, theirs.status];
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // The loser was refused by the last-administrator rule (400), or was no administrator any more (403).
      const refused = mine.status === 200 ? theirs : mine;
      expect([400, 403]).toContain(refused.status);
      if (refused.status === 400) expect(refused.body.ModelState.role[0]).toMatch(/last enabled administrator/);
      const left = (
        await server.db.query<{ login: string }>(
          sql`SELECT login FROM users WHERE role = 'administrator' AND NOT disabled`,
        )
      ).map((r) => r.login);
      expect(left).toHaveLength(1);
      // The winner makes the other an administrator again.
      const [winner, loser] = mine.status === 200 ? [admin, them] : [other, me];
      const back = await winner.put(`/api/users/${loser.id}`, editBody(loser, { version: loser.version + 1 }));
      expect(back.status, back.text).toBe(200);
    } finally {
      for (const u of others) await admin.post(`/api/users/${u.id}/enable`);
    }
  });
});
