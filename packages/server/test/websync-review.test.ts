/**
 * The Office's review reaches the Field (issue #17): an Office and a Field server, each on its own
 * database, the Field's agent reaching the Office over HTTP. Work is planned through POST api/tasks/plan,
 * inspected by the crew through the Field's own calls, sent back with "Sending completed tasks", decided
 * in the Office through accept and reject, and the decision comes back with "Getting planned tasks".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionListRow, TaskList } from '@manway/core/api/work';
import { NETWORK_TABLES } from '../src/modules/demo/repository';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let office: TestServer;
let field: TestServer;
let planner: TestClient;
let reviewer: TestClient;
let crew: TestClient;
let fieldAdmin: TestClient;
let fieldSyncerId: string;
let officeInspectorId: string;

const one = async <T = any>(s: TestServer, statement: SQL) => (await s.db.query<T>(statement))[0]!;
const LONG = 120_000;
const ACTIVE_PROJECT = 5;
const OPEN = ['planned', 'started', 'inspection-created'];

async function newTask(scenario: string): Promise<number> {
  const row = await one(
    field,
    sql`INSERT INTO sync_agent_tasks (scenario, status, scheduled_for, user_id, login)
     VALUES (${scenario}, 'Scheduled', now(), ${fieldSyncerId}, 'syncer') RETURNING id::int AS id`,
  );
  return row.id as number;
}

/** Runs a scenario as the schedule would; answers its client log. */
async function run(scenario: 'GettingPlannedTasks' | 'SendingCompletedTasks' | 'GettingUsers'): Promise<string> {
  const id = await newTask(scenario);
  const status = await field.services.syncAgent.run(id);
  const log = (await fieldAdmin.get(`/api/syncAgentTask/log?taskId=${id}&type=Client`)).text;
  expect(status, log).toBe('FinishedSuccessfully');
  return log;
}
const getPlannedTasks = () => run('GettingPlannedTasks');
const sendCompletedTasks = () => run('SendingCompletedTasks');

