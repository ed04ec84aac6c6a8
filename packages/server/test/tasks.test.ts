/**
 * Planned work through the real HTTP layer on the demo town: task lists, starting a task and
 * creating its inspection, deleting, and planning on a selection (plan, bulk-create and its validate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_ILLEGAL_TRANSITION, type TaskSummary } from '@manway/core/api/work';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
let editor: TestClient;
let office: TestClient;
let inspector: TestClient;
let guest: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  [editor, office, inspector, guest] = [server.client(), server.client(), server.client(), server.client()];
  await editor.signIn('editor', 'editor-demo');
  await office.signIn('office', 'office-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
  for (const u of await q<{ login: string; id: string }>(sql`SELECT login, id FROM users`)) ids[u.login] = u.id;
});
afterAll(() => server.close());

const q = <T = any>(statement: SQL) => server.db.query<T>(statement);
const one = async <T = any>(statement: SQL) => (await q<T>(statement))[0]!;

/** The active demo project: its open work is planned from the seeding day on. */
const ACTIVE_PROJECT = 5;
const OPEN = sql`('planned', 'started', 'inspection-created')`;

/** Sections with no open task, the first `n` from `after` on, in id order. */
async function freeSections(n: number, after = 0): Promise<{ id: number; code: string }[]> {
  const rows = await q(sql`
    SELECT id, asset_code FROM assets a WHERE object_type = 'section' AND id > ${after} AND lifecycle_status = 'active'
      AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id AND t.state IN ${OPEN})
    ORDER BY id LIMIT ${n}`);
  return rows.map((r) => ({ id: Number(r.id), code: r.asset_code }));
}

/** A task of the demo's open work assigned to `login` (or to nobody) in `state`. */
async function taskOf(
  login: string | null,
  state: string,
  taskType?: string,
): Promise<{ id: number; version: number }> {
  const r = await one(sql`
    SELECT t.id, t.version FROM tasks t JOIN assignment_tasks x ON x.task_id = t.id JOIN assignments g ON g.id = x.assignment_id
    LEFT JOIN users u ON u.id = g.assigned_to
    WHERE t.state = ${state} AND u.login IS NOT DISTINCT FROM ${login}
      AND (${taskType ?? null}::text IS NULL OR t.task_type = ${taskType ?? null})
    ORDER BY t.id LIMIT 1`);
  return { id: Number(r.id), version: r.version };
}

describe('task lists', () => {
  it('the demo crew has work scheduled for the day the demo was seeded, in its open work list', async () => {
    const today = await server.services.demo.seededOn();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const res = await inspector.get('/api/tasks?parentObjectType=User&parentObjectId=me&taskState=open');
    expect(res.status).toBe(200);
    const items = res.body.items as TaskSummary[];
    expect(items.every((t) => t.assignment?.assignedTo?.login === 'inspector')).toBe(true);
    const todays = items.filter((t) => t.assignment?.scheduledDate === today);
    expect(todays.length).toBeGreaterThanOrEqual(4);
    expect(new Set(todays.map((t) => t.projectId))).toEqual(new Set([ACTIVE_PROJECT]));
    expect(new Set(todays.map((t) => t.state))).toEqual(new Set(['planned', 'started']));
  });

  it('a crew member cannot see another crew’s work list (403); editors and the office can', async () => {
    const path = `/api/tasks?parentObjectType=User&parentObjectId=${ids.editor}`;
    const refused = await inspector.get(path);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You have no permissions to perform this action');
    expect((await office.get(path)).status).toBe(200);
    const own = await editor.get(path);
    expect(own.status).toBe(200);
    expect(own.body.items.every((t: TaskSummary) => t.assignment?.assignedTo?.id === ids.editor)).toBe(true);
  });

  it('an asset’s tasks are everyone’s to read; an asset not of the type named answers 404', async () => {
    const t = await one(sql`SELECT asset_id FROM tasks WHERE id = 101`);
    const res = await guest.get(`/api/tasks?parentObjectType=Section&parentObjectId=${t.asset_id}`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((i: TaskSummary) => i.assetId === Number(t.asset_id))).toBe(true);
    expect((await guest.get(`/api/tasks?parentObjectType=Node&parentObjectId=${t.asset_id}`)).status).toBe(404);
    const bad = await guest.get('/api/tasks?parentObjectType=Section');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState)).toEqual(['parentObjectId']);
  });

  it('a project’s counts per state are its progress, whatever state the list narrows to', async () => {
    const expected = Object.fromEntries(
      (
        await q(sql`SELECT state, count(*)::int AS n FROM tasks WHERE project_id = ${ACTIVE_PROJECT} GROUP BY state`)
      ).map((r) => [r.state, r.n]),
    );
    const res = await guest.get(`/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}&taskState=open`);
    expect(res.status).toBe(200);
    for (const [state, n] of Object.entries(res.body.counts)) expect(n).toBe(expected[state] ?? 0);
    const open = (expected.planned ?? 0) + (expected.started ?? 0) + (expected['inspection-created'] ?? 0);
    expect(res.body.total).toBe(open);
    expect(
      res.body.items.every((t: TaskSummary) => ['planned', 'started', 'inspection-created'].includes(t.state)),
    ).toBe(true);
  });

  it('limit caps the items while total counts every match; without near they come by due date', async () => {
    const res = await guest.get(`/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}&limit=3`);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.total).toBeGreaterThan(3);
    const due = res.body.items.map((t: TaskSummary) => t.dueDate);
    expect([...due].sort()).toEqual(due);
    expect(res.body.items[0].distanceM).toBeNull();
  });

  it('near sorts nearest first, with distances in metres from the asset', async () => {
    const far = await guest.get(`/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}&limit=1000`);
    const target = far.body.items[far.body.items.length - 1] as TaskSummary;
    const { longitude, latitude } = target.position!;
    const res = await guest.get(
      `/api/tasks?parentObjectType=Project&parentObjectId=${ACTIVE_PROJECT}&near=${longitude},${latitude}&limit=1000`,
    );
    expect(res.status).toBe(200);
    const items = res.body.items as TaskSummary[];
    expect(items[0]!.assetId).toBe(target.assetId);
    expect(items[0]!.distanceM).toBeLessThan(1);
    const distances = items.map((t) => t.distanceM!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances[distances.length - 1]).toBeGreaterThan(100);
    const wrong = await guest.get('/api/tasks?near=200,10');
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.ModelState)).toEqual(['near']);
  });
});

