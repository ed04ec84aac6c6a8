/**
 * Dashboards over real HTTP (main-app spec section 7 "Dashboards" and "Editing sessions"): the list,
 * templates and widgets with their data, copies and imports, global or personal, the widget gallery,
 * and editing sessions with their commit, version check and force, rename and replace rules, and the
 * job that clears sessions left idle. The demo town's default dashboard is the one read throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_NAME_MAX_LENGTH,
  EDITING_SESSION_IDLE_MINUTES,
  type DashboardSummary,
  type DashboardTemplate,
  type EditingSession,
  type GalleryWidget,
  type Widget,
} from '@manway/core/api/dashboards';
import { sql } from '../src/db/sql';
import { DEMO_DASHBOARD_NAME } from '../src/modules/dashboards/demo-dashboards';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let inspector: TestClient;
let guest: TestClient;

const SESSIONS = '/api/dashboards/editing-sessions';
const q = (params: Record<string, string | boolean>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

beforeAll(async () => {
  server = await startTestServer();
  [admin, editor, inspector, guest] = [server.client(), server.client(), server.client(), server.client()];
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
}, 120_000);

afterAll(() => server?.close());

const pie = (title: string, extra: Partial<Widget> = {}) => ({
  type: 'pie',
  title,
  source: 'section',
  measure: { kind: 'count' },
  groupBy: 'material',
  options: {},
  layout: { x: 0, y: 0, w: 4, h: 4 },
  ...extra,
});

async function start(client: TestClient, params: Record<string, string | boolean> = {}): Promise<EditingSession> {
  const res = await client.post<EditingSession>(`${SESSIONS}/start${q(params)}`);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function commit(
  client: TestClient,
  s: EditingSession,
  widgets: unknown[],
  params: Record<string, string | boolean> = {},
) {
  return client.post<DashboardSummary & { code?: string }>(`${SESSIONS}/${s.id}/commit${q(params)}`, { widgets });
}

/** A personal dashboard of the client's, copied from the default one under `name`. */
async function ownCopy(client: TestClient, name: string): Promise<DashboardSummary> {
  const res = await client.post<DashboardSummary>(
    `/api/dashboard/import${q({ dashboardName: DEMO_DASHBOARD_NAME, newDashboardName: name })}`,
  );
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('reading dashboards', () => {
  it('everyone, guests included, sees the default dashboard first with its six widgets', async () => {
    const list = await guest.get<DashboardSummary[]>('/api/dashboard');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      name: DEMO_DASHBOARD_NAME,
      isDefault: true,
      global: true,
      canEdit: false,
      canDelete: false,
      canChangeGlobal: false,
      widgetCount: 6,
    });
    const template = await guest.get<DashboardTemplate>('/api/dashboard/template');
    expect(template.body).toMatchObject({ name: DEMO_DASHBOARD_NAME, isGallery: false, isDefault: true });
    expect(template.body.widgets.map((w) => w.type).sort()).toEqual([
      'bar',
      'column',
      'column',
      'gauge',
      'table',
      'total',
    ]);
    const byName = await guest.get<DashboardTemplate>(
      `/api/dashboard/template${q({ dashboardName: 'network OVERVIEW' })}`,
    );
    expect(byName.body.version).toBe(template.body.version);
  });

  it('the administrator may edit and change the default dashboard; the list says so', async () => {
    const list = await admin.get<DashboardSummary[]>('/api/dashboard');
    expect(list.body[0]).toMatchObject({ canEdit: true, canDelete: true, canChangeGlobal: true, mine: false });
  });

  it('a widget of the default dashboard answers its data, the same as its preview in a session', async () => {
    const template = (await guest.get<DashboardTemplate>('/api/dashboard/template')).body;
    const s = await start(admin);
    for (const widget of template.widgets) {
      const read = await guest.get<{ widget: Widget; data: unknown }>(`/api/dashboard/widgets/${widget.id}`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.widget).toEqual(widget);
      const preview = await admin.post(`${SESSIONS}/${s.id}/widgets/preview`, widget);
      expect(preview.status, preview.text).toBe(200);
      expect(read.body.data).toEqual(preview.body);
    }
    const total = (await guest.get<{ data: { total: number } }>('/api/dashboard/widgets/network-length')).body.data;
    const [expected] = await server.db.query<{ m: number }>(
      sql`SELECT sum(length_m)::float8 AS m FROM assets WHERE object_type = 'section'`,
    );
    expect(total.total).toBeCloseTo(expected!.m, 3);
    expect((await admin.request('DELETE', `${SESSIONS}/${s.id}`)).status).toBe(204);
  });

  it('an unknown dashboard or widget answers 404', async () => {
    expect((await guest.get(`/api/dashboard/template${q({ dashboardName: 'Nope' })}`)).status).toBe(404);
    expect((await guest.get('/api/dashboard/widgets/nope')).status).toBe(404);
  });

  it('widget types are the six of the spec', async () => {
    const res = await guest.get<{ type: string; needsGroupBy: boolean }[]>('/api/dashboard/widget-types');
    expect(res.body.map((t) => t.type)).toEqual(['bar', 'column', 'pie', 'gauge', 'total', 'table']);
    expect(res.body.find((t) => t.type === 'total')!.needsGroupBy).toBe(false);
  });

  it('a drill-down turns a drawn group into a search for the map', async () => {
    const widget = (await guest.get<DashboardTemplate>('/api/dashboard/template')).body.widgets.find(
      (w) => w.id === 'length-by-grade',
    )!;
    const res = await guest.post<{ title: string; filter: unknown }>('/api/dashboard/drill', {
      Widget: widget,
      Key: '4',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.title).toContain('Grade 4');
  });
});