/** Plans inspections of the Office's first free sections for the crew member; answers their global ids. */
async function plan(n: number): Promise<{ globalId: string; officeId: number; code: string }[]> {
  const free = await office.db.query<{ id: string }>(
    sql`SELECT a.id::text AS id FROM assets a WHERE a.object_type = 'section' AND a.lifecycle_status = 'active'
     AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id) ORDER BY a.id LIMIT ${n}`,
  );
  const res = await planner.post('/api/tasks/plan', {
    projectId: ACTIVE_PROJECT,
    taskType: 'inspect',
    dueDate: '2027-03-01',
    assignedTo: officeInspectorId,
    scheduledDate: '2027-02-15',
    selection: { kind: 'ids', objectType: 'Section', ids: free.map((f) => Number(f.id)) },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.tasks).toHaveLength(n);
  const planned: { id: number; assetReadableId: string }[] = res.body.tasks;
  return Promise.all(
    planned.map(async (t) => ({
      officeId: t.id,
      code: t.assetReadableId,
      globalId: (await one(office, sql`SELECT global_id::text AS g FROM tasks WHERE id = ${t.id}`)).g as string,
    })),
  );
}

const fieldTaskId = async (globalId: string) =>
  Number((await one(field, sql`SELECT id FROM tasks WHERE global_id = ${globalId}`)).id);
const fieldTaskState = async (globalId: string) =>
  (await one(field, sql`SELECT state FROM tasks WHERE global_id = ${globalId}`)).state as string;
const officeTaskState = async (globalId: string) =>
  (await one(office, sql`SELECT state FROM tasks WHERE global_id = ${globalId}`)).state as string;

/** The crew creates the task's inspection in the Field; answers its Field id. */
async function createInspection(globalId: string): Promise<number> {
  const res = await crew.post(`/api/tasks/${await fieldTaskId(globalId)}/create-inspection`, {});
  expect(res.status, res.text).toBe(200);
  return res.body.inspectionId as number;
}

async function crewCommand(inspectionId: number, command: 'complete' | 'reopen'): Promise<InspectionListRow> {
  const res = await crew.post(`/api/inspections/${inspectionId}/${command}`, {});
  expect(res.status, res.text).toBe(200);
  return res.body.inspection as InspectionListRow;
}

/** The Office's copy of a Field inspection (same global id): its id there. */
async function inOffice(fieldInspectionId: number): Promise<number> {
  const g = (await one(field, sql`SELECT global_id::text AS g FROM inspections WHERE id = ${fieldInspectionId}`)).g;
  return Number((await one(office, sql`SELECT id FROM inspections WHERE global_id = ${g}`)).id);
}

const officeView = async (id: number) => (await reviewer.get<InspectionListRow>(`/api/inspections/${id}`)).body;
const crewView = async (id: number) => (await crew.get<InspectionListRow>(`/api/inspections/${id}`)).body;

/** The crew's "My work" in the Field: its open tasks by id. */
async function myWork(): Promise<Map<number, TaskList['items'][number]>> {
  const res = await crew.get<TaskList>('/api/tasks?parentObjectType=User&parentObjectId=me&taskState=open&limit=500');
  expect(res.status, res.text).toBe(200);
  return new Map(res.body.items.map((t) => [t.id, t]));
}

/** What a run could change in the Field: every version, and the workflow's history. */
const fieldFingerprint = async () =>
  one(
    field,
    sql`SELECT (SELECT sum(version)::int FROM tasks) AS tasks, (SELECT sum(version)::int FROM inspections) AS inspections,
       (SELECT sum(version)::int FROM assignments) AS assignments, (SELECT count(*)::int FROM inspection_events) AS events`,
  );

const fieldEvents = (inspectionId: number) =>
  field.db.query(
    sql`SELECT e.command, e.from_status, e.to_status, e.reason, u.login FROM inspection_events e
     LEFT JOIN users u ON u.id = e.user_id WHERE e.inspection_id = ${inspectionId} ORDER BY e.id`,
  );

beforeAll(async () => {
  office = await startTestServer();
  field = await startTestServer({
    env: {
      OFFICE_URL: office.base,
      OFFICE_LOGIN: 'syncer',
      OFFICE_PASSWORD: 'syncer-demo',
      OFFICE_RETRY_SECONDS: '0.05,0.1',
      SYNC_PAGE_SIZE: '50',
    },
  });
  // A Field starts without the Office's network; the Office's demo work is closed, so the Field gets
  // only what these tests plan. The agent's Office account (syncer) may not review: what it sends
  // arrives pending, for the Office's reviewer.
  await field.db.exec(`TRUNCATE ${NETWORK_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  await office.db.query(sql`UPDATE tasks SET state = 'deleted' WHERE state = ANY(${OPEN}::text[])`);
  [planner, reviewer, crew, fieldAdmin] = [office.client(), office.client(), field.client(), field.client()];
  await planner.signIn('editor', 'editor-demo');
  await reviewer.signIn('office', 'office-demo');
  // Both systems hold the demo accounts under the same global ids (a Field gets them with "Getting users").
  await crew.signIn('inspector', 'inspector-demo');
  await fieldAdmin.signIn('admin', TEST_ADMIN_PASSWORD);
  fieldSyncerId = (await one(field, sql`SELECT id FROM users WHERE login = 'syncer'`)).id;
  officeInspectorId = (await one(office, sql`SELECT id FROM users WHERE login = 'inspector'`)).id;
  for (const scenario of ['GettingDatabaseStructure', 'GettingProjects']) {
    const id = await newTask(scenario);
    if (scenario === 'GettingProjects') {
      await field.db.query(
        sql`UPDATE sync_agent_tasks SET task_settings = ${JSON.stringify({
          $type: 'GettingProjectsSettings',
          AllProjectsExport: true,
          ProjectsFilterName: null,
        })}::jsonb WHERE id = ${id}`,
      );
    }
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
  }
}, LONG);

afterAll(async () => {
  await field?.close();
  await office?.close();
});

describe("the Office's review reaches the Field with Getting planned tasks", () => {
  it(
    'rejected with a reason, the inspection goes back to the crew; completed again it reaches the Office pending; accepted, the task leaves My work',
    async () => {
      const [task] = await plan(1);
      await getPlannedTasks();
      const taskId = await fieldTaskId(task!.globalId);
      expect((await myWork()).get(taskId)).toMatchObject({ state: 'planned', assetReadableId: task!.code });

      const inspectionId = await createInspection(task!.globalId);
      expect(await crewCommand(inspectionId, 'complete')).toMatchObject({ status: 'pending', review: null });
      expect(await sendCompletedTasks()).toMatch(/Completed inspections: 1 copied/);
      const officeId = await inOffice(inspectionId);
      expect(await officeView(officeId)).toMatchObject({ status: 'pending', review: null });
      expect(await officeTaskState(task!.globalId)).toBe('inspection-created');

      const reject = await reviewer.post(`/api/inspections/${officeId}/reject`, { reason: 'Video missing from 12 m' });
      expect(reject.status, reject.text).toBe(200);
      const rejected = await officeView(officeId);

      // Sent again before the Field heard of it: the copy the Office rejected does not undo the rejection.
      const stale = await sendCompletedTasks();
      expect(stale).toMatch(
        /Left inspection of \S+ on [\d-]+ as it is: the Office rejected it; Getting planned tasks brings the reason to the Field/,
      );
      expect(await officeView(officeId)).toMatchObject({
        status: 'incomplete',
        review: 'rejected',
        version: rejected.version,
      });

      const log = await getPlannedTasks();
      expect(log).toContain(
        `Rejected in the Office by Olive Office: the inspection of ${task!.code} on ${rejected.inspectedAt.slice(0, 10)}, ` +
          'back with the crew ("Video missing from 12 m").',
      );
      expect(await crewView(inspectionId)).toMatchObject({
        status: 'incomplete',
        review: 'rejected',
        reviewReason: 'Video missing from 12 m',
        reviewedBy: 'Olive Office',
        reviewedAt: rejected.reviewedAt,
      });
      expect(await fieldEvents(inspectionId)).toEqual([
        { command: 'create', from_status: null, to_status: 'incomplete', reason: null, login: 'inspector' },
        { command: 'complete', from_status: 'incomplete', to_status: 'pending', reason: null, login: 'inspector' },
        {
          command: 'reject',
          from_status: 'pending',
          to_status: 'incomplete',
          reason: 'Video missing from 12 m',
          login: 'office',
        },
      ]);
      // Still the crew's work, now to be done again.
      expect(await fieldTaskState(task!.globalId)).toBe('inspection-created');
      expect((await myWork()).get(taskId)?.inspection).toEqual({ id: inspectionId, status: 'incomplete' });

      // Taken in once: a second run changes nothing.
      const before = await fieldFingerprint();
      expect(await getPlannedTasks()).toMatch(
        /The Office's decisions on 1 open tasks: 0 inspections rejected, 0 accepted/,
      );
      expect(await fieldFingerprint()).toEqual(before);

      // The crew completes it again: sent under the default settings (Skip updating existing office
      // tasks), the answer to the rejection reaches the Office pending review again.
      expect(await crewCommand(inspectionId, 'complete')).toMatchObject({ status: 'pending', review: 'rejected' });
      expect(await sendCompletedTasks()).toMatch(/Completed inspections: 1 copied/);
      expect(await officeView(officeId)).toMatchObject({
        status: 'pending',
        review: 'rejected',
        reviewReason: 'Video missing from 12 m',
      });
      const resent = await office.db.query(
        sql`SELECT e.command, e.from_status, e.to_status, u.login FROM inspection_events e
         LEFT JOIN users u ON u.id = e.user_id WHERE e.inspection_id = ${officeId} ORDER BY e.id`,
      );
      expect(resent).toEqual([
        { command: 'create', from_status: null, to_status: 'incomplete', login: 'syncer' },
        { command: 'complete', from_status: 'incomplete', to_status: 'pending', login: 'syncer' },
        { command: 'reject', from_status: 'pending', to_status: 'incomplete', login: 'office' },
        { command: 'complete', from_status: 'incomplete', to_status: 'pending', login: 'syncer' },
      ]);

      const accept = await reviewer.post(`/api/inspections/${officeId}/accept`, {});
      expect(accept.status, accept.text).toBe(200);
      const accepted = await officeView(officeId);
      expect(await officeTaskState(task!.globalId)).toBe('completed');

      expect(await getPlannedTasks()).toContain(
        `Accepted in the Office by Olive Office: the inspection of ${task!.code} on ${accepted.inspectedAt.slice(0, 10)}.`,
      );
      expect(await crewView(inspectionId)).toMatchObject({
        status: 'completed',
        review: 'accepted',
        reviewReason: null,
        reviewedBy: 'Olive Office',
        reviewedAt: accepted.reviewedAt,
      });
      expect(await fieldTaskState(task!.globalId)).toBe('completed');
      expect((await myWork()).has(taskId)).toBe(false);
      // The accepted inspection is the asset's condition in the Field too.
      const condition = async (s: TestServer) =>
        one(
          s,
          sql`SELECT a.condition_grade AS grade, i.global_id::text AS inspection FROM tasks t
           JOIN assets a ON a.id = t.asset_id LEFT JOIN inspections i ON i.id = a.condition_inspection_id
           WHERE t.global_id = ${task!.globalId}`,
        );
      expect(await condition(field)).toEqual(await condition(office));
      expect((await condition(field)).inspection).not.toBeNull();

      const after = await fieldFingerprint();
      await getPlannedTasks();
      expect(await fieldFingerprint()).toEqual(after);
    },
    LONG,
  );

  it(
    'a task the Office deleted is deleted in the Field while planned; one the crew is inspecting is kept, and the log says why',
    async () => {
      const [idle, busy] = await plan(2);
      await getPlannedTasks();
      // The crew has begun on one of them in the Field; nothing was sent.
      await createInspection(busy!.globalId);
      const deleted = await planner.post('/api/tasks', { TaskIds: [idle!.officeId, busy!.officeId] });
      expect(deleted.status, deleted.text).toBe(200);

      const log = await getPlannedTasks();
      expect(log).toContain(`Deleted in the Office: the task on ${idle!.code}.`);
      expect(log).toContain(
        `Kept the task on ${busy!.code}: the Office deleted it. ` +
          'The task cannot be deleted: it is being inspected; its inspection is kept with it.',
      );
      expect(await fieldTaskState(idle!.globalId)).toBe('deleted');
      expect(await fieldTaskState(busy!.globalId)).toBe('inspection-created');
      const work = await myWork();
      expect(work.has(await fieldTaskId(idle!.globalId))).toBe(false);
      expect(work.has(await fieldTaskId(busy!.globalId))).toBe(true);

      const before = await fieldFingerprint();
      expect(await getPlannedTasks()).toContain(`Kept the task on ${busy!.code}: the Office deleted it.`);
      expect(await fieldFingerprint()).toEqual(before);
    },
    LONG,
  );

  it(
    "an inspection the crew took back after sending keeps the crew's work: a rejection records its reason, an acceptance waits until it is sent again",
    async () => {
      const [toReject, toAccept] = await plan(2);
      await getPlannedTasks();
      const rejectedHere = await createInspection(toReject!.globalId);
      const acceptedHere = await createInspection(toAccept!.globalId);
      for (const id of [rejectedHere, acceptedHere]) await crewCommand(id, 'complete');
      await sendCompletedTasks();
      // The crew takes both back in the Field before the Office's decisions arrive.
      for (const id of [rejectedHere, acceptedHere]) await crewCommand(id, 'reopen');
      const [officeRejected, officeAccepted] = [await inOffice(rejectedHere), await inOffice(acceptedHere)];
      expect(
        (await reviewer.post(`/api/inspections/${officeRejected}/reject`, { reason: 'Wrong start node' })).status,
      ).toBe(200);
      expect((await reviewer.post(`/api/inspections/${officeAccepted}/accept`, {})).status).toBe(200);
      const versions = {
        rejected: (await crewView(rejectedHere)).version,
        accepted: (await crewView(acceptedHere)).version,
      };

      const log = await getPlannedTasks();
      expect(log).toContain(
        `Rejected in the Office by Olive Office: the inspection of ${toReject!.code} on ` +
          `${(await crewView(rejectedHere)).inspectedAt.slice(0, 10)} ("Wrong start node"); ` +
          'the crew had taken it back since it was sent, and their changes are kept.',
      );
      expect(log).toMatch(
        new RegExp(
          `Kept the inspection of ${toAccept!.code} on [\\d-]+ as the crew left it: the Office accepted it as it was sent, ` +
            'and the crew has taken it back since; complete it to send the changes\\.',
        ),
      );
      // The rejection is recorded on the crew's copy, which stays as they have it.
      expect(await crewView(rejectedHere)).toMatchObject({
        status: 'incomplete',
        review: 'rejected',
        reviewReason: 'Wrong start node',
        version: versions.rejected + 1,
      });
      expect((await fieldEvents(rejectedHere)).at(-1)).toEqual({
        command: 'reject',
        from_status: 'incomplete',
        to_status: 'incomplete',
        reason: 'Wrong start node',
        login: 'office',
      });
      // The acceptance of the copy as sent does not overwrite the crew's reopened one.
      expect(await crewView(acceptedHere)).toMatchObject({
        status: 'incomplete',
        review: null,
        version: versions.accepted,
      });
      expect(await fieldTaskState(toAccept!.globalId)).toBe('inspection-created');

      // Completed and sent again, both settle: the answer to the rejection is pending in the Office;
      // the accepted one stays accepted there, and the next run accepts it here and completes its task.
      for (const id of [rejectedHere, acceptedHere]) await crewCommand(id, 'complete');
      await sendCompletedTasks();
      expect(await officeView(officeRejected)).toMatchObject({ status: 'pending', review: 'rejected' });
      expect(await officeView(officeAccepted)).toMatchObject({ status: 'completed', review: 'accepted' });
      await getPlannedTasks();
      expect(await crewView(acceptedHere)).toMatchObject({ status: 'completed', review: 'accepted' });
      expect(await fieldTaskState(toAccept!.globalId)).toBe('completed');
      expect(await crewView(rejectedHere)).toMatchObject({ status: 'pending', review: 'rejected' });
    },
    LONG,
  );
});

describe('an inspection recorded in the Field outside any task', () => {
  /** A section the Field holds with no open task on it: planned, copied, then dropped by the Office. */
  async function fieldSectionWithoutTask(): Promise<{ id: number; code: string; globalId: string }> {
    const [task] = await plan(1);
    await getPlannedTasks();
    expect((await planner.post('/api/tasks', { TaskIds: [task!.officeId] })).status).toBe(200);
    expect(await getPlannedTasks()).toContain(`Deleted in the Office: the task on ${task!.code}.`);
    const asset = await one(
      field,
      sql`SELECT a.id::int AS id, a.global_id::text AS "globalId" FROM tasks t JOIN assets a ON a.id = t.asset_id
       WHERE t.global_id = ${task!.globalId}`,
    );
    return { id: asset.id as number, globalId: asset.globalId as string, code: task!.code };
  }

  it(
    "is sent pending; rejected in the Office it goes back to the crew with the reason; completed again and accepted, it is completed in the Field with the Office's condition",
    async () => {
      // The crew signs in to the Field with the accounts "Getting users" brings (their password hashes
      // are read by the Office's account marked as the sync agent).
      await office.db.query(sql`UPDATE users SET sync_agent = true WHERE login = 'syncer'`);
      await run('GettingUsers');
      const section = await fieldSectionWithoutTask();
      const created = await crew.post('/api/inspections', { parentObjectType: 'Section', parentObjectId: section.id });
      expect(created.status, created.text).toBe(201);
      const inspectionId = created.body.id as number;
      expect(await crewCommand(inspectionId, 'complete')).toMatchObject({ status: 'pending', taskId: null });

      expect(await sendCompletedTasks()).toMatch(/Completed inspections: 1 copied/);
      const officeId = await inOffice(inspectionId);
      expect(await officeView(officeId)).toMatchObject({ status: 'pending', review: null, taskId: null });
      const reject = await reviewer.post(`/api/inspections/${officeId}/reject`, {
        reason: 'No photo of the\nstart node',
      });
      expect(reject.status, reject.text).toBe(200);
      const rejected = await officeView(officeId);
      const day = rejected.inspectedAt.slice(0, 10);

      const log = await getPlannedTasks();
      expect(log).toContain(
        `Rejected in the Office by Olive Office: the inspection of ${section.code} on ${day}, ` +
          'back with the crew ("No photo of the start node").',
      );
      expect(log).toMatch(/The Office's decisions on 1 inspections outside tasks: 1 rejected, 0 accepted/);
      expect(await crewView(inspectionId)).toMatchObject({
        status: 'incomplete',
        review: 'rejected',
        reviewReason: 'No photo of the start node',
        reviewedBy: 'Olive Office',
        reviewedAt: rejected.reviewedAt,
        taskId: null,
      });
      expect((await fieldEvents(inspectionId)).at(-1)).toEqual({
        command: 'reject',
        from_status: 'pending',
        to_status: 'incomplete',
        reason: 'No photo of the start node',
        login: 'office',
      });

      // Taken in once: asked again, it changes nothing.
      const before = await fieldFingerprint();
      expect(await getPlannedTasks()).toMatch(/The Office's decisions on 1 inspections outside tasks: 0 rejected/);
      expect(await fieldFingerprint()).toEqual(before);

      // The crew's answer reaches the Office pending review again; the Office accepts it.
      expect(await crewCommand(inspectionId, 'complete')).toMatchObject({ status: 'pending', review: 'rejected' });
      expect(await sendCompletedTasks()).toMatch(/Completed inspections: 1 copied/);
      expect(await officeView(officeId)).toMatchObject({ status: 'pending', review: 'rejected' });
      const accept = await reviewer.post(`/api/inspections/${officeId}/accept`, {});
      expect(accept.status, accept.text).toBe(200);
      const accepted = await officeView(officeId);

      expect(await getPlannedTasks()).toContain(
        `Accepted in the Office by Olive Office: the inspection of ${section.code} on ${day}.`,
      );
      expect(await crewView(inspectionId)).toMatchObject({
        status: 'completed',
        review: 'accepted',
        reviewReason: null,
        reviewedBy: 'Olive Office',
        reviewedAt: accepted.reviewedAt,
      });
      // The accepted inspection is the asset's condition in the Field as in the Office.
      const condition = async (s: TestServer) =>
        one(
          s,
          sql`SELECT a.condition_grade AS grade, i.global_id::text AS inspection FROM assets a
           LEFT JOIN inspections i ON i.id = a.condition_inspection_id WHERE a.global_id = ${section.globalId}`,
        );
      expect(await condition(field)).toEqual(await condition(office));
      expect((await condition(field)).inspection).toBe(
        (await one(field, sql`SELECT global_id::text AS g FROM inspections WHERE id = ${inspectionId}`)).g,
      );

      // Accepted, it is no longer asked about: a second run changes nothing.
      const after = await fieldFingerprint();
      expect(await getPlannedTasks()).not.toMatch(/inspections outside tasks/);
      expect(await fieldFingerprint()).toEqual(after);
    },
    LONG,
  );
  it(
    'one the crew took back after sending is still asked about: a rejection records its reason on their copy',
    async () => {
      const section = await fieldSectionWithoutTask();
      const created = await crew.post('/api/inspections', { parentObjectType: 'Section', parentObjectId: section.id });
      expect(created.status, created.text).toBe(201);
      const inspectionId = created.body.id as number;
      await crewCommand(inspectionId, 'complete');
      await sendCompletedTasks();
      await crewCommand(inspectionId, 'reopen');
      const officeId = await inOffice(inspectionId);
      expect((await reviewer.post(`/api/inspections/${officeId}/reject`, { reason: 'Wrong start node' })).status).toBe(
        200,
      );
      const version = (await crewView(inspectionId)).version;

      expect(await getPlannedTasks()).toMatch(
        new RegExp(
          `Rejected in the Office by Olive Office: the inspection of ${section.code} on [\\d-]+ \\("Wrong start node"\\); ` +
            'the crew had taken it back since it was sent, and their changes are kept\\.',
        ),
      );
      expect(await crewView(inspectionId)).toMatchObject({
        status: 'incomplete',
        review: 'rejected',
        reviewReason: 'Wrong start node',
        version: version + 1,
      });
    },
    LONG,
  );
});

describe('the decisions call', () => {
  it('answers only to the websync permission, and 400 naming the field on bad input', async () => {
    const syncer = office.client();
    await syncer.signIn('syncer', 'syncer-demo');
    const path = '/api/sync/export/planned-tasks/decisions';
    expect((await office.client().post(path, { globalIds: [fieldSyncerId] })).status).toBe(401);
    expect((await reviewer.post(path, { globalIds: [fieldSyncerId] })).status).toBe(403);
    const bad = await syncer.post(path, { globalIds: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState).join()).toMatch(/globalIds/);
    expect((await syncer.post(path, { globalIds: [] })).status).toBe(400);
    expect((await syncer.post(path, { globalIds: [], inspectionGlobalIds: [] })).status).toBe(400);
    // At most 2000 global ids a request, tasks and inspections together.
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const tooMany = await syncer.post(path, { globalIds: ids(1000), inspectionGlobalIds: ids(1001) });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.ModelState).join()).toMatch(/inspectionGlobalIds/);
    expect((await syncer.post(path, { globalIds: ids(1000), inspectionGlobalIds: ids(1000) })).status).toBe(200);
    // A task or inspection the Office never had is left out of the answer.
    const unknown = await syncer.post(path, { globalIds: [fieldSyncerId], inspectionGlobalIds: [fieldSyncerId] });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ items: [], inspections: [] });
  });
});