describe('starting a task', () => {
  it('start-info of a crew’s own planned section task: ready, with its two end nodes and the open session', async () => {
    const task = await taskOf('inspector', 'planned', 'inspect');
    const res = await inspector.get(`/api/tasks/${task.id}/start-info`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ canStart: true, reason: null, needs: [] });
    expect(res.body.project).toMatchObject({ id: ACTIVE_PROJECT, standardId: 'manway-demo' });
    expect(res.body.standard.id).toBe('manway-demo');
    expect(res.body.startNodes.map((n: { end: string }) => n.end)).toEqual(['from', 'to']);
    expect(res.body.openSession).not.toBeNull();
  });

  it('start-info tells a crew without an open session to start one first', async () => {
    const task = await taskOf(null, 'planned', 'inspect');
    const res = await office.get(`/api/tasks/${task.id}/start-info`);
    expect(res.body.openSession).toBeNull();
    expect(res.body.canStart).toBe(true);
    expect(res.body.needs).toEqual(['Start an inspection session first: the inspection is recorded in it.']);
  });

  it('a crew member cannot start a task assigned to someone else: start-info says why, start answers 403', async () => {
    const task = await taskOf('editor', 'planned');
    const info = await inspector.get(`/api/tasks/${task.id}/start-info`);
    expect(info.body.canStart).toBe(false);
    expect(info.body.reason).toMatch(/assigned to/);
    const res = await inspector.post(`/api/tasks/${task.id}/start`, {});
    expect(res.status).toBe(403);
    expect((await one(sql`SELECT state FROM tasks WHERE id = ${task.id}`)).state).toBe('planned');
  });

  it('start moves a planned task to started and its assignment to in progress; sent again it answers changed: false', async () => {
    const task = await taskOf('inspector', 'planned');
    const first = await inspector.post(`/api/tasks/${task.id}/start`, { version: task.version });
    expect(first.status).toBe(200);
    expect(first.body.changed).toBe(true);
    expect(first.body.task).toMatchObject({ state: 'started', version: task.version + 1 });
    expect(first.body.task.assignment.status).toBe('in-progress');
    const again = await inspector.post(`/api/tasks/${task.id}/start`, { version: task.version });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, task: { state: 'started', version: task.version + 1 } });
  });

  it('whoever starts an unassigned task takes its assignment, which is then in progress', async () => {
    const task = await taskOf(null, 'planned');
    const res = await office.post(`/api/tasks/${task.id}/start`, {});
    expect(res.status).toBe(200);
    expect(res.body.task.assignment).toMatchObject({ status: 'in-progress', assignedTo: { login: 'office' } });
  });

  it('a stale version answers 409 and starts nothing', async () => {
    const task = await taskOf('inspector', 'planned');
    const res = await inspector.post(`/api/tasks/${task.id}/start`, { version: task.version + 5 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('concurrency/modified-by-another-user');
    expect((await one(sql`SELECT state FROM tasks WHERE id = ${task.id}`)).state).toBe('planned');
  });

  it('starting a completed or deleted task is an illegal transition: 409 with the workflow code', async () => {
    for (const state of ['completed', 'deleted']) {
      const t = await one(sql`SELECT id FROM tasks WHERE state = ${state} ORDER BY id LIMIT 1`);
      const res = await editor.post(`/api/tasks/${t.id}/start`, {});
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(WORKFLOW_ILLEGAL_TRANSITION);
      expect(res.body.message).toMatch(/cannot be started/);
    }
  });
});

