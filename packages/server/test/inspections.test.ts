/**
 * The inspection workflow through the real server and database (main-app §4 "Inspection: created,
 * then accepted or rejected", §7 "Inspections and tasks"): the office's grid, create and delete, the
 * crew's complete and reopen, the office's accept and reject, and the crews' inspection sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InspectionGridPage, InspectionListRow, InspectionSessionSummary } from '@manway/core/api/work';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
let editor: TestClient;
let office: TestClient;
let inspector: TestClient;
let guest: TestClient;
let anonymous: TestClient;
const ids: Record<'editor' | 'office' | 'inspector', string> = { editor: '', office: '', inspector: '' };

beforeAll(async () => {
  server = await startTestServer();
  editor = server.client();
  office = server.client();
  inspector = server.client();
  guest = server.client();
  anonymous = server.client();
  await editor.signIn('editor', 'editor-demo');
  await office.signIn('office', 'office-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
  for (const login of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[login] = (await one(sql`SELECT id FROM users WHERE login = ${login}`)).id;
  }
});
afterAll(() => server.close());

const rows = (statement: SQL) => server.db.query<any>(statement);
const one = async (statement: SQL) => (await rows(statement))[0];

const ILLEGAL = 'workflow/illegal-transition';
const STALE = 'concurrency/modified-by-another-user';

const events = (id: number) =>
  rows(sql`SELECT command, from_status, to_status, reason, user_id FROM inspection_events
           WHERE inspection_id = ${id} ORDER BY id`);

/** A section with no open task, so a new inspection of it stays outside any task. */
async function freeSection(): Promise<number> {
  const s = await one(sql`SELECT a.id FROM assets a WHERE a.object_type = 'section'
    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id AND t.state IN ('planned', 'started', 'inspection-created'))
    ORDER BY a.id DESC LIMIT 1`);
  return Number(s.id);
}

/** A new inspection recorded by `by` (the inspector unless named), optionally completed: pending. */
async function newInspection(opts: { by?: TestClient; pending?: boolean } = {}): Promise<InspectionListRow> {
  const by = opts.by ?? inspector;
  const res = await by.post('/api/inspections', { parentObjectType: 'Section', parentObjectId: await freeSection() });
  expect(res.status).toBe(201);
  if (!opts.pending) return res.body;
  const done = await by.post(`/api/inspections/${res.body.id}/complete`, {});
  expect(done.status).toBe(200);
  return done.body.inspection;
}

/** A demo inspection waiting for the office whose task is being inspected. */
async function pendingOfTask(): Promise<{ id: number; task_id: number; asset_id: number }> {
  const r = await one(sql`SELECT i.id, i.task_id, i.asset_id FROM inspections i JOIN tasks t ON t.id = i.task_id
    WHERE i.status = 'pending' AND t.state = 'inspection-created'
      AND (SELECT count(*) FROM inspections o WHERE o.task_id = i.task_id) = 1
    ORDER BY i.id LIMIT 1`);
  return { id: Number(r.id), task_id: Number(r.task_id), asset_id: Number(r.asset_id) };
}

