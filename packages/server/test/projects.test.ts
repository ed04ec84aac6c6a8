/**
 * The office's planning calls through the real HTTP layer on the demo town: the projects with their
 * progress, the users work may be assigned to, and a project's tasks paged through with offset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignee, ProjectSummary, TaskSummary } from '@manway/core/api/work';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
let editor: TestClient;
let office: TestClient;
let inspector: TestClient;
let guest: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  [editor, office, inspector, guest] = [server.client(), server.client(), server.client(), server.client()];
  await editor.signIn('editor', 'editor-demo');
  await office.signIn('office', 'office-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
});
afterAll(() => server.close());

const q = <T = any>(statement: SQL) => server.db.query<T>(statement);

/** The active demo project: work may be planned in it. */
const ACTIVE_PROJECT = 5;

async function countsInDatabase(projectId: number): Promise<Record<string, number>> {
  const rows = await q(sql`SELECT state, count(*)::int AS n FROM tasks WHERE project_id = ${projectId} GROUP BY state`);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

const projectOf = (list: ProjectSummary[], id: number) => list.find((p) => p.id === id)!;

describe('the projects', () => {
  it('each project comes with its standard and its tasks counted per state, open ones first, then by name', async () => {
    const res = await editor.get('/api/projects');
    expect(res.status).toBe(200);
    const list = res.body as ProjectSummary[];
    const inDatabase = await q(sql`SELECT id, name, status FROM projects`);
    expect(list).toHaveLength(inDatabase.length);
    for (const p of list) {
      const counts = await countsInDatabase(p.id);
      expect(p.taskCounts).toEqual({
        planned: counts.planned ?? 0,
        started: counts.started ?? 0,
        'inspection-created': counts['inspection-created'] ?? 0,
        completed: counts.completed ?? 0,
        deleted: counts.deleted ?? 0,
      });
      expect(p.open).toBe(p.status === 'planned' || p.status === 'active');
    }
    // Open first; within each group, by name as people read it.
    const openFlags = list.map((p) => p.open);
    expect(openFlags).toEqual([...openFlags].sort((a, b) => Number(b) - Number(a)));
    for (const open of [true, false]) {
      const names = list.filter((p) => p.open === open).map((p) => p.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    }
    expect(projectOf(list, ACTIVE_PROJECT)).toMatchObject({
      status: 'active',
      open: true,
      client: expect.any(String),
      contractor: expect.any(String),
      standard: { id: 'manway-demo', name: expect.any(String) },
    });
    expect(list[0]!.id).toBe(ACTIVE_PROJECT);
  });

  it('reviewers read them too; a crew member and a guest are refused (403)', async () => {
    expect((await office.get('/api/projects')).status).toBe(200);
    expect((await inspector.get('/api/projects')).status).toBe(403);
    expect((await guest.get('/api/projects')).status).toBe(403);
  });

  it('tasks made by bulk-create count in the project’s progress at once, as planned', async () => {
    const before = projectOf((await editor.get('/api/projects')).body, ACTIVE_PROJECT).taskCounts;
    const free = await q(sql`
      SELECT id FROM assets a WHERE object_type = 'node' AND lifecycle_status = 'active'
        AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id AND t.state IN ('planned', 'started', 'inspection-created'))
      ORDER BY id LIMIT 7`);
    const created = await editor.post('/api/tasks/bulk-create', {
      projectId: ACTIVE_PROJECT,
      taskType: 'inspect',
      selection: { kind: 'ids', objectType: 'Node', ids: free.map((f) => Number(f.id)) },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.created).toBe(7);
    const after = projectOf((await editor.get('/api/projects')).body, ACTIVE_PROJECT).taskCounts;
    expect(after).toEqual({ ...before, planned: before.planned + 7 });
  });
});

describe('the users work may be assigned to', () => {
  it('lists enabled users who are neither guests nor service accounts, with no more than who they are', async () => {
    await server.services.users.ensureSyncAccount('field-agent-test-password');
    await q(sql`UPDATE users SET disabled = true WHERE login = 'syncer'`);
    const res = await editor.get('/api/assignees');
    expect(res.status).toBe(200);
    const list = res.body as Assignee[];
    const logins = list.map((a) => a.login);
    expect(logins).toEqual(expect.arrayContaining(['admin', 'editor', 'office', 'inspector']));
    expect(logins).not.toContain('guest');
    expect(logins).not.toContain('syncer');
    expect(logins).not.toContain('field-agent');
    for (const a of list) expect(Object.keys(a).sort()).toEqual(['displayName', 'id', 'login']);
    const names = list.map((a) => a.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    await q(sql`UPDATE users SET disabled = false WHERE login = 'syncer'`);
  });

  it('is for editors, who plan: a reviewer and a crew member are refused (403)', async () => {
    expect((await office.get('/api/assignees')).status).toBe(403);
    expect((await inspector.get('/api/assignees')).status).toBe(403);
    expect((await guest.get('/api/assignees')).status).toBe(403);
  });

  it('everyone listed can be given work: a plan for each of them is accepted', async () => {
    const list = (await editor.get('/api/assignees')).body as Assignee[];
    for (const a of list) {
      const res = await editor.post('/api/tasks/bulk-create/validate', {
        projectId: ACTIVE_PROJECT,
        taskType: 'inspect',
        assignedTo: a.id,
        selection: { kind: 'ids', objectType: 'Node', ids: [1] },
      });
      expect(res.status, `${a.login}: ${res.text}`).toBe(200);
    }
  });
});

describe("a project's tasks page by page", () => {
  it('offset passes over the earlier tasks: pages follow on without a gap or a repeat, with the same total', async () => {
    const path = `/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}`;
    const all = await guest.get(`${path}&limit=30`);
    const first = await guest.get(`${path}&limit=10`);
    const second = await guest.get(`${path}&limit=10&offset=10`);
    const third = await guest.get(`${path}&limit=10&offset=20`);
    const ids = (r: { body: { items: TaskSummary[] } }) => r.body.items.map((t) => t.id);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(ids(all));
    expect(new Set([first, second, third].map((r) => r.body.total))).toEqual(new Set([all.body.total]));
  });

  it('a page past the end has no tasks but still counts them all', async () => {
    const path = `/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}&taskState=open`;
    const total = (await guest.get(`${path}&limit=1`)).body.total as number;
    const past = await guest.get(`${path}&limit=25&offset=${total + 100}`);
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
    expect(past.body.total).toBe(total);
  });

  it('a negative offset answers 400 naming it', async () => {
    const res = await guest.get(`/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}&offset=-1`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['offset']);
  });
});
