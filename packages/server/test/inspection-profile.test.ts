/**
 * What a crew member's inspection profile (main-app §2 "User profile", PUT api/settings/user) does to
 * their work: a new inspection outside a task's project takes the profile's standard, every new
 * inspection its direction, and a session started without a camera its camera. What the request or
 * the task says comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionProfile } from '@manway/core/api/settings';
import { InspectionSessionSummary } from '@manway/core/api/work';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
let inspector: TestClient;
let office: TestClient;
let inspectorId: string;

beforeAll(async () => {
  server = await startTestServer();
  inspector = server.client();
  office = server.client();
  await inspector.signIn('inspector', 'inspector-demo');
  await office.signIn('office', 'office-demo');
  inspectorId = (await one(sql`SELECT id FROM users WHERE login = 'inspector'`)).id;
  // A second standard with an inspection form, for the profile to name.
  await server.db.exec(`
    INSERT INTO standards (id, name, version, applies_to, grade_min, grade_max, worst_is_high, scoring_method, continuous_unit_m)
    VALUES ('crew-b', 'Crew standard B', '2', ARRAY['node', 'section', 'lateral'], 1, 5, true, 'peak-rating-index', 1);
    INSERT INTO form_templates (id, object_type, standard_id, label, definition, source)
    SELECT 'inspection:crew-b', 'inspection', 'crew-b', label,
           jsonb_set(jsonb_set(definition, '{standardId}', '"crew-b"'), '{id}', '"inspection:crew-b"'), 'custom'
    FROM form_templates WHERE object_type = 'inspection' AND standard_id = 'manway-demo';`);
});
afterAll(() => server.close());

const one = async (statement: SQL) => (await server.db.query<any>(statement))[0];

async function setProfile(client: TestClient, profile: InspectionProfile): Promise<void> {
  const settings = (await client.get('/api/settings/user')).body;
  const res = await client.put('/api/settings/user', { ...settings, inspectionProfile: profile });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A section with no open task, so nothing but the request and the profile decides its standard. */
async function freeSection(): Promise<number> {
  const s = await one(sql`SELECT a.id FROM assets a WHERE a.object_type = 'section'
    AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id AND t.state IN ('planned', 'started', 'inspection-created'))
    AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.asset_id = a.id)
    ORDER BY a.id DESC LIMIT 1`);
  return Number(s.id);
}

const closeOpenSessions = () =>
  server.db.query(sql`UPDATE inspection_sessions SET status = 'closed', ended_at = greatest(now(), started_at)
    WHERE operator_id = ${inspectorId} AND status = 'open'`);

describe('a new inspection', () => {
  it("outside any task takes the profile's standard and direction: in its defaults and when created", async () => {
    await setProfile(inspector, { standardId: 'crew-b', camera: null, direction: 'upstream' });
    const section = await freeSection();
    const defaults = await inspector.post('/api/object-forms/Inspection/empty/default-value', { parentId: section });
    expect(defaults.status).toBe(200);
    expect(defaults.body.values).toMatchObject({ standardId: 'crew-b', direction: 'upstream' });

    const created = await inspector.post('/api/inspections', { parentObjectType: 'Section', parentObjectId: section });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ standardId: 'crew-b', direction: 'upstream' });
  });

  it("the standard the request names, then the task's project's, come before the profile's", async () => {
    await setProfile(inspector, { standardId: 'crew-b', camera: null, direction: 'upstream' });
    const named = await inspector.post('/api/inspections', {
      parentObjectType: 'Section',
      parentObjectId: await freeSection(),
      standardId: 'manway-demo',
    });
    expect(named.body).toMatchObject({ standardId: 'manway-demo', direction: 'upstream' });

    const task = await one(sql`
      SELECT t.id, t.version, p.standard_id FROM tasks t JOIN projects p ON p.id = t.project_id
      JOIN assignment_tasks x ON x.task_id = t.id JOIN assignments g ON g.id = x.assignment_id
      JOIN users u ON u.id = g.assigned_to
      WHERE u.login = 'inspector' AND t.state = 'started' AND t.task_type = 'inspect' ORDER BY t.id LIMIT 1`);
    expect(task.standard_id).toBe('manway-demo');
    const res = await inspector.post(`/api/tasks/${task.id}/create-inspection`, { version: task.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await one(sql`SELECT standard_id, direction FROM inspections WHERE id = ${res.body.inspectionId}`);
    expect(row).toEqual({ standard_id: 'manway-demo', direction: 'upstream' });
  });

  it('without a profile: the demo standard, downstream', async () => {
    const defaults = await office.post('/api/object-forms/Inspection/empty/default-value', {
      parentId: await freeSection(),
    });
    expect(defaults.body.values).toMatchObject({ standardId: 'manway-demo', direction: 'downstream' });
  });

  it("a profile's standard removed since it was chosen is passed over: the demo standard", async () => {
    await server.db.exec(`
      INSERT INTO standards (id, name, version, applies_to, grade_min, grade_max, worst_is_high, scoring_method, continuous_unit_m)
      VALUES ('short-lived', 'Short-lived standard', '1', ARRAY['section'], 1, 5, true, 'peak-rating-index', 1);
      INSERT INTO form_templates (id, object_type, standard_id, label, definition, source)
      SELECT 'inspection:short-lived', 'inspection', 'short-lived', label, definition, 'custom'
      FROM form_templates WHERE object_type = 'inspection' AND standard_id = 'manway-demo';`);
    await setProfile(inspector, { standardId: 'short-lived', camera: null, direction: null });
    await server.db.exec(`DELETE FROM standards WHERE id = 'short-lived'`);
    const created = await inspector.post('/api/inspections', {
      parentObjectType: 'Section',
      parentObjectId: await freeSection(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ standardId: 'manway-demo', direction: 'downstream' });
  });
});

describe('a new inspection session', () => {
  it("started without a camera takes the profile's; a camera named wins", async () => {
    await setProfile(inspector, { standardId: null, camera: 'Crawler CX-2', direction: null });
    await closeOpenSessions();
    const fromProfile = await inspector.post('/api/inspection-sessions', {});
    expect(fromProfile.status).toBe(201);
    expect(InspectionSessionSummary.parse(fromProfile.body).camera).toBe('Crawler CX-2');

    await closeOpenSessions();
    const named = await inspector.post('/api/inspection-sessions', { camera: 'Push rod R7' });
    expect(named.body.camera).toBe('Push rod R7');
    await closeOpenSessions();
  });

  it('without a camera in the request or the profile, none', async () => {
    await setProfile(inspector, { standardId: null, camera: null, direction: null });
    await closeOpenSessions();
    const res = await inspector.post('/api/inspection-sessions', {});
    expect(res.body.camera).toBeNull();
    await closeOpenSessions();
  });
});
