import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVANCED_FILTER_MESSAGE,
  FilterForm,
  FilterPropertyMetaList,
  ResultIds,
  ResultsList,
  SavedFilter,
  SavedFilterList,
  SEARCH_COUNT_CAP,
  SEARCH_RESULTS_CAP,
  SELECTION_CAP,
  type FilterNode,
} from '@manway/core/api/filters';
import { MapResults } from '@manway/core/api/map';
import { sql } from '../src/db/sql';
import { assetFeaturesSql } from '../src/modules/filters/repository';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let inspector: TestClient;
let anonymous: TestClient;

type Value = string | number | boolean | null;
interface AssetRow {
  id: number;
  type: string;
  values: Record<string, Value>;
  /** west, south, east, north of the geometry's bounding box. */
  box: [number, number, number, number];
}
/** Every asset read straight from the table, with the properties the brute-force filter checks. */
let assets: AssetRow[];

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  editor = server.client();
  inspector = server.client();
  anonymous = server.client();
  expect((await admin.signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
  expect((await editor.signIn('editor', 'editor-demo')).status).toBe(200);
  expect((await inspector.signIn('inspector', 'inspector-demo')).status).toBe(200);
  const rows = await server.db.query<Record<string, unknown>>(
    sql`SELECT a.id, a.object_type, a.asset_code, a.subtype, a.material, a.year_built, a.condition_grade, a.street,
            a.district, a.size_mm, a.length_m, a.use,
            EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id AND t.state = 'planned') AS planned,
            ST_XMin(a.geom) AS w, ST_YMin(a.geom) AS s, ST_XMax(a.geom) AS e, ST_YMax(a.geom) AS n
     FROM assets a`,
  );
  const n = (v: unknown) => (v === null ? null : Number(v));
  assets = rows.map((r) => ({
    id: Number(r.id),
    type: String(r.object_type),
    values: {
      assetId: r.asset_code as string,
      subtype: r.subtype as string,
      material: r.material as string | null,
      yearBuilt: n(r.year_built),
      conditionGrade: n(r.condition_grade),
      street: r.street as string | null,
      district: r.district as string | null,
      sizeMm: n(r.size_mm),
      lengthM: n(r.length_m),
      use: r.use as string | null,
      plannedTask: r.planned as boolean,
    },
    box: [Number(r.w), Number(r.s), Number(r.e), Number(r.n)],
  }));
});
afterAll(() => server.close());

/** The brute-force meaning of one condition, written independently of the SQL compiler. */
function holds(a: AssetRow, c: FilterNode): boolean {
  if ('combine' in c)
    return c.combine === 'and' ? c.conditions.every((x) => holds(a, x)) : c.conditions.some((x) => holds(a, x));
  const v = a.values[c.property] ?? null;
  const lower = (x: unknown) => (typeof x === 'string' ? x.toLowerCase() : x);
  const want = c.value;
  switch (c.operator) {
    case 'eq':
      return v !== null && lower(v) === lower(want);
    case 'ne':
      return v === null || lower(v) !== lower(want);
    case 'lt':
      return v !== null && (v as number) < (want as number);
    case 'le':
      return v !== null && (v as number) <= (want as number);
    case 'gt':
      return v !== null && (v as number) > (want as number);
    case 'ge':
      return v !== null && (v as number) >= (want as number);
    case 'between': {
      const [lo, hi] = want as [number, number];
      return v !== null && (v as number) >= lo && (v as number) <= hi;
    }
    case 'contains':
      return v !== null && String(v).toLowerCase().includes(String(want).toLowerCase());
    case 'startsWith':
      return v !== null && String(v).toLowerCase().startsWith(String(want).toLowerCase());
    case 'in':
      return v !== null && (want as unknown[]).map(String).includes(String(v));
    case 'notIn':
      return v === null || !(want as unknown[]).map(String).includes(String(v));
    case 'isEmpty':
      return v === null || v === '';
    case 'isNotEmpty':
      return v !== null && v !== '';
  }
}