describe('creating a task’s inspection', () => {
  it('creates one inspection of the task’s asset under the project’s standard, in the session; sent again it answers it with changed: false', async () => {
    const task = await taskOf('inspector', 'started', 'inspect');
    const session = await one(
      sql`SELECT id FROM inspection_sessions WHERE operator_id = ${ids.inspector} AND status = 'open' ORDER BY id LIMIT 1`,
    );
    const first = await inspector.post(`/api/tasks/${task.id}/create-inspection`, {
      version: task.version,
      sessionId: Number(session.id),
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.changed).toBe(true);
    expect(first.body.task).toMatchObject({ state: 'inspection-created', inspection: { id: first.body.inspectionId } });
    const row = await one(sql`SELECT i.task_id, i.session_id, i.standard_id, i.asset_id, t.asset_id AS task_asset
                              FROM inspections i JOIN tasks t ON t.id = i.task_id WHERE i.id = ${first.body.inspectionId}`);
    expect([Number(row.task_id), Number(row.session_id), row.standard_id]).toEqual([
      task.id,
      Number(session.id),
      'manway-demo',
    ]);
    expect(row.asset_id).toBe(row.task_asset);
    const event = await one(sql`SELECT command, from_status, to_status, user_id FROM inspection_events
                                WHERE inspection_id = ${first.body.inspectionId}`);
    expect(event).toEqual({ command: 'create', from_status: null, to_status: 'incomplete', user_id: ids.inspector });

    const again = await inspector.post(`/api/tasks/${task.id}/create-inspection`, { version: task.version });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, inspectionId: first.body.inspectionId });
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections WHERE task_id = ${task.id}`)).n).toBe(1);
  });

  it('a session that is not an open one of the caller’s answers 400 naming sessionId, and creates nothing', async () => {
    const task = await taskOf('inspector', 'planned', 'inspect');
    const other = await one(
      sql`SELECT id FROM inspection_sessions WHERE operator_id <> ${ids.inspector} ORDER BY id LIMIT 1`,
    );
    for (const sessionId of [Number(other.id), 987654321]) {
      const res = await inspector.post(`/api/tasks/${task.id}/create-inspection`, { sessionId });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual(['sessionId']);
    }
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections WHERE task_id = ${task.id}`)).n).toBe(0);
  });

  it('a crew member cannot create the inspection of another crew’s task (403)', async () => {
    const task = await taskOf('syncer', 'planned');
    expect((await inspector.post(`/api/tasks/${task.id}/create-inspection`, {})).status).toBe(403);
  });

  it('a completed task gets no inspection: 409 with the workflow code', async () => {
    const t = await one(sql`SELECT id FROM tasks WHERE state = 'completed' ORDER BY id LIMIT 1`);
    const res = await editor.post(`/api/tasks/${t.id}/create-inspection`, {});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(WORKFLOW_ILLEGAL_TRANSITION);
  });
});

