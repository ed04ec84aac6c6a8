/**
 * Licences and seats over real HTTP (main-app sections 6, 7 "Seats" and 8 "Licence"; issue #21):
 * a page takes a seat as it loads and gives it back as it closes, exactly N pages hold seats
 * whatever the concurrency and however many server processes share the database, seats of pages
 * gone quiet, of ended sessions and of disabled users free themselves, an administrator frees one,
 * and every licensing code is answered where it belongs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SEAT_IDLE_MINUTES,
  type Licence,
  type LicenceApplication,
  type Seat,
  type SeatInUse,
} from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER, type Edition } from '@manway/core/editions';
import { sql } from '../src/db/sql';
import { DEFAULT_SEATS } from '../src/modules/licensing/service';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let inspector: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  [admin, editor, inspector] = [server.client(), server.client(), server.client()];
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
}, 120_000);

afterAll(() => server?.close());

// Every test starts from the installation's licences with no seat held.
afterEach(async () => {
  for (const application of ['web-office', 'web-office-editing', 'web-inspect', 'web-websync'] as const) {
    await setLicence(application, DEFAULT_SEATS, null);
  }
  await server.db.query(sql`
    UPDATE seats SET token = NULL, session_id = NULL, page_id = NULL, user_id = NULL, acquired_at = NULL, last_activity_at = NULL
  `);
});

let pages = 0;
/** A new page id, as each page load of the web app makes one. */
const newPage = () => `page-${++pages}-${Date.now()}`;
const pageHeaders = (edition: Edition | LicenceApplication, page: string) => ({
  [APPLICATION_EDITION_HEADER]: edition,
  [SESSION_ID_HEADER]: page,
});

const takeSeat = (client: TestClient, edition: Edition, page = newPage()) =>
  client.request<Seat & { code?: string; message?: string }>('POST', '/api/seats', {
    headers: pageHeaders(edition, page),
  });
const giveBack = (client: TestClient, edition: Edition, page: string) =>
  client.request('DELETE', '/api/seats', { headers: pageHeaders(edition, page) });

async function licence(application: LicenceApplication): Promise<Licence> {
  const res = await admin.get<Licence[]>('/api/licences');
  expect(res.status, res.text).toBe(200);
  return res.body.find((l) => l.application === application)!;
}

