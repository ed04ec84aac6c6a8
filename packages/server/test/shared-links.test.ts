/**
 * Shared links over real HTTP (main-app sections 3 "Shared link: validity, with an 'always valid'
 * option" and 6 "Shared data is 'only available for authenticated users'"; issue #21): a member
 * shares an object, a search or a dashboard; any signed-in user, a guest too, opens it and sees what
 * was shared; signed out it answers 401; expired and revoked links say which; only the owner (or an
 * administrator) lists and revokes a link; creating and revoking is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@manway/core/api/audit';
import type { WidgetWithData } from '@manway/core/api/dashboards';
import type { ResolvedSharedLink, SharedLink } from '@manway/core/api/shared-links';
import { SELECTION_CAP } from '@manway/core/api/filters';
import { APPLICATION_EDITION_HEADER } from '@manway/core/editions';
import { sql } from '../src/db/sql';
import { DEMO_DASHBOARD_NAME } from '../src/modules/dashboards/demo-dashboards';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let inspector: TestClient;
let guest: TestClient;
let signedOut: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  [admin, editor, inspector, guest, signedOut] = [
    server.client(),
    server.client(),
    server.client(),
    server.client(),
    server.client(),
  ];
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
}, 120_000);

afterAll(() => server?.close());

type Answer = SharedLink & { code?: string; Message?: string; ModelState?: Record<string, string[]> };

const OFFICE = { [APPLICATION_EDITION_HEADER]: 'web-office' };

function share(client: TestClient, body: unknown, headers: Record<string, string> = OFFICE) {
  return client.post<Answer>('/api/shared-links', body, headers);
}

async function shared(client: TestClient, body: unknown): Promise<SharedLink> {
  const res = await share(client, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const resolve = (client: TestClient, token: string) =>
  client.get<ResolvedSharedLink & { code?: string; message?: string; expiredAt?: string }>(
    `/api/shared-links/resolve/${token}`,
  );

async function aNode(): Promise<{ id: number; code: string; lon: number; lat: number }> {
  const [row] = await server.db.query<{ id: number; code: string; lon: number; lat: number }>(sql`
    SELECT id::int, asset_code AS code, ST_X(geom)::float8 AS lon, ST_Y(geom)::float8 AS lat
    FROM assets WHERE object_type = 'node' ORDER BY id LIMIT 1`);
  return row!;
}

const objectLink = (id: number, validityDays: number | null = 7, title = `Node ${id}`) => ({
  target: { kind: 'object', objectType: 'Node', objectId: id },
  title,
  validityDays,
});

const PVC_SECTIONS = { objectType: 'Section', conditions: [{ property: 'material', operator: 'eq', value: 'PVC' }] };

describe('sharing and opening', () => {
  it('an object link opens for another user, a guest included, at the object with its position', async () => {
    const node = await aNode();
    const link = await shared(editor, objectLink(node.id, 7, 'Manhole to check'));
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/office/shared/${link.token}`);
    expect(link).toMatchObject({
      title: 'Manhole to check',
      subject: { kind: 'object', objectType: 'Node', objectId: node.id },
      owner: { login: 'editor' },
      status: 'active',
      revokedAt: null,
    });
    const days = (Date.parse(link.expiresAt!) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    for (const client of [inspector, guest]) {
      const res = await resolve(client, link.token!);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        title: 'Manhole to check',
        sharedBy: expect.any(String),
        expiresAt: link.expiresAt,
        target: { kind: 'object', objectType: 'Node', objectId: node.id, readableId: node.code },
      });
      const target = res.body.target as { position: [number, number] };
      expect(target.position[0]).toBeCloseTo(node.lon, 6);
      expect(target.position[1]).toBeCloseTo(node.lat, 6);
    }
  });

  it('a link made in the inspect edition opens there; the type is stored as the object calls name it', async () => {
    const node = await aNode();
    const res = await share(
      editor,
      { ...objectLink(node.id), target: { kind: 'object', objectType: 'node', objectId: node.id } },
      { [APPLICATION_EDITION_HEADER]: 'web-inspect' },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.path).toBe(`/inspect/shared/${res.body.token}`);
    expect(res.body.subject).toEqual({ kind: 'object', objectType: 'Node', objectId: node.id });
  });

  it("'always valid' has no expiry", async () => {
    const link = await shared(editor, objectLink((await aNode()).id, null));
    expect(link.expiresAt).toBeNull();
    expect((await resolve(guest, link.token!)).body.expiresAt).toBeNull();
  });

  it('a search link keeps the search as it ran and the ids it found then, whatever changes later', async () => {
    const found = await editor.post<{ ids: number[] }>('/api/filters/results/list/ids', {
      filter: JSON.stringify(PVC_SECTIONS),
    });
    expect(found.body.ids.length).toBeGreaterThan(0);
    const link = await shared(editor, {
      target: { kind: 'search', filter: JSON.stringify(PVC_SECTIONS), savedName: null },
      title: 'PVC sections',
      validityDays: 30,
    });
    expect(link.subject).toEqual({ kind: 'search', objectType: 'Section', savedName: null });

    // A section that matched then stops matching: the link still names it as found.
    const [first] = found.body.ids;
    await server.db.query(sql`UPDATE assets SET material = 'concrete' WHERE id = ${first}`);
    const res = await resolve(inspector, link.token!);
    expect(res.status, res.text).toBe(200);
    expect(res.body.target).toEqual({
      kind: 'search',
      filter: { ...PVC_SECTIONS, combine: 'and' },
      savedName: null,
      found: { ids: found.body.ids, more: false },
    });
  });

  it('a search that found more than the selection cap says so, and keeps its restrictions', async () => {
    const everything = { objectType: 'Section' };
    const restrictions = { extent: [-180, -85, 180, 85] };
    const res = await share(editor, {
      target: {
        kind: 'search',
        filter: JSON.stringify(everything),
        additionalRestrictions: JSON.stringify(restrictions),
      },
      title: 'All sections',
      validityDays: 1,
    });
    expect(res.status, res.text).toBe(201);
    const [counted] = await server.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM assets WHERE object_type = 'section'`,
    );
    const n = counted!.n;
    const target = (await resolve(guest, res.body.token!)).body.target as {
      found: { ids: number[]; more: boolean };
      additionalRestrictions: unknown;
    };
    expect(target.found.more).toBe(n > SELECTION_CAP);
    expect(target.found.ids.length).toBe(Math.min(n, SELECTION_CAP));
    expect(target.additionalRestrictions).toEqual(restrictions);
  });

  it('a dashboard link opens the dashboard, its widgets with their data, for users who could not see it', async () => {
    // A personal dashboard of the editor's: nobody else sees it in their list.
    const made = await editor.post(
      `/api/dashboard/import?${new URLSearchParams({ dashboardName: DEMO_DASHBOARD_NAME, newDashboardName: 'Shared overview' })}`,
    );
    expect(made.status, made.text).toBe(201);
    expect((await inspector.get('/api/dashboard/template?dashboardName=Shared%20overview')).status).toBe(404);

    const link = await shared(editor, {
      target: { kind: 'dashboard', dashboardName: 'shared OVERVIEW' },
      title: 'My overview',
      validityDays: 90,
    });
    expect(link.subject).toEqual({ kind: 'dashboard', name: 'Shared overview' });
    const res = await resolve(inspector, link.token!);
    expect(res.status, res.text).toBe(200);
    const target = res.body.target as { kind: string; name: string; widgets: { id: string }[] };
    expect(target).toMatchObject({ kind: 'dashboard', name: 'Shared overview' });
    expect(target.widgets.length).toBe(6);

    const own = await editor.get<WidgetWithData>(
      `/api/dashboard/widgets/${target.widgets[0]!.id}?dashboardName=Shared%20overview`,
    );
    const widget = await guest.get<WidgetWithData>(
      `/api/shared-links/resolve/${link.token}/widgets/${target.widgets[0]!.id}`,
    );
    expect(widget.status, widget.text).toBe(200);
    expect(widget.body).toEqual(own.body);
    expect((await guest.get(`/api/shared-links/resolve/${link.token}/widgets/nope`)).status).toBe(404);

    // No name: the default dashboard.
    const byDefault = await shared(admin, { target: { kind: 'dashboard' }, title: 'Default', validityDays: null });
    expect(byDefault.subject).toEqual({ kind: 'dashboard', name: DEMO_DASHBOARD_NAME });
  });

  it('a deleted dashboard or object answers 404 with what is gone', async () => {
    const made = await editor.post(
      `/api/dashboard/import?${new URLSearchParams({ dashboardName: DEMO_DASHBOARD_NAME, newDashboardName: 'Short-lived' })}`,
    );
    expect(made.status, made.text).toBe(201);
    const link = await shared(editor, {
      target: { kind: 'dashboard', dashboardName: 'Short-lived' },
      title: 'Short-lived',
      validityDays: 1,
    });
    expect((await editor.request('DELETE', '/api/dashboard?dashboardName=Short-lived')).status).toBe(204);
    const res = await resolve(inspector, link.token!);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('The shared dashboard no longer exists.');
    const mine = (await editor.get<SharedLink[]>('/api/shared-links')).body.find((l) => l.id === link.id);
    expect(mine!.subject).toEqual({ kind: 'dashboard', name: null });
  });
});

describe('who may open and share', () => {
  it('signed out, opening a link answers 401', async () => {
    const link = await shared(editor, objectLink((await aNode()).id));
    const res = await resolve(signedOut, link.token!);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(String(link.title));
  });

  it('an unknown or malformed token answers 404 or 400', async () => {
    expect((await resolve(guest, 'A'.repeat(43))).status).toBe(404);
    const malformed = await resolve(guest, 'not-a-token');
    expect(malformed.status).toBe(400);
  });

  it('a guest may open links but not make them', async () => {
    const res = await share(guest, objectLink((await aNode()).id));
    expect(res.status).toBe(403);
  });
});

describe('validity', () => {
  it('an expired link answers shared-link/expired with the date; the list says expired', async () => {
    const link = await shared(editor, objectLink((await aNode()).id, 1));
    await server.db.query(sql`
      UPDATE shared_links SET created_at = now() - interval '3 days', expires_at = now() - interval '2 days'
      WHERE id = ${link.id}::uuid`);
    const res = await resolve(inspector, link.token!);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('shared-link/expired');
    const [row] = await server.db.query<{ at: Date }>(
      sql`SELECT expires_at AS at FROM shared_links WHERE id = ${link.id}::uuid`,
    );
    const at = row!.at;
    expect(res.body.expiredAt).toBe(at.toISOString());
    expect(res.body.message).toContain(at.toISOString().slice(0, 10));
    const mine = (await editor.get<SharedLink[]>('/api/shared-links')).body.find((l) => l.id === link.id);
    expect(mine!.status).toBe('expired');
  });

  it('a revoked link answers shared-link/revoked, and says revoked even after it would have expired', async () => {
    const link = await shared(editor, objectLink((await aNode()).id, 1));
    expect((await editor.request('DELETE', `/api/shared-links/${link.id}`)).status).toBe(204);
    const res = await resolve(inspector, link.token!);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('shared-link/revoked');
    await server.db.query(sql`
      UPDATE shared_links SET created_at = now() - interval '3 days', expires_at = now() - interval '2 days'
      WHERE id = ${link.id}::uuid`);
    expect((await resolve(inspector, link.token!)).body.code).toBe('shared-link/revoked');
    // The widgets of a dashboard behind a revoked link are no more open than the link.
    expect((await guest.get(`/api/shared-links/resolve/${link.token}/widgets/any`)).body.code).toBe(
      'shared-link/revoked',
    );
  });
});

describe('listing and revoking', () => {
  it("a user lists their own links with status; another's token never shows", async () => {
    const link = await shared(inspector, objectLink((await aNode()).id, 30, 'Inspector’s link'));
    const own = await inspector.get<SharedLink[]>('/api/shared-links', OFFICE);
    expect(own.status).toBe(200);
    expect(own.body.every((l) => l.owner.login === 'inspector')).toBe(true);
    expect(own.body[0]).toMatchObject({ id: link.id, token: link.token, path: link.path, status: 'active' });
    expect((await editor.get<SharedLink[]>('/api/shared-links')).body.some((l) => l.id === link.id)).toBe(false);

    const all = await admin.get<SharedLink[]>('/api/shared-links?all=true');
    expect(all.status).toBe(200);
    const seen = all.body.find((l) => l.id === link.id)!;
    expect(seen).toMatchObject({ owner: { login: 'inspector' }, token: null, path: null, status: 'active' });
    expect(new Set(all.body.map((l) => l.owner.login))).toEqual(new Set(['editor', 'inspector', 'admin']));
    expect((await editor.get('/api/shared-links?all=true')).status).toBe(403);
  });

  it("revoking another user's link answers 404 and changes nothing; an administrator may", async () => {
    const link = await shared(inspector, objectLink((await aNode()).id));
    const res = await editor.request('DELETE', `/api/shared-links/${link.id}`);
    expect(res.status).toBe(404);
    expect((await resolve(guest, link.token!)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/shared-links/${link.id}`)).status).toBe(204);
    expect((await resolve(guest, link.token!)).body.code).toBe('shared-link/revoked');
    const mine = (await inspector.get<SharedLink[]>('/api/shared-links')).body.find((l) => l.id === link.id)!;
    expect(mine.status).toBe('revoked');
    expect(mine.revokedAt).not.toBeNull();
    // Again: nothing more to do.
    expect((await inspector.request('DELETE', `/api/shared-links/${link.id}`)).status).toBe(204);
  });
});

describe('validation', () => {
  it.each([
    ['a validity of 0 days', { ...objectLink(1), validityDays: 0 }, 'validityDays'],
    ['a validity over a year', { ...objectLink(1), validityDays: 366 }, 'validityDays'],
    ['no validity', { target: objectLink(1).target, title: 'x' }, 'validityDays'],
    ['an empty title', { ...objectLink(1), title: '  ' }, 'title'],
    ['a title too long', { ...objectLink(1), title: 'x'.repeat(201) }, 'title'],
    ['an unknown kind', { ...objectLink(1), target: { kind: 'report', id: 1 } }, 'target.kind'],
    ['an object that does not exist', objectLink(999_999_999), 'target.objectId'],
    [
      'an unknown object type',
      { ...objectLink(1), target: { kind: 'object', objectType: 'Pump', objectId: 1 } },
      'target.objectType',
    ],
    [
      'a search on an unknown property',
      {
        ...objectLink(1),
        target: {
          kind: 'search',
          filter: JSON.stringify({ objectType: 'Node', conditions: [{ property: 'nope', operator: 'eq', value: 1 }] }),
        },
      },
      'target.filter',
    ],
    ['a search that is not JSON', { ...objectLink(1), target: { kind: 'search', filter: '{nope' } }, 'target.filter'],
    [
      'a dashboard the sharer does not see',
      { ...objectLink(1), target: { kind: 'dashboard', dashboardName: 'Shared overview' } },
      'target.dashboardName',
    ],
  ])('%s answers 400 at its field', async (_what, body, field) => {
    // The inspector does not see the editor's personal "Shared overview".
    const res = await share(inspector, body);
    expect(res.status, res.text).toBe(400);
    expect(
      Object.keys(res.body.ModelState ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
      res.text,
    ).toBe(true);
  });
});

describe('audit', () => {
  it('creating and revoking a link are recorded with who did it', async () => {
    const link = await shared(editor, objectLink((await aNode()).id, null, 'Audited link'));
    await admin.request('DELETE', `/api/shared-links/${link.id}`);
    const res = await admin.get<AuditPage>(`/api/audit?objectType=shared-link&objectId=${link.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((e) => [e.action, e.actor.login])).toEqual([
      ['shared-link.revoked', 'admin'],
      ['shared-link.created', 'editor'],
    ]);
    expect(res.body.items[1]!.summary).toContain('“Audited link”, always valid');
    expect(res.body.items[0]!.summary).toContain('of editor');
  });

  it('a refused link records nothing', async () => {
    const before = (await admin.get<AuditPage>('/api/audit?objectType=shared-link')).body.total;
    expect((await share(editor, objectLink(999_999_999))).status).toBe(400);
    expect((await admin.get<AuditPage>('/api/audit?objectType=shared-link')).body.total).toBe(before);
  });
});
