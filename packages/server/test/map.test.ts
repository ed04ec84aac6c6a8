import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_RESULTS_MAX_LIMIT, MapResults } from '@manway/core/api/map';
import { MapSettings } from '@manway/core/api/settings';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { sql } from '../src/db/sql';
import { viewportFeaturesSql } from '../src/modules/map/repository';
import type { TestClient } from './harness';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let editor: TestClient;
let anonymous: TestClient;
/** Every asset of the demo town with its points, read straight from the table. */
let assets: { id: number; type: string; code: string; points: number[][]; box: Wgs84Extent }[];
let network: Wgs84Extent;

beforeAll(async () => {
  server = await startTestServer();
  editor = server.client();
  anonymous = server.client();
  expect((await editor.signIn('editor', 'editor-demo')).status).toBe(200);
  const rows = await server.db.query<{ id: string; object_type: string; asset_code: string; geometry: string }>(
    sql`SELECT id, object_type, asset_code, ST_AsGeoJSON(geom) AS geometry FROM assets`,
  );
  assets = rows.map((r) => {
    const g = JSON.parse(r.geometry) as { type: string; coordinates: number[] | number[][] };
    const points = (g.type === 'Point' ? [g.coordinates] : g.coordinates) as number[][];
    const xs = points.map((p) => p[0]!);
    const ys = points.map((p) => p[1]!);
    return {
      id: Number(r.id),
      type: r.object_type,
      code: r.asset_code,
      points,
      box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    };
  });
  const xs = assets.flatMap((a) => [a.box[0], a.box[2]]);
  const ys = assets.flatMap((a) => [a.box[1], a.box[3]]);
  network = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
});
afterAll(() => server.close());

