import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_SETTINGS, START_TIME_IN_PAST } from '@manway/core/api/websync';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';
import { sql } from '../src/db/sql';

let server: TestServer;
let syncer: TestClient;
let admin: TestClient;
let inspector: TestClient;
let syncerId: string;

const inAnHour = () => new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000).toISOString();

function body(overrides: Record<string, unknown> = {}) {
  return {
    id: null,
    name: 'Nightly planned tasks',
    scenario: 'GettingPlannedTasks',
    userId: syncerId,
    taskSettings: { $type: 'GettingTasksSettings', FilterName: 'Planned this week' },
    taskSchedule: { $type: 'OneTime', StartTime: inAnHour(), RepeatEvery: null, RepeatDuration: null, TimeZone: 'UTC' },
    ...overrides,
  };
}

async function save(client: TestClient, b: Record<string, unknown>) {
  return client.post('/api/syncAgentScheduler/saveTask', b);
}

async function idsOf(client: TestClient, query = '') {
  return (await client.get<number[]>(`/api/syncAgentScheduler/getIdsByQuery${query}`)).body;
}

beforeAll(async () => {
  server = await startTestServer();
  syncer = server.client();
  admin = server.client();
  inspector = server.client();
  await syncer.signIn('syncer', 'syncer-demo');
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await inspector.signIn('inspector', 'inspector-demo');
  const users = await syncer.get<{ id: string; login: string }[]>('/api/settings/webSyncUsers');
  syncerId = users.body.find((u) => u.login === 'syncer')!.id;
});
afterAll(() => server.close());

describe('who may use the websync calls', () => {
  it('answers 401 without a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/syncAgentScheduler/getIdsByQuery')).status).toBe(401);
    expect((await anonymous.get('/api/syncAgentTask/getIds')).status).toBe(401);
  });

  it('answers 403 to a user without the websync permission, on every call', async () => {
    for (const path of [
      '/api/syncAgentScheduler/getIdsByQuery',
      '/api/syncAgentScheduler/getNames',
      '/api/syncAgentTask/getIds',
      '/api/settings/webSyncUsers',
      '/api/settings/go',
      `/api/syncUserSettings?userId=${syncerId}`,
    ]) {
      const res = await inspector.get(path);
      expect(res.status, path).toBe(403);
    }
    expect((await save(inspector, body())).status).toBe(403);
    expect((await inspector.request('DELETE', '/api/syncAgentScheduler?taskId=1')).status).toBe(403);
  });

  it('lists administrators and websync users as sync users, and answers the settings edition URL', async () => {
    const users = (await admin.get('/api/settings/webSyncUsers')).body;
    expect(users.map((u: { login: string }) => u.login).sort()).toEqual(['admin', 'syncer']);
    expect(users.find((u: { login: string }) => u.login === 'syncer')).toEqual({
      id: syncerId,
      userName: 'Sam Syncer',
      organization: '',
      login: 'syncer',
    });
    const go = await syncer.get('/api/settings/go');
    expect(go.status).toBe(200);
    expect(go.body).toBe('/settings/');
  });
});

