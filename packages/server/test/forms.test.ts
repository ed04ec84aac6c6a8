/**
 * Object details and forms through the real HTTP layer on the demo town: templates as stored, tabs and
 * their values, saves with the version read, create, empty forms, defaults and calculate; refusals
 * per rule (400 naming the field), per role (403 with the spec's texts) and per version (409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREATE_DENIED,
  DetailsTemplate,
  EDIT_DENIED,
  EmptyForm,
  FORM_INVALID,
  FormSaved,
  FormTabAnswer,
  MISSING_TEMPLATES,
} from '@manway/core/api/forms';
import { DEMO_CODES } from '@manway/core/domain/standard';
import { SHIPPED_TEMPLATES } from '@manway/core/forms/templates';
import { applicableFields, validateForm } from '@manway/core/forms/validate';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let office: TestClient;
let guest: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  editor = server.client();
  office = server.client();
  guest = server.client();
  anonymous = server.client();
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
  await office.signIn('office', 'office-demo');
  await guest.signIn('guest', 'guest-demo');
});
afterAll(() => server.close());

const one = async (statement: SQL) => (await server.db.query<any>(statement))[0];
/** A demo asset of the type (of the subtype), the `skip`th in id order, so tests do not share one. */
const firstAsset = async (type: string, { subtype = null as string | null, skip = 0 } = {}) =>
  one(sql`SELECT id, asset_code, version FROM assets WHERE object_type = ${type}
          AND (${subtype}::text IS NULL OR subtype = ${subtype}) ORDER BY id LIMIT 1 OFFSET ${skip}`);

describe('templates as data', () => {
  it('start-up stores every shipped template whose standard exists', async () => {
    const rows = await server.db.query<any>(sql`SELECT id, source, version FROM form_templates ORDER BY id`);
    expect(rows.map((r) => r.id)).toEqual(SHIPPED_TEMPLATES.map((t) => t.id).sort());
    expect(rows.every((r) => r.source === 'shipped' && r.version === 1)).toBe(true);
  });

  it('a changed shipped definition is replaced with its version bumped; a custom template is never touched', async () => {
    await server.db.query(sql`UPDATE form_templates SET definition = '{"old": true}' WHERE id = 'section'`);
    await server.db.query(sql`UPDATE form_templates SET source = 'custom', label = 'Ours' WHERE id = 'lateral'`);
    const custom = await one(sql`SELECT definition FROM form_templates WHERE id = 'lateral'`);
    await server.db.query(sql`UPDATE form_templates SET definition = '{"ours": true}' WHERE id = 'lateral'`);
    // A Field system keeps what the Office sent: nothing is refreshed there.
    expect(await server.services.forms.ensureShippedTemplates('field')).toBe(0);
    expect(await server.services.forms.ensureShippedTemplates('office')).toBe(1);
    expect(await server.services.forms.ensureShippedTemplates('office')).toBe(0);
    const section = await one(sql`SELECT definition, version FROM form_templates WHERE id = 'section'`);
    expect(section.version).toBe(2);
    expect(section.definition.id).toBe('section');
    const lateral = await one(sql`SELECT definition, source FROM form_templates WHERE id = 'lateral'`);
    expect(lateral).toEqual({ definition: { ours: true }, source: 'custom' });
    await server.db.query(
      sql`UPDATE form_templates SET definition = ${JSON.stringify(custom.definition)}::jsonb WHERE id = 'lateral'`,
    );
  });

  it('a type without a template answers the missing-templates code, not a blank form', async () => {
    const node = await firstAsset('node');
    await server.db.query(sql`DELETE FROM form_templates WHERE object_type = 'node'`);
    try {
      for (const res of [
        await guest.get(`/api/object-details-templates/Node/${node.id}`),
        await guest.get(`/api/object-forms/node/${node.id}/general`),
        await editor.post('/api/object-forms/Node/empty', {}),
        await editor.post('/api/object-forms/Node', { values: {} }),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: 'form/missing-templates', message: MISSING_TEMPLATES });
      }
    } finally {
      await server.services.forms.ensureShippedTemplates('field');
    }
    expect((await guest.get(`/api/object-details-templates/Node/${node.id}`)).status).toBe(200);
  });
});

