import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_BUFFER, TILE_CONTENT_TYPE, TILE_EXTENT, TILE_PIXELS, TILE_THIN_MAX_ZOOM } from '@manway/core/api/tiles';
import { sql } from '../src/db/sql';
import { tileFeaturesSql, TilesRepository } from '../src/modules/tiles/repository';
import { TilesService } from '../src/modules/tiles/service';
import type { TestClient } from './harness';
import { startTestServer, type TestServer } from './harness';

const HALF_WORLD = 20037508.342789244;
const LAYERS = { node: 'Node', section: 'Section', lateral: 'Lateral' } as const;
type Key = keyof typeof LAYERS;
type Box = [west: number, south: number, east: number, north: number];

interface Asset {
  id: number;
  type: Key;
  code: string;
  subtype: string;
  grade: number | null;
  /** Vertices in Web Mercator metres: the tile query transforms vertices and keeps edges straight there. */
  points: number[][];
}

interface DecodedFeature {
  id: number;
  properties: Record<string, unknown>;
  points: { x: number; y: number }[][];
}

let server: TestServer;
let editor: TestClient;
let assets: Asset[];
/** A zoom at which the demo town spans a few tiles each way, and those tiles with a ring around them. */
let zoom: number;
let tiles: { x: number; y: number }[];
/** Thinned tiles (at or below TILE_THIN_MAX_ZOOM) over the same ground. */
const tilesAt = (z: number) => {
  const shift = 2 ** (zoom - z);
  return [...new Set(tiles.map((t) => `${Math.floor(t.x / shift)}/${Math.floor(t.y / shift)}`))].map((k) => {
    const [x, y] = k.split('/').map(Number);
    return { x: x!, y: y! };
  });
};

const mercator = ([lon, lat]: number[]) => [
  (lon! * Math.PI * 6378137) / 180,
  Math.log(Math.tan(Math.PI / 4 + (lat! * Math.PI) / 360)) * 6378137,
];
const tileSize = (z: number) => (2 * HALF_WORLD) / 2 ** z;

beforeAll(async () => {
  server = await startTestServer();
  editor = server.client();
  expect((await editor.signIn('editor', 'editor-demo')).status).toBe(200);
  assets = await readAssets();
  const xs = assets.flatMap((a) => a.points.map((p) => p[0]!));
  const ys = assets.flatMap((a) => a.points.map((p) => p[1]!));
  const column = (x: number, z: number) => Math.floor((x + HALF_WORLD) / tileSize(z));
  const row = (y: number, z: number) => Math.floor((HALF_WORLD - y) / tileSize(z));
  zoom = 10;
  while (column(Math.max(...xs), zoom) - column(Math.min(...xs), zoom) < 2) zoom++;
  tiles = [];
  for (let x = column(Math.min(...xs), zoom) - 1; x <= column(Math.max(...xs), zoom) + 1; x++) {
    for (let y = row(Math.max(...ys), zoom) - 1; y <= row(Math.min(...ys), zoom) + 1; y++) tiles.push({ x, y });
  }
});
afterAll(() => server.close());

async function readAssets(): Promise<Asset[]> {
  const rows = await server.db.query<{
    id: string;
    object_type: Key;
    asset_code: string;
    subtype: string;
    condition_grade: number | null;
    geometry: string;
  }>(sql`SELECT id, object_type, asset_code, subtype, condition_grade, ST_AsGeoJSON(geom) AS geometry FROM assets`);
  return rows.map((r) => {
    const g = JSON.parse(r.geometry) as { type: string; coordinates: number[] | number[][] };
    const points = (g.type === 'Point' ? [g.coordinates] : g.coordinates) as number[][];
    return {
      id: Number(r.id),
      type: r.object_type,
      code: r.asset_code,
      subtype: r.subtype,
      grade: r.condition_grade === null ? null : Number(r.condition_grade),
      points: points.map(mercator),
    };
  });
}

/** The tile's square in Web Mercator metres, widened by the buffer the tiles keep. */
function bufferedTile(z: number, x: number, y: number): Box {
  const size = tileSize(z);
  const margin = (size * TILE_BUFFER) / TILE_EXTENT;
  const west = -HALF_WORLD + x * size;
  const north = HALF_WORLD - y * size;
  return [west - margin, north - size - margin, west + size + margin, north + margin];
}

/** The length of the part of segment p–q inside the box, or -1 when it misses (Liang–Barsky clipping). */
function lengthInBox(p: number[], q: number[], [w, s, e, n]: Box): number {
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
      if (edge < 0) return -1;
      continue;
    }
    const t = edge / delta;
    if (delta < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return -1;
  }
  return (t1 - t0) * Math.hypot(dx, dy);
}

/**
 * The brute-force answer: assets of the type whose geometry meets the buffered tile. One passing within
 * a grid unit of the buffer's edge is snapped onto it, and a tile may keep or drop it.
 */