describe('deleting tasks', () => {
  it('a task with an inspection is refused with 409 naming it, and nothing is deleted', async () => {
    const planned = await taskOf(null, 'planned');
    const inspected = await one(sql`SELECT id FROM tasks WHERE state = 'inspection-created' ORDER BY id LIMIT 1`);
    const res = await editor.post('/api/tasks', { TaskIds: [planned.id, Number(inspected.id)] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(WORKFLOW_ILLEGAL_TRANSITION);
    expect(res.body.message).toContain(`Task ${inspected.id}`);
    expect((await one(sql`SELECT state FROM tasks WHERE id = ${planned.id}`)).state).toBe('planned');
  });

  it('unknown ids answer 404, stale versions 409, and the crew may not delete (403)', async () => {
    const planned = await taskOf(null, 'planned');
    expect((await editor.post('/api/tasks', { TaskIds: [planned.id, 987654321] })).status).toBe(404);
    const stale = await editor.post('/api/tasks', { TaskIds: [planned.id], Versions: [planned.version + 1] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    expect((await inspector.post('/api/tasks', { TaskIds: [planned.id] })).status).toBe(403);
  });

  it('an editor deletes every task of an assignment: the tasks stay as deleted and the assignment is cancelled', async () => {
    const g = await one(sql`
      SELECT g.id, array_agg(x.task_id ORDER BY x.task_id) AS tasks FROM assignments g
      JOIN assignment_tasks x ON x.assignment_id = g.id WHERE g.status = 'assigned' AND g.id < 100 GROUP BY g.id ORDER BY g.id DESC LIMIT 1`);
    const taskIds = g.tasks.map(Number);
    const res = await editor.post('/api/tasks', { TaskIds: taskIds });
    expect(res.status).toBe(200);
    expect(res.body.Deleted).toEqual(taskIds);
    const states = await q(sql`SELECT DISTINCT state FROM tasks WHERE id = ANY(${taskIds}::bigint[])`);
    expect(states.map((s) => s.state)).toEqual(['deleted']);
    expect((await one(sql`SELECT status FROM assignments WHERE id = ${g.id}`)).status).toBe('cancelled');
  });
});

describe('planning tasks', () => {
  it('plan makes a task per asset with one assignment, skipping an asset with an open task, a non-inspectable one and an unknown id, with their reasons', async () => {
    const [a, b, removed] = await freeSections(3, 100);
    await q(sql`UPDATE assets SET lifecycle_status = 'removed' WHERE id = ${removed!.id}`);
    const busy = await one(sql`SELECT t.id, t.asset_id FROM tasks t WHERE t.state IN ${OPEN} ORDER BY t.id LIMIT 1`);
    const res = await editor.post('/api/tasks/plan', {
      projectId: ACTIVE_PROJECT,
      taskType: 'inspect',
      dueDate: '2027-03-01',
      assignedTo: ids.inspector,
      scheduledDate: '2027-02-15',
      selection: {
        kind: 'ids',
        objectType: 'Section',
        ids: [a!.id, b!.id, removed!.id, Number(busy.asset_id), 987654321],
      },
    });
    expect(res.status, res.text).toBe(200);
    const tasks = res.body.tasks as TaskSummary[];
    expect(tasks.map((t) => t.assetId)).toEqual([a!.id, b!.id]);
    expect(new Set(tasks.map((t) => t.assignment!.id)).size).toBe(1);
    expect(tasks[0]).toMatchObject({
      state: 'planned',
      taskType: 'inspect',
      dueDate: '2027-03-01',
      projectId: ACTIVE_PROJECT,
      assignment: { status: 'assigned', scheduledDate: '2027-02-15', assignedTo: { login: 'inspector' } },
    });
    const skipped = [
      {
        assetId: Number(busy.asset_id),
        assetReadableId: expect.any(String),
        reason: 'open-task',
        message: `already has an open task (#${busy.id})`,
      },
      { assetId: removed!.id, assetReadableId: removed!.code, reason: 'not-inspectable', message: 'is removed' },
      { assetId: 987654321, assetReadableId: null, reason: 'not-found', message: expect.any(String) },
    ].sort((l, r) => l.assetId - r.assetId);
    expect(res.body.skipped).toEqual(skipped);
  });

  it('plan refuses a completed project, an assignee who is a guest or a sync agent, and too large a selection (writing none of it), naming each field', async () => {
    const [a] = await freeSections(1, 200);
    const body = {
      projectId: ACTIVE_PROJECT,
      taskType: 'inspect',
      selection: { kind: 'ids', objectType: 'Section', ids: [a!.id] },
    };
    const fields = async (b: object) => Object.keys((await editor.post('/api/tasks/plan', b)).body.ModelState ?? {});
    expect(await fields({ ...body, projectId: 2 })).toEqual(['projectId']);
    expect(await fields({ ...body, projectId: 987654321 })).toEqual(['projectId']);
    expect(await fields({ ...body, assignedTo: ids.guest })).toEqual(['assignedTo']);
    // A sync agent's service account is no crew member, as GET api/assignees has it.
    await server.db.query(sql`UPDATE users SET sync_agent = true WHERE login = 'syncer'`);
    try {
      expect(await fields({ ...body, assignedTo: ids.syncer })).toEqual(['assignedTo']);
    } finally {
      await server.db.query(sql`UPDATE users SET sync_agent = false WHERE login = 'syncer'`);
    }
    const tasksBefore = (await one(sql`SELECT count(*)::int AS n FROM tasks`)).n;
    expect(
      await fields({ ...body, selection: { kind: 'extent', objectType: 'Lateral', extent: [8.2, 51.8, 8.4, 52] } }),
    ).toEqual(['selection']);
    expect((await one(sql`SELECT count(*)::int AS n FROM tasks`)).n).toBe(tasksBefore);
    expect((await inspector.post('/api/tasks/plan', body)).status).toBe(403);
  });

  it('bulk-create/validate answers exactly what bulk-create then does, and writes nothing', async () => {
    const box = await one(sql`
      SELECT ST_XMin(e) AS w, ST_YMin(e) AS s, ST_XMax(e) AS e, ST_YMax(e) AS n
      FROM (SELECT ST_Expand(ST_Extent(a.geom), 0.002) AS e FROM tasks t JOIN assets a ON a.id = t.asset_id
            WHERE t.id = (SELECT min(id) FROM tasks WHERE state IN ${OPEN} AND project_id = ${ACTIVE_PROJECT})) x`);
    const body = {
      projectId: ACTIVE_PROJECT,
      taskType: 'clean',
      assignedTo: ids.inspector,
      selection: { kind: 'extent', objectType: 'Section', extent: [box.w, box.s, box.e, box.n] },
    };
    const before = (await one(sql`SELECT count(*)::int AS n FROM tasks`)).n;
    const validated = await editor.post('/api/tasks/bulk-create/validate', body);
    expect(validated.status, validated.text).toBe(200);
    expect((await one(sql`SELECT count(*)::int AS n FROM tasks`)).n).toBe(before);
    expect(validated.body.willCreate).toBeGreaterThan(0);
    expect(validated.body.skippedCount).toBeGreaterThan(0);

    const created = await editor.post('/api/tasks/bulk-create', body);
    expect(created.status, created.text).toBe(200);
    expect(created.body.created).toBe(validated.body.willCreate);
    expect(created.body).toMatchObject({
      selected: validated.body.selected,
      willCreate: validated.body.willCreate,
      skippedCount: validated.body.skippedCount,
      skipped: validated.body.skipped,
    });
    const made = await one(sql`SELECT count(*)::int AS n, min(g.status) AS status FROM assignment_tasks x
                               JOIN assignments g ON g.id = x.assignment_id WHERE g.id = ${created.body.assignmentId}`);
    expect(made).toEqual({ n: validated.body.willCreate, status: 'assigned' });
    expect((await one(sql`SELECT count(*)::int AS n FROM tasks`)).n).toBe(before + validated.body.willCreate);

    const again = await editor.post('/api/tasks/bulk-create/validate', body);
    expect(again.body.willCreate).toBe(0);
    expect(again.body.skippedCount).toBe(validated.body.selected);
  });

  it('bulk-create plans on a saved filter’s matches in SQL', async () => {
    const body = {
      projectId: ACTIVE_PROJECT,
      taskType: 'rehabilitate',
      selection: { kind: 'saved-filter', name: 'Very poor sections' },
    };
    const validated = await editor.post('/api/tasks/bulk-create/validate', body);
    expect(validated.status, validated.text).toBe(200);
    expect(validated.body.selected).toBeGreaterThan(0);
    const created = await editor.post('/api/tasks/bulk-create', body);
    expect(created.body.created).toBe(validated.body.willCreate);
    expect(created.body.skipped).toEqual(validated.body.skipped);
    expect(created.body.assignmentId === null).toBe(validated.body.willCreate === 0);
    const unknown = await editor.post('/api/tasks/bulk-create/validate', {
      ...body,
      selection: { kind: 'saved-filter', name: 'No such filter' },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.ModelState)).toEqual(['selection.name']);
  });

  it('two planners on the same assets at once never make two open tasks on one asset', async () => {
    const free = await freeSections(40, 1000);
    const body = {
      projectId: ACTIVE_PROJECT,
      taskType: 'inspect',
      selection: { kind: 'ids', objectType: 'Section', ids: free.map((f) => f.id) },
    };
    const [x, y] = await Promise.all([
      editor.post('/api/tasks/bulk-create', body),
      editor.post('/api/tasks/bulk-create', body),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.created + y.body.created).toBe(free.length);
    expect(x.body.skippedCount + y.body.skippedCount).toBe(free.length);
    const doubled = await one(sql`SELECT count(*)::int AS n FROM (SELECT asset_id FROM tasks WHERE state IN ${OPEN}
                                  GROUP BY asset_id HAVING count(*) > 1) d`);
    expect(doubled.n).toBe(0);
  });
});