describe('saveTask', () => {
  it('round-trips all three schedule kinds with their $type and computes the next start time', async () => {
    const start = inAnHour();
    const kinds = [
      { $type: 'OneTime', StartTime: start, RepeatEvery: '1h', RepeatDuration: '3h', TimeZone: 'UTC' },
      {
        $type: 'Daily',
        StartTime: start,
        RepeatEvery: null,
        RepeatDuration: null,
        TimeZone: 'Europe/Berlin',
        RecurEveryDays: 2,
      },
      {
        $type: 'Weekly',
        StartTime: '2031-06-02T06:00:00.000Z', // a Monday
        RepeatEvery: null,
        RepeatDuration: null,
        TimeZone: 'UTC',
        RecurEveryWeeks: 1,
        DaysOfWeek: ['Wednesday', 'Monday'],
      },
    ];
    for (const [i, taskSchedule] of kinds.entries()) {
      const res = await save(syncer, body({ name: `Kind ${i}`, taskSchedule }));
      expect(res.status, res.text).toBe(204);
      expect(res.text).toBe('');
    }
    const ids = await idsOf(syncer, '?Path=Name&SortDirection=Ascending');
    const list = (await syncer.get(`/api/syncAgentScheduler/getTaskInfoByIds?ids=${ids.join(',')}`)).body;
    const byName = Object.fromEntries(list.map((t: { name: string }) => [t.name, t]));
    expect(byName['Kind 0'].taskSchedule).toEqual(kinds[0]);
    expect(byName['Kind 0'].nextStartTime).toBe(start);
    expect(byName['Kind 0'].lastStartTime).toBeNull();
    expect(byName['Kind 0'].login).toBe('syncer');
    expect(byName['Kind 0'].schedule).toMatch(/^At \d\d:\d\d on .*; repeat every 1h for a duration of 3h \(UTC\)$/);
    expect(byName['Kind 1'].taskSchedule).toEqual(kinds[1]);
    expect(byName['Kind 1'].schedule).toMatch(/every 2 days/);
    expect(byName['Kind 2'].taskSchedule).toEqual(kinds[2]);
    expect(byName['Kind 2'].nextStartTime).toBe('2031-06-02T06:00:00.000Z');
    expect(byName['Kind 2'].schedule).toBe('At 06:00 every Monday, Wednesday of every week, starting 2031-06-02 (UTC)');

    const one = await syncer.get(`/api/syncAgentScheduler/getTaskById?id=${byName['Kind 2'].id}`);
    expect(one.body).toEqual(byName['Kind 2']);

    // Edit: the same id, new name and settings.
    const edited = await save(
      syncer,
      body({
        id: byName['Kind 2'].id,
        name: 'Weekly assets',
        scenario: 'GettingAssets',
        taskSettings: { $type: 'GettingAssetsSettings', AllAssetsExport: true, AssetsFilterName: null },
        taskSchedule: kinds[2],
      }),
    );
    expect(edited.status).toBe(204);
    const after = (await syncer.get(`/api/syncAgentScheduler/getTaskById?id=${byName['Kind 2'].id}`)).body;
    expect(after.name).toBe('Weekly assets');
    expect(after.taskSettings).toEqual({
      $type: 'GettingAssetsSettings',
      AllAssetsExport: true,
      AssetsFilterName: null,
    });
    expect((await syncer.get('/api/syncAgentScheduler/getNames')).body).toEqual(
      expect.arrayContaining(['Kind 0', 'Kind 1', 'Weekly assets']),
    );
  });

  it('answers 400 naming the field: past start time, no weekday, settings of another type, a user without websync', async () => {
    const past = await save(
      syncer,
      body({ taskSchedule: { $type: 'OneTime', StartTime: '2020-01-01T00:00:00Z', TimeZone: 'UTC' } }),
    );
    expect(past.status).toBe(400);
    expect(past.body.ModelState['taskSchedule.StartTime']).toEqual([START_TIME_IN_PAST]);

    const noDay = await save(
      syncer,
      body({ taskSchedule: { $type: 'Weekly', StartTime: inAnHour(), RecurEveryWeeks: 1, DaysOfWeek: [] } }),
    );
    expect(noDay.status).toBe(400);
    expect(Object.keys(noDay.body.ModelState).join()).toMatch(/DaysOfWeek/);

    const mismatch = await save(syncer, body({ scenario: 'GettingUsers' }));
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.ModelState).join()).toMatch(/taskSettings/);

    const badSpan = await save(
      syncer,
      body({ taskSchedule: { $type: 'OneTime', StartTime: inAnHour(), RepeatEvery: 'often' } }),
    );
    expect(badSpan.status).toBe(400);
    expect(Object.keys(badSpan.body.ModelState).join()).toMatch(/RepeatEvery/);

    const inspectorId = (await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'inspector'`))[0]!
      .id;
    const notSync = await save(admin, body({ userId: inspectorId }));
    expect(notSync.status).toBe(400);
    expect(Object.keys(notSync.body.ModelState)).toEqual(['userId']);
  });

  it('filters by Login, Name and Scenario and sorts by the query', async () => {
    expect(await idsOf(syncer, '?Scenario=GettingAssets')).toHaveLength(1);
    expect(await idsOf(syncer, '?Name=Kind%200')).toHaveLength(1);
    expect(await idsOf(syncer, '?Login=admin')).toHaveLength(0);
    const asc = await idsOf(syncer, '?Path=Name&SortDirection=Ascending');
    const desc = await idsOf(syncer, '?Path=Name&SortDirection=Descending');
    expect(desc).toEqual([...asc].reverse());
    expect((await syncer.get('/api/syncAgentScheduler/getIdsByQuery?Path=Bogus')).status).toBe(400);
  });

  it('deletes a schedule; deleting it again answers 404', async () => {
    const [id] = await idsOf(syncer, '?Name=Kind%201');
    const res = await syncer.request('DELETE', `/api/syncAgentScheduler?taskId=${id}`);
    expect(res.status).toBe(204);
    expect(await idsOf(syncer, '?Name=Kind%201')).toEqual([]);
    expect((await syncer.request('DELETE', `/api/syncAgentScheduler?taskId=${id}`)).status).toBe(404);
  });
});

describe('sync user settings', () => {
  it("answers the spec's defaults, then what was saved, with all assets clearing its dependants", async () => {
    const first = await syncer.get(`/api/syncUserSettings?userId=${syncerId}`);
    expect(first.body).toEqual({ userId: syncerId, ...DEFAULT_SYNC_SETTINGS });
    const saved = await syncer.post('/api/syncUserSettings', {
      ...first.body,
      gettingAssetsSettings: { AllAssetsExport: true, IncludeLateralsForAssetsExport: true, AssetsFilterName: 'Mine' },
    });
    expect(saved.status).toBe(204);
    const again = await syncer.get(`/api/syncUserSettings?userId=${syncerId}`);
    expect(again.body.gettingAssetsSettings).toEqual({
      AllAssetsExport: true,
      IncludeLateralsForAssetsExport: false,
      AssetsFilterName: null,
    });
  });
});

describe('the scheduler', () => {
  it('creates each due occurrence exactly once with two server processes ticking at the same time', async () => {
    const second = await startTestServer({ db: server.db });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await save(
          syncer,
          body({
            name: `Due ${i}`,
            taskSchedule: { $type: 'Daily', StartTime: inAnHour(), RecurEveryDays: 1, TimeZone: 'UTC' },
          }),
        );
        expect(res.status).toBe(204);
      }
      // Make them due: their next start was a minute ago.
      await server.db.query(
        sql`UPDATE sync_schedules SET next_start_time = date_trunc('minute', now()) - interval '1 minute' WHERE name LIKE 'Due %'`,
      );
      const ticks = await Promise.all(
        [server, second, server, second].map((s) => s.services.websync.runDueSchedules()),
      );
      expect(ticks.reduce((a, b) => a + b, 0)).toBe(6);
      const tasks = await server.db.query<{ schedule_name: string; n: string }>(
        sql`SELECT schedule_name, count(*)::text AS n FROM sync_agent_tasks WHERE schedule_name LIKE 'Due %' GROUP BY 1`,
      );
      expect(tasks).toHaveLength(6);
      expect(tasks.every((t) => t.n === '1')).toBe(true);
      // Moved on: last start is the run just created, next is tomorrow's.
      const schedules = await server.db.query<{ last: Date; next: Date }>(
        sql`SELECT last_start_time AS last, next_start_time AS next FROM sync_schedules WHERE name LIKE 'Due %'`,
      );
      for (const s of schedules) expect(new Date(s.next).getTime()).toBeGreaterThan(Date.now());
      // Nothing is due any more.
      expect(await second.services.websync.runDueSchedules()).toBe(0);

      // The log lists them: Scheduled, with the schedule's name and login.
      const ids = (await syncer.get<number[]>('/api/syncAgentTask/getIds?ScheduleName=Due%203')).body;
      expect(ids).toHaveLength(1);
      const [task] = (await syncer.get(`/api/syncAgentTask/getByIds?ids=${ids.join(',')}`)).body;
      expect(task).toMatchObject({
        scenario: 'GettingPlannedTasks',
        status: 'Scheduled',
        scheduleName: 'Due 3',
        login: 'syncer',
        canBeDeleted: true,
        started: null,
      });
      const filtered = await syncer.get<number[]>(
        '/api/syncAgentTask/getIds?Statuses=Scheduled&Types=GettingPlannedTasks',
      );
      expect(filtered.body.length).toBeGreaterThanOrEqual(6);
    } finally {
      await second.close();
    }
  });
});

describe('the log: list, filters and deleting tasks', () => {
  /** Tasks of every status for one schedule name, straight in the table as the agent leaves them. */
  async function seedTasks(scheduleName: string) {
    const rows = await server.db.query<{ id: string; status: string }>(
      sql`INSERT INTO sync_agent_tasks (scenario, status, schedule_name, scheduled_for, user_id, login, started,
         lease_until, current_operation, server_log, client_log)
       SELECT s.scenario, s.status, ${scheduleName}, now() - make_interval(hours => s.n), ${syncerId}, 'syncer',
         CASE WHEN s.status = 'Scheduled' THEN NULL ELSE now() - make_interval(hours => s.n) END,
         CASE WHEN s.status = 'InProgress' THEN now() + interval '10 minutes' END,
         'Copying nodes ' || s.n, 'server ' || s.n, 'client ' || s.n
       FROM (VALUES ('Scheduled', 'GettingAssets', 1), ('InProgress', 'GettingAssets', 2),
                    ('FinishedSuccessfully', 'GettingUsers', 3), ('FinishedWithErrors', 'GettingAssets', 4),
                    ('Failed', 'GettingProjects', 5), ('Cancelled', 'GettingAssets', 6)) AS s(status, scenario, n)
       RETURNING id::text AS id, status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.id)])) as Record<string, number>;
  }
  const ids = async (query: string) => (await syncer.get<number[]>(`/api/syncAgentTask/getIds?${query}`)).body;

  it('getIds filters on every field of the task request filter and sorts by Path and SortDirection', async () => {
    const t = await seedTasks('Log filters');
    const all = await ids('ScheduleName=Log%20filters');
    expect(all).toHaveLength(6);
    // Default: ScheduledFor descending, so the task due most recently (1 hour ago) first.
    expect(all[0]).toBe(t.Scheduled);
    expect(await ids('ScheduleName=Log%20filters&Path=ScheduledFor&SortDirection=Ascending')).toEqual(
      [...all].reverse(),
    );
    expect(
      await ids('ScheduleName=Log%20filters&Statuses=Failed,Cancelled&Path=Status&SortDirection=Ascending'),
    ).toEqual([t.Cancelled, t.Failed]);
    expect(await ids('ScheduleName=Log%20filters&Types=GettingUsers&Types=GettingProjects&Path=Scenario')).toEqual([
      t.FinishedSuccessfully,
      t.Failed,
    ]);
    expect(await ids('ScheduleName=Log%20filters&Keyword=COPYING%20NODES%203')).toEqual([t.FinishedSuccessfully]);
    expect(await ids('ScheduleName=Log%20filters&Login=SYNCER')).toHaveLength(6);
    expect(await ids('ScheduleName=Log%20filters&Login=admin')).toEqual([]);
    const from = new Date(Date.now() - 3.5 * 3_600_000).toISOString();
    const to = new Date(Date.now() - 1.5 * 3_600_000).toISOString();
    expect(
      await ids(`ScheduleName=Log%20filters&FromDate=${from}&ToDate=${to}&Path=Started&SortDirection=Ascending`),
    ).toEqual([t.FinishedSuccessfully, t.InProgress]);
    expect((await syncer.get('/api/syncAgentTask/getIds?Statuses=Sleeping')).status).toBe(400);
    expect((await syncer.get('/api/syncAgentTask/getIds?FromDate=yesterday')).status).toBe(400);
  });

  it('QueryForDelete returns only the ids that can be deleted: not the running task', async () => {
    const t = await seedTasks('Log query for delete');
    const deletable = await ids('ScheduleName=Log%20query%20for%20delete&QueryForDelete=true');
    expect(deletable.sort()).toEqual(
      [t.Scheduled, t.FinishedSuccessfully, t.FinishedWithErrors, t.Failed, t.Cancelled].sort(),
    );
    const details = (await syncer.get(`/api/syncAgentTask/getByIds?ids=${t.InProgress},${t.Failed}`)).body;
    expect(details.map((d: { id: number; canBeDeleted: boolean }) => [d.id, d.canBeDeleted])).toEqual([
      [t.InProgress, false],
      [t.Failed, true],
    ]);
  });

  it('GET /api/syncAgentTask lists the filtered tasks with their details, Take of them from Skip', async () => {
    await seedTasks('Log list');
    const all = await ids('ScheduleName=Log%20list');
    const page = await syncer.get('/api/syncAgentTask?ScheduleName=Log%20list&Skip=2&Take=3');
    expect(page.status).toBe(200);
    expect(page.body.map((task: { id: number }) => task.id)).toEqual(all.slice(2, 5));
    expect(page.body[0]).toEqual({
      id: all[2],
      scenario: expect.any(String),
      status: expect.any(String),
      currentOperation: expect.stringMatching(/^Copying nodes/),
      isTransferringMedia: false,
      percentageComplete: 0,
      started: expect.any(String),
      finished: null,
      scheduleName: 'Log list',
      scheduledFor: expect.any(String),
      login: 'syncer',
      canBeDeleted: expect.any(Boolean),
    });
    expect((await syncer.get('/api/syncAgentTask?Take=0')).status).toBe(400);
  });

  it('deleteTasks deletes the tasks and their logs in one transaction, all or none', async () => {
    const t = await seedTasks('Log delete');
    await server.db.query(
      sql`INSERT INTO sync_agent_progress (task_id, step, done) VALUES (${t.Failed}, 'nodes', true)`,
    );
    // A running task in the list: 409, and nothing is deleted.
    const refused = await syncer.put('/api/syncAgentTask/deleteTasks', { TaskIds: [t.Failed, t.InProgress] });
    expect(refused.status).toBe(409);
    expect(await ids('ScheduleName=Log%20delete')).toHaveLength(6);
    // An id that does not exist: 400 naming TaskIds, and nothing is deleted.
    const unknown = await syncer.put('/api/syncAgentTask/deleteTasks', { TaskIds: [t.Failed, 999_999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ModelState).toHaveProperty('TaskIds');
    expect(await ids('ScheduleName=Log%20delete')).toHaveLength(6);
    for (const bad of [{}, { TaskIds: [] }, { TaskIds: ['x'] }, { TaskIds: [t.Failed, t.Failed] }]) {
      expect((await syncer.put('/api/syncAgentTask/deleteTasks', bad)).status).toBe(400);
    }

    const deleted = await syncer.put('/api/syncAgentTask/deleteTasks', { TaskIds: [t.Failed, t.Cancelled] });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await ids('ScheduleName=Log%20delete')).sort()).toEqual(
      [t.Scheduled, t.InProgress, t.FinishedSuccessfully, t.FinishedWithErrors].sort(),
    );
    expect((await syncer.get(`/api/syncAgentTask/log?taskId=${t.Failed}&type=Server`)).status).toBe(404);
    const progress = await server.db.query(sql`SELECT 1 FROM sync_agent_progress WHERE task_id = ${t.Failed}`);
    expect(progress).toHaveLength(0);
  });

  it('delete by filter: the QueryForDelete ids of a filter delete exactly its deletable tasks', async () => {
    const t = await seedTasks('Log delete by filter');
    const other = await seedTasks('Log delete by filter, other');
    const covered = await ids('ScheduleName=Log%20delete%20by%20filter&QueryForDelete=true');
    expect(covered).toHaveLength(5);
    expect((await syncer.put('/api/syncAgentTask/deleteTasks', { TaskIds: covered })).status).toBe(204);
    expect(await ids('ScheduleName=Log%20delete%20by%20filter')).toEqual([t.InProgress]);
    expect(await ids('ScheduleName=Log%20delete%20by%20filter,%20other')).toHaveLength(6);
    expect(other.Failed).toBeDefined();
  });

  it('answers 403 to a user without the websync permission', async () => {
    for (const path of [
      '/api/syncAgentTask',
      '/api/syncAgentTask/getByIds?ids=1',
      '/api/filter',
      '/api/settings/userByLogin',
    ]) {
      expect((await inspector.get(path)).status, path).toBe(403);
    }
    expect((await inspector.put('/api/syncAgentTask/deleteTasks', { TaskIds: [1] })).status).toBe(403);
    expect((await server.client().put('/api/syncAgentTask/deleteTasks', { TaskIds: [1] })).status).toBe(401);
  });
});