describe('the office grid (GET api/inspections/grid)', () => {
  const grid = async (query: string) => {
    const res = await guest.get(`/api/inspections/grid?${query}`);
    expect(res.status, res.text).toBe(200);
    return InspectionGridPage.parse(res.body);
  };

  it('a page holds one group, newest first by default, with the whole group counted in total', async () => {
    const expected = await rows(sql`SELECT id FROM inspections WHERE status = 'completed'
      ORDER BY inspected_at DESC, id DESC LIMIT 25`);
    const { count } = await one(sql`SELECT count(*)::int AS count FROM inspections WHERE status = 'completed'`);
    const page = await grid('group=completed');
    expect(page.items.map((i) => i.id)).toEqual(expected.map((r) => Number(r.id)));
    expect(page.items.every((i) => i.status === 'completed' && i.review === 'accepted')).toBe(true);
    expect(page.total).toBe(count);
    expect([page.pageIndex, page.pageSize]).toEqual([0, 25]);
  });

  it('pages follow each other without gaps, in the page sizes of the grid; another size answers 400', async () => {
    const first = await grid('group=completed&pageSize=10');
    const second = await grid('group=completed&pageSize=10&pageIndex=1');
    const twenty = await grid('group=completed&pageSize=25');
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(twenty.items.slice(0, 20).map((i) => i.id));
    expect((await grid('group=completed&pageSize=1000')).items.length).toBe(first.total);
    const odd = await guest.get('/api/inspections/grid?group=completed&pageSize=7');
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.body.ModelState)).toEqual(['pageSize']);
  });

  it('sorts by an allowed column, ties by id, and refuses another column (400 naming sortBy)', async () => {
    const expected = await rows(sql`SELECT i.id FROM inspections i JOIN assets a ON a.id = i.asset_id
      WHERE i.status = 'completed' ORDER BY a.asset_code ASC, i.id ASC LIMIT 50`);
    const page = await grid('group=completed&sortBy=assetReadableId&sortDesc=false&pageSize=50');
    expect(page.items.map((i) => i.id)).toEqual(expected.map((r) => Number(r.id)));
    const peaks = (await grid('group=completed&sortBy=structuralPeak&sortDesc=true&pageSize=100')).items;
    const sorted = [...peaks].sort((a, b) => (b.structuralPeak ?? -1) - (a.structuralPeak ?? -1) || b.id - a.id);
    expect(peaks.map((i) => i.id)).toEqual(sorted.map((i) => i.id));
    const bad = await guest.get('/api/inspections/grid?group=completed&sortBy=password_hash');
    expect(Object.keys(bad.body.ModelState)).toEqual(['sortBy']);
  });

  it('each row carries its operator (header, else creator), project, district and observation count', async () => {
    const page = await grid('group=completed&pageSize=50');
    const expected = await rows(sql`SELECT i.id, coalesce(i.header->>'operator', u.display_name) AS operator,
        p.name AS project, a.district, (SELECT count(*)::int FROM observations o WHERE o.inspection_id = i.id) AS n
      FROM inspections i JOIN assets a ON a.id = i.asset_id LEFT JOIN users u ON u.id = i.created_by
        LEFT JOIN tasks t ON t.id = i.task_id LEFT JOIN projects p ON p.id = t.project_id
      WHERE i.id = ANY(${page.items.map((i) => i.id)}::bigint[])`);
    const byId = new Map(expected.map((r) => [Number(r.id), r]));
    for (const item of page.items) {
      const r = byId.get(item.id);
      expect([item.operator, item.projectName, item.district, item.observationCount]).toEqual([
        r.operator,
        r.project,
        r.district,
        r.n,
      ]);
    }
    expect(page.items.some((i) => i.projectName !== null)).toBe(true);
    const mine = await newInspection();
    const incomplete = await grid(`group=incomplete&filters=${encodeURIComponent('{"operator":"Ivan Inspector"}')}`);
    expect(incomplete.items.find((i) => i.id === mine.id)?.operator).toBe('Ivan Inspector');
  });

  it('search finds the text in the asset ID, operator, project or district, and total counts the matches', async () => {
    const target = (await grid('group=completed&pageSize=10')).items[0]!;
    const byAsset = await grid(`group=completed&search=${encodeURIComponent(target.assetReadableId.toLowerCase())}`);
    expect(byAsset.items.map((i) => i.id)).toContain(target.id);
    expect(
      byAsset.items.every(
        (i) =>
          i.assetReadableId.toLowerCase().includes(target.assetReadableId.toLowerCase()) ||
          [i.operator, i.projectName, i.district].some((v) =>
            v?.toLowerCase().includes(target.assetReadableId.toLowerCase()),
          ),
      ),
    ).toBe(true);
    const project = target.projectName ?? 'CCTV survey';
    const byProject = await grid(`group=completed&search=${encodeURIComponent(project)}&pageSize=1000`);
    const { count } = await one(sql`SELECT count(*)::int AS count FROM inspections i JOIN assets a ON a.id = i.asset_id
      LEFT JOIN users u ON u.id = i.created_by LEFT JOIN tasks t ON t.id = i.task_id LEFT JOIN projects p ON p.id = t.project_id
      WHERE i.status = 'completed' AND (a.asset_code ILIKE ${`%${project}%`} OR coalesce(i.header->>'operator', u.display_name)
        ILIKE ${`%${project}%`} OR p.name ILIKE ${`%${project}%`} OR a.district ILIKE ${`%${project}%`})`);
    expect(byProject.total).toBe(count);
    expect(byProject.items.length).toBe(count);
    expect((await grid('group=completed&search=%25%25no-such-thing')).total).toBe(0);
  });

  it('column filters narrow the page and the total; bad JSON or an unknown column answers 400 naming filters', async () => {
    const district = (
      await one(sql`SELECT a.district FROM inspections i JOIN assets a ON a.id = i.asset_id
      WHERE i.status = 'completed' AND a.district IS NOT NULL ORDER BY i.id LIMIT 1`)
    ).district as string;
    const { count } = await one(sql`SELECT count(*)::int AS count FROM inspections i JOIN assets a ON a.id = i.asset_id
      WHERE i.status = 'completed' AND a.district ILIKE ${`%${district}%`}`);
    const page = await grid(`group=completed&filters=${encodeURIComponent(JSON.stringify({ district }))}`);
    expect(page.total).toBe(count);
    expect(page.items.every((i) => i.district?.toLowerCase().includes(district.toLowerCase()))).toBe(true);
    const rejected = await grid(`group=incomplete&filters=${encodeURIComponent('{"review":"rejected"}')}`);
    expect(rejected.total).toBeGreaterThan(0);
    expect(rejected.items.every((i) => i.review === 'rejected')).toBe(true);
    for (const filters of ['{not json', '{"password":"x"}', '["district"]', '{"district":5}', '{"review":"maybe"}']) {
      const res = await guest.get(`/api/inspections/grid?group=completed&filters=${encodeURIComponent(filters)}`);
      expect(res.status, filters).toBe(400);
      expect(Object.keys(res.body.ModelState), filters).toEqual(['filters']);
    }
  });

  it('names the group (400 naming group) and needs a session (401)', async () => {
    expect(Object.keys((await guest.get('/api/inspections/grid')).body.ModelState)).toEqual(['group']);
    expect((await anonymous.get('/api/inspections/grid?group=pending')).status).toBe(401);
  });
});