describe('copies, imports, global or personal, delete', () => {
  it('a copy is a personal dashboard named "(copy)", then "(copy 2)"', async () => {
    const first = await editor.post<DashboardSummary>(
      `/api/dashboard/copy${q({ dashboardName: DEMO_DASHBOARD_NAME })}`,
    );
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      name: `${DEMO_DASHBOARD_NAME} (copy)`,
      mine: true,
      global: false,
      canEdit: true,
    });
    const second = await editor.post<DashboardSummary>(
      `/api/dashboard/copy${q({ dashboardName: DEMO_DASHBOARD_NAME })}`,
    );
    expect(second.body.name).toBe(`${DEMO_DASHBOARD_NAME} (copy 2)`);
    // Others' personal dashboards are not theirs to see.
    const names = (await inspector.get<DashboardSummary[]>('/api/dashboard')).body.map((d) => d.name);
    expect(names).not.toContain(`${DEMO_DASHBOARD_NAME} (copy)`);
  });

  it('copying the gallery makes a personal dashboard of its widgets under the name given', async () => {
    const res = await inspector.post<DashboardSummary>(
      `/api/dashboard/copy${q({ isGallery: true, dashboardName: 'From the gallery' })}`,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'From the gallery', widgetCount: 4, mine: true });
    const nameless = await inspector.post(`/api/dashboard/copy${q({ isGallery: true })}`);
    expect(nameless.status).toBe(400);
    expect(nameless.body.ModelState).toHaveProperty('dashboardName');
  });

  it('an import takes the new name; a name taken answers 409 name-exists, a long one 400 name-too-long', async () => {
    await ownCopy(editor, 'Editor imported');
    const taken = await editor.post(
      `/api/dashboard/import${q({ dashboardName: DEMO_DASHBOARD_NAME, newDashboardName: 'editor IMPORTED' })}`,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('dashboard/name-exists');
    // A personal name may not shadow a global one the owner sees.
    const global = await editor.post(
      `/api/dashboard/import${q({ dashboardName: DEMO_DASHBOARD_NAME, newDashboardName: DEMO_DASHBOARD_NAME })}`,
    );
    expect(global.body.code).toBe('dashboard/name-exists');
    const long = await editor.post(
      `/api/dashboard/import${q({ dashboardName: DEMO_DASHBOARD_NAME, newDashboardName: 'x'.repeat(DASHBOARD_NAME_MAX_LENGTH + 1) })}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('dashboard/name-too-long');
  });

  it('only an administrator makes a dashboard global; a clash among global ones answers 409', async () => {
    await ownCopy(editor, 'Editor wants it global');
    const refused = await editor.put(`/api/dashboard${q({ dashboardName: 'Editor wants it global', global: true })}`);
    expect(refused.status).toBe(403);

    await ownCopy(admin, 'Shared by admin');
    const made = await admin.put<DashboardSummary>(
      `/api/dashboard${q({ dashboardName: 'Shared by admin', global: true })}`,
    );
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ global: true, mine: false });
    expect((await inspector.get<DashboardSummary[]>('/api/dashboard')).body.map((d) => d.name)).toContain(
      'Shared by admin',
    );
    // Not the inspector's to edit: a session on it is refused, a copy is theirs.
    expect((await inspector.post(`${SESSIONS}/start${q({ dashboardName: 'Shared by admin' })}`)).status).toBe(403);

    await ownCopy(admin, 'Second admin board');
    await server.db.query(sql`UPDATE dashboards SET name = 'shared BY ADMIN' WHERE name = 'Second admin board'`);
    const clash = await admin.put(`/api/dashboard${q({ dashboardName: 'shared BY ADMIN', global: true })}`);
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('dashboard/name-exists');

    // The administrator's personal one of that name shadows the global one for them until it goes.
    expect((await admin.request('DELETE', `/api/dashboard${q({ dashboardName: 'shared by admin' })}`)).status).toBe(
      204,
    );
    const back = await admin.put<DashboardSummary>(
      `/api/dashboard${q({ dashboardName: 'Shared by admin', global: false })}`,
    );
    expect(back.body).toMatchObject({ global: false, mine: true });
    expect((await inspector.get<DashboardSummary[]>('/api/dashboard')).body.map((d) => d.name)).not.toContain(
      'Shared by admin',
    );
    await admin.put(`/api/dashboard${q({ dashboardName: 'Shared by admin', global: true })}`);
    const stays = await admin.put(`/api/dashboard${q({ dashboardName: DEMO_DASHBOARD_NAME, global: false })}`);
    expect(stays.status).toBe(400);
    expect(stays.body.ModelState).toHaveProperty('global');
  });

  it('a personal dashboard is deleted by its owner; a global one only by an administrator', async () => {
    await ownCopy(editor, 'To delete');
    expect((await editor.request('DELETE', `/api/dashboard${q({ dashboardName: 'To delete' })}`)).status).toBe(204);
    expect((await editor.get(`/api/dashboard/template${q({ dashboardName: 'To delete' })}`)).status).toBe(404);
    const global = await editor.request('DELETE', `/api/dashboard${q({ dashboardName: DEMO_DASHBOARD_NAME })}`);
    expect(global.status).toBe(403);
    expect((await guest.request('DELETE', `/api/dashboard${q({ dashboardName: DEMO_DASHBOARD_NAME })}`)).status).toBe(
      403,
    );
    expect((await editor.request('DELETE', `/api/dashboard${q({ isGallery: true })}`)).status).toBe(403);
  });
});

describe('editing sessions', () => {
  it('guests read but cannot start a session; an editor cannot start one on a global dashboard', async () => {
    expect((await guest.post(`${SESSIONS}/start`)).status).toBe(403);
    expect((await guest.post(`${SESSIONS}/empty`)).status).toBe(403);
    expect((await editor.post(`${SESSIONS}/start`)).status).toBe(403);
    expect((await editor.post(`${SESSIONS}/start${q({ isGallery: true })}`)).status).toBe(403);
  });

  it("a session is its starter's alone: another user's answers 404", async () => {
    await ownCopy(editor, 'Editor private');
    const s = await start(editor, { dashboardName: 'Editor private' });
    expect(s).toMatchObject({ dashboardName: 'Editor private', isGallery: false, baseVersion: 1 });
    expect((await editor.get(`${SESSIONS}/${s.id}`)).status).toBe(200);
    expect((await inspector.get(`${SESSIONS}/${s.id}`)).status).toBe(404);
    expect((await inspector.request('DELETE', `${SESSIONS}/${s.id}`)).status).toBe(404);
    expect((await editor.request('DELETE', `${SESSIONS}/${s.id}`)).status).toBe(204);
    expect((await editor.get(`${SESSIONS}/${s.id}`)).status).toBe(404);
  });

  it('widgets are created, duplicated below the others, updated, read with data, configured and deleted', async () => {
    await ownCopy(editor, 'Editor workbench');
    const s = await start(editor, { dashboardName: 'Editor workbench' });
    const created = await editor.post<Widget>(`${SESSIONS}/${s.id}/widgets`, { Widget: pie('Sections by material') });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    expect(s.widgets.map((w) => w.id)).not.toContain(id);

    const dup = await editor.post<Widget>(`${SESSIONS}/${s.id}/widgets`, { WidgetId: id });
    expect(dup.status, dup.text).toBe(201);
    expect(dup.body.title).toBe('Sections by material (2)');
    expect(dup.body.id).not.toBe(id);
    const bottom = Math.max(...s.widgets.map((w) => w.layout.y + w.layout.h), 4);
    expect(dup.body.layout.y).toBe(bottom);

    const sameTitle = await editor.post(`${SESSIONS}/${s.id}/widgets`, { Widget: pie('SECTIONS by material') });
    expect(sameTitle.status).toBe(409);
    expect(sameTitle.body.code).toBe('dashboard/widget-exists');

    const changed = { ...created.body, title: 'Length by material', measure: { kind: 'length' } };
    const put = await editor.put<Widget>(`${SESSIONS}/${s.id}/widgets/${id}`, changed);
    expect(put.status, put.text).toBe(200);
    const mismatch = await editor.put(`${SESSIONS}/${s.id}/widgets/${dup.body.id}`, changed);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.ModelState).toHaveProperty('id');

    const read = await editor.get<{ widget: Widget; data: { items: { key: string }[] } }>(
      `${SESSIONS}/${s.id}/widgets/${id}`,
    );
    expect(read.body.widget.title).toBe('Length by material');
    expect(read.body.data.items.length).toBeGreaterThan(1);

    const config = await editor.get<{ savedFilters: { name: string }[]; sources: unknown[]; periods: unknown[] }>(
      `${SESSIONS}/${s.id}/widgets/${id}/config`,
    );
    expect(config.status, config.text).toBe(200);
    expect(config.body.sources).toHaveLength(5);
    // The editor's own filter and the shared ones they see.
    expect(config.body.savedFilters.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Planned tasks', 'Very poor sections']),
    );

    const prefilled = await editor.post<Widget>(`${SESSIONS}/${s.id}/widgets/prefill-data-items`, read.body.widget);
    expect(prefilled.status, prefilled.text).toBe(200);
    expect(prefilled.body.options.items!.map((i) => i.key).sort()).toEqual(
      read.body.data.items.map((i) => i.key).sort(),
    );

    const deleted = await editor.request<EditingSession>('DELETE', `${SESSIONS}/${s.id}/widgets/${dup.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.widgets.map((w) => w.id)).not.toContain(dup.body.id);
    expect((await editor.request('DELETE', `${SESSIONS}/${s.id}/widgets/${dup.body.id}`)).status).toBe(404);

    const session = (await editor.get<EditingSession>(`${SESSIONS}/${s.id}`)).body;
    const saved = await commit(editor, s, session.widgets);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Editor workbench', version: 2, widgetCount: 7 });
    // The session ends with its commit.
    expect((await editor.get(`${SESSIONS}/${s.id}`)).status).toBe(404);
  });

  it('a widget the rules refuse answers 400 naming the field', async () => {
    const s = await start(admin);
    const noGroup = await admin.post(`${SESSIONS}/${s.id}/widgets`, { Widget: pie('No group', { groupBy: null }) });
    expect(noGroup.status).toBe(400);
    expect(Object.keys(noGroup.body.ModelState)).toContain('Widget.groupBy');
    const unknownProperty = await admin.post(`${SESSIONS}/${s.id}/widgets/preview`, {
      ...pie('Bad measure'),
      measure: { kind: 'avg', property: 'colour' },
    });
    expect(unknownProperty.status).toBe(400);
    expect(Object.keys(unknownProperty.body.ModelState)).toContain('measure.property');
    const badCommit = await commit(admin, s, [{ ...s.widgets[0], layout: { x: 10, y: 0, w: 4, h: 2 } }]);
    expect(badCommit.status).toBe(400);
    expect(Object.keys((badCommit.body as { ModelState?: object }).ModelState ?? {})).toContain('widgets.0.layout');
    const twice = await commit(admin, s, [s.widgets[0], { ...s.widgets[1], title: s.widgets[0]!.title }]);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('dashboard/widget-exists');
    expect((await admin.request('DELETE', `${SESSIONS}/${s.id}`)).status).toBe(204);
  });

  it('of two sessions on one dashboard the second commit is refused, then forced; the version moved twice', async () => {
    const before = (await admin.get<DashboardTemplate>('/api/dashboard/template')).body;
    const [first, second] = [await start(admin), await start(admin)];
    expect(first.baseVersion).toBe(before.version);
    const a = await commit(admin, first, first.widgets.slice(0, 5));
    expect(a.status, a.text).toBe(200);
    expect(a.body.version).toBe(before.version + 1);

    const refused = await commit(admin, second, second.widgets);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('concurrency/modified-by-another-user');
    // Refused, the session is kept for the user to force or save under a new name.
    expect((await admin.get(`${SESSIONS}/${second.id}`)).status).toBe(200);

    const forced = await commit(admin, second, second.widgets, { force: true });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body.version).toBe(before.version + 2);
    const after = (await guest.get<DashboardTemplate>('/api/dashboard/template')).body;
    expect(after.widgets).toEqual(before.widgets);
  });

  it('two commits racing from one version: exactly one wins', async () => {
    const [first, second] = [await start(admin), await start(admin)];
    const results = await Promise.all([commit(admin, first, first.widgets), commit(admin, second, second.widgets)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a commit with newDashboardName saves a new personal dashboard and leaves the one edited as it was', async () => {
    const before = (await admin.get<DashboardTemplate>('/api/dashboard/template')).body;
    const s = await start(admin);
    const long = await commit(admin, s, s.widgets.slice(0, 2), {
      newDashboardName: 'y'.repeat(DASHBOARD_NAME_MAX_LENGTH + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('dashboard/name-too-long');
    const res = await commit(admin, s, s.widgets.slice(0, 2), { newDashboardName: 'Admin two widgets' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Admin two widgets',
      global: false,
      mine: true,
      widgetCount: 2,
      version: 1,
    });
    expect((await admin.get<DashboardTemplate>('/api/dashboard/template')).body.version).toBe(before.version);
  });

  it('an empty session commits as a new personal dashboard named dashboardName, which it needs', async () => {
    const empty = await inspector.post<EditingSession>(`${SESSIONS}/empty`);
    expect(empty.status, empty.text).toBe(201);
    expect(empty.body).toMatchObject({ dashboardName: null, baseVersion: null, widgets: [] });
    const w = await inspector.post<Widget>(`${SESSIONS}/${empty.body.id}/widgets`, { Widget: pie('My pie') });
    const nameless = await commit(inspector, empty.body, [w.body]);
    expect(nameless.status).toBe(400);
    expect((nameless.body as { ModelState?: object }).ModelState).toHaveProperty('dashboardName');
    const res = await commit(inspector, empty.body, [w.body], { dashboardName: 'Inspector board' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Inspector board', mine: true, widgetCount: 1 });
  });

  it('a session on a dashboard deleted meanwhile answers 404 at commit, and may still save under a new name', async () => {
    await ownCopy(editor, 'Soon gone');
    const s = await start(editor, { dashboardName: 'Soon gone' });
    expect((await editor.request('DELETE', `/api/dashboard${q({ dashboardName: 'Soon gone' })}`)).status).toBe(204);
    expect((await commit(editor, s, s.widgets)).status).toBe(404);
    const saved = await commit(editor, s, s.widgets, { newDashboardName: 'Rescued' });
    expect(saved.status, saved.text).toBe(200);
  });

  it('an idle session answers 404, and the expiry job deletes it', async () => {
    const s = await start(admin);
    await server.db.query(sql`
      UPDATE dashboard_editing_sessions SET touched_at = now() - make_interval(mins => ${EDITING_SESSION_IDLE_MINUTES + 1})
      WHERE id = ${s.id}::uuid`);
    expect((await admin.get(`${SESSIONS}/${s.id}`)).status).toBe(404);
    expect((await commit(admin, s, s.widgets)).status).toBe(404);
    await server.services.jobHandlers['dashboard.expire-sessions']({}, { signal: new AbortController().signal });
    const left = await server.db.query(sql`SELECT 1 FROM dashboard_editing_sessions WHERE id = ${s.id}::uuid`);
    expect(left).toHaveLength(0);
  });
});

describe('the widget gallery', () => {
  it('adding a gallery widget whose title is taken answers 409, unless ForceRename or ForceReplace', async () => {
    const gallery = (await editor.get<GalleryWidget[]>('/api/widgets-gallery')).body;
    const material = gallery.find((g) => g.widget.title === 'Sections by material')!;
    expect(material.canDelete).toBe(false);
    await ownCopy(editor, 'Gallery rules');
    const s = await start(editor, { dashboardName: 'Gallery rules' });
    const first = await editor.post<Widget>(`${SESSIONS}/${s.id}/widgets`, { GalleryWidgetId: material.id });
    expect(first.status, first.text).toBe(201);
    expect(first.body.title).toBe('Sections by material');

    const taken = await editor.post(`${SESSIONS}/${s.id}/widgets`, { GalleryWidgetId: material.id });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('dashboard/widget-exists');

    const renamed = await editor.post<Widget>(`${SESSIONS}/${s.id}/widgets`, {
      GalleryWidgetId: material.id,
      ForceRename: true,
    });
    expect(renamed.status).toBe(201);
    expect(renamed.body.title).toBe('Sections by material (2)');

    // The one so titled is replaced in place: its id and layout stay.
    const moved = { ...first.body, measure: { kind: 'count' }, layout: { x: 8, y: 20, w: 4, h: 3 } };
    await editor.put(`${SESSIONS}/${s.id}/widgets/${first.body.id}`, moved);
    const replaced = await editor.post<Widget>(`${SESSIONS}/${s.id}/widgets`, {
      GalleryWidgetId: material.id,
      ForceReplace: true,
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id: first.body.id, layout: moved.layout, measure: { kind: 'length' } });
    const session = (await editor.get<EditingSession>(`${SESSIONS}/${s.id}`)).body;
    expect(session.widgets.filter((w) => w.title.startsWith('Sections by material'))).toHaveLength(2);
    expect((await editor.post(`${SESSIONS}/${s.id}/widgets`, { GalleryWidgetId: 999_999 })).status).toBe(404);
  });

  it('add-to-gallery refuses a title the gallery has unless forceReplace; its adder or an administrator deletes it', async () => {
    const s = await start(editor, { dashboardName: 'Gallery rules' });
    const mine = s.widgets.find((w) => w.id === 'worst-districts')!;
    const added = await editor.post<GalleryWidget>(`${SESSIONS}/${s.id}/widgets/add-to-gallery`, { WidgetId: mine.id });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ addedBy: 'Erin Editor', canDelete: true, widget: { title: 'Worst districts' } });
    expect(added.body.widget.id).not.toBe(mine.id);

    const again = await editor.post(`${SESSIONS}/${s.id}/widgets/add-to-gallery`, { WidgetId: mine.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('dashboard/widget-exists');
    const replaced = await editor.post<GalleryWidget>(
      `${SESSIONS}/${s.id}/widgets/add-to-gallery${q({ forceReplace: true })}`,
      {
        WidgetId: mine.id,
      },
    );
    expect(replaced.status).toBe(201);
    expect(replaced.body.id).toBe(added.body.id);

    // Someone else's gallery widget is not the editor's to replace.
    const material = s.widgets.find((w) => w.id === 'length-by-grade')!;
    await editor.put(`${SESSIONS}/${s.id}/widgets/${material.id}`, { ...material, title: 'Sections by material' });
    const notTheirs = await editor.post(`${SESSIONS}/${s.id}/widgets/add-to-gallery${q({ forceReplace: true })}`, {
      WidgetId: material.id,
    });
    expect(notTheirs.status).toBe(403);

    const inspectorRefused = await inspector.request('DELETE', `/api/widgets-gallery/${added.body.id}`);
    expect(inspectorRefused.status).toBe(403);
    expect((await editor.request('DELETE', `/api/widgets-gallery/${added.body.id}`)).status).toBe(204);
    expect((await editor.request('DELETE', `/api/widgets-gallery/${added.body.id}`)).status).toBe(404);
    const gallery = (await guest.get<DashboardTemplate>(`/api/dashboard/template${q({ isGallery: true })}`)).body;
    expect(gallery).toMatchObject({ name: 'Widget gallery', isGallery: true });
    expect(gallery.widgets.map((w) => w.title)).not.toContain('Worst districts');
    const one = await guest.get(`/api/dashboard/widgets/${gallery.widgets[0]!.id}${q({ isGallery: true })}`);
    expect(one.status, one.text).toBe(200);
  });

  it('an administrator edits the gallery in a session, and its commit replaces the gallery', async () => {
    const s = await start(admin, { isGallery: true });
    expect(s).toMatchObject({ isGallery: true, dashboardName: null });
    const kept = s.widgets.slice(0, 2);
    const wrongKind = await commit(admin, s, kept);
    expect(wrongKind.status).toBe(400);
    const res = await commit(admin, s, kept, { isGallery: true });
    expect(res.status, res.text).toBe(200);
    const gallery = (await guest.get<GalleryWidget[]>('/api/widgets-gallery')).body;
    expect(gallery.map((g) => g.widget.id)).toEqual(kept.map((w) => w.id));

    const empty = (await admin.post<EditingSession>(`${SESSIONS}/empty${q({ isGallery: true })}`)).body;
    const w = await admin.post<Widget>(`${SESSIONS}/${empty.id}/widgets`, { Widget: pie('Brand new gallery pie') });
    expect((await commit(admin, empty, [w.body], { isGallery: true })).status).toBe(200);
    expect((await guest.get<GalleryWidget[]>('/api/widgets-gallery')).body).toHaveLength(3);

    expect((await admin.request('DELETE', `/api/dashboard${q({ isGallery: true })}`)).status).toBe(204);
    expect((await guest.get<GalleryWidget[]>('/api/widgets-gallery')).body).toEqual([]);
  });
});

describe('the default dashboard', () => {
  it('deleting it makes the oldest remaining global dashboard the default', async () => {
    expect((await admin.request('DELETE', `/api/dashboard${q({ dashboardName: DEMO_DASHBOARD_NAME })}`)).status).toBe(
      204,
    );
    const list = (await guest.get<DashboardSummary[]>('/api/dashboard')).body;
    expect(list[0]).toMatchObject({ name: 'Shared by admin', isDefault: true });
    expect((await guest.get<DashboardTemplate>('/api/dashboard/template')).body.name).toBe('Shared by admin');
  });
});