describe('the console user and the filter lists', () => {
  it('userByLogin answers the signed-in user, or the sync user of a login; an unknown login is 404', async () => {
    expect((await syncer.get('/api/settings/userByLogin')).body).toEqual({ userName: 'Sam Syncer', login: 'syncer' });
    expect((await admin.get('/api/settings/userByLogin?login=SYNCER')).body).toEqual({
      userName: 'Sam Syncer',
      login: 'syncer',
    });
    expect((await admin.get('/api/settings/userByLogin?login=inspector')).status).toBe(404);
    // Another user's account is theirs to show: only administrators look at other sync users.
    expect((await syncer.get('/api/settings/userByLogin?login=ADMIN')).status).toBe(403);
  });

  it("/api/filter lists the user's own saved filters, then shared ones, for jobs, subjects and projects", async () => {
    const definition = { objectType: 'Node', conditions: [] };
    const mine = await syncer.post('/api/filters/saved-filters/create', {
      name: 'My manholes',
      definition,
      shared: false,
    });
    expect(mine.status).toBeLessThan(300);
    const shared = await admin.post('/api/filters/saved-filters/create', {
      name: 'Town nodes',
      definition,
      shared: true,
    });
    expect(shared.status).toBeLessThan(300);
    await admin.post('/api/filters/saved-filters/create', { name: 'Admin only', definition, shared: false });

    const lists = (await syncer.get('/api/filter')).body;
    // Own first; shared ones (the demo's and the administrator's) after; another's private one never.
    expect(lists.subjects[0]).toEqual({ FilterName: 'My manholes', DisplayName: 'My manholes (Node)' });
    expect(lists.subjects).toContainEqual({ FilterName: 'Town nodes', DisplayName: 'Town nodes (Node, shared)' });
    expect(lists.subjects.map((f: { FilterName: string }) => f.FilterName)).not.toContain('Admin only');
    expect(lists.jobs).toEqual(lists.subjects);
    // A saved filter narrows projects to those with work on its assets, so every name is offered.
    expect(lists.projects).toEqual(lists.subjects);
  });
});