describe('details and tabs', () => {
  it('the details template lists the tabs and says who may edit: editors and administrators', async () => {
    const node = await firstAsset('node');
    const path = `/api/object-details-templates/NODE/${node.id}`;
    const res = await editor.get(path);
    expect(res.status).toBe(200);
    expect(DetailsTemplate.parse(res.body)).toMatchObject({
      templateId: 'node',
      type: 'Node',
      id: Number(node.id),
      title: `Node ${node.asset_code}`,
      editable: true,
      version: node.version,
    });
    expect(res.body.tabs.map((t: { id: string }) => t.id)).toEqual([
      'general',
      'construction',
      'position',
      'condition',
    ]);
    expect((await admin.get(path)).body.editable).toBe(true);
    expect((await office.get(path)).body.editable).toBe(false);
    expect((await guest.get(path)).body.editable).toBe(false);
    expect((await anonymous.get(path)).status).toBe(401);
  });

  it('a tab answers its fields with options from the database and only its values', async () => {
    const section = await firstAsset('section');
    const res = await guest.get(`/api/object-forms/section/${section.id}/general`);
    expect(res.status).toBe(200);
    const tab = FormTabAnswer.parse(res.body);
    expect(tab.tab.fields.find((f) => f.id === 'subtype')!.options).toEqual([
      { id: 'gravity-main', value: 'Gravity main' },
      { id: 'rising-main', value: 'Rising main' },
    ]);
    expect(Object.keys(tab.values).sort()).toEqual(
      ['assetId', 'subtype', 'lifecycleStatus', 'use', 'owner', 'street', 'district', 'dateModified'].sort(),
    );
    expect(tab.values.assetId).toBe(section.asset_code);
    const connectivity = await guest.get(`/api/object-forms/Section/${section.id}/connectivity`);
    const nodes = await one(sql`SELECT f.id, f.asset_code FROM assets s JOIN assets f ON f.id = s.from_node_id
                                WHERE s.id = ${section.id}`);
    expect(connectivity.body.values.fromNode).toEqual({ id: Number(nodes.id), readableId: nodes.asset_code });
  });

  it("an inspection's header tab answers its columns, header values and scores", async () => {
    const i = await one(sql`SELECT id, header, str_peak FROM inspections ORDER BY id LIMIT 1`);
    const header = await guest.get(`/api/object-forms/Inspection/${i.id}/header`);
    expect(header.status).toBe(200);
    expect(header.body.values['header.operator']).toBe(i.header.operator);
    expect(header.body.values.standardId).toBe('manway-demo');
    const scores = await guest.get(`/api/object-forms/inspection/${i.id}/scores`);
    expect(scores.body.values.structuralPeak).toBe(i.str_peak);
  });

  it('an unknown tab or object answers 404, an unknown type 400 naming the type', async () => {
    const node = await firstAsset('node');
    expect((await guest.get(`/api/object-forms/Node/${node.id}/nope`)).status).toBe(404);
    expect((await guest.get('/api/object-forms/Node/99999999/general')).status).toBe(404);
    expect((await guest.get(`/api/object-details-templates/Node/99999999`)).status).toBe(404);
    const pipe = await guest.get(`/api/object-forms/Pipe/${node.id}/general`);
    expect(pipe.status).toBe(400);
    expect(Object.keys(pipe.body.ModelState)).toEqual(['type']);
    expect((await guest.get(`/api/object-forms/Project/1/general`)).status).toBe(400);
  });
});