async function setLicence(application: LicenceApplication, seats: number, expiresAt: string | null) {
  const { version } = await licence(application);
  const res = await admin.put<Licence>(`/api/licences/${application}`, { seats, expiresAt, version });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function seatsInUse(application: LicenceApplication): Promise<SeatInUse[]> {
  const res = await admin.get<SeatInUse[]>('/session-api/seats', { [APPLICATION_EDITION_HEADER]: application });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('a page takes a seat as it loads and gives it back as it closes', () => {
  it('the seat is listed with its holder; asking again renews the same seat; DELETE gives it back', async () => {
    const page = newPage();
    const first = await takeSeat(inspector, 'web-inspect', page);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ application: 'web-inspect', editing: false });

    const listed = await seatsInUse('web-inspect');
    expect(listed).toEqual([
      expect.objectContaining({ token: first.body.token, user: expect.objectContaining({ login: 'inspector' }) }),
    ]);
    expect((await licence('web-inspect')).inUse).toBe(1);

    const again = await takeSeat(inspector, 'web-inspect', page);
    expect(again.body.token).toBe(first.body.token);
    expect(await seatsInUse('web-inspect')).toHaveLength(1);

    expect((await giveBack(inspector, 'web-inspect', page)).status).toBe(204);
    expect(await seatsInUse('web-inspect')).toEqual([]);
    // A page that holds nothing any more is answered the same.
    expect((await giveBack(inspector, 'web-inspect', page)).status).toBe(204);
  });

  it('two pages of one user take two seats; one giving back leaves the other', async () => {
    const [a, b] = [newPage(), newPage()];
    await takeSeat(inspector, 'web-inspect', a);
    await takeSeat(inspector, 'web-inspect', b);
    expect(await seatsInUse('web-inspect')).toHaveLength(2);
    await giveBack(inspector, 'web-inspect', a);
    expect(await seatsInUse('web-inspect')).toHaveLength(1);
  });

  it('the settings edition takes no seat, so an administrator can always get in', async () => {
    const res = await takeSeat(admin, 'web-settings');
    expect(res.status).toBe(400);
    expect(res.text).toContain('x-application-edition');
  });

  it('a page without its page id is refused with the header named, and nothing is taken', async () => {
    const res = await admin.request('POST', '/api/seats', {
      headers: { [APPLICATION_EDITION_HEADER]: 'web-inspect', [SESSION_ID_HEADER]: '' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain(SESSION_ID_HEADER);
    expect(await seatsInUse('web-inspect')).toEqual([]);
  });

  it('signed out, a page is asked to sign in; a user who may not open WebSync gets no WebSync seat', async () => {
    expect((await takeSeat(server.client(), 'web-inspect')).status).toBe(401);
    expect((await takeSeat(inspector, 'web-websync')).status).toBe(403);
  });
});

describe('exactly N seats exist under any concurrency', () => {
  it('N+1 pages opening at once give N seats and one inspect licensing refusal', async () => {
    const N = 5;
    await setLicence('web-inspect', N, null);
    const answers = await Promise.all(Array.from({ length: N + 1 }, () => takeSeat(inspector, 'web-inspect')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(N);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual([[400, 'licensing/inspect-seat-not-available']]);
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.token)).size).toBe(N);
    expect(await seatsInUse('web-inspect')).toHaveLength(N);
  });

  it('on two server processes over one database, 2N pages at once still give exactly N seats', async () => {
    const N = 6;
    await setLicence('web-office', N, null);
    const second = await startTestServer({ db: server.db });
    try {
      const other = second.client();
      await other.signIn('inspector', 'inspector-demo');
      const answers = await Promise.all(
        Array.from({ length: 2 * N }, (_, i) => takeSeat(i % 2 === 0 ? inspector : other, 'web-office')),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(N);
      expect(answers.filter((a) => a.body.code === 'licensing/office-seat-not-available')).toHaveLength(N);
      expect(await seatsInUse('web-office')).toHaveLength(N);
    } finally {
      await second.app.close();
    }
  });

  it('over the limit the next page is refused until a seat is given back, then it gets in', async () => {
    await setLicence('web-inspect', 1, null);
    const holder = newPage();
    expect((await takeSeat(inspector, 'web-inspect', holder)).status).toBe(200);
    const refused = await takeSeat(editor, 'web-inspect');
    expect(refused.body).toMatchObject({ code: 'licensing/inspect-seat-not-available' });
    expect(refused.body.message).toBe('Every Manway Inspect seat is in use (1 of 1).');
    await giveBack(inspector, 'web-inspect', holder);
    expect((await takeSeat(editor, 'web-inspect')).status).toBe(200);
  });

  it('a limit lowered to the seats in use keeps their holders and refuses the next page; below them it is refused', async () => {
    const held = [newPage(), newPage(), newPage()];
    const tokens = [];
    for (const page of held) tokens.push((await takeSeat(inspector, 'web-inspect', page)).body.token);
    // Seats 1 and 2 given back: the third holder sits above the limit about to be set.
    await giveBack(inspector, 'web-inspect', held[0]!);
    await giveBack(inspector, 'web-inspect', held[1]!);
    await setLicence('web-inspect', 1, null);
    // The holder keeps its seat, renewals included.
    expect((await takeSeat(inspector, 'web-inspect', held[2])).body.token).toBe(tokens[2]);
    expect((await seatsInUse('web-inspect')).map((s) => s.token)).toEqual([tokens[2]]);
    expect((await takeSeat(editor, 'web-inspect')).body.code).toBe('licensing/inspect-seat-not-available');

    await takeSeat(editor, 'web-office');
    await takeSeat(inspector, 'web-office');
    const below = await admin.put('/api/licences/web-office', {
      seats: 1,
      expiresAt: null,
      version: (await licence('web-office')).version,
    });
    expect(below.status).toBe(400);
    expect(below.body.ModelState.seats).toEqual([
      '2 seats are in use: free some first, or keep the limit at 2 or more.',
    ]);
    expect((await licence('web-office')).seats).toBe(DEFAULT_SEATS);
  });
});

describe('a seat whose holder is gone is free again', () => {
  it(`a page quiet for longer than ${SEAT_IDLE_MINUTES} minutes loses its seat to the next page`, async () => {
    await setLicence('web-inspect', 1, null);
    const quiet = newPage();
    const seat = (await takeSeat(inspector, 'web-inspect', quiet)).body;
    expect((await takeSeat(editor, 'web-inspect')).status).toBe(400);
    await server.db.query(sql`
      UPDATE seats SET last_activity_at = now() - make_interval(mins => ${SEAT_IDLE_MINUTES + 1}) WHERE token = ${seat.token}
    `);
    expect(await seatsInUse('web-inspect')).toEqual([]);
    expect((await takeSeat(editor, 'web-inspect')).status).toBe(200);
    // The quiet page, back at work, finds every seat taken.
    expect((await takeSeat(inspector, 'web-inspect', quiet)).body.code).toBe('licensing/inspect-seat-not-available');
  });

  it('signing out frees the seats of the session at once', async () => {
    await setLicence('web-inspect', 1, null);
    const leaving = server.client();
    await leaving.signIn('inspector', 'inspector-demo');
    expect((await takeSeat(leaving, 'web-inspect')).status).toBe(200);
    expect((await leaving.post('/api/account/logoff')).status).toBeLessThan(400);
    expect(await seatsInUse('web-inspect')).toEqual([]);
    expect((await takeSeat(editor, 'web-inspect')).status).toBe(200);
  });

  it('disabling a user frees their seats at once', async () => {
    await setLicence('web-inspect', 1, null);
    const crew = server.client();
    await crew.signIn('inspector', 'inspector-demo');
    expect((await takeSeat(crew, 'web-inspect')).status).toBe(200);
    const [inspectorRow] = await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'inspector'`);
    await server.services.users.setDisabled(inspectorRow!.id, true);
    try {
      expect(await seatsInUse('web-inspect')).toEqual([]);
      expect((await takeSeat(editor, 'web-inspect')).status).toBe(200);
    } finally {
      await server.services.users.setDisabled(inspectorRow!.id, false);
    }
  });

  it('an administrator frees a seat, and the next page gets it', async () => {
    await setLicence('web-inspect', 1, null);
    const seat = (await takeSeat(inspector, 'web-inspect')).body;
    const waiting = newPage();
    expect((await takeSeat(editor, 'web-inspect', waiting)).status).toBe(400);

    expect((await inspector.request('DELETE', `/session-api/seats/${seat.token}`)).status).toBe(403);
    expect((await admin.request('DELETE', `/session-api/seats/${seat.token}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/session-api/seats/${seat.token}`)).status).toBe(404);
    expect((await takeSeat(editor, 'web-inspect', waiting)).status).toBe(200);
  });
});

describe('Office editing has a licence and seats of its own', () => {
  it("an editor's Office page takes an editing seat too; a regular user's does not", async () => {
    const editorSeat = await takeSeat(editor, 'web-office');
    expect(editorSeat.body).toMatchObject({ application: 'web-office', editing: true });
    expect((await takeSeat(inspector, 'web-office')).body.editing).toBe(false);
    expect((await seatsInUse('web-office-editing')).map((s) => s.user.login)).toEqual(['editor']);
  });

  it('with every editing seat taken, the next editor is refused and keeps no Office seat', async () => {
    await setLicence('web-office-editing', 1, null);
    expect((await takeSeat(admin, 'web-office')).body.editing).toBe(true);
    const refused = await takeSeat(editor, 'web-office');
    expect(refused.body.code).toBe('licensing/office-editing-seat-not-available');
    expect((await seatsInUse('web-office')).map((s) => s.user.login)).toEqual(['admin']);
  });

  it('freeing an Office seat frees its editing seat with it', async () => {
    const seat = (await takeSeat(editor, 'web-office')).body;
    expect(await seatsInUse('web-office-editing')).toHaveLength(1);
    expect((await admin.request('DELETE', `/session-api/seats/${seat.token}`)).status).toBe(204);
    expect(await seatsInUse('web-office-editing')).toEqual([]);
  });

  it('without a live editing licence the Office opens for viewing and its editing calls are refused with their code', async () => {
    await setLicence('web-office-editing', DEFAULT_SEATS, '2020-01-01');
    const office = { [APPLICATION_EDITION_HEADER]: 'web-office' };
    expect((await takeSeat(editor, 'web-office')).body).toMatchObject({ editing: false });
    expect((await editor.get('/api/settings/general', office)).body.mode).toBe('viewer');

    const refused = await editor.post('/api/projects', { name: 'Not without a licence' }, office);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('licensing/office-editing-licence-not-found');
    // The same call from another edition (an API client, the sync agent) is not the Office's editing.
    expect((await editor.get('/api/assignees')).status).toBe(200);

    await setLicence('web-office-editing', DEFAULT_SEATS, null);
    expect((await editor.get('/api/settings/general', office)).body.mode).toBe('editor');
  });
});

describe('every licensing code where it belongs', () => {
  it('an expired licence gives no seat and says since when; the warning shows on general settings', async () => {
    await setLicence('web-inspect', DEFAULT_SEATS, '2026-01-31');
    const refused = await takeSeat(inspector, 'web-inspect');
    expect(refused.body).toMatchObject({
      code: 'licensing/licence-expired',
      message: 'The Manway Inspect licence expired on 2026-01-31.',
    });
    const general = await inspector.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-inspect' });
    expect(general.body.licenseWarning).toBe('The Manway Inspect licence expired on 2026-01-31.');
    expect((await licence('web-inspect')).expired).toBe(true);
  });

  it('an application not registered answers its code', async () => {
    await server.db.query(sql`DELETE FROM licences WHERE application = 'web-websync'`);
    try {
      const refused = await takeSeat(admin, 'web-websync');
      expect(refused.body).toMatchObject({ code: 'licensing/application-is-not-registered' });
    } finally {
      await server.services.licensing.registerDefaultLicences();
    }
  });

  it('a licence changed meanwhile answers 409; a bad limit 400 with the field; others than administrators 403', async () => {
    const { version } = await licence('web-inspect');
    expect((await admin.put('/api/licences/web-inspect', { seats: 7, expiresAt: null, version })).status).toBe(200);
    const stale = await admin.put('/api/licences/web-inspect', { seats: 8, expiresAt: null, version });
    expect(stale.status).toBe(409);
    expect((await licence('web-inspect')).seats).toBe(7);

    const bad = await admin.put('/api/licences/web-inspect', { seats: -1, expiresAt: 'soon', version: version + 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState).sort()).toEqual(['expiresAt', 'seats']);
    expect((await licence('web-inspect')).seats).toBe(7);

    expect((await editor.put('/api/licences/web-inspect', { seats: 1, expiresAt: null, version })).status).toBe(403);
    expect((await editor.get('/api/licences')).status).toBe(403);
    expect((await editor.get('/session-api/seats', { [APPLICATION_EDITION_HEADER]: 'web-inspect' })).status).toBe(403);
  });
});

describe('the licence’s instance limit', () => {
  it('past the limit a server process serves nothing but signing in; within it again, it serves', async () => {
    const second = await startTestServer({ db: server.db });
    const other = second.client();
    try {
      await server.services.instances.start();
      await second.services.instances.start();
      const listed = await admin.get('/api/server-instances');
      expect(listed.status, listed.text).toBe(200);
      expect(listed.body.limit).toBeNull();
      expect(listed.body.instances).toHaveLength(2);

      const limited = await admin.put('/api/server-instances/limit', { limit: 1, version: listed.body.version });
      expect(limited.status, limited.text).toBe(200);
      expect(limited.body.instances.map((i: { withinLimit: boolean }) => i.withinLimit)).toEqual([true, false]);
      await second.services.instances.heartbeat();

      // The newer process: signing in still works, the edition's first call gets the licensing code.
      expect((await other.signIn('inspector', 'inspector-demo')).status).toBe(200);
      const general = await other.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-inspect' });
      expect([general.status, general.body.code]).toEqual([400, 'licensing/instance-limit-exceeds']);
      expect((await takeSeat(other, 'web-inspect')).body.code).toBe('licensing/instance-limit-exceeds');
      expect((await other.get('/api/health')).status).toBe(200);
      // The older one serves as before.
      expect((await takeSeat(inspector, 'web-inspect')).status).toBe(200);

      const stale = await admin.put('/api/server-instances/limit', { limit: 3, version: listed.body.version });
      expect(stale.status).toBe(409);
      await admin.put('/api/server-instances/limit', { limit: null, version: limited.body.version });
      await second.services.instances.heartbeat();
      expect((await takeSeat(other, 'web-inspect')).status).toBe(200);

      const audit = await admin.get('/api/audit?objectType=licence&objectId=server-instances');
      expect(audit.body.items.map((e: { summary: string }) => e.summary)).toEqual([
        'Server instances: 1 → no limit',
        'Server instances: no limit → 1',
      ]);
    } finally {
      await second.services.instances.stop();
      await server.services.instances.stop();
      await second.app.close();
    }
  });
});

describe('the audit list', () => {
  it('records who changed a licence and who freed a seat, newest first, and filters by user and kind', async () => {
    await setLicence('web-websync', 12, '2031-06-30');
    const seat = (await takeSeat(inspector, 'web-inspect')).body;
    await admin.request('DELETE', `/session-api/seats/${seat.token}`);

    const all = await admin.get('/api/audit?actor=ADMIN&limit=5');
    expect(all.status, all.text).toBe(200);
    const [freed, changed] = all.body.items;
    expect(freed).toMatchObject({
      action: 'seat.freed',
      actor: { login: 'admin' },
      summary: 'Inspect: the seat of inspector freed',
    });
    expect(changed).toMatchObject({
      action: 'licence.updated',
      objectId: 'web-websync',
      summary: `WebSync: ${DEFAULT_SEATS} → 12 seats, expiry never → 2031-06-30`,
      changes: { seats: { from: DEFAULT_SEATS, to: 12 }, expiresAt: { from: null, to: '2031-06-30' } },
    });
    const seats = await admin.get('/api/audit?objectType=seat');
    expect(seats.body.items.every((e: { objectType: string }) => e.objectType === 'seat')).toBe(true);
    expect((await admin.get('/api/audit?actor=nobody')).body).toEqual({ items: [], total: 0 });
    expect((await editor.get('/api/audit')).status).toBe(403);
  });
});
