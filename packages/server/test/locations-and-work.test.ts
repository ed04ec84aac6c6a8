import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocationValue } from '@manway/core/api/locations';
import { sql, type SQL } from '../src/db/sql';
import type { TestClient } from './harness';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let editor: TestClient;
let inspector: TestClient;
let guest: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  editor = server.client();
  inspector = server.client();
  guest = server.client();
  anonymous = server.client();
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
});
afterAll(() => server.close());

const one = async (statement: SQL) => (await server.db.query<any>(statement))[0];

const fix = {
  longitude: 8.31,
  latitude: 51.89,
  altitude: 72.4,
  horizontalAccuracy: 0.03,
  source: 'collected',
  capturedTime: '2026-03-01T10:15:00Z',
  gps: { fixQuality: 4, satellites: 14, hdop: 0.7, pdop: 1.1, vdop: 0.9, mode: 'A', fix3d: true, dgpsId: '0042' },
};

describe('object locations', () => {
  it('without a stored location, a node answers its GIS position with no version', async () => {
    const n = await one(sql`SELECT a.id, ST_X(a.geom) AS x, ST_Y(a.geom) AS y FROM assets a
                         WHERE object_type = 'node' AND NOT EXISTS (SELECT 1 FROM locations l
                           WHERE l.object_type = 'node' AND l.object_id = a.id) ORDER BY id LIMIT 1`);
    const res = await guest.get(`/api/locations/Node/${n.id}`);
    expect(res.status).toBe(200);
    expect(LocationValue.parse(res.body)).toEqual({
      longitude: n.x,
      latitude: n.y,
      altitude: null,
      horizontalAccuracy: null,
      source: 'imported-from-gis',
      capturedTime: null,
      gps: null,
      version: null,
    });
  });

  it('a collected demo location answers every GPS field', async () => {
    const l = await one(sql`SELECT object_id FROM locations WHERE object_type = 'node' ORDER BY object_id LIMIT 1`);
    const res = await guest.get(`/api/locations/node/${l.object_id}`);
    expect(res.body.source).toBe('collected');
    expect(res.body.version).toBe(1);
    expect(Object.keys(res.body.gps)).toEqual(
      expect.arrayContaining(['height', 'fixQuality', 'satellites', 'asnr', 'hdop', 'pdop', 'vdop', 'utcTime']),
    );
  });

  it('an editor sets a location, reads it back, and changes it with the version read', async () => {
    const first = await editor.post('/api/locations/Node/3', { ...fix, version: null });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ longitude: 8.31, latitude: 51.89, source: 'collected', version: 1 });
    expect(first.body.capturedTime).toBe('2026-03-01T10:15:00.000Z');
    expect((await guest.get('/api/locations/Node/3')).body).toEqual(first.body);
    const second = await editor.post('/api/locations/Node/3', { ...fix, longitude: 8.32, version: 1 });
    expect(second.body).toMatchObject({ longitude: 8.32, version: 2 });
  });

  it('a stale version answers 409 and changes nothing', async () => {
    await editor.post('/api/locations/Node/4', { ...fix, version: null });
    await editor.post('/api/locations/Node/4', { ...fix, latitude: 51.9, version: 1 });
    const stale = await editor.post('/api/locations/Node/4', { ...fix, latitude: 51.7, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    const firstAgain = await editor.post('/api/locations/Node/4', { ...fix, version: null });
    expect(firstAgain.status).toBe(409);
    expect((await guest.get('/api/locations/Node/4')).body.latitude).toBe(51.9);
  });

  it('moving an asset needs editor permissions; a regular user may place a subject', async () => {
    const res = await inspector.post('/api/locations/Node/5', { ...fix, version: null });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Access denied. You have no permissions to edit object.' });
    const subject = await one(sql`SELECT id FROM subjects ORDER BY id LIMIT 1`);
    expect((await inspector.post(`/api/locations/Subject/${subject.id}`, { ...fix, version: null })).status).toBe(200);
    expect((await guest.post(`/api/locations/Subject/${subject.id}`, { ...fix, version: 1 })).status).toBe(403);
  });

  it('bad coordinates, fields or types answer 400; a missing object 404; no session 401', async () => {
    for (const body of [
      { ...fix, longitude: 181, version: null },
      { ...fix, latitude: 'north', version: null },
      { ...fix, source: 'guessed', version: null },
      { ...fix, capturedTime: 'yesterday', version: null },
      { ...fix, gps: { ...fix.gps, colour: 'red' }, version: null },
      { ...fix },
    ]) {
      expect((await editor.post('/api/locations/Node/6', body)).status).toBe(400);
    }
    expect((await editor.post('/api/locations/Pipe/6', { ...fix, version: null })).status).toBe(400);
    expect((await editor.post('/api/locations/Node/99999999', { ...fix, version: null })).status).toBe(404);
    expect((await guest.get('/api/locations/Node/99999999')).status).toBe(404);
    expect((await anonymous.get('/api/locations/Node/6')).status).toBe(401);
    expect((await anonymous.post('/api/locations/Node/6', { ...fix, version: null })).status).toBe(401);
  });
});