/** Whether the segment p–q meets the box (Liang–Barsky clipping). */
function segmentMeetsBox(p: number[], q: number[], [w, s, e, n]: Wgs84Extent): boolean {
  const [x0, y0] = p as [number, number];
  const dx = q[0]! - x0;
  const dy = q[1]! - y0;
  let t0 = 0;
  let t1 = 1;
  for (const [edge, delta] of [
    [x0 - w, -dx],
    [e - x0, dx],
    [y0 - s, -dy],
    [n - y0, dy],
  ] as const) {
    if (delta === 0) {
      if (edge < 0) return false;
      continue;
    }
    const t = edge / delta;
    if (delta < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/** The brute-force answer: assets of the type whose geometry meets the extent. */
function expected(type: string, extent: Wgs84Extent): Set<number> {
  const [w, s, e, n] = extent;
  const meets = (points: number[][]) =>
    points.length === 1
      ? points[0]![0]! >= w && points[0]![0]! <= e && points[0]![1]! >= s && points[0]![1]! <= n
      : points.slice(1).some((q, i) => segmentMeetsBox(points[i]!, q, extent));
  return new Set(assets.filter((a) => a.type === type && meets(a.points)).map((a) => a.id));
}

/** A part of the network: fractions of its width and height from the south-west corner. */
function part(x0: number, y0: number, x1: number, y1: number): Wgs84Extent {
  const [w, s, e, n] = network;
  return [w + (e - w) * x0, s + (n - s) * y0, w + (e - w) * x1, s + (n - s) * y1];
}

const mapUrl = (params: Record<string, string | number>) =>
  `/api/filters/results/map?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe('map results by dynamic layer', () => {
  it.each([
    ['Node', 'node', [0.3, 0.3, 0.45, 0.5]],
    ['Section', 'section', [0.5, 0.1, 0.7, 0.25]],
    ['lateral', 'lateral', [0.8, 0.8, 0.9, 0.95]],
  ] as const)(
    '%s features in an extent are exactly those a brute-force filter finds',
    async (layer, type, [x0, y0, x1, y1]) => {
      const extent = part(x0, y0, x1, y1);
      const res = await editor.get(mapUrl({ dynamicLayerId: layer, extent: extent.join(','), timestamp: Date.now() }));
      expect(res.status).toBe(200);
      const body = MapResults.parse(res.body);
      const want = expected(type, extent);
      expect(want.size).toBeGreaterThan(10);
      expect(new Set(body.features.map((f) => f.id))).toEqual(want);
      expect(body.total).toBe(want.size);
      expect(body.limit).toBe(MAP_RESULTS_MAX_LIMIT);
    },
  );

  it('features carry the properties the map styles by, and GeoJSON geometry in WGS 84', async () => {
    const res = await editor.get(mapUrl({ dynamicLayerId: 'Node', extent: network.join(','), limit: 50 }));
    const body = MapResults.parse(res.body);
    const feature = body.features[0]!;
    const row = (
      await server.db.query<Record<string, unknown>>(
        sql`SELECT asset_code, subtype, condition_grade, material, size_mm FROM assets WHERE id = ${feature.id}`,
      )
    )[0]!;
    expect(body.objectType).toBe('Node');
    expect(feature.geometry.type).toBe('Point');
    expect(feature.properties).toEqual({
      assetId: row.asset_code,
      subtype: row.subtype,
      conditionGrade: row.condition_grade === null ? null : Number(row.condition_grade),
      material: row.material,
      sizeMm: row.size_mm === null ? null : Number(row.size_mm),
    });
  });

  it('answers at most limit features, counting no further than the limit: plus-found says more match', async () => {
    const want = expected('lateral', network);
    const res = await editor.get(mapUrl({ dynamicLayerId: 'Lateral', extent: network.join(','), limit: 25 }));
    const body = MapResults.parse(res.body);
    expect(body.features).toHaveLength(25);
    expect(body).toMatchObject({ total: 25, plusFound: true, limit: 25 });
    expect(new Set(body.features.map((f) => f.id)).size).toBe(25);
    expect(body.features.every((f) => want.has(f.id))).toBe(true);
  });

  it('counts exactly, without plus-found, when the matches fit the limit, even when they fill it', async () => {
    const small = part(0.4, 0.4, 0.5, 0.5);
    const want = expected('node', small);
    expect(want.size).toBeGreaterThan(1);
    const exact = MapResults.parse(
      (await editor.get(mapUrl({ dynamicLayerId: 'Node', extent: small.join(','), limit: want.size }))).body,
    );
    expect(exact).toMatchObject({ total: want.size, plusFound: false });
    expect(new Set(exact.features.map((f) => f.id))).toEqual(want);
    const one = MapResults.parse(
      (await editor.get(mapUrl({ dynamicLayerId: 'Node', extent: small.join(','), limit: want.size - 1 }))).body,
    );
    expect(one).toMatchObject({ total: want.size - 1, plusFound: true });
  });

  it("countOnly answers the count of the viewport's features without the features", async () => {
    const small = part(0.4, 0.4, 0.5, 0.5);
    const want = expected('node', small);
    for (const limit of [want.size, want.size - 1, MAP_RESULTS_MAX_LIMIT]) {
      const params = { dynamicLayerId: 'Node', extent: small.join(','), limit };
      const full = MapResults.parse((await editor.get(mapUrl(params))).body);
      const counted = MapResults.parse((await editor.get(mapUrl({ ...params, countOnly: 'true' }))).body);
      expect(counted).toEqual({ ...full, features: [] });
    }
    const wholeNetwork = { dynamicLayerId: 'Lateral', extent: network.join(','), countOnly: 'true' };
    expect(MapResults.parse((await editor.get(mapUrl(wholeNetwork))).body)).toEqual({
      type: 'FeatureCollection',
      objectType: 'Lateral',
      features: [],
      total: MAP_RESULTS_MAX_LIMIT,
      plusFound: true,
      limit: MAP_RESULTS_MAX_LIMIT,
    });
    const term = assets
      .find((a) => a.type === 'node')!
      .code.slice(-4)
      .toLowerCase();
    const byTerm = { dynamicLayerId: 'Node', extent: network.join(','), term };
    const counted = MapResults.parse((await editor.get(mapUrl({ ...byTerm, countOnly: 'true' }))).body);
    expect(counted.total).toBe(MapResults.parse((await editor.get(mapUrl(byTerm))).body).total);
  });

  it('without a limit answers at most the cap', async () => {
    const res = await editor.get(mapUrl({ dynamicLayerId: 'Lateral', extent: network.join(',') }));
    const body = MapResults.parse(res.body);
    expect(expected('lateral', network).size).toBeGreaterThan(MAP_RESULTS_MAX_LIMIT);
    expect(body.features).toHaveLength(MAP_RESULTS_MAX_LIMIT);
    expect(body).toMatchObject({ total: MAP_RESULTS_MAX_LIMIT, plusFound: true });
  });

  it('an extent away from the network answers no features and a total of 0', async () => {
    const res = await editor.get(mapUrl({ dynamicLayerId: 'Node', extent: '-10,-10,-9,-9' }));
    expect(res.body).toMatchObject({ features: [], total: 0 });
  });

  it('a term narrows the layer to asset ids containing it, in any case', async () => {
    const some = assets.find((a) => a.type === 'node')!;
    const term = some.code.slice(-4).toLowerCase();
    const want = assets.filter((a) => a.type === 'node' && a.code.toLowerCase().includes(term)).map((a) => a.id);
    const res = await editor.get(mapUrl({ dynamicLayerId: 'Node', extent: network.join(','), term }));
    const body = MapResults.parse(res.body);
    expect(body.features.map((f) => f.id).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
    expect(body.total).toBe(want.length);
  });

  it('searchFields chooses what the term is matched against', async () => {
    const [street] = await server.db.query<{ street: string; n: number }>(
      sql`SELECT street, count(*)::int AS n FROM assets WHERE object_type = 'node' AND street IS NOT NULL
       GROUP BY street ORDER BY street LIMIT 1`,
    );
    const byStreet = await editor.get(
      mapUrl({ dynamicLayerId: 'Node', extent: network.join(','), term: street!.street, searchFields: 'street' }),
    );
    expect(byStreet.body.total).toBe(street!.n);
    const byId = await editor.get(
      mapUrl({ dynamicLayerId: 'Node', extent: network.join(','), term: street!.street, searchFields: 'assetId' }),
    );
    expect(byId.body.total).toBe(0);
  });
});

describe('map results refuse what they cannot answer', () => {
  it.each([
    ['extent', { dynamicLayerId: 'Node', extent: '1,2,3' }],
    ['extent', { dynamicLayerId: 'Node', extent: '1,2,x,4' }],
    ['extent', { dynamicLayerId: 'Node', extent: '10,2,5,4' }],
    ['extent', { dynamicLayerId: 'Node', extent: '-200,2,5,4' }],
    ['extent', { dynamicLayerId: 'Node' }],
    ['limit', { dynamicLayerId: 'Node', extent: '1,2,3,4', limit: 0 }],
    ['limit', { dynamicLayerId: 'Node', extent: '1,2,3,4', limit: MAP_RESULTS_MAX_LIMIT + 1 }],
    ['limit', { dynamicLayerId: 'Node', extent: '1,2,3,4', limit: '2.5' }],
    ['type', { dynamicLayerId: 'Pipe', extent: '1,2,3,4' }],
    ['type', { dynamicLayerId: 'Inspection', extent: '1,2,3,4' }],
    ['dynamicLayerId', { extent: '1,2,3,4' }],
    ['searchFields', { dynamicLayerId: 'Node', extent: '1,2,3,4', term: 'a', searchFields: 'assetId,password' }],
    ['countOnly', { dynamicLayerId: 'Node', extent: '1,2,3,4', countOnly: 'yes' }],
  ] as const)('400 naming %s for %j', async (field, params) => {
    const res = await editor.get(mapUrl(params));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('the filter variant with an empty inline filter and an extent answers what the layer variant does, and its count alone with countOnly', async () => {
    const extent = part(0.3, 0.3, 0.45, 0.5);
    const filter = JSON.stringify({ objectType: 'Node', conditions: [] });
    const res = await editor.get(mapUrl({ filter, additionalRestrictions: JSON.stringify({ extent }), limit: 100 }));
    expect(res.status).toBe(200);
    const body = MapResults.parse(res.body);
    const want = expected('node', extent);
    expect(body.objectType).toBe('Node');
    expect(body.total).toBe(want.size);
    expect(body.features).toHaveLength(Math.min(100, want.size));
    for (const f of body.features) expect(want.has(f.id)).toBe(true);
    const params = { filter, additionalRestrictions: JSON.stringify({ extent }), limit: 100, countOnly: 'true' };
    const counted = MapResults.parse((await editor.get(mapUrl(params))).body);
    expect(counted).toEqual({ ...body, features: [] });
  });

  it('the filter variant answers 404 for a saved filter the user does not have', async () => {
    const res = await editor.get(mapUrl({ filterName: 'No such filter', limit: 100 }));
    expect(res.status).toBe(404);
  });

  it('without a session answers 401', async () => {
    const res = await anonymous.get(mapUrl({ dynamicLayerId: 'Node', extent: network.join(',') }));
    expect(res.status).toBe(401);
  });
});

describe('viewport query plan', () => {
  it('finds the features of a small viewport through the GiST index on geometry', async () => {
    await server.db.query(sql`ANALYZE assets`);
    const extent = part(0.4, 0.4, 0.45, 0.45);
    const viewport = {
      objectType: 'node',
      extent,
      pattern: null,
      inAssetId: true,
      inStreet: false,
      inDistrict: false,
      inMaterial: false,
    };
    const plan = await server.db.query<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${viewportFeaturesSql(viewport, 5000)}`);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/assets_geom_node_idx/);
    expect(text).not.toMatch(/Seq Scan on assets/);
  });
});

describe('map settings', () => {
  it('open on the extent of the network, with the offline "no basemap" first and the default', async () => {
    const res = await editor.get('/api/settings/map');
    expect(res.status).toBe(200);
    const map = MapSettings.parse(res.body);
    expect(map.basemaps[0]).toEqual({ id: 'none', name: 'No basemap', kind: 'none' });
    expect(map.defaultBasemapId).toBe('none');
    const [w, s, e, n] = map.initialExtent;
    expect(w).toBeLessThan(network[0]);
    expect(s).toBeLessThan(network[1]);
    expect(e).toBeGreaterThan(network[2]);
    expect(n).toBeGreaterThan(network[3]);
    // A margin, not the world.
    expect(e - w).toBeLessThan((network[2] - network[0]) * 1.2);
  });
});