function expected(
  type: Key,
  z: number,
  x: number,
  y: number,
  grid = z <= TILE_THIN_MAX_ZOOM ? TILE_PIXELS : TILE_EXTENT,
): { must: Asset[]; may: Asset[] } {
  const box = bufferedTile(z, x, y);
  const unit = tileSize(z) / grid;
  const inner: Box = [box[0] + unit, box[1] + unit, box[2] - unit, box[3] - unit];
  const outer: Box = [box[0] - unit, box[1] - unit, box[2] + unit, box[3] + unit];
  const meets = (points: number[][], [w, s, e, n]: Box) =>
    points.length === 1
      ? points[0]![0]! >= w && points[0]![0]! <= e && points[0]![1]! >= s && points[0]![1]! <= n
      : points.slice(1).some((q, i) => lengthInBox(points[i]!, q, [w, s, e, n]) > 0);
  const ofType = assets.filter((a) => a.type === type);
  return {
    must: ofType.filter((a) => meets(a.points, inner)),
    may: ofType.filter((a) => meets(a.points, outer) && !meets(a.points, inner)),
  };
}

function decode(body: Uint8Array, layerName: string): DecodedFeature[] {
  if (!body.byteLength) return [];
  const layer = new VectorTile(new PbfReader(body)).layers[layerName];
  if (!layer) return [];
  expect(layer.extent).toBe(TILE_EXTENT);
  return Array.from({ length: layer.length }, (_, i) => {
    const f = layer.feature(i);
    return { id: Number(f.id), properties: f.properties, points: f.loadGeometry() };
  });
}