describe("the user's GPS fix", () => {
  it('is stored for the signed-in user', async () => {
    const res = await inspector.post('/api/user-locations', fix);
    expect(res.status).toBe(201);
    const row = await one(
      sql`SELECT u.login, l.longitude, l.gps->>'satellites' AS satellites FROM user_locations l
       JOIN users u ON u.id = l.user_id WHERE l.id = ${res.body.id}`,
    );
    expect(row).toEqual({ login: 'inspector', longitude: 8.31, satellites: '14' });
  });

  it('needs a capture time and real coordinates (400), a session (401), and is not for guests (403)', async () => {
    expect((await inspector.post('/api/user-locations', { ...fix, capturedTime: undefined })).status).toBe(400);
    expect((await inspector.post('/api/user-locations', { ...fix, latitude: -91 })).status).toBe(400);
    expect((await anonymous.post('/api/user-locations', fix)).status).toBe(401);
    expect((await guest.post('/api/user-locations', fix)).status).toBe(403);
  });
});

describe('deleting projects', () => {
  it('is refused with a clear message while the project has tasks or inspections', async () => {
    const res = await editor.post('/api/projects', { ProjectIds: [1, 5] });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.ProjectIds).toEqual([
      expect.stringMatching(/^Project "CCTV survey 2021" still has \d+ tasks? and \d+ inspections?; /),
      expect.stringMatching(/^Project "CCTV survey 2025" still has \d+ tasks? and \d+ inspections?; /),
    ]);
    expect((await one(sql`SELECT count(*)::int AS n FROM projects`)).n).toBe(5);
  });

  it('deletes a project without dependent work, its deleted tasks with it', async () => {
    await server.db
      .query(sql`INSERT INTO projects (id, name, standard_id, status) VALUES (101, 'Empty', 'manway-demo', 'planned'),
      (102, 'Cancelled work', 'manway-demo', 'planned')`);
    await server.db.query(
      sql`INSERT INTO tasks (project_id, task_type, asset_id, state) VALUES (102, 'clean', 1, 'deleted')`,
    );
    const res = await editor.post('/api/projects', { ProjectIds: [101, 102], Versions: [1, 1] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Deleted: [101, 102] });
    expect((await one(sql`SELECT count(*)::int AS n FROM projects WHERE id IN (101, 102)`)).n).toBe(0);
  });

  it('a stale version answers 409, an unknown id 404, and neither deletes anything', async () => {
    await server.db.query(sql`INSERT INTO projects (id, name, standard_id, status, version)
                           VALUES (103, 'Stale', 'manway-demo', 'planned', 3)`);
    expect((await editor.post('/api/projects', { ProjectIds: [103], Versions: [2] })).status).toBe(409);
    const missing = await editor.post('/api/projects', { ProjectIds: [103, 99999] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/99999/);
    expect((await one(sql`SELECT count(*)::int AS n FROM projects WHERE id = 103`)).n).toBe(1);
  });

  it('needs editor permissions (403), a session (401) and a list of ids (400)', async () => {
    expect((await inspector.post('/api/projects', { ProjectIds: [103] })).status).toBe(403);
    expect((await guest.post('/api/projects', { ProjectIds: [103] })).status).toBe(403);
    expect((await anonymous.post('/api/projects', { ProjectIds: [103] })).status).toBe(401);
    for (const body of [{}, { ProjectIds: [] }, { ProjectIds: ['x'] }, { ProjectIds: [1], Versions: [1, 2] }]) {
      const res = await editor.post('/api/projects', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('deleting subjects', () => {
  it('is refused while the subject is connected to an object', async () => {
    const c = await one(sql`SELECT s.id, s.label FROM subjects s WHERE EXISTS
                         (SELECT 1 FROM connected_subjects c WHERE c.subject_id = s.id) ORDER BY id LIMIT 1`);
    const res = await editor.post('/api/subjects', { SubjectIds: [Number(c.id)] });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.SubjectIds).toEqual([
      `Subject "${c.label}" is connected to 1 object; remove the connections first.`,
    ]);
  });

  it('deletes unconnected subjects; a stale version 409, an unknown one 404, others 403/401', async () => {
    const free = await server.db.query<any>(sql`SELECT id FROM subjects s WHERE NOT EXISTS
      (SELECT 1 FROM connected_subjects c WHERE c.subject_id = s.id) ORDER BY id LIMIT 2`);
    const [a, b] = free.map((r) => Number(r.id));
    expect((await inspector.post('/api/subjects', { SubjectIds: [a] })).status).toBe(403);
    expect((await anonymous.post('/api/subjects', { SubjectIds: [a] })).status).toBe(401);
    expect((await editor.post('/api/subjects', { SubjectIds: [a], Versions: [7] })).status).toBe(409);
    expect((await editor.post('/api/subjects', { SubjectIds: [a, 99999] })).status).toBe(404);
    expect((await editor.post('/api/subjects', { SubjectIds: 'all' })).status).toBe(400);
    const res = await editor.post('/api/subjects', { SubjectIds: [a, b] });
    expect(res.body).toEqual({ Deleted: [a, b] });
    expect((await guest.get(`/api/objects/Subject/${a}`)).status).toBe(404);
  });
});

describe('listing inspections', () => {
  it("an asset's inspections are exactly those the table holds for it, newest first, with their observation counts", async () => {
    const a = await one(sql`SELECT a.id, a.asset_code FROM assets a JOIN inspections i ON i.asset_id = a.id
                         WHERE a.object_type = 'section' GROUP BY a.id ORDER BY count(*) DESC, a.id LIMIT 1`);
    const expected = await server.db.query<any>(
      sql`SELECT i.id, i.status, i.standard_id, i.task_id,
              (SELECT count(*)::int FROM observations o WHERE o.inspection_id = i.id) AS n
       FROM inspections i WHERE i.asset_id = ${a.id} ORDER BY i.inspected_at DESC, i.id DESC`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const res = await guest.get(`/api/inspections?parentObjectType=Section&parentObjectId=${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((i: any) => [i.id, i.status, i.standardId, i.taskId, i.observationCount])).toEqual(
      expected.map((e) => [Number(e.id), e.status, e.standard_id, e.task_id === null ? null : Number(e.task_id), e.n]),
    );
    expect(res.body[0]).toMatchObject({ assetType: 'Section', assetId: Number(a.id), assetReadableId: a.asset_code });
    const dates = res.body.map((i: any) => Date.parse(i.inspectedAt));
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
  });

  it("a task's inspections are those made for it", async () => {
    const t = await one(sql`SELECT task_id FROM inspections WHERE task_id IS NOT NULL ORDER BY id LIMIT 1`);
    const ids = await server.db.query<any>(sql`SELECT id FROM inspections WHERE task_id = ${t.task_id} ORDER BY id`);
    const res = await editor.get(`/api/inspections?taskId=${t.task_id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((i: any) => i.id).sort((x: number, y: number) => x - y)).toEqual(ids.map((r) => Number(r.id)));
    expect(res.body.every((i: any) => i.taskId === Number(t.task_id))).toBe(true);
  });

  it('an asset without inspections answers an empty list', async () => {
    const n = await one(sql`SELECT id FROM assets a WHERE object_type = 'node'
                         AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.asset_id = a.id) ORDER BY id LIMIT 1`);
    const res = await editor.get(`/api/inspections?parentObjectType=node&parentObjectId=${n.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('names the field at fault (400), an unknown task or asset answers 404, no session 401', async () => {
    const section = await one(sql`SELECT id FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`);
    const bad = async (query: string) => {
      const res = await editor.get(`/api/inspections${query}`);
      expect(res.status, query).toBe(400);
      return Object.keys(res.body.ModelState);
    };
    expect(await bad('')).toEqual(['parentObjectType']);
    expect(await bad('?parentObjectType=Section')).toEqual(['parentObjectId']);
    expect(await bad(`?parentObjectType=Inspection&parentObjectId=${section.id}`)).toEqual(['parentObjectType']);
    expect(await bad(`?taskId=1&parentObjectType=Section&parentObjectId=${section.id}`)).toEqual(['taskId']);
    expect(await bad('?taskId=first')).toEqual(['taskId']);
    expect((await editor.get('/api/inspections?taskId=99999999')).status).toBe(404);
    expect((await editor.get('/api/inspections?parentObjectType=Section&parentObjectId=99999999')).status).toBe(404);
    // The id of a section is not a node's.
    expect((await editor.get(`/api/inspections?parentObjectType=Node&parentObjectId=${section.id}`)).status).toBe(404);
    expect((await anonymous.get(`/api/inspections?parentObjectType=Section&parentObjectId=${section.id}`)).status).toBe(
      401,
    );
  });
});