describe('saving', () => {
  it('an editor saves a tab with the version read; the next read shows it and a new version', async () => {
    const node = await firstAsset('node');
    const before = await editor.get(`/api/object-forms/Node/${node.id}/general`);
    const res = await editor.put(`/api/object-forms/Node/${node.id}/general`, {
      values: { ...before.body.values, owner: 'Town of Manway', street: 'Forge Lane' },
      version: before.body.version,
    });
    expect(res.status).toBe(200);
    const saved = FormSaved.parse(res.body);
    expect(saved.version).toBe(before.body.version + 1);
    expect(saved.values).toMatchObject({ owner: 'Town of Manway', street: 'Forge Lane' });
    const after = await guest.get(`/api/object-forms/Node/${node.id}/general`);
    expect(after.body.values).toMatchObject({ owner: 'Town of Manway', street: 'Forge Lane' });
    expect(after.body.version).toBe(saved.version);
    expect(after.body.values.dateModified).not.toBe(before.body.values.dateModified);
  });

  it('saving the whole object writes every tab; read-only, create-only and date-modified values are ignored', async () => {
    const node = await firstAsset('node', { subtype: 'manhole' });
    const row = await one(sql`SELECT ST_X(geom) AS x, condition_grade FROM assets WHERE id = ${node.id}`);
    const res = await admin.post(`/api/object-forms/Node/${node.id}`, {
      values: {
        material: 'concrete',
        yearBuilt: 1961,
        sizeMm: 1200,
        district: 'North',
        conditionGrade: 1,
        dateModified: '2000-01-01T00:00:00Z',
        location: { longitude: 1, latitude: 1 },
      },
      version: node.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.values).toMatchObject({ material: 'concrete', yearBuilt: 1961, sizeMm: 1200, district: 'North' });
    const stored = await one(sql`SELECT ST_X(geom) AS x, condition_grade, version FROM assets WHERE id = ${node.id}`);
    expect(stored).toEqual({ x: row.x, condition_grade: row.condition_grade, version: node.version + 1 });
  });

  it('a stale version answers 409 with the code and changes nothing', async () => {
    const node = await firstAsset('node', { skip: 3 });
    const first = await editor.put(`/api/object-forms/Node/${node.id}/general`, {
      values: { owner: 'First' },
      version: node.version,
    });
    expect(first.status).toBe(200);
    const stale = await editor.put(`/api/object-forms/Node/${node.id}/general`, {
      values: { owner: 'Second' },
      version: node.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    const row = await one(sql`SELECT owner, version FROM assets WHERE id = ${node.id}`);
    expect(row).toEqual({ owner: 'First', version: node.version + 1 });
  });

  it('editing an asset needs editor permissions: regular users and guests get the spec text', async () => {
    const node = await firstAsset('node', { skip: 4 });
    for (const client of [office, guest]) {
      const res = await client.put(`/api/object-forms/Node/${node.id}/general`, {
        values: { owner: 'Nobody' },
        version: node.version,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: EDIT_DENIED });
    }
    expect((await one(sql`SELECT version FROM assets WHERE id = ${node.id}`)).version).toBe(node.version);
  });

  it('inspections: any non-guest edits the header, a completed one only an editor', async () => {
    const open = await one(sql`SELECT id, version FROM inspections WHERE status = 'incomplete' ORDER BY id LIMIT 1`);
    const guestTry = await guest.put(`/api/object-forms/Inspection/${open.id}/header`, {
      values: { weather: 'rain' },
      version: open.version,
    });
    expect(guestTry.status).toBe(403);
    expect(guestTry.body).toEqual({ message: EDIT_DENIED });
    const gps = {
      longitude: 8.3,
      latitude: 51.9,
      accuracy: 0.4,
      satellites: 11,
      hdop: 0.8,
      utcTime: '2026-01-01T10:00:00Z',
    };
    const res = await office.put(`/api/object-forms/Inspection/${open.id}/header`, {
      values: { weather: 'rain', 'header.vehicle': 'Van 9', 'header.purpose': ['routine'], preCleaning: true },
      version: open.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.values).toMatchObject({
      weather: 'rain',
      'header.vehicle': 'Van 9',
      'header.purpose': ['routine'],
      preCleaning: true,
    });
    const position = await office.put(`/api/object-forms/Inspection/${open.id}/position`, {
      values: { gpsPosition: gps },
      version: res.body.version,
    });
    expect(position.status).toBe(200);
    expect(position.body.values.gpsPosition).toMatchObject(gps);
    const stored = await one(sql`SELECT longitude, horizontal_accuracy, gps->>'satellites' AS satellites
                                 FROM locations WHERE object_type = 'inspection' AND object_id = ${open.id}`);
    expect(stored).toEqual({ longitude: 8.3, horizontal_accuracy: 0.4, satellites: '11' });

    const done = await one(sql`SELECT id, version FROM inspections WHERE status = 'completed' ORDER BY id LIMIT 1`);
    const refused = await office.put(`/api/object-forms/Inspection/${done.id}/header`, {
      values: { weather: 'dry' },
      version: done.version,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: EDIT_DENIED });
    expect((await office.get(`/api/object-details-templates/Inspection/${done.id}`)).body.editable).toBe(false);
    const allowed = await editor.put(`/api/object-forms/Inspection/${done.id}/header`, {
      values: { weather: 'dry' },
      version: done.version,
    });
    expect(allowed.status).toBe(200);
  });
});

describe('demo data in the forms', () => {
  it('a demo asset of each type, sent back as it was read, saves', async () => {
    for (const type of ['node', 'section', 'lateral']) {
      const asset = await firstAsset(type, { skip: 11 });
      const details = await editor.get(`/api/object-details-templates/${type}/${asset.id}`);
      const values = {};
      for (const tab of details.body.tabs) {
        Object.assign(values, (await editor.get(`/api/object-forms/${type}/${asset.id}/${tab.id}`)).body.values);
      }
      const res = await editor.post(`/api/object-forms/${type}/${asset.id}`, { values, version: asset.version });
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("every demo inspection's header opens in its form and validates under the template's rules", async () => {
    const inspections: { id: string }[] = await server.db.query(sql`SELECT id FROM inspections ORDER BY id`);
    expect(inspections.length).toBeGreaterThan(100);
    for (const { id } of inspections) {
      const tab = FormTabAnswer.parse((await editor.get(`/api/object-forms/Inspection/${id}/header`)).body);
      const fields = applicableFields(tab.tab.fields, tab.values);
      expect(validateForm(fields, tab.values, { now: new Date(), creating: false }), `inspection ${id}`).toEqual({});
    }
  });

  it("every demo inspection's observations open in the observation form and validate under its rules", async () => {
    const inspections: { id: string }[] = await server.db.query(sql`SELECT id FROM inspections ORDER BY id`);
    let checked = 0;
    for (const { id } of inspections) {
      const form = EmptyForm.parse(
        (await editor.post('/api/object-forms/Observation/empty', { parentType: 'Inspection', parentId: Number(id) }))
          .body,
      );
      const fields = form.tabs.flatMap((t) => t.fields);
      const listed = await editor.get(`/api/observations?parentObjectType=Inspection&parentObjectId=${id}`);
      for (const item of listed.body.items as { id: number; values: Record<string, never> }[]) {
        const context = { now: new Date(), creating: false, codes: DEMO_CODES };
        expect(
          validateForm(applicableFields(fields, item.values), item.values, context),
          `observation ${item.id}`,
        ).toEqual({});
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('refusals name each field (400 { Message, ModelState })', () => {
  let node: { id: string; version: number };
  beforeAll(async () => {
    node = await firstAsset('node', { subtype: 'manhole', skip: 7 });
  });

  // The spec's own wording where it gives one (main-app section 5); ours elsewhere.
  const cases: [string, Record<string, unknown>, string, string?][] = [
    ['required', { assetId: '' }, 'assetId'],
    ['maxLength', { owner: 'x'.repeat(201) }, 'owner', 'The value exceeds the maximum allowed length (200)'],
    ['min', { sizeMm: 0 }, 'sizeMm', 'The value is less than allowed minimum (1)'],
    ['max', { yearBuilt: 2101 }, 'yearBuilt', 'The value exceeds the allowed maximum (2100)'],
    [
      'regex',
      { assetId: '-MH 1' },
      'assetId',
      'Start with a letter or digit; then use letters, digits, spaces and . _ / -',
    ],
    ['custom validator', { yearBuilt: new Date().getUTCFullYear() + 1 }, 'yearBuilt'],
    ['wrong shape', { owner: { id: 1, readableId: 'x' } }, 'owner'],
    ['not an option', { material: 'cheese' }, 'material'],
    ['unknown field', { colour: 'red' }, 'colour'],
    ['a subtype of another type', { subtype: 'gravity-main' }, 'subtype'],
  ];
  it.each(cases)('%s', async (_rule, values, field, message) => {
    const res = await editor.post(`/api/object-forms/Node/${node.id}`, { values, version: node.version });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.Message).toBe(FORM_INVALID);
    expect(Object.keys(res.body.ModelState)).toContain(field);
    if (message) expect(res.body.ModelState[field]).toEqual([message]);
    expect((await one(sql`SELECT version FROM assets WHERE id = ${node.id}`)).version).toBe(node.version);
  });

  it('a body of the wrong shape is refused at the edge, naming the property', async () => {
    for (const body of [{ values: {} }, { values: [], version: 1 }, { values: { owner: 'x' }, version: 0 }]) {
      const res = await editor.post(`/api/object-forms/Node/${node.id}`, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState).length).toBeGreaterThan(0);
    }
  });
});

describe('creating', () => {
  it('a node at its location, read back; the same asset ID again answers the duplicate code', async () => {
    const body = {
      values: {
        assetId: 'MH-NEW-1',
        subtype: 'manhole',
        lifecycleStatus: 'active',
        location: { longitude: 8.3, latitude: 51.9 },
      },
    };
    const res = await editor.post('/api/object-forms/Node', body);
    expect(res.status).toBe(201);
    const created = FormSaved.parse(res.body);
    expect(created.values).toMatchObject({
      assetId: 'MH-NEW-1',
      subtype: 'manhole',
      location: { longitude: 8.3, latitude: 51.9 },
    });
    const row = await one(sql`SELECT ST_X(geom) AS x, ST_Y(geom) AS y FROM assets WHERE id = ${created.id}`);
    expect(row).toEqual({ x: 8.3, y: 51.9 });
    const again = await editor.post('/api/object-forms/node', body);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('asset/duplicate-name-and-subtype');
  });

  it('a section between two nodes, with its length from the geometry; the nodes must differ', async () => {
    const [a, b] = await server.db.query<any>(
      sql`SELECT id, asset_code FROM assets WHERE object_type = 'node' ORDER BY id LIMIT 2`,
    );
    const lookup = (n: any) => ({ id: Number(n.id), readableId: n.asset_code });
    const res = await admin.post('/api/object-forms/Section', {
      values: {
        assetId: 'S-NEW-1',
        subtype: 'gravity-main',
        lifecycleStatus: 'active',
        fromNode: lookup(a),
        toNode: lookup(b),
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.values.fromNode).toEqual(lookup(a));
    const row = await one(sql`SELECT from_node_id, to_node_id, length_m,
                                round(ST_Length(geom::geography)::numeric, 2)::float8 AS metres
                              FROM assets WHERE id = ${res.body.id}`);
    expect(row).toMatchObject({ from_node_id: a.id, to_node_id: b.id });
    expect(row.length_m).toBe(row.metres);
    const same = await admin.post('/api/object-forms/Section', {
      values: {
        assetId: 'S-NEW-2',
        subtype: 'gravity-main',
        lifecycleStatus: 'active',
        fromNode: lookup(a),
        toNode: lookup(a),
      },
    });
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.ModelState)).toContain('toNode');
  });

  it('a lateral from its chainage on the parent section to the property end', async () => {
    const s = await firstAsset('section');
    const res = await editor.post('/api/object-forms/Lateral', {
      values: {
        assetId: 'L-NEW-1',
        subtype: 'property-lateral',
        lifecycleStatus: 'active',
        parentSection: { id: Number(s.id), readableId: s.asset_code },
        chainageM: 0,
        clock: 3,
        location: { longitude: 8.3, latitude: 51.9 },
      },
    });
    expect(res.status).toBe(201);
    const row = await one(sql`SELECT ST_Equals(ST_StartPoint(l.geom), ST_StartPoint(p.geom)) AS starts_on_section,
                                ST_X(ST_EndPoint(l.geom)) AS x, l.parent_section_id, l.clock
                              FROM assets l JOIN assets p ON p.id = l.parent_section_id WHERE l.id = ${res.body.id}`);
    expect(row).toEqual({ starts_on_section: true, x: 8.3, parent_section_id: s.id, clock: 3 });
  });

  it('creating an asset needs editor permissions; an inspection any non-guest', async () => {
    const values = {
      assetId: 'MH-NOPE',
      subtype: 'manhole',
      lifecycleStatus: 'active',
      location: { longitude: 8, latitude: 51 },
    };
    for (const client of [office, guest]) {
      const res = await client.post('/api/object-forms/Node', { values });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: CREATE_DENIED });
    }
    const node = await firstAsset('node');
    const inspection = {
      parentType: 'Node',
      parentId: Number(node.id),
      values: { inspectedAt: '2026-01-05T09:00:00Z', direction: 'downstream', 'header.operator': 'Olive Office' },
    };
    const refused = await guest.post('/api/object-forms/Inspection', inspection);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: CREATE_DENIED });
    const res = await office.post('/api/object-forms/Inspection', inspection);
    expect(res.status).toBe(201);
    expect(res.body.values).toMatchObject({
      status: 'incomplete',
      standardId: 'manway-demo',
      'header.operator': 'Olive Office',
    });
    const row = await one(
      sql`SELECT i.asset_id, u.login FROM inspections i JOIN users u ON u.id = i.created_by WHERE i.id = ${res.body.id}`,
    );
    expect(row).toEqual({ asset_id: node.id, login: 'office' });
  });
});

describe('new objects: empty form, defaults, calculate', () => {
  it('the empty form has every tab with options and the defaults', async () => {
    const res = await editor.post('/api/object-forms/Section/empty', { subtype: 'rising-main' });
    expect(res.status).toBe(200);
    const form = EmptyForm.parse(res.body);
    expect(form.tabs.map((t) => t.id)).toEqual(['general', 'construction', 'connectivity', 'condition']);
    expect(form.values).toMatchObject({ subtype: 'rising-main', lifecycleStatus: 'active', assetId: null });
  });

  it("defaults: an inspection gets now, the caller as operator, the task's standard and the caller's last fix", async () => {
    const task =
      await one(sql`SELECT t.asset_id, a.object_type, p.standard_id FROM tasks t JOIN projects p ON p.id = t.project_id
                               JOIN assets a ON a.id = t.asset_id WHERE t.state IN ('planned', 'started') ORDER BY t.id LIMIT 1`);
    const before = await office.post('/api/object-forms/Inspection/empty/default-value', {
      parentId: Number(task.asset_id),
    });
    expect(before.status).toBe(200);
    expect(before.body.values).toMatchObject({
      'header.operator': 'Olive Office',
      standardId: task.standard_id,
      direction: 'downstream',
      gpsPosition: null,
    });
    expect(Math.abs(Date.parse(before.body.values.inspectedAt) - Date.now())).toBeLessThan(60_000);
    await office.post('/api/user-locations', {
      longitude: 8.4,
      latitude: 51.8,
      source: 'collected',
      capturedTime: new Date().toISOString(),
      gps: { satellites: 9 },
    });
    const after = await office.post('/api/object-forms/Inspection/empty/default-value', {});
    expect(after.body.values.gpsPosition).toMatchObject({ longitude: 8.4, latitude: 51.8, satellites: 9 });
    const node = await office.post('/api/object-forms/Node/empty/default-value', {});
    expect(node.body.values).toEqual({
      subtype: 'manhole',
      lifecycleStatus: 'active',
      location: { longitude: 8.4, latitude: 51.8 },
    });
    const wrong = await office.post('/api/object-forms/Node/empty/default-value', { subtype: 'gravity-main' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.ModelState)).toEqual(['subtype']);
  });

  it("calculate: a section's length from its geometry, and from the nodes of a new one", async () => {
    const s =
      await one(sql`SELECT id, round(ST_Length(geom::geography)::numeric, 1)::float8 AS metres, from_node_id, to_node_id
                            FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`);
    const res = await guest.post(`/api/object-forms/Section/${s.id}/calculate`, { values: {} });
    expect(res.status).toBe(200);
    expect(res.body.values.lengthM).toBeCloseTo(s.metres, 0);
    const fresh = await guest.post('/api/object-forms/Section/empty/calculate', {
      values: {
        fromNode: { id: Number(s.from_node_id), readableId: 'a' },
        toNode: { id: Number(s.to_node_id), readableId: 'b' },
      },
    });
    expect(fresh.status).toBe(200);
    expect(typeof fresh.body.values.lengthM).toBe('number');
  });

  it("calculate: an inspection's family scores from its observations in the database", async () => {
    const i = await one(sql`SELECT id, str_peak, str_rating, om_peak, om_quick FROM inspections i
                            WHERE EXISTS (SELECT 1 FROM observations o WHERE o.inspection_id = i.id) ORDER BY id LIMIT 1`);
    const res = await guest.post(`/api/object-forms/Inspection/${i.id}/calculate`, { values: {} });
    expect(res.status).toBe(200);
    expect(res.body.values).toMatchObject({
      structuralPeak: i.str_peak,
      structuralRating: i.str_rating,
      operationalPeak: i.om_peak,
      operationalQuick: i.om_quick,
    });
  });
});

describe('observations and connected subjects in forms', () => {
  /** A demo inspection still open, with observations, that no other test here changes. */
  let inspection: { id: string; standard_id: string; last: number };
  beforeAll(async () => {
    inspection = await one(sql`SELECT i.id, i.standard_id, max(o.distance_m) AS last
                               FROM inspections i JOIN observations o ON o.inspection_id = i.id
                               WHERE i.status = 'incomplete' AND i.standard_id = 'manway-demo'
                               GROUP BY i.id ORDER BY i.id DESC LIMIT 1`);
  });
  const parent = () => ({ parentType: 'Inspection', parentId: Number(inspection.id) });
  const goodObservation = { code: 'SCR', characterisation: 'M', clockFrom: 3, distanceM: 12.5 };

  it("the empty observation form has the codes of the inspection's standard, the last distance, and validates a good observation", async () => {
    const res = await office.post('/api/object-forms/observation/empty', parent());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const form = EmptyForm.parse(res.body);
    expect(form.templateId).toBe(`observation:${inspection.standard_id}`);
    const fields = form.tabs.flatMap((t) => t.fields);
    const codes = await server.db.query<any>(
      sql`SELECT code, label FROM observation_codes WHERE standard_id = ${inspection.standard_id} ORDER BY code`,
    );
    expect(fields.find((f) => f.id === 'code')!.options).toEqual(
      codes.map((c) => ({ id: c.code, value: `${c.code} ${c.label}` })),
    );
    // No code chosen yet: every characterisation of the standard.
    expect(fields.find((f) => f.id === 'characterisation')!.options!.map((o) => o.id)).toEqual(
      expect.arrayContaining(['M', 'W', 'G']),
    );
    expect(form.values.distanceM).toBe(inspection.last);
    expect(form.values).not.toHaveProperty('sequence');
    const values = { ...form.values, ...goodObservation };
    const ctx = { now: new Date(), creating: true, codes: DEMO_CODES };
    expect(validateForm(applicableFields(fields, values), values, ctx)).toEqual({});
    const defaults = await office.post('/api/object-forms/Observation/empty/default-value', parent());
    expect(defaults.body.values).toEqual({ distanceM: inspection.last });
  });

  it('a new observation names its inspection; an unknown one is refused naming parentId', async () => {
    const missing = await office.post('/api/object-forms/Observation/empty', { parentId: 99999999 });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState)).toEqual(['parentId']);
    const wrongParent = await office.post('/api/object-forms/Observation/empty', { parentType: 'Node', parentId: 1 });
    expect(Object.keys(wrongParent.body.ModelState)).toEqual(['parentType']);
  });

  it('calculate: SCR characterised M grades 3 under the demo catalogue', async () => {
    const existing = await one(sql`SELECT id FROM observations WHERE inspection_id = ${inspection.id} LIMIT 1`);
    for (const [path, body] of [
      ['/api/object-forms/Observation/empty/calculate', { ...parent(), values: goodObservation }],
      ['/api/object-forms/Observation/empty/calculate', { values: goodObservation }],
      [`/api/object-forms/Observation/${existing.id}/calculate`, { values: goodObservation }],
    ] as const) {
      const res = await guest.post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.values.grade).toBe(3);
      expect(typeof res.body.values.dateModified).toBe('string');
    }
    const spiral = await guest.post('/api/object-forms/Observation/empty/calculate', {
      ...parent(),
      values: { code: 'SCR', characterisation: 'S' },
    });
    expect(spiral.body.values.grade).toBe(4);
  });

  it("a demo observation's details and tab read as the observations service answers them", async () => {
    const o = await one(sql`SELECT id, code, distance_m, characterisation, grade, version FROM observations
                            WHERE inspection_id = ${inspection.id} ORDER BY sequence LIMIT 1`);
    const details = await office.get(`/api/object-details-templates/Observation/${o.id}`);
    expect(details.status).toBe(200);
    expect(DetailsTemplate.parse(details.body)).toMatchObject({
      templateId: `observation:${inspection.standard_id}`,
      type: 'Observation',
      id: Number(o.id),
      editable: true,
      version: o.version,
    });
    expect(details.body.tabs.map((t: { id: string }) => t.id)).toEqual(['observation', 'details']);
    expect((await guest.get(`/api/object-details-templates/observation/${o.id}`)).body.editable).toBe(false);
    const tab = FormTabAnswer.parse((await guest.get(`/api/object-forms/OBSERVATION/${o.id}/observation`)).body);
    const listed = await guest.get(`/api/observations?parentObjectType=Inspection&parentObjectId=${inspection.id}`);
    const item = listed.body.items.find((i: { id: number }) => i.id === Number(o.id));
    expect(tab.values).toMatchObject({ code: o.code, distanceM: o.distance_m, grade: o.grade });
    for (const [k, v] of Object.entries(tab.values)) expect(item.values[k] ?? null, k).toEqual(v);
    expect(tab.version).toBe(o.version);
    const ofCode = DEMO_CODES.find((c) => c.code === o.code)!.characterisations ?? {};
    expect(tab.tab.fields.find((f) => f.id === 'characterisation')!.options!.map((x) => x.id)).toEqual(
      Object.keys(ofCode).sort(),
    );
    expect((await guest.get('/api/object-forms/Observation/99999999/observation')).status).toBe(404);
  });

  it('an observation created and saved through its form: graded, rescored, and a stale version answers 409', async () => {
    const created = await office.post('/api/object-forms/Observation', { ...parent(), values: goodObservation });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const saved = FormSaved.parse(created.body);
    expect(saved.values).toMatchObject({ ...goodObservation, grade: 3 });
    const id = saved.id;
    const tab = await office.get(`/api/object-forms/Observation/${id}/observation`);
    const res = await office.put(`/api/object-forms/Observation/${id}/observation`, {
      values: { ...tab.body.values, characterisation: 'S' },
      version: tab.body.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.values).toMatchObject({ characterisation: 'S', grade: 4, distanceM: 12.5 });
    expect(res.body.version).toBe(tab.body.version + 1);
    // The other tab is written alone; the observation's values stay as read.
    const remark = await office.put(`/api/object-forms/Observation/${id}/details`, {
      values: { remark: 'Seen again' },
      version: res.body.version,
    });
    expect(remark.status, JSON.stringify(remark.body)).toBe(200);
    expect(remark.body.values).toMatchObject({ remark: 'Seen again', characterisation: 'S', grade: 4 });
    const scores = await one(sql`SELECT str_peak FROM inspections WHERE id = ${inspection.id}`);
    expect(scores.str_peak).toBeGreaterThanOrEqual(4);

    const stale = await office.put(`/api/object-forms/Observation/${id}/details`, {
      values: { remark: 'Too late' },
      version: tab.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    const row = await one(sql`SELECT remark, version FROM observations WHERE id = ${id}`);
    expect(row).toEqual({ remark: 'Seen again', version: remark.body.version });

    const refused = await guest.put(`/api/object-forms/Observation/${id}/details`, {
      values: { remark: 'Guest' },
      version: remark.body.version,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: EDIT_DENIED });
    const invalid = await office.post(`/api/object-forms/Observation/${id}`, {
      values: { code: 'NOPE' },
      version: remark.body.version,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.ModelState)).toContain('code');
  });

  it('a connected subject: empty form, created, read, saved with the version read and refused when stale', async () => {
    const node = await firstAsset('node', { skip: 9 });
    const context = { parentType: 'node', parentId: Number(node.id) };
    const empty = await office.post('/api/object-forms/ConnectedSubject/empty', context);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    const form = EmptyForm.parse(empty.body);
    expect(form.templateId).toBe('connected-subject');
    const kind = form.tabs.flatMap((t) => t.fields).find((f) => f.id === 'kind')!;
    expect(kind.options!.map((o) => o.id).sort()).toEqual(['hazard', 'lateral-connection', 'note', 'root-source']);
    expect(form.values.connection).toMatchObject({ subject: null });

    const connection = {
      subject: { id: null, kind: 'hazard', label: 'Loose cover' },
      location: { longitude: 8.31, latitude: 51.89 },
    };
    const created = await office.post('/api/object-forms/connected-subject', {
      ...context,
      values: { connection, remark: 'Rocks when driven over' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(created.body.values).toMatchObject({ remark: 'Rocks when driven over' });

    const details = await office.get(`/api/object-details-templates/ConnectedSubject/${id}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      type: 'ConnectedSubject',
      title: 'Connected subject Loose cover',
      editable: true,
    });
    const tab = await guest.get(`/api/object-forms/connectedsubject/${id}/connection`);
    expect(tab.status).toBe(200);
    expect(tab.body.values.connection).toMatchObject({
      subject: { kind: 'hazard', label: 'Loose cover' },
      location: connection.location,
    });
    expect(tab.body.version).toBe(details.body.version);

    const moved = { ...tab.body.values.connection, location: { longitude: 8.32, latitude: 51.88 } };
    const res = await office.put(`/api/object-forms/ConnectedSubject/${id}/connection`, {
      values: { connection: moved, remark: 'Fixed with a wedge' },
      version: tab.body.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.version).toBe(tab.body.version + 1);
    expect(res.body.values).toMatchObject({ remark: 'Fixed with a wedge', connection: { location: moved.location } });

    const stale = await office.put(`/api/object-forms/ConnectedSubject/${id}/connection`, {
      values: { remark: 'Too late' },
      version: tab.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    const row = await one(
      sql`SELECT form_values->>'remark' AS remark, version FROM connected_subjects WHERE id = ${id}`,
    );
    expect(row).toEqual({ remark: 'Fixed with a wedge', version: res.body.version });
    const calculated = await guest.post(`/api/object-forms/ConnectedSubject/${id}/calculate`, { values: {} });
    expect(Object.keys(calculated.body.values)).toEqual(['dateModified']);
  });
});