function bruteForce(
  type: string,
  def: { combine?: 'and' | 'or'; conditions: FilterNode[]; term?: string; searchFields?: string[] },
  extent?: [number, number, number, number],
): number[] {
  const root = { combine: def.combine ?? 'and', conditions: def.conditions } as FilterNode;
  return (
    assets
      .filter((a) => a.type === type)
      .filter((a) => def.conditions.length === 0 || holds(a, root))
      .filter(
        (a) =>
          !def.term ||
          (def.searchFields ?? ['assetId']).some((f) =>
            String(a.values[f] ?? '')
              .toLowerCase()
              .includes(def.term!.toLowerCase()),
          ),
      )
      // Points meet the envelope when inside it; the tests' extents only hold nodes for this reason.
      .filter(
        (a) =>
          !extent || (a.box[0] >= extent[0] && a.box[2] <= extent[2] && a.box[1] >= extent[1] && a.box[3] <= extent[3]),
      )
      .map((a) => a.id)
      .sort((x, y) => x - y)
  );
}

const list = (client: TestClient, filter: unknown, extra: Record<string, unknown> = {}) =>
  client.post('/api/filters/results/list', { filter: JSON.stringify(filter), ...extra });
const ids = (client: TestClient, filter: unknown, extra: Record<string, unknown> = {}) =>
  client.post('/api/filters/results/list/ids', { filter: JSON.stringify(filter), ...extra });

describe('filter metadata and form', () => {
  it('lists the properties of an asset type a condition may use, with their kind, operators and options', async () => {
    const res = await editor.get('/api/filters/meta/list/Section');
    expect(res.status).toBe(200);
    const meta = FilterPropertyMetaList.parse(res.body);
    const byName = new Map(meta.map((m) => [m.name, m]));
    expect(byName.get('conditionGrade')).toMatchObject({ kind: 'number', valueModelType: 'IntegerRange' });
    expect(byName.get('conditionGrade')!.operators).toContain('between');
    expect(byName.get('subtype')!.kind).toBe('lookup');
    expect(
      byName
        .get('subtype')!
        .options!.map((o) => o.id)
        .sort(),
    ).toEqual(['gravity-main', 'rising-main']);
    expect(byName.get('assetId')).toMatchObject({ kind: 'text', searchable: true });
    expect(byName.get('plannedTask')).toMatchObject({ kind: 'boolean', operators: ['eq', 'isEmpty', 'isNotEmpty'] });
  });

  it('an unknown object type answers 400 naming objectType', async () => {
    const res = await editor.get('/api/filters/meta/list/Pump');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['objectType']);
  });

  it("observation properties carry the codes of the parent inspection's standard", async () => {
    const [insp] = await server.db.query<{ id: string }>(sql`SELECT id FROM inspections ORDER BY id LIMIT 1`);
    const codes = await server.db.query<{ code: string }>(
      sql`SELECT code FROM observation_codes WHERE standard_id = (SELECT standard_id FROM inspections WHERE id = ${insp!.id})`,
    );
    const res = await editor.get(`/api/filters/meta/list/observation/Inspection/${insp!.id}`);
    expect(res.status).toBe(200);
    const meta = FilterPropertyMetaList.parse(res.body);
    const code = meta.find((m) => m.name === 'code')!;
    expect(code.kind).toBe('lookup');
    expect(code.options!.map((o) => o.id).sort()).toEqual(codes.map((c) => c.code).sort());
    expect((await editor.get('/api/filters/meta/list/observation/Inspection/99999999')).status).toBe(404);
    expect((await editor.get(`/api/filters/meta/list/observation/Node/${insp!.id}`)).status).toBe(400);
  });

  it('the form groups the fields of an asset type and names the simple-search fields', async () => {
    const res = await editor.get('/api/filters/form/node');
    expect(res.status).toBe(200);
    const form = FilterForm.parse(res.body);
    expect(form.objectType).toBe('Node');
    expect(form.groups.map((g) => g.key)).toContain('identity');
    expect(form.groups.flatMap((g) => g.fields).map((f) => f.property)).toContain('conditionGrade');
    expect(form.searchFields).toEqual(expect.arrayContaining(['assetId', 'street', 'district']));
    expect(form.defaultSearchFields).toEqual(['assetId']);
  });
});

