import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssetSubtypeList,
  LookupResult,
  ObjectDetails,
  ObjectTypeList,
  PropertyMetadataList,
  Shortcuts,
  VALUE_MODEL_TYPES,
} from '@manway/core/api/objects';
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

describe('every call here needs a session', () => {
  it.each([
    '/api/object-types',
    '/api/metadata/objects/Node/properties',
    '/api/dictionaries/manway-demo/Node/asset-subtypes',
    '/api/objects/Node/1',
    '/api/lookup/Node?search=MH',
    '/api/shortcuts/inspections',
    '/api/shortcuts/assets',
  ])('GET %s without a session answers 401', async (path) => {
    expect((await anonymous.get(path)).status).toBe(401);
  });
});

describe('object types', () => {
  it('lists node, section and lateral with their connectivity and geometry types', async () => {
    const res = await guest.get('/api/object-types');
    expect(res.status).toBe(200);
    const types = ObjectTypeList.parse(res.body);
    expect(types.map((t) => [t.typeName, t.connectivityType, t.geometryType])).toEqual([
      ['Node', 'Node', 'Point'],
      ['Section', 'Section', 'LineString'],
      ['Lateral', 'Lateral', 'LineString'],
    ]);
    expect(types.every((t) => t.readableIdProperty === 'assetId')).toBe(true);
  });
});

describe('property metadata', () => {
  it('answers the properties of a type with value model types of spec section 3', async () => {
    const res = await guest.get('/api/metadata/objects/Section/properties');
    expect(res.status).toBe(200);
    const props = PropertyMetadataList.parse(res.body);
    const byName = Object.fromEntries(props.map((p) => [p.name, p]));
    expect(byName.assetId!.valueModelType).toBe('String');
    expect(byName.sizeMm).toMatchObject({ valueModelType: 'FloatEnumRange', unit: 'mm' });
    expect(byName.subtype!.options).toEqual([
      { id: 'gravity-main', value: 'Gravity main' },
      { id: 'rising-main', value: 'Rising main' },
    ]);
    expect(props.every((p) => VALUE_MODEL_TYPES.includes(p.valueModelType))).toBe(true);
  });

  it('props narrows the answer to the properties named', async () => {
    const res = await guest.get('/api/metadata/objects/Node/properties?props=assetId,coverLevelM');
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['assetId', 'coverLevelM']);
  });

  it("an observation's code is a code enum of the standard's codes, characterisation a modifier enum", async () => {
    const res = await guest.get('/api/metadata/objects/Observation/properties?standardId=manway-demo');
    const byName = Object.fromEntries(res.body.map((p: any) => [p.name, p]));
    expect(byName.code.valueModelType).toBe('CodeEnum');
    expect(byName.code.options).toContainEqual({ id: 'SCR', value: 'SCR Crack' });
    expect(byName.characterisation.valueModelType).toBe('ModifierEnum');
  });

  it("nesting adds an inspection's observation properties and the standard's header fields", async () => {
    const flat = await guest.get('/api/metadata/objects/Inspection/properties');
    const nested = await guest.get('/api/metadata/objects/Inspection/properties?nesting=true');
    const names = nested.body.map((p: { name: string }) => p.name);
    expect(names).toContain('observations.code');
    expect(names).toContain('header.operator');
    expect(flat.body.map((p: { name: string }) => p.name)).not.toContain('observations.code');
  });

  it('jobOrAssetType keeps the properties that apply to it', async () => {
    const manholeInspection = await guest.get('/api/metadata/objects/Inspection/properties?jobOrAssetType=node');
    expect(manholeInspection.body.map((p: { name: string }) => p.name)).not.toContain('direction');
    const rising = await guest.get('/api/metadata/objects/Section/properties?jobOrAssetType=rising-main');
    const names = rising.body.map((p: { name: string }) => p.name);
    expect(names).not.toContain('fromInvertM');
    expect(rising.body.find((p: { name: string }) => p.name === 'subtype').options).toEqual([
      { id: 'rising-main', value: 'Rising main' },
    ]);
  });

  it('an unknown type, property, standard or subtype answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/api/metadata/objects/Pipe/properties', 'type'],
      ['/api/metadata/objects/Node/properties?props=colour', 'props'],
      ['/api/metadata/objects/Inspection/properties?standardId=pacp', 'standardId'],
      ['/api/metadata/objects/Node/properties?jobOrAssetType=hydrant', 'jobOrAssetType'],
      ['/api/metadata/objects/Node/properties?nesting=maybe', 'nesting'],
    ];
    for (const [path, field] of cases) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.ModelState), path).toContain(field);
    }
  });
});