describe('one inspection (GET api/inspections/{id})', () => {
  it('answers the inspection as the grid lists it, and 404 for an unknown id', async () => {
    const page = InspectionGridPage.parse((await office.get('/api/inspections/grid?group=pending')).body);
    const listed = page.items[0]!;
    const res = await guest.get(`/api/inspections/${listed.id}`);
    expect(res.status).toBe(200);
    expect(InspectionListRow.parse(res.body)).toEqual(listed);
    expect((await guest.get('/api/inspections/999999999')).status).toBe(404);
    expect((await anonymous.get(`/api/inspections/${listed.id}`)).status).toBe(401);
  });
});

describe('creating an inspection (POST api/inspections)', () => {
  it('a member creates an incomplete inspection of an asset outside a task (201) with a create event', async () => {
    const section = await freeSection();
    const res = await inspector.post('/api/inspections', {
      parentObjectType: 'Section',
      parentObjectId: section,
      values: { 'header.vehicle': 'Van 9' },
    });
    expect(res.status).toBe(201);
    const created = InspectionListRow.parse(res.body);
    expect(created).toMatchObject({ assetId: section, status: 'incomplete', review: null, taskId: null });
    expect(created.operator).toBe('Ivan Inspector');
    const row = await one(
      sql`SELECT created_by, header, task_id, session_id FROM inspections WHERE id = ${created.id}`,
    );
    expect(row).toMatchObject({ created_by: ids.inspector, task_id: null, session_id: null });
    expect(row.header.vehicle).toBe('Van 9');
    expect(await events(created.id)).toEqual([
      { command: 'create', from_status: null, to_status: 'incomplete', reason: null, user_id: ids.inspector },
    ]);
  });

  it("in a session: only an open session of the caller's, else 400 naming sessionId", async () => {
    await server.db.query(sql`UPDATE inspection_sessions SET status = 'closed', ended_at = greatest(now(), started_at)
      WHERE operator_id = ${ids.inspector} AND status = 'open'`);
    const session = (await inspector.post('/api/inspection-sessions', {})).body as InspectionSessionSummary;
    const body = { parentObjectType: 'Section', parentObjectId: await freeSection(), sessionId: session.id };
    const inSession = await inspector.post('/api/inspections', body);
    expect(inSession.status).toBe(201);
    const stored = await one(sql`SELECT session_id::int AS id FROM inspections WHERE id = ${inSession.body.id}`);
    expect(stored.id).toBe(session.id);
    const before = (await one(sql`SELECT count(*)::int AS n FROM inspections`)).n;
    const foreign = await editor.post('/api/inspections', body);
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.ModelState)).toEqual(['sessionId']);
    await inspector.post(`/api/inspection-sessions/${session.id}/end`, {});
    const closed = await inspector.post('/api/inspections', body);
    expect(Object.keys(closed.body.ModelState)).toEqual(['sessionId']);
    const unknown = await inspector.post('/api/inspections', { ...body, sessionId: 99999999 });
    expect(Object.keys(unknown.body.ModelState)).toEqual(['sessionId']);
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections`)).n).toBe(before);
  });

  it('an unknown asset or type answers 400 naming the field; guests may not create (403)', async () => {
    const missing = await inspector.post('/api/inspections', { parentObjectType: 'Section', parentObjectId: 99999999 });
    expect(Object.keys(missing.body.ModelState)).toEqual(['parentObjectId']);
    const type = await inspector.post('/api/inspections', { parentObjectType: 'Project', parentObjectId: 1 });
    expect(Object.keys(type.body.ModelState)).toEqual(['parentObjectType']);
    const bad = await inspector.post('/api/inspections', {
      parentObjectType: 'Section',
      parentObjectId: await freeSection(),
      values: { direction: 'sideways' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState)).toContain('direction');
    const res = await guest.post('/api/inspections', {
      parentObjectType: 'Section',
      parentObjectId: await freeSection(),
    });
    expect(res.status).toBe(403);
  });
});

describe("the crew's complete and reopen", () => {
  it('the crew completes its inspection (pending) and reopens it before the review (incomplete)', async () => {
    const i = await newInspection();
    const done = await inspector.post(`/api/inspections/${i.id}/complete`, { version: i.version });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ changed: true, inspection: { status: 'pending', version: i.version + 1 } });
    const back = await inspector.post(`/api/inspections/${i.id}/reopen`, {});
    expect(back.body).toMatchObject({ changed: true, inspection: { status: 'incomplete', version: i.version + 2 } });
    expect((await events(i.id)).map((e) => [e.command, e.from_status, e.to_status])).toEqual([
      ['create', null, 'incomplete'],
      ['complete', 'incomplete', 'pending'],
      ['reopen', 'pending', 'incomplete'],
    ]);
  });

  it('a complete sent twice answers 200 changed:false the second time and leaves one event', async () => {
    const i = await newInspection();
    const first = await inspector.post(`/api/inspections/${i.id}/complete`, { version: i.version });
    const again = await inspector.post(`/api/inspections/${i.id}/complete`, { version: i.version });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([first.body.changed, again.body.changed]).toEqual([true, false]);
    expect(again.body.inspection.version).toBe(i.version + 1);
    expect((await events(i.id)).filter((e) => e.command === 'complete')).toHaveLength(1);
  });

  it('a crew member may complete only an inspection they created or operate in a session (403)', async () => {
    const theirs = await newInspection({ by: editor });
    const res = await inspector.post(`/api/inspections/${theirs.id}/complete`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You have no permissions to perform this action');
    // In a session the inspector operates, the inspection is theirs to complete.
    const session = await one(sql`INSERT INTO inspection_sessions (operator_id, started_at, ended_at, status)
      VALUES (${ids.inspector}, now(), now(), 'closed') RETURNING id`);
    await server.db.query(sql`UPDATE inspections SET session_id = ${session.id} WHERE id = ${theirs.id}`);
    expect((await inspector.post(`/api/inspections/${theirs.id}/complete`, {})).status).toBe(200);
    // The office may complete anyone's; guests nothing.
    const other = await newInspection({ by: editor });
    expect((await office.post(`/api/inspections/${other.id}/complete`, {})).status).toBe(200);
    expect((await guest.post(`/api/inspections/${other.id}/reopen`, {})).status).toBe(403);
  });

  it('an unknown command answers 400 naming command; an unknown inspection 404', async () => {
    const i = await newInspection();
    const res = await inspector.post(`/api/inspections/${i.id}/approve`, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['command']);
    expect((await inspector.post('/api/inspections/99999999/complete', {})).status).toBe(404);
  });
});

describe("the office's accept and reject", () => {
  it("accept completes the inspection, recomputes the asset's condition and completes its task and assignment", async () => {
    const i = await pendingOfTask();
    await server.db
      .query(sql`UPDATE inspections SET str_peak = 4, om_peak = 2, inspected_at = now() - interval '1 minute'
      WHERE id = ${i.id}`);
    await server.db.query(
      sql`UPDATE assets SET condition_grade = 1, condition_inspection_id = NULL WHERE id = ${i.asset_id}`,
    );
    // The assignment's other tasks are done: accepting this one makes the assignment done.
    const assignment = await one(sql`SELECT assignment_id FROM assignment_tasks WHERE task_id = ${i.task_id}`);
    await server.db.query(sql`UPDATE tasks SET state = 'completed' WHERE id <> ${i.task_id}
      AND id IN (SELECT task_id FROM assignment_tasks WHERE assignment_id = ${assignment.assignment_id})`);
    const network = (await one(sql`SELECT version FROM data_versions WHERE name = 'network'`)).version;

    const res = await office.post(`/api/inspections/${i.id}/accept`, {});
    expect(res.status).toBe(200);
    expect(res.body.changed).toBe(true);
    expect(res.body.inspection).toMatchObject({ status: 'completed', review: 'accepted', reviewedBy: 'Olive Office' });
    expect(
      await one(
        sql`SELECT condition_grade, condition_inspection_id::int AS inspection FROM assets WHERE id = ${i.asset_id}`,
      ),
    ).toEqual({ condition_grade: 4, inspection: i.id });
    expect((await one(sql`SELECT state FROM tasks WHERE id = ${i.task_id}`)).state).toBe('completed');
    expect((await one(sql`SELECT status FROM assignments WHERE id = ${assignment.assignment_id}`)).status).toBe('done');
    expect(Number((await one(sql`SELECT version FROM data_versions WHERE name = 'network'`)).version)).toBeGreaterThan(
      Number(network),
    );
    const row = await one(sql`SELECT reviewed_by, reviewed_at, review_reason FROM inspections WHERE id = ${i.id}`);
    expect(row).toMatchObject({ reviewed_by: ids.office, review_reason: null });
    expect(row.reviewed_at).not.toBeNull();
  });

  it('an accept sent twice answers 200 changed:false the second time, with one accept event', async () => {
    const i = await newInspection({ pending: true });
    const first = await office.post(`/api/inspections/${i.id}/accept`, { version: i.version });
    const again = await office.post(`/api/inspections/${i.id}/accept`, { version: i.version });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([first.body.changed, again.body.changed]).toEqual([true, false]);
    expect((await events(i.id)).filter((e) => e.command === 'accept')).toHaveLength(1);
  });

  it('two users accepting at once give exactly one acceptance, reviewed by the one told it changed', async () => {
    for (let round = 0; round < 3; round++) {
      const i = await newInspection({ pending: true });
      const [a, b] = await Promise.all([
        office.post(`/api/inspections/${i.id}/accept`, {}),
        editor.post(`/api/inspections/${i.id}/accept`, {}),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.changed, b.body.changed].sort()).toEqual([false, true]);
      const accepts = (await events(i.id)).filter((e) => e.command === 'accept');
      expect(accepts).toHaveLength(1);
      const winner = a.body.changed ? ids.office : ids.editor;
      expect(accepts[0].user_id).toBe(winner);
      expect((await one(sql`SELECT reviewed_by, version FROM inspections WHERE id = ${i.id}`)).reviewed_by).toBe(
        winner,
      );
    }
  });

  it('the crew cannot accept or reject (403), guests neither', async () => {
    const i = await newInspection({ pending: true });
    for (const client of [inspector, guest]) {
      expect((await client.post(`/api/inspections/${i.id}/accept`, {})).status).toBe(403);
      expect((await client.post(`/api/inspections/${i.id}/reject`, { reason: 'no' })).status).toBe(403);
      expect((await client.post('/api/inspections/bulk-accept', { InspectionIds: [i.id] })).status).toBe(403);
    }
    expect((await one(sql`SELECT status FROM inspections WHERE id = ${i.id}`)).status).toBe('pending');
  });

  it('reject needs a reason (400 naming reason), then sends the inspection back to the crew with it', async () => {
    const i = await newInspection({ pending: true });
    for (const body of [{}, { reason: '   ' }]) {
      const res = await office.post(`/api/inspections/${i.id}/reject`, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual(['reason']);
    }
    const res = await office.post(`/api/inspections/${i.id}/reject`, { reason: 'Video missing from 12 m' });
    expect(res.body).toMatchObject({
      changed: true,
      inspection: { status: 'incomplete', review: 'rejected', reviewReason: 'Video missing from 12 m' },
    });
    const again = await office.post(`/api/inspections/${i.id}/reject`, { reason: 'Video missing from 12 m' });
    expect(again.body.changed).toBe(false);
    expect((await events(i.id)).filter((e) => e.command === 'reject')).toEqual([
      {
        command: 'reject',
        from_status: 'pending',
        to_status: 'incomplete',
        reason: 'Video missing from 12 m',
        user_id: ids.office,
      },
    ]);
    // The crew fixes it and sends it again; the rejection stays on record until the office decides.
    const resent = await inspector.post(`/api/inspections/${i.id}/complete`, {});
    expect(resent.body.inspection).toMatchObject({ status: 'pending', review: 'rejected' });
    const accepted = await office.post(`/api/inspections/${i.id}/accept`, {});
    expect(accepted.body.inspection).toMatchObject({ status: 'completed', review: 'accepted', reviewReason: null });
  });

  it('every illegal transition answers 409 workflow/illegal-transition and writes nothing', async () => {
    const incomplete = await newInspection();
    const accepted = await newInspection({ pending: true });
    await office.post(`/api/inspections/${accepted.id}/accept`, {});
    const cases: [number, string, TestClient, object][] = [
      [incomplete.id, 'accept', office, {}],
      [incomplete.id, 'reject', office, { reason: 'x' }],
      [accepted.id, 'reject', office, { reason: 'x' }],
      [accepted.id, 'complete', office, {}],
      [accepted.id, 'reopen', office, {}],
    ];
    for (const [id, command, client, body] of cases) {
      const before = await one(sql`SELECT version, (SELECT count(*)::int FROM inspection_events e
        WHERE e.inspection_id = i.id) AS events FROM inspections i WHERE id = ${id}`);
      const res = await client.post(`/api/inspections/${id}/${command}`, body);
      expect(res.status, command).toBe(409);
      expect(res.body.code, command).toBe(ILLEGAL);
      expect(res.body.message, command).toMatch(/^The inspection cannot be /);
      expect(
        await one(sql`SELECT version, (SELECT count(*)::int FROM inspection_events e
        WHERE e.inspection_id = i.id) AS events FROM inspections i WHERE id = ${id}`),
      ).toEqual(before);
    }
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const i = await newInspection({ pending: true });
    const res = await office.post(`/api/inspections/${i.id}/accept`, { version: i.version - 1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(STALE);
    expect((await one(sql`SELECT status FROM inspections WHERE id = ${i.id}`)).status).toBe('pending');
  });

  it('bulk accept accepts each, lists the already accepted as unchanged and refuses the others with why', async () => {
    const a = await newInspection({ pending: true });
    const b = await newInspection({ pending: true });
    const done = await newInspection({ pending: true });
    await office.post(`/api/inspections/${done.id}/accept`, {});
    const field = await newInspection();
    const res = await office.post('/api/inspections/bulk-accept', {
      InspectionIds: [a.id, field.id, done.id, 99999999, b.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.Accepted).toEqual([a.id, b.id]);
    expect(res.body.Unchanged).toEqual([done.id]);
    expect(res.body.Refused).toEqual([
      { id: field.id, reason: expect.stringMatching(/cannot be accepted/) },
      { id: 99999999, reason: 'not found' },
    ]);
    const statuses = await rows(sql`SELECT id, status FROM inspections
      WHERE id = ANY(${[a.id, b.id, field.id]}::bigint[])`);
    expect(Object.fromEntries(statuses.map((r) => [Number(r.id), r.status]))).toEqual({
      [a.id]: 'completed',
      [b.id]: 'completed',
      [field.id]: 'incomplete',
    });
  });
});

describe('deleting an inspection (DELETE api/inspections/{id})', () => {
  it('an accepted inspection cannot be deleted (409 workflow/illegal-transition)', async () => {
    const i = await newInspection({ pending: true });
    await office.post(`/api/inspections/${i.id}/accept`, {});
    const res = await editor.request('DELETE', `/api/inspections/${i.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(ILLEGAL);
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections WHERE id = ${i.id}`)).n).toBe(1);
  });

  it("deleting a task's only inspection moves the task back to started; its observations' media go too", async () => {
    const i = await pendingOfTask();
    const assignment = await one(sql`SELECT a.id, a.status FROM assignments a JOIN assignment_tasks at
      ON at.assignment_id = a.id WHERE at.task_id = ${i.task_id}`);
    const obs = await one(sql`SELECT id FROM observations WHERE inspection_id = ${i.id} ORDER BY id LIMIT 1`);
    const observationId =
      obs?.id ??
      (
        await one(sql`INSERT INTO observations (inspection_id, standard_id, sequence, distance_m, code)
        SELECT ${i.id}, standard_id, 1, 1.5, (SELECT code FROM observation_codes c WHERE c.standard_id = i.standard_id LIMIT 1)
        FROM inspections i WHERE i.id = ${i.id} RETURNING id`)
      ).id;
    await server.db
      .query(sql`INSERT INTO media (owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
      VALUES ('observation', ${observationId}, 'image', 'crack.jpg', ${`test/${i.id}.jpg`}, 'image/jpeg', ${'ab'.repeat(32)}, 3)`);
    const version = (await one(sql`SELECT version FROM inspections WHERE id = ${i.id}`)).version;

    expect((await editor.request('DELETE', `/api/inspections/${i.id}?version=${version + 1}`)).body.code).toBe(STALE);
    const res = await editor.request('DELETE', `/api/inspections/${i.id}?version=${version}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Deleted: [i.id] });
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections WHERE id = ${i.id}`)).n).toBe(0);
    expect((await one(sql`SELECT count(*)::int AS n FROM observations WHERE inspection_id = ${i.id}`)).n).toBe(0);
    expect((await one(sql`SELECT count(*)::int AS n FROM media WHERE storage_key = ${`test/${i.id}.jpg`}`)).n).toBe(0);
    expect((await one(sql`SELECT state FROM tasks WHERE id = ${i.task_id}`)).state).toBe('started');
    const states = (
      await rows(sql`SELECT t.state FROM assignment_tasks at JOIN tasks t ON t.id = at.task_id
      WHERE at.assignment_id = ${assignment.id}`)
    ).map((r) => r.state);
    expect(states).toContain('started');
    expect((await one(sql`SELECT status FROM assignments WHERE id = ${assignment.id}`)).status).toBe('in-progress');
    expect((await editor.request('DELETE', `/api/inspections/${i.id}`)).status).toBe(404);
  });

  it("a member may delete only an inspection they created (403 with the spec's text); guests none", async () => {
    const theirs = await newInspection({ by: editor });
    const res = await inspector.request('DELETE', `/api/inspections/${theirs.id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You have no permissions to perform this action');
    expect((await guest.request('DELETE', `/api/inspections/${theirs.id}`)).status).toBe(403);
    const mine = await newInspection({ pending: true });
    expect((await inspector.request('DELETE', `/api/inspections/${mine.id}`)).status).toBe(200);
    // A reviewer may delete anyone's inspection that is not accepted.
    expect((await office.request('DELETE', `/api/inspections/${theirs.id}`)).status).toBe(200);
  });
});