describe('filter results', () => {
  const cases: [
    string,
    string,
    { combine?: 'and' | 'or'; conditions: FilterNode[]; term?: string; searchFields?: string[] },
  ][] = [
    ['a grade range', 'section', { conditions: [{ property: 'conditionGrade', operator: 'between', value: [3, 4] }] }],
    [
      'an OR group nested in an AND',
      'section',
      {
        conditions: [
          { property: 'subtype', operator: 'eq', value: 'gravity-main' },
          {
            combine: 'or',
            conditions: [
              { property: 'yearBuilt', operator: 'lt', value: 1960 },
              { property: 'material', operator: 'in', value: ['brick', 'PVC'] },
            ],
          },
        ],
      },
    ],
    [
      'empty and not-in',
      'node',
      {
        conditions: [
          { property: 'conditionGrade', operator: 'isEmpty' },
          { property: 'material', operator: 'notIn', value: ['concrete'] },
        ],
      },
    ],
    [
      'ne keeps rows without a value',
      'section',
      { conditions: [{ property: 'conditionGrade', operator: 'ne', value: 1 }] },
    ],
    ['a planned task', 'section', { conditions: [{ property: 'plannedTask', operator: 'eq', value: true }] }],
    ['a term in street or asset id', 'node', { conditions: [], term: 'STR', searchFields: ['street', 'assetId'] }],
    [
      'a contains and a startsWith, any case',
      'lateral',
      {
        combine: 'or',
        conditions: [
          { property: 'street', operator: 'contains', value: 'WEG' },
          { property: 'assetId', operator: 'startsWith', value: 'l-00' },
        ],
      },
    ],
  ];

  it.each(cases)('%s: the ids equal a brute-force filter over the same rows', async (_name, type, def) => {
    const want = bruteForce(type, def);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThanOrEqual(SELECTION_CAP);
    const res = await ids(editor, { objectType: type, ...def });
    expect(res.status).toBe(200);
    const body = ResultIds.parse(res.body);
    expect(body.ids).toEqual(want);
    expect(body.selectionCapExceeded).toBe(false);
  });

  it.each(cases)('%s: the list counts the same rows and pages through them', async (_name, type, def) => {
    const want = bruteForce(type, def);
    const res = await list(editor, { objectType: type, ...def }, { pageSize: 500 });
    expect(res.status).toBe(200);
    const body = ResultsList.parse(res.body);
    expect(body.count.found).toBe(Math.min(want.length, SEARCH_COUNT_CAP));
    expect(body.rows.map((r) => r.id)).toEqual(want.slice(0, 500));
  });

  it('rows carry the readable id and the properties; sorting orders them, id breaking ties', async () => {
    const res = await list(
      editor,
      { objectType: 'Section', conditions: [{ property: 'conditionGrade', operator: 'isNotEmpty' }] },
      { sortBy: 'conditionGrade', sortDirection: 'desc', pageSize: 100 },
    );
    const body = ResultsList.parse(res.body);
    expect(body.rows[0]!.type).toBe('Section');
    expect(body.rows[0]!.readableId).toMatch(/\S/);
    const grades = body.rows.map((r) => r.properties.conditionGrade as number);
    expect(grades).toEqual([...grades].sort((a, b) => b - a));
    expect(grades[0]).toBe(
      Math.max(...assets.filter((a) => a.type === 'section').map((a) => a.values.conditionGrade as number)),
    );
  });

  it('more matches than the count cap show as plus-found, with only the first rows reachable', async () => {
    const res = await list(editor, { objectType: 'Lateral' }, { page: 0, pageSize: 10 });
    const body = ResultsList.parse(res.body);
    expect(assets.filter((a) => a.type === 'lateral').length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(body.count).toEqual({
      found: SEARCH_COUNT_CAP,
      plusFound: true,
      shown: 'first',
      shownCount: SEARCH_RESULTS_CAP,
    });
  });

  it('a sorted list over the results cap shows the top N; an exact count under the count cap is found', async () => {
    const sections = assets.filter((a) => a.type === 'section').length;
    const res = await list(editor, { objectType: 'Section' }, { sortBy: 'lengthM', pageSize: 10 });
    const body = ResultsList.parse(res.body);
    expect(body.count).toEqual({ found: sections, plusFound: false, shown: 'top', shownCount: SEARCH_RESULTS_CAP });
    const few = ResultsList.parse(
      (
        await list(editor, {
          objectType: 'Section',
          conditions: [{ property: 'conditionGrade', operator: 'eq', value: 5 }],
        })
      ).body,
    );
    expect(few.count.shown).toBe('all');
  });

  it('paging past the results cap answers 400 naming page: too many search results', async () => {
    const res = await list(editor, { objectType: 'Lateral' }, { page: SEARCH_RESULTS_CAP / 50, pageSize: 50 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['page']);
  });

  it('select-all stops at the selection cap and says so', async () => {
    const body = ResultIds.parse((await ids(editor, { objectType: 'Lateral' })).body);
    expect(body.ids).toHaveLength(SELECTION_CAP);
    expect(body.selectionCapExceeded).toBe(true);
  });

  it('additional restrictions narrow to chosen ids and to an extent', async () => {
    const nodes = assets.filter((a) => a.type === 'node');
    const chosen = nodes.slice(0, 5).map((a) => a.id);
    const byIds = ResultIds.parse(
      (await ids(editor, { objectType: 'Node' }, { additionalRestrictions: JSON.stringify({ ids: chosen }) })).body,
    );
    expect(byIds.ids).toEqual([...chosen].sort((a, b) => a - b));
    const xs = nodes.map((a) => a.box[0]).sort((a, b) => a - b);
    const ys = nodes.map((a) => a.box[1]).sort((a, b) => a - b);
    const extent: [number, number, number, number] = [xs[100]!, ys[100]!, xs[900]!, ys[900]!];
    const def = { conditions: [{ property: 'subtype', operator: 'eq', value: 'manhole' }] as FilterNode[] };
    const inView = ResultIds.parse(
      (await ids(editor, { objectType: 'Node', ...def }, { additionalRestrictions: JSON.stringify({ extent }) })).body,
    );
    expect(inView.ids).toEqual(bruteForce('node', def, extent));
  });

  it.each([
    ['filter', 'not json'],
    ['filter.objectType', { objectType: 'Pump' }],
    [
      'filter.conditions[2].operator',
      { objectType: 'Node', conditions: [ok(), ok(), { property: 'street', operator: 'gt', value: 'a' }] },
    ],
    [
      'filter.conditions[2].operator',
      { objectType: 'Node', conditions: [ok(), ok(), { property: 'street', operator: 'drop', value: 'a' }] },
    ],
    [
      'filter.conditions[0].property',
      { objectType: 'Node', conditions: [{ property: 'password_hash', operator: 'eq', value: 'x' }] },
    ],
    [
      'filter.conditions[0].value',
      { objectType: 'Node', conditions: [{ property: 'yearBuilt', operator: 'eq', value: '1990; DROP TABLE assets' }] },
    ],
    [
      'filter.conditions[0].value',
      { objectType: 'Node', conditions: [{ property: 'subtype', operator: 'eq', value: 'castle' }] },
    ],
    [
      'filter.conditions[0].value',
      { objectType: 'Node', conditions: [{ property: 'yearBuilt', operator: 'between', value: [2000, 1900] }] },
    ],
    [
      'filter.conditions[0].value',
      { objectType: 'Node', conditions: [{ property: 'street', operator: 'isEmpty', value: 'x' }] },
    ],
    [
      'filter.conditions[1].conditions[0].property',
      {
        objectType: 'Node',
        conditions: [ok(), { combine: 'or', conditions: [{ property: 'nope', operator: 'eq', value: 1 }] }],
      },
    ],
    ['filter.term', { objectType: 'Node', term: 'x'.repeat(101) }],
    ['filter.searchFields[1]', { objectType: 'Node', term: 'a', searchFields: ['assetId', 'conditionGrade'] }],
  ] as const)('a malformed filter answers 400 naming %s', async (field, filter) => {
    const res = await editor.post('/api/filters/results/list', {
      filter: typeof filter === 'string' ? filter : JSON.stringify(filter),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('groups nested too deep answer 400 naming the group', async () => {
    let node: FilterNode = ok();
    for (let i = 0; i < 5; i++) node = { combine: 'and', conditions: [node] };
    const res = await list(editor, { objectType: 'Node', conditions: [node] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)[0]).toMatch(/^filter\.conditions\[0\](\.conditions\[0\])+$/);
  });

  it.each([
    ['additionalRestrictions.extent', { extent: [10, 50, 9, 51] }],
    ['additionalRestrictions.extent', { extent: [10, 95, 11, 96] }],
    ['additionalRestrictions.extent', { extent: [1, 2, 3] }],
    ['additionalRestrictions.ids[0]', { ids: [-1] }],
  ])('bad restrictions answer 400 naming %s', async (field, restrictions) => {
    const res = await list(editor, { objectType: 'Node' }, { additionalRestrictions: JSON.stringify(restrictions) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)[0]).toMatch(new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}`));
  });

  it('sorting by an unknown property answers 400 naming sortBy', async () => {
    const res = await list(editor, { objectType: 'Node' }, { sortBy: 'id; DROP TABLE assets' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['sortBy']);
  });

  it("observation results are the parent inspection's observations a brute-force filter finds", async () => {
    const [insp] = await server.db.query<{ id: string }>(
      sql`SELECT inspection_id AS id FROM observations GROUP BY inspection_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const rows = await server.db.query<{ id: string; grade: number | null; distance_m: number }>(
      sql`SELECT id, grade, distance_m FROM observations WHERE inspection_id = ${insp!.id} ORDER BY sequence`,
    );
    const want = rows.filter((r) => r.grade !== null && r.grade >= 2 && r.distance_m > 1).map((r) => Number(r.id));
    const res = await editor.post('/api/filters/results/observation', {
      parentObjectType: 'Inspection',
      parentObjectId: Number(insp!.id),
      filter: JSON.stringify({
        conditions: [
          { property: 'grade', operator: 'ge', value: 2 },
          { property: 'distanceM', operator: 'gt', value: 1 },
        ],
      }),
      pageSize: 500,
    });
    expect(res.status).toBe(200);
    const body = ResultsList.parse(res.body);
    expect(body.rows.map((r) => r.id)).toEqual(want);
    expect(body.count.found).toBe(want.length);
  });
});

function ok(): FilterNode {
  return { property: 'assetId', operator: 'contains', value: 'a' };
}

const mapUrl = (params: Record<string, string | number>) =>
  `/api/filters/results/map?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe('map results by filter', () => {
  it('a shared saved filter by name answers the features a brute-force filter finds, at most limit', async () => {
    const res = await editor.get(mapUrl({ filterName: 'Very poor sections', limit: 20 }));
    expect(res.status).toBe(200);
    const body = MapResults.parse(res.body);
    const want = new Set(
      bruteForce('section', { conditions: [{ property: 'conditionGrade', operator: 'ge', value: 4 }] }),
    );
    expect(body.objectType).toBe('Section');
    expect(body.total).toBe(want.size);
    expect(body.features).toHaveLength(Math.min(20, want.size));
    for (const f of body.features) expect(want.has(f.id)).toBe(true);
  });

  it('the filter variant counts as far as the search does, then says plusFound, never the whole network', async () => {
    const res = await editor.get(mapUrl({ filter: JSON.stringify({ objectType: 'Lateral' }), limit: 5 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: SEARCH_COUNT_CAP, plusFound: true });
  });

  it('filterHash must match the saved filter: a stale hash answers 409', async () => {
    const saved = SavedFilter.parse((await editor.get('/api/filters/saved-filters/Very%20poor%20sections')).body);
    expect((await editor.get(mapUrl({ filterName: saved.name, filterHash: saved.hash, limit: 5 }))).status).toBe(200);
    expect((await editor.get(mapUrl({ filterName: saved.name, filterHash: 'stale', limit: 5 }))).status).toBe(409);
  });

  it('400 naming filter, filterBy, limit or additionalRestrictions.extent', async () => {
    const f = JSON.stringify({ objectType: 'Node' });
    for (const [field, params] of [
      ['filter', { filter: '{' }],
      ['filterBy', { filterBy: 'colour', filter: f }],
      ['limit', { filter: f, limit: 0 }],
      [
        'additionalRestrictions.extent',
        { filter: f, additionalRestrictions: JSON.stringify({ extent: [5, 5, 4, 4] }) },
      ],
    ] as const) {
      const res = await editor.get(mapUrl(params));
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual([field]);
    }
  });
});

describe('filter query plan', () => {
  it('the map filter variant finds the features of a small viewport through the GiST index on geometry', async () => {
    await server.db.query(sql`ANALYZE assets`);
    const nodes = assets.filter((a) => a.type === 'node').map((a) => a.box);
    const [x, y] = [nodes[0]![0], nodes[0]![1]];
    const statement = assetFeaturesSql(
      {
        objectType: 'node',
        combine: 'and',
        conditions: [{ property: 'conditionGrade', operator: 'ge', value: 3 }],
        term: null,
        searchFields: [],
        ids: null,
        extent: [x - 0.001, y - 0.001, x + 0.001, y + 0.001],
      },
      5000,
    );
    const plan = await server.db.query<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${statement}`);
    const lines = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(lines).toMatch(/assets_geom_node_idx/);
    expect(lines).not.toMatch(/Seq Scan on assets/);
  });
});

const SAVED = '/api/filters/saved-filters';
const path = (name: string) => `${SAVED}/${encodeURIComponent(name)}`;
const sectionsOfGrade = (grade: number) => ({
  objectType: 'Section',
  conditions: [{ property: 'conditionGrade', operator: 'eq', value: grade }],
});

describe('saved filters', () => {
  it('round trip: create, list, get, update, reorder, delete', async () => {
    const created = await inspector.post(`${SAVED}/create`, { name: '  Grade five  ', definition: sectionsOfGrade(5) });
    expect(created.status).toBe(200);
    const first = SavedFilter.parse(created.body);
    expect(first).toMatchObject({
      name: 'Grade five',
      objectType: 'Section',
      shared: false,
      advanced: false,
      version: 1,
    });
    await inspector.post(`${SAVED}/create`, { name: 'Grade four', definition: sectionsOfGrade(4) });

    const listed = SavedFilterList.parse((await inspector.get(`${SAVED}/list`)).body);
    expect(listed.map((f) => f.name)).toEqual(['Grade five', 'Grade four']);

    const got = SavedFilter.parse((await inspector.get(path('Grade five'))).body);
    expect(got.definition).toMatchObject(sectionsOfGrade(5));

    const updated = await inspector.put(path('Grade five'), {
      name: 'Grade five or four',
      definition: {
        ...sectionsOfGrade(5),
        conditions: [{ property: 'conditionGrade', operator: 'between', value: [4, 5] }],
      },
      version: got.version,
    });
    expect(updated.status).toBe(200);
    expect(SavedFilter.parse(updated.body)).toMatchObject({ name: 'Grade five or four', version: 2 });
    expect((await inspector.get(path('Grade five'))).status).toBe(404);

    const reordered = await inspector.post(`${SAVED}/order`, { names: ['Grade four', 'Grade five or four'] });
    expect(reordered.status).toBe(200);
    expect(SavedFilterList.parse((await inspector.get(`${SAVED}/list`)).body).map((f) => f.name)).toEqual([
      'Grade four',
      'Grade five or four',
    ]);
    expect((await inspector.post(`${SAVED}/order`, { names: ['Grade four'] })).status).toBe(400);

    expect((await inspector.request('DELETE', path('Grade four'))).status).toBe(204);
    expect((await inspector.request('DELETE', path('Grade five or four'))).status).toBe(204);
    expect(SavedFilterList.parse((await inspector.get(`${SAVED}/list`)).body)).toEqual([]);
  });

  it('a saved filter runs in the list like the same inline filter', async () => {
    await editor.post(`${SAVED}/create`, { name: 'Grade three', definition: sectionsOfGrade(3) });
    const res = await editor.get(mapUrl({ filterName: 'Grade three', limit: 5000 }));
    const want = bruteForce('section', sectionsOfGrade(3) as never);
    expect(
      MapResults.parse(res.body)
        .features.map((f) => f.id)
        .sort((a, b) => a - b),
    ).toEqual(want);
  });

  it('a duplicate name answers the catalogue\'s "filter name already exists", on create and on rename', async () => {
    expect((await editor.post(`${SAVED}/create`, { name: 'Twice', definition: sectionsOfGrade(1) })).status).toBe(200);
    const again = await editor.post(`${SAVED}/create`, { name: 'Twice ', definition: sectionsOfGrade(2) });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('filter/name-exists');
    await editor.post(`${SAVED}/create`, { name: 'Once', definition: sectionsOfGrade(2) });
    const rename = await editor.put(path('Once'), { name: 'Twice', version: 1 });
    expect(rename.body.code).toBe('filter/name-exists');
    // Another user may use the same name.
    expect((await inspector.post(`${SAVED}/create`, { name: 'Twice', definition: sectionsOfGrade(1) })).status).toBe(
      200,
    );
  });

  it('two saves of one name at once: one is saved, the other answers "filter name already exists"', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map((g) => editor.post(`${SAVED}/create`, { name: 'Raced', definition: sectionsOfGrade(g) })),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 400]);
    expect([a!.body.code, b!.body.code]).toContain('filter/name-exists');
  });

  it('an empty name or a malformed definition answers 400 naming the field', async () => {
    const empty = await editor.post(`${SAVED}/create`, { name: '   ', definition: sectionsOfGrade(1) });
    expect(Object.keys(empty.body.ModelState)).toEqual(['name']);
    const bad = await editor.post(`${SAVED}/create`, {
      name: 'Bad',
      definition: { objectType: 'Section', conditions: [{ property: 'conditionGrade', operator: 'eq', value: 'x' }] },
    });
    expect(Object.keys(bad.body.ModelState)).toEqual(['definition.conditions[0].value']);
  });

  it("another user's private filter is not found (404): neither read, changed nor deleted", async () => {
    // "Planned tasks" is the editor's private demo filter.
    expect((await editor.get(path('Planned tasks'))).status).toBe(200);
    expect((await inspector.get(path('Planned tasks'))).status).toBe(404);
    expect((await inspector.put(path('Planned tasks'), { name: 'Mine', version: 1 })).status).toBe(404);
    expect((await inspector.request('DELETE', path('Planned tasks'))).status).toBe(404);
    expect((await admin.get(path('Planned tasks'))).status).toBe(404);
    expect((await editor.get(path('Planned tasks'))).status).toBe(200);
  });

  it('shared filters are read by everyone and managed by administrators only (403)', async () => {
    const shared = SavedFilter.parse((await inspector.get(path('Uninspected manholes'))).body);
    expect(shared).toMatchObject({ shared: true, editable: false });
    expect((await inspector.put(path('Uninspected manholes'), { name: 'x', version: shared.version })).status).toBe(
      403,
    );
    expect((await inspector.request('DELETE', path('Uninspected manholes'))).status).toBe(403);
    const create = await inspector.post(`${SAVED}/create`, {
      name: 'For all',
      shared: true,
      definition: sectionsOfGrade(1),
    });
    expect(create.status).toBe(403);
    const byAdmin = await admin.post(`${SAVED}/create`, {
      name: 'Admin shared',
      shared: true,
      definition: sectionsOfGrade(2),
    });
    expect(byAdmin.status).toBe(200);
    expect(SavedFilter.parse(byAdmin.body).shared).toBe(true);
  });

  it('available filters list the shared ones; an imported filter is a marked copy', async () => {
    const available = (await inspector.get(`${SAVED}/available-filters`)).body as { name: string; advanced: boolean }[];
    expect(available.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Very poor sections', 'Uninspected manholes', 'Old or brittle sections']),
    );
    expect(available.find((f) => f.name === 'Old or brittle sections')!.advanced).toBe(true);
    const imported = await inspector.post(
      `${SAVED}/import-filter?filterName=${encodeURIComponent('Very poor sections')}`,
    );
    expect(imported.status).toBe(200);
    expect(SavedFilter.parse(imported.body)).toMatchObject({
      shared: false,
      importedFrom: 'Very poor sections',
      editable: true,
    });
    const twice = await inspector.post(`${SAVED}/import-filter?filterName=${encodeURIComponent('Very poor sections')}`);
    expect(twice.body.code).toBe('filter/name-exists');
    expect((await inspector.post(`${SAVED}/import-filter?filterName=Nothing`)).status).toBe(404);
  });

  it('an imported advanced filter is refused to a non-administrator: edit it in a desktop product or as administrator', async () => {
    const res = await editor.post(`${SAVED}/import-filter?filterName=${encodeURIComponent('Old or brittle sections')}`);
    const copy = SavedFilter.parse(res.body);
    expect(copy).toMatchObject({ advanced: true, editable: false });
    const put = await editor.put(path('Old or brittle sections'), {
      definition: sectionsOfGrade(1),
      version: copy.version,
    });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe(ADVANCED_FILTER_MESSAGE);
    // The administrator manages the shared original, advanced or not.
    const original = SavedFilter.parse((await admin.get(path('Old or brittle sections'))).body);
    expect(original.editable).toBe(true);
    const byAdmin = await admin.put(path('Old or brittle sections'), {
      definition: { ...(original.definition as object), combine: 'or' },
      version: original.version,
    });
    expect(byAdmin.status).toBe(200);
  });

  it('a write naming a stale version answers 409', async () => {
    const created = SavedFilter.parse(
      (await editor.post(`${SAVED}/create`, { name: 'Versioned', definition: sectionsOfGrade(1) })).body,
    );
    expect(
      (await editor.put(path('Versioned'), { definition: sectionsOfGrade(2), version: created.version })).status,
    ).toBe(200);
    const stale = await editor.put(path('Versioned'), { definition: sectionsOfGrade(3), version: created.version });
    expect(stale.status).toBe(409);
  });

  it('an administrator makes their own filter global and personal again; anyone else is refused (403)', async () => {
    const availableTo = async (client: TestClient) =>
      ((await client.get(`${SAVED}/available-filters`)).body as { name: string }[]).map((f) => f.name);
    const created = SavedFilter.parse(
      (await admin.post(`${SAVED}/create`, { name: 'Made global', definition: sectionsOfGrade(2) })).body,
    );
    expect(await availableTo(inspector)).not.toContain('Made global');

    const global = await admin.put(path('Made global'), { shared: true, version: created.version });
    expect(global.status).toBe(200);
    expect(SavedFilter.parse(global.body)).toMatchObject({ shared: true, version: created.version + 1 });
    expect(await availableTo(inspector)).toContain('Made global');
    // A stale version changes nothing.
    expect((await admin.put(path('Made global'), { shared: false, version: created.version })).status).toBe(409);

    const personal = await admin.put(path('Made global'), { shared: false, version: created.version + 1 });
    expect(SavedFilter.parse(personal.body)).toMatchObject({ shared: false, version: created.version + 2 });
    expect(await availableTo(inspector)).not.toContain('Made global');

    const own = SavedFilter.parse(
      (await editor.post(`${SAVED}/create`, { name: 'Mine for all', definition: sectionsOfGrade(2) })).body,
    );
    const refused = await editor.put(path('Mine for all'), { shared: true, version: own.version });
    expect(refused.status).toBe(403);
    expect(SavedFilter.parse((await editor.get(path('Mine for all'))).body)).toMatchObject({
      shared: false,
      version: own.version,
    });
    // A shared filter of the administrator stays shared whatever another user sends.
    const theirs = SavedFilter.parse((await inspector.get(path('Uninspected manholes'))).body);
    expect((await inspector.put(path('Uninspected manholes'), { shared: false, version: theirs.version })).status).toBe(
      403,
    );
  });
});