describe("one sync user's schedules, settings and runs stay theirs, except for administrators", () => {
  let adminId: string;
  let adminSchedule: number;
  let syncerSchedule: number;
  let adminTask: number;

  beforeAll(async () => {
    adminId = (await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`))[0]!.id;
    const name = 'Owner rules';
    expect((await save(admin, body({ name, userId: adminId }))).status).toBe(204);
    expect((await save(syncer, body({ name, userId: syncerId }))).status).toBe(204);
    const ids = await idsOf(admin, `?Name=${encodeURIComponent(name)}`);
    const rows = (await admin.get(`/api/syncAgentScheduler/getTaskInfoByIds?ids=${ids.join(',')}`)).body as {
      id: number;
      login: string;
    }[];
    adminSchedule = rows.find((r) => r.login === 'admin')!.id;
    syncerSchedule = rows.find((r) => r.login === 'syncer')!.id;
    adminTask = Number(
      (
        await server.db.query<{ id: string }>(
          sql`INSERT INTO sync_agent_tasks (scenario, status, user_id, login, server_log, client_log)
           VALUES ('GettingUsers', 'FinishedSuccessfully', ${adminId}, 'admin', 'admin server log', 'admin client log')
           RETURNING id::text AS id`,
        )
      )[0]!.id,
    );
  });

  it("a websync user's lists show only their own schedules, names, tasks and sync user", async () => {
    const mine = await idsOf(syncer);
    expect(mine).toContain(syncerSchedule);
    expect(mine).not.toContain(adminSchedule);
    expect((await syncer.get<string[]>('/api/syncAgentScheduler/getNames?login=admin')).body).toEqual([]);
    expect((await syncer.get<number[]>('/api/syncAgentTask/getIds')).body).not.toContain(adminTask);
    const listed = (await syncer.get<{ id: number }[]>('/api/syncAgentTask?Take=1000')).body.map((t) => t.id);
    expect(listed).not.toContain(adminTask);
    const users = (await syncer.get<{ login: string }[]>('/api/settings/webSyncUsers')).body;
    expect(users.map((u) => u.login)).toEqual(['syncer']);
  });

  it("another user's schedule, settings, task log and runs answer 403 and change nothing", async () => {
    expect((await syncer.get(`/api/syncAgentScheduler/getTaskById?id=${adminSchedule}`)).status).toBe(403);
    expect((await syncer.get(`/api/syncAgentScheduler/getTaskInfoByIds?ids=${adminSchedule}`)).status).toBe(403);
    expect((await save(syncer, body({ id: adminSchedule, userId: syncerId }))).status).toBe(403);
    expect((await save(syncer, body({ id: syncerSchedule, userId: adminId }))).status).toBe(403);
    expect((await syncer.request('DELETE', `/api/syncAgentScheduler?taskId=${adminSchedule}`)).status).toBe(403);
    expect((await syncer.get(`/api/syncUserSettings?userId=${adminId}`)).status).toBe(403);
    expect((await syncer.post('/api/syncUserSettings', { ...DEFAULT_SYNC_SETTINGS, userId: adminId })).status).toBe(
      403,
    );
    expect((await syncer.post('/api/syncAgentTask/start', { scenario: 'GettingUsers', userId: adminId })).status).toBe(
      403,
    );
    expect((await syncer.put('/api/syncAgentTask/cancelTasks', { TaskIds: [adminTask] })).status).toBe(403);
    expect((await syncer.put('/api/syncAgentTask/deleteTasks', { TaskIds: [adminTask] })).status).toBe(403);
    expect((await syncer.get(`/api/syncAgentTask/getByIds?ids=${adminTask}`)).status).toBe(403);
    expect((await syncer.get(`/api/syncAgentTask/log?taskId=${adminTask}&type=Server`)).status).toBe(403);
    expect((await syncer.get(`/api/syncAgentTask/media?taskId=${adminTask}`)).status).toBe(403);

    const still = (await admin.get(`/api/syncAgentScheduler/getTaskById?id=${adminSchedule}`)).body;
    expect(still).toMatchObject({ id: adminSchedule, login: 'admin' });
    expect((await admin.get(`/api/syncAgentTask/log?taskId=${adminTask}&type=Server`)).text).toBe('admin server log');
  });

  it("an administrator reads and changes every sync user's schedules and settings", async () => {
    expect((await admin.get(`/api/syncAgentScheduler/getTaskById?id=${syncerSchedule}`)).body).toMatchObject({
      login: 'syncer',
    });
    expect((await admin.get(`/api/syncUserSettings?userId=${syncerId}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/syncAgentScheduler?taskId=${syncerSchedule}`)).status).toBe(204);
    expect(await idsOf(syncer)).not.toContain(syncerSchedule);
  });
});