describe('asset subtypes of a standard', () => {
  it('lists the subtypes of a type the standard applies to', async () => {
    const res = await guest.get('/api/dictionaries/manway-demo/Node/asset-subtypes');
    expect(res.status).toBe(200);
    expect(AssetSubtypeList.parse(res.body).map((s) => s.key)).toEqual(['manhole', 'gully', 'outfall', 'pump-station']);
  });

  it('an unknown standard answers 404, an unknown type 400', async () => {
    expect((await guest.get('/api/dictionaries/pacp/Node/asset-subtypes')).status).toBe(404);
    expect((await guest.get('/api/dictionaries/manway-demo/Hydrant/asset-subtypes')).status).toBe(400);
  });
});

describe('object details', () => {
  it('a section answers its readable id, subtype, geometry, nodes and version', async () => {
    const s = await one(sql`SELECT id, asset_code FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`);
    const res = await guest.get(`/api/objects/Section/${s.id}`);
    expect(res.status).toBe(200);
    const o = ObjectDetails.parse(res.body);
    expect(o).toMatchObject({ id: Number(s.id), type: 'Section', readableId: s.asset_code, version: 1 });
    expect(o.geometry!.type).toBe('LineString');
    expect(o.properties.fromNode).toMatch(/^(MH|GY|PS|OF)-\d{5}$/);
    expect(o.subtype).toEqual({ key: 'gravity-main', label: 'Gravity main' });
  });

  it('the type may be given by key or type name, in any case', async () => {
    expect((await guest.get('/api/objects/node/1')).status).toBe(200);
    expect((await guest.get('/api/objects/NODE/1')).body.type).toBe('Node');
  });

  it('an inspection answers its scores, header values and where its asset is', async () => {
    const i = await one(sql`SELECT id, str_quick FROM inspections WHERE str_peak > 0 ORDER BY id LIMIT 1`);
    const res = await inspector.get(`/api/objects/Inspection/${i.id}?standardId=manway-demo`);
    expect(res.status).toBe(200);
    expect(res.body.properties.structuralQuick).toBe(i.str_quick);
    expect(res.body.properties['header.operator']).toBeTypeOf('string');
    expect(res.body.geometry).not.toBeNull();
  });

  it('an observation is placed along its pipe at its distance', async () => {
    const o = await one(sql`SELECT o.id FROM observations o JOIN inspections i ON i.id = o.inspection_id
                         JOIN assets a ON a.id = i.asset_id WHERE a.object_type = 'section' AND o.distance_m > 5
                         ORDER BY o.id LIMIT 1`);
    const res = await guest.get(`/api/objects/Observation/${o.id}`);
    expect(res.status).toBe(200);
    expect(res.body.geometry.type).toBe('Point');
  });

  it('onSubjectType lists the subjects connected to the object', async () => {
    const c = await one(sql`SELECT parent_id, subject_id FROM connected_subjects ORDER BY id LIMIT 1`);
    const res = await guest.get(`/api/objects/Section/${c.parent_id}?onSubjectType=Subject`);
    expect(res.body.subjects.map((s: { subjectId: number }) => s.subjectId)).toContain(Number(c.subject_id));
  });

  it('a project answers its name, status and live task count', async () => {
    const res = await guest.get('/api/objects/Project/5');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'Project', readableId: 'CCTV survey 2025', geometry: null });
    expect(res.body.properties.status).toBe('active');
    expect(res.body.properties.taskCount).toBeGreaterThan(0);
  });

  it("a missing object answers 404 'Object not found'", async () => {
    const res = await guest.get('/api/objects/Node/99999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'object/not-found', message: 'Object not found' });
    // A section id asked for as a node is not that node either.
    const s = await one(sql`SELECT id FROM assets WHERE object_type = 'section' LIMIT 1`);
    expect((await guest.get(`/api/objects/Node/${s.id}`)).status).toBe(404);
  });

  it('a malformed id, unknown type or unknown standard answers 400', async () => {
    expect((await guest.get('/api/objects/Node/abc')).status).toBe(400);
    expect((await guest.get('/api/objects/Node/-3')).status).toBe(400);
    expect((await guest.get('/api/objects/Pipe/1')).status).toBe(400);
    expect((await guest.get('/api/objects/Node/1?standardId=nope')).status).toBe(400);
    expect((await guest.get('/api/objects/Node/1?onSubjectType=Tree')).status).toBe(400);
  });
});