const BODIES: Record<string, unknown> = {
  '/api/filters/results/list': { filter: '{"objectType":"Node"}' },
  '/api/filters/results/list/ids': { filter: '{"objectType":"Node"}' },
  '/api/filters/results/observation': { parentObjectType: 'Inspection', parentObjectId: 1 },
  [`${SAVED}/create`]: { name: 'x', definition: {} },
  [`${SAVED}/order`]: { names: [] },
  [`${SAVED}/x`]: { version: 1 },
};

describe('without a session', () => {
  it.each([
    ['GET', '/api/filters/meta/list/Node'],
    ['GET', '/api/filters/meta/list/observation/Inspection/1'],
    ['GET', '/api/filters/form/Node'],
    ['POST', '/api/filters/results/list'],
    ['POST', '/api/filters/results/list/ids'],
    ['POST', '/api/filters/results/observation'],
    ['GET', '/api/filters/results/map?filterName=x'],
    ['GET', `${SAVED}/list`],
    ['GET', `${SAVED}/available-filters`],
    ['POST', `${SAVED}/create`],
    ['POST', `${SAVED}/order`],
    ['POST', `${SAVED}/import-filter?filterName=x`],
    ['GET', `${SAVED}/x`],
    ['PUT', `${SAVED}/x`],
    ['DELETE', `${SAVED}/x`],
  ])('%s %s answers 401', async (method, url) => {
    // A well-formed body: validation runs before the session is checked.
    const res = await anonymous.request(
      method,
      url,
      method === 'GET' || method === 'DELETE' ? {} : { json: BODIES[url] ?? {} },
    );
    expect(res.status).toBe(401);
  });

  it('every filter call is listed in the OpenAPI document', async () => {
    const doc = (await editor.get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    for (const p of [
      '/api/filters/meta/list/{objectType}',
      '/api/filters/meta/list/observation/{parentObjectType}/{parentObjectId}',
      '/api/filters/form/{x}',
      '/api/filters/results/list',
      '/api/filters/results/list/ids',
      '/api/filters/results/observation',
      '/api/filters/results/map',
      `${SAVED}/list`,
      `${SAVED}/available-filters`,
      `${SAVED}/create`,
      `${SAVED}/order`,
      `${SAVED}/import-filter`,
      `${SAVED}/{name}`,
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });
});