describe('inspection sessions', () => {
  const closeOpen = (userId: string) =>
    server.db.query(sql`UPDATE inspection_sessions SET status = 'closed', ended_at = greatest(now(), started_at)
      WHERE operator_id = ${userId} AND status = 'open'`);

  it('a member starts a session (201), finds it first in their list, and ends it; ending again changes nothing', async () => {
    await closeOpen(ids.inspector);
    const start = await inspector.post('/api/inspection-sessions', { camera: 'Crawler CX-2' });
    expect(start.status).toBe(201);
    const session = InspectionSessionSummary.parse(start.body);
    expect(session).toMatchObject({
      status: 'open',
      camera: 'Crawler CX-2',
      operator: { id: ids.inspector, login: 'inspector', displayName: 'Ivan Inspector' },
      endedAt: null,
      inspectionCount: 0,
    });
    const list = await inspector.get('/api/inspection-sessions');
    expect(list.status).toBe(200);
    expect(list.body[0].id).toBe(session.id);
    expect(list.body.every((s: InspectionSessionSummary) => s.operator?.id === ids.inspector)).toBe(true);
    const end = await inspector.post(`/api/inspection-sessions/${session.id}/end`, { version: session.version });
    expect(end.body).toMatchObject({ changed: true, session: { status: 'closed', version: session.version + 1 } });
    expect(end.body.session.endedAt).not.toBeNull();
    const again = await inspector.post(`/api/inspection-sessions/${session.id}/end`, { version: session.version });
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
  });

  it('a second open session is refused with 409 naming the open one', async () => {
    await closeOpen(ids.inspector);
    const first = (await inspector.post('/api/inspection-sessions', {})).body;
    const second = await inspector.post('/api/inspection-sessions', {});
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(ILLEGAL);
    expect(second.body.message).toContain(`#${first.id}`);
    await inspector.post(`/api/inspection-sessions/${first.id}/end`, {});
  });

  it("a session for an assignment needs it to be the caller's unless they are an editor (403)", async () => {
    await closeOpen(ids.inspector);
    await closeOpen(ids.editor);
    const mine = await one(sql`SELECT id FROM assignments WHERE assigned_to = ${ids.inspector} ORDER BY id LIMIT 1`);
    const other = await one(sql`SELECT id FROM assignments WHERE assigned_to IS DISTINCT FROM ${ids.inspector}
      ORDER BY id LIMIT 1`);
    const refused = await inspector.post('/api/inspection-sessions', { assignmentId: Number(other.id) });
    expect(refused.status).toBe(403);
    const ok = await inspector.post('/api/inspection-sessions', { assignmentId: Number(mine.id) });
    expect(ok.status).toBe(201);
    expect(ok.body.assignmentId).toBe(Number(mine.id));
    const byEditor = await editor.post('/api/inspection-sessions', { assignmentId: Number(other.id) });
    expect(byEditor.status).toBe(201);
    const unknown = await office.post('/api/inspection-sessions', { assignmentId: 99999999 });
    expect(Object.keys(unknown.body.ModelState)).toEqual(['assignmentId']);
    // Only its operator or an editor ends a session.
    expect((await office.post(`/api/inspection-sessions/${ok.body.id}/end`, {})).status).toBe(403);
    expect((await editor.post(`/api/inspection-sessions/${ok.body.id}/end`, {})).body.changed).toBe(true);
    expect((await editor.post(`/api/inspection-sessions/${byEditor.body.id}/end`, {})).status).toBe(200);
    expect((await editor.post('/api/inspection-sessions/99999999/end', {})).status).toBe(404);
  });

  it("another operator's sessions are listed for a reviewer or an editor only (403); guests have none", async () => {
    expect((await office.get(`/api/inspection-sessions?operatorId=${ids.inspector}`)).status).toBe(200);
    const listed = await editor.get(`/api/inspection-sessions?operatorId=${ids.inspector}&status=closed`);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((s: InspectionSessionSummary) => s.status === 'closed')).toBe(true);
    expect((await inspector.get(`/api/inspection-sessions?operatorId=${ids.editor}`)).status).toBe(403);
    expect((await guest.get('/api/inspection-sessions')).status).toBe(403);
  });
});

// Last: it leaves 10,050 pending inspections behind (deleting them costs more than the test).
describe('the grid of a large group', () => {
  it('beyond 10,000 matches the total is the database estimate, flagged as not exact', async () => {
    const exact = await guest.get('/api/inspections/grid?group=pending');
    expect(exact.body.totalExact).toBe(true);
    const copies = await rows(sql`INSERT INTO inspections (asset_id, standard_id, inspected_at, status, header)
      SELECT asset_id, standard_id, inspected_at - make_interval(secs => g), 'pending', '{}'
      FROM generate_series(1, 10050) g, (SELECT * FROM inspections ORDER BY id LIMIT 1) i RETURNING id`);
    await server.db.exec('ANALYZE inspections');
    const page = InspectionGridPage.parse((await guest.get('/api/inspections/grid?group=pending')).body);
    expect(page.totalExact).toBe(false);
    expect(page.total).toBeGreaterThan(10_000);
    expect(page.total).toBeLessThan(copies.length * 2);
    expect(page.items).toHaveLength(25);
  });
});