describe('lookup', () => {
  it('finds readable ids by prefix, in code order', async () => {
    const res = await guest.get('/api/lookup/Node?search=MH-0010&limit=5');
    expect(res.status).toBe(200);
    const items = LookupResult.parse(res.body);
    expect(items.length).toBe(5);
    expect(items.every((i) => i.readableId.startsWith('MH-0010') && i.prefixMatch)).toBe(true);
    expect(items.map((i) => i.readableId)).toEqual([...items.map((i) => i.readableId)].sort());
  });

  it('after the prefix matches come ids that contain the text, case-insensitively', async () => {
    const res = await guest.get('/api/lookup/Section?search=s-0012&limit=30');
    const items = LookupResult.parse(res.body);
    expect(items[0]!.prefixMatch).toBe(true);
    const contains = await guest.get('/api/lookup/Section?search=0123&limit=30');
    const found = LookupResult.parse(contains.body);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => i.readableId.includes('0123') && !i.prefixMatch)).toBe(true);
  });

  it('assetSubtype narrows the search; isGlobalIdSearch finds the global id exactly', async () => {
    const gullies = await guest.get('/api/lookup/Node?assetSubtype=gully&limit=50');
    expect(gullies.body.length).toBeGreaterThan(0);
    expect(gullies.body.every((i: { subtype: string }) => i.subtype === 'gully')).toBe(true);
    const byId = await guest.get('/api/lookup/Node?search=17&isGlobalIdSearch=true');
    expect(byId.body).toEqual([
      { id: 17, readableId: expect.any(String), type: 'Node', subtype: expect.any(String), prefixMatch: false },
    ]);
  });

  it('"contains" starts at three characters; shorter text matches prefixes only', async () => {
    expect((await guest.get('/api/lookup/Section?search=23')).body).toEqual([]);
    const three = await guest.get('/api/lookup/Section?search=123&limit=3');
    expect(three.body.length).toBe(3);
  });

  it('wildcards in the search are taken literally', async () => {
    expect((await guest.get('/api/lookup/Node?search=%25')).body).toEqual([]);
    expect((await guest.get('/api/lookup/Node?search=MH_0')).body).toEqual([]);
  });

  it('bad parameters answer 400 naming them', async () => {
    const cases: [string, string][] = [
      ['/api/lookup/Node?limit=0', 'limit'],
      ['/api/lookup/Node?limit=many', 'limit'],
      ['/api/lookup/Node?assetSubtype=hydrant', 'assetSubtype'],
      ['/api/lookup/Node?readableIdProperty=street', 'readableIdProperty'],
      ['/api/lookup/Node?search=MH&isGlobalIdSearch=true', 'search'],
      ['/api/lookup/Inspection?search=1', 'type'],
    ];
    for (const [path, field] of cases) {
      const res = await guest.get(path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.ModelState), path).toContain(field);
    }
  });
});

describe('shortcuts', () => {
  it("answer the user's pinned items and recently opened ones", async () => {
    const res = await inspector.get('/api/shortcuts/assets');
    expect(res.status).toBe(200);
    const s = Shortcuts.parse(res.body);
    expect(s.pinned.length).toBeGreaterThan(0);
    expect(s.pinned.every((i) => i.pinned)).toBe(true);
  });

  it('opening an inspection or an asset puts it first among the recent ones, for that user only', async () => {
    const i = await one(sql`SELECT id FROM inspections ORDER BY id DESC LIMIT 1`);
    await editor.get(`/api/objects/Inspection/${i.id}`);
    const mine = Shortcuts.parse((await editor.get('/api/shortcuts/inspections')).body);
    expect(mine.recent[0]!.id).toBe(Number(i.id));
    const theirs = Shortcuts.parse((await guest.get('/api/shortcuts/inspections')).body);
    expect(theirs.recent[0]?.id).not.toBe(Number(i.id));
    const node = await one(sql`SELECT id, asset_code FROM assets WHERE object_type = 'node' ORDER BY id DESC LIMIT 1`);
    await editor.get(`/api/objects/Node/${node.id}`);
    const assets = Shortcuts.parse((await editor.get('/api/shortcuts/assets')).body);
    expect(assets.recent[0]).toMatchObject({ id: Number(node.id), type: 'Node', readableId: node.asset_code });
  });
});

describe('OpenAPI', () => {
  it('documents the object, metadata and lookup calls with their parameters', async () => {
    const doc = (await anonymous.get('/api/openapi.json')).body;
    const lookup = doc.paths['/api/lookup/{objectType}'].get;
    const names = lookup.parameters.map((p: { name: string }) => p.name);
    for (const n of ['assetSubtype', 'search', 'limit', 'readableIdProperty', 'isGlobalIdSearch']) {
      expect(names).toContain(n);
    }
    expect(doc.paths['/api/metadata/objects/{type}/properties'].get).toBeDefined();
  });
});