async function fetchTile(path: string, headers?: Record<string, string>) {
  const res = await fetch(`${server.base}${path}`, { headers: { cookie: editor.cookie!, ...headers } });
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

describe('vector tiles', () => {
  it('carry exactly the assets whose geometry meets the tile, with their id, assetId, subtype and grade', async () => {
    let seen = 0;
    for (const [key, name] of Object.entries(LAYERS) as [Key, string][]) {
      for (const { x, y } of tiles) {
        const res = await fetchTile(`/api/tiles/${name}/${zoom}/${x}/${y}.pbf`);
        const { must, may } = expected(key, zoom, x, y);
        if (res.status === 200) expect(res.headers.get('content-type')).toBe(TILE_CONTENT_TYPE);
        const got = decode(res.body, name);
        const ids = new Set(got.map((f) => f.id));
        const want = [...must, ...may];
        if (must.length) expect(res.status, `${name} ${zoom}/${x}/${y}`).toBe(200);
        if (!want.length) expect(res.status, `${name} ${zoom}/${x}/${y}`).toBe(204);
        expect(
          [...ids].filter((id) => !want.some((a) => a.id === id)),
          `${name} ${zoom}/${x}/${y} has assets that miss it`,
        ).toEqual([]);
        expect(
          must.filter((a) => !ids.has(a.id)).map((a) => a.id),
          `${name} ${zoom}/${x}/${y} lacks assets that meet it`,
        ).toEqual([]);
        for (const f of got) {
          const a = want.find((w) => w.id === f.id)!;
          expect(f.properties).toEqual({
            assetId: a.code,
            subtype: a.subtype,
            ...(a.grade === null ? {} : { conditionGrade: a.grade }),
          });
          if (key === 'node') {
            // A node sits where its point falls on the tile's 4096 grid.
            const size = tileSize(zoom);
            const [px, py] = a.points[0]!;
            expect(Math.abs(f.points[0]![0]!.x - ((px! + HALF_WORLD - x * size) / size) * TILE_EXTENT)).toBeLessThan(1);
            expect(Math.abs(f.points[0]![0]!.y - ((HALF_WORLD - y * size - py!) / size) * TILE_EXTENT)).toBeLessThan(1);
          }
        }
        seen += got.length;
      }
    }
    // Sections crossing tile edges appear in each tile they cross.
    expect(seen).toBeGreaterThanOrEqual(assets.length);
  });

  it.each([TILE_THIN_MAX_ZOOM, 10])(
    'at zoom %i keep one node per pixel, the worst condition grade first, and leave out laterals',
    async (z) => {
      expect(zoom).toBeGreaterThan(TILE_THIN_MAX_ZOOM);
      const size = tileSize(z);
      const rank = (a: Asset) => (a.grade === null ? -1 : a.grade);
      let kept = 0;
      let shared = 0;
      for (const { x, y } of tilesAt(z)) {
        expect((await fetchTile(`/api/tiles/Lateral/${z}/${x}/${y}.pbf`)).status).toBe(204);
        const got = decode((await fetchTile(`/api/tiles/Node/${z}/${x}/${y}.pbf`)).body, 'Node');
        const { must, may } = expected('node', z, x, y);
        const pixelOf = (a: Asset) => {
          const [px, py] = a.points[0]!;
          const column = Math.round(((px! + HALF_WORLD - x * size) / size) * TILE_PIXELS);
          const row = Math.round(((HALF_WORLD - y * size - py!) / size) * TILE_PIXELS);
          return `${column * (TILE_EXTENT / TILE_PIXELS)},${row * (TILE_EXTENT / TILE_PIXELS)}`;
        };
        // Per pixel, the node the tile should show: the worst grade, then the lowest id.
        const best = new Map<string, Asset>();
        for (const a of must) {
          const held = best.get(pixelOf(a));
          if (!held || rank(a) > rank(held) || (rank(a) === rank(held) && a.id < held.id)) best.set(pixelOf(a), a);
        }
        const pixels = got.map((f) => `${f.points[0]![0]!.x},${f.points[0]![0]!.y}`);
        expect(new Set(pixels).size, `one node per pixel in ${z}/${x}/${y}`).toBe(pixels.length);
        const grazing = new Set(may.map((a) => pixelOf(a)));
        for (const [pixel, a] of best) {
          if (grazing.has(pixel)) continue;
          const f = got.find((g) => `${g.points[0]![0]!.x},${g.points[0]![0]!.y}` === pixel);
          expect(f?.id, `node at pixel ${pixel} of ${z}/${x}/${y}`).toBe(a.id);
        }
        kept += got.length;
        shared += must.length - best.size;
      }
      expect(kept).toBeGreaterThan(0);
      // At zoom 10 a pixel is about 100 m: nodes share pixels, so the rule above chose among them.
      if (z === 10) expect(shared).toBeGreaterThan(0);
    },
  );

  it.each([TILE_THIN_MAX_ZOOM, 10])(
    'at zoom %i snap sections to the pixels, leave out those shorter than a pixel and draw each path once',
    async (z) => {
      const pixel = TILE_EXTENT / TILE_PIXELS;
      let drawn = 0;
      let meetingAll = 0;
      for (const { x, y } of tilesAt(z)) {
        const got = decode((await fetchTile(`/api/tiles/Section/${z}/${x}/${y}.pbf`)).body, 'Section');
        const { must, may } = expected('section', z, x, y);
        const meeting = new Set([...must, ...may].map((a) => a.id));
        const paths = got.map((f) => JSON.stringify(f.points));
        expect(new Set(paths).size, `each path once in ${z}/${x}/${y}`).toBe(paths.length);
        for (const f of got) {
          expect(meeting.has(f.id)).toBe(true);
          const a = assets.find((g) => g.id === f.id)!;
          const length = a.points
            .slice(1)
            .reduce((sum, q, i) => sum + Math.hypot(q[0]! - a.points[i]![0]!, q[1]! - a.points[i]![1]!), 0);
          expect(length, `section ${a.code} is a pixel long at least`).toBeGreaterThanOrEqual(
            tileSize(z) / TILE_PIXELS,
          );
          const vertices = f.points.flat();
          expect(vertices.every((p) => p.x % pixel === 0 && p.y % pixel === 0)).toBe(true);
          expect(new Set(vertices.map((p) => `${p.x},${p.y}`)).size).toBeGreaterThan(1);
        }
        drawn += got.length;
        meetingAll += meeting.size;
      }
      // At zoom 10 a pixel is about 100 m, longer than the demo town's sections.
      if (z === TILE_THIN_MAX_ZOOM) expect(drawn).toBeGreaterThan(0);
      else expect(drawn).toBeLessThan(meetingAll);
    },
  );

  it('name the layer in any case or in the plural', async () => {
    const { x, y } = tiles[Math.floor(tiles.length / 2)]!;
    const a = await fetchTile(`/api/tiles/Section/${zoom}/${x}/${y}.pbf`);
    for (const name of ['section', 'SECTION', 'sections']) {
      const b = await fetchTile(`/api/tiles/${name}/${zoom}/${x}/${y}.pbf`);
      expect(b.status).toBe(a.status);
      expect(Buffer.from(b.body).equals(Buffer.from(a.body))).toBe(true);
    }
  });

  it('answer 204 No Content, with an ETag, for a tile no asset meets', async () => {
    const res = await fetchTile('/api/tiles/Node/10/0/0.pbf');
    expect(res.status).toBe(204);
    expect(res.body.byteLength).toBe(0);
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it.each([
    ['/api/tiles/Node/23/0/0.pbf', 'z'],
    ['/api/tiles/Node/z/0/0.pbf', 'z'],
    ['/api/tiles/Node/2/4/0.pbf', 'x'],
    ['/api/tiles/Node/2/0/4.pbf', 'y'],
    ['/api/tiles/Node/2/0/-1.pbf', 'y'],
    ['/api/tiles/Node/2/1.5/0.pbf', 'x'],
    ['/api/tiles/Manholes/2/0/0.pbf', 'layer'],
    ['/api/tiles/Inspection/2/0/0.pbf', 'layer'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const res = await editor.get(path);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('are listed in the OpenAPI document with their path parameters', async () => {
    const doc = (await editor.get('/api/openapi.json')).body as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const path = Object.keys(doc.paths).find((p) => p.startsWith('/api/tiles/'));
    expect(path).toBe('/api/tiles/{layer}/{z}/{x}/{y}.pbf');
    expect(doc.paths[path!]!.get!.parameters!.map((p) => p.name).sort()).toEqual(['layer', 'x', 'y', 'z']);
  });

  it('need a session', async () => {
    const res = await server.client().get(`/api/tiles/Node/${zoom}/${tiles[0]!.x}/${tiles[0]!.y}.pbf`);
    expect(res.status).toBe(401);
  });

  it('answer 304 to the ETag they gave, until an edit of an asset location changes it', async () => {
    const node = assets.find((a) => a.type === 'node')!;
    const size = tileSize(zoom);
    const x = Math.floor((node.points[0]![0]! + HALF_WORLD) / size);
    const y = Math.floor((HALF_WORLD - node.points[0]![1]!) / size);
    const path = `/api/tiles/Node/${zoom}/${x}/${y}.pbf`;
    const first = await fetchTile(path);
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await fetchTile(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect((await fetchTile(path, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);

    const moved = await editor.post(`/api/locations/Node/${node.id}`, {
      longitude: 8.31,
      latitude: 51.89,
      source: 'collected',
      version: null,
    });
    expect(moved.status).toBe(200);
    const after = await fetchTile(path, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('show an edit of asset geometry at once, whoever wrote it', async () => {
    const node = assets.find((a) => a.type === 'node' && a.id !== assets.find((b) => b.type === 'node')!.id)!;
    const size = tileSize(zoom);
    const x = Math.floor((node.points[0]![0]! + HALF_WORLD) / size);
    const y = Math.floor((HALF_WORLD - node.points[0]![1]!) / size);
    const path = `/api/tiles/Node/${zoom}/${x}/${y}.pbf`;
    const before = await fetchTile(path);
    expect(decode(before.body, 'Node').map((f) => f.id)).toContain(node.id);

    // Far away, as an import or the scale generator would write it: straight into the table.
    await server.db.query(sql`UPDATE assets SET geom = ST_SetSRID(ST_MakePoint(0, 0), 4326) WHERE id = ${node.id}`);
    const after = await fetchTile(path);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(decode(after.body, 'Node').map((f) => f.id)).not.toContain(node.id);
  });

  it('find the features of a tile through the GiST index on geometry', async () => {
    await server.db.query(sql`ANALYZE assets`);
    const tile = { objectType: 'node', z: zoom + 2, x: tiles[0]!.x * 4, y: tiles[0]!.y * 4, thinned: false };
    const plan = await server.db.query<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${tileFeaturesSql(tile)}`);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/assets_geom_node_idx/);
    expect(text).not.toMatch(/Seq Scan on assets/);
  });

  it.runIf(process.env.DATABASE_URL)(
    'encode the same features in process as ST_AsMVT does, thinned or not',
    async () => {
      const repo = new TilesRepository(server.db);
      const inProcess = new TilesService(repo, server.services.objects, { encodeInDatabase: false });
      const inDatabase = new TilesService(repo, server.services.objects, { encodeInDatabase: true });
      const sets = [
        { z: zoom, at: tiles },
        { z: TILE_THIN_MAX_ZOOM, at: tilesAt(TILE_THIN_MAX_ZOOM) },
        { z: 10, at: tilesAt(10) },
      ];
      for (const [key, name] of Object.entries(LAYERS) as [Key, string][]) {
        for (const { z, x, y } of sets.flatMap((s) => s.at.map((t) => ({ z: s.z, ...t })))) {
          const params = { layer: name, z, x, y };
          const [a, b] = [await inProcess.tile(params), await inDatabase.tile(params)];
          if ('notModified' in a || 'notModified' in b) throw new Error('no If-None-Match was sent');
          // Assets grazing the buffer's edge may fall either way of the grid; see expected().
          const grazing = new Set(expected(key, z, x, y).may.map((g) => g.id));
          const summary = (body: Uint8Array) =>
            decode(body, name)
              .filter((f) => !grazing.has(f.id))
              .map((f) => ({ id: f.id, properties: f.properties, points: f.points.flat().length }))
              .sort((p, q) => p.id - q.id);
          expect(summary(a.body), `${name} ${z}/${x}/${y}`).toEqual(summary(b.body));
        }
      }
    },
  );
});
