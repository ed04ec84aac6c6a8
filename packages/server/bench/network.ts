/**
 * Network benchmark (issue 4): load rate of the scale generator beside a raw COPY of the same rows
 * into a table without constraints or indexes; GET /api/lookup p50/p95 beside the bare SQL it runs
 * and beside a bare Fastify route running that SQL; GET /api/objects/{type}/{id} p95; (issue 5)
 * GET /api/filters/results/map for random viewports of up to 5,000 features beside the same
 * statement in bare SQL, and beside a bare Fastify route that runs them and serialises the answer;
 * GET /api/tiles for distinct tiles z10–z16 (rendered, then cached) beside the bare tile SQL: ST_AsMVT
 * on PostgreSQL, the feature query plus the in-process encoder on PGlite.
 * PGlite with 100,000 assets always; PostgreSQL with 1,000,000 when DATABASE_URL is set.
 * BENCH_PGLITE_ASSETS and BENCH_POSTGRES_ASSETS override the sizes. BENCH_REUSE_DATABASE=1 runs in
 * the database DATABASE_URL names instead of a throw-away one, and keeps its generated network when it
 * already holds the same number of assets (loading a million takes minutes; the load row says reused).
 * BENCH_SKIP_PGLITE=1 runs PostgreSQL only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { tileIsThinned, tileShowsType } from '@manway/core/api/tiles';
import { scaleAssets, scalePlan } from '../src/modules/demo/scale-network';
import { loadConfig } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { sql } from '../src/db/sql';
import { viewportFeaturesSql, type ViewportQuery } from '../src/modules/map/repository';
import { lookupSql, type LookupSearch } from '../src/modules/objects/repository';
import { encodeTile } from '../src/modules/tiles/encode';
import { tileFeaturesSql, tileMvtSql } from '../src/modules/tiles/repository';
import { createServices } from '../src/services';
import { listenApp, printTable, scratchPostgres, signIn, timeEach } from './support';

const RUNS = 300;
const SEED = 1;
const ADMIN_PASSWORD = 'bench-admin-password';

/** Deterministic search texts: half prefixes of real codes typed part-way, half digits from inside codes. */
function searchTexts(
  plan: ReturnType<typeof scalePlan>,
  n: number,
): { type: string; prefix: string; contains: string | null }[] {
  const out: { type: string; prefix: string; contains: string | null }[] = [];
  for (let i = 0; i < n; i++) {
    const tile = (i * 7919) % plan.tiles;
    const type = ['Node', 'Section', 'Lateral'][i % 3]!;
    const letter = { Node: 'MH', Section: 'S', Lateral: 'L' }[type]!;
    const number = String(1 + ((i * 104_729) % 399)).padStart(5, '0');
    const code = `t${String(tile).padStart(4, '0')}-${letter.toLowerCase()}-${number}`;
    const text = i % 2 === 0 ? code.slice(0, 8 + (i % 5)) : number.slice(1 + (i % 2), 5);
    out.push({ type, prefix: text, contains: text.length >= 3 ? text : null });
  }
  return out;
}

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Viewport {
  type: 'Node' | 'Section' | 'Lateral';
  extent: [number, number, number, number];
}

/** Deterministic viewports over the network: a spread of centres, from street to district size. */
function viewports(network: [number, number, number, number], n: number): Viewport[] {
  const [west, south, east, north] = network;
  const out: Viewport[] = [];
  for (let i = 0; i < n; i++) {
    const fraction = [1 / 64, 1 / 32, 1 / 16, 1 / 8][i % 4]!;
    const w = (east - west) * fraction;
    const h = (north - south) * fraction;
    const cx = west + (east - west) * (((i * 7919) % 1000) / 1000);
    const cy = south + (north - south) * (((i * 104_729) % 1000) / 1000);
    const type = (['Node', 'Section', 'Lateral'] as const)[i % 3]!;
    out.push({ type, extent: [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2] });
  }
  return out;
}

interface TileAddress {
  type: 'Node' | 'Section' | 'Lateral';
  z: number;
  x: number;
  y: number;
}

/** Distinct tiles z10–z16 under a spread of points over the network, as a map panning and zooming asks. */
function tileAddresses(network: [number, number, number, number], n: number, zooms = [10, 16]): TileAddress[] {
  const [west, south, east, north] = network;
  const seen = new Map<string, TileAddress>();
  for (let i = 0; i < n; i++) {
    const z = zooms[0]! + (i % (zooms[1]! - zooms[0]! + 1));
    const lon = west + (east - west) * (((i * 7919) % 1000) / 1000);
    const lat = south + (north - south) * (((i * 104_729) % 1000) / 1000);
    const x = Math.floor(((lon + 180) / 360) * 2 ** z);
    const rad = (lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
    const type = (['Node', 'Section', 'Lateral'] as const)[i % 3]!;
    seen.set(`${type}/${z}/${x}/${y}`, { type, z, x, y });
  }
  return [...seen.values()];
}

const viewportQuery = (v: Viewport): ViewportQuery => ({
  objectType: v.type.toLowerCase(),
  extent: v.extent,
  pattern: null,
  inAssetId: true,
  inStreet: false,
  inDistrict: false,
  inMaterial: false,
});

async function benchOne(kind: 'pglite' | 'postgres', assets: number, url?: string, reuse = false): Promise<string[][]> {
  let db: Database;
  let cleanup: () => Promise<void>;
  if (kind === 'postgres' && reuse) {
    db = await openPostgres(url!);
    cleanup = () => db.close();
  } else if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'manway-bench-net-'));
    const lite = await openPglite({ dir: join(dir, 'db') });
    db = lite;
    cleanup = async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    };
  } else {
    ({ db, drop: cleanup } = await scratchPostgres(url!, `manway_bench_${process.pid}`));
  }
  try {
    const config = loadConfig({ ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: tmpdir() });
    await migrate(db);
    const services = createServices(db, config);
    await services.licensing.registerDefaultLicences();
    await services.users.ensureAdmin(ADMIN_PASSWORD);

    const existing = reuse ? await services.scale.generatedAssetCount() : 0;
    const reused = existing === assets;
    const load = reused ? null : await services.scale.generate({ assets, seed: SEED, reset: existing > 0 });
    // The same rows again, raw: no constraints, no indexes, no generation cost.
    const rawSeconds = load ? await services.scale.rawCopySeconds(assets, SEED) : 0;

    const { app, base } = await listenApp(db, services, config);
    const { cookie } = await signIn(base, 'admin', ADMIN_PASSWORD);

    const plan = scalePlan(assets, SEED);
    const texts = searchTexts(plan, RUNS);
    const keyOf = { Node: 'node', Section: 'section', Lateral: 'lateral' } as Record<string, string>;
    const apiLookup = await timeEach(texts, async (t) => {
      const r = await fetch(`${base}/api/lookup/${t.type}?search=${encodeURIComponent(t.prefix)}&limit=20`, {
        headers: { cookie },
      });
      if (!r.ok) throw new Error(`lookup answered ${r.status}`);
      await r.arrayBuffer();
    });
    const lookupOf = (t: (typeof texts)[number]): LookupSearch => ({
      objectType: keyOf[t.type]!,
      subtype: null,
      prefix: `${like(t.prefix)}%`,
      contains: t.contains ? `%${like(t.contains)}%` : null,
      limit: 20,
    });
    const bareSql = await timeEach(texts, async (t) => {
      await db.query(lookupSql(lookupOf(t)));
    });
    const bare = Fastify();
    bare.get<{ Querystring: { i: string } }>('/bare', async (request) =>
      db.query(lookupSql(lookupOf(texts[Number(request.query.i)]!))),
    );
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareRoute = await timeEach(
      texts.map((_, i) => i),
      async (i) => {
        await (await fetch(`${bareBase}/bare?i=${i}`)).arrayBuffer();
      },
    );
    await bare.close();

    const ids: number[] = [];
    for (const a of scaleAssets(plan)) {
      if (ids.length >= RUNS) break;
      if (a.objectType === 'section' && a.id % 13 === 0) ids.push(a.id);
    }
    const objects = await timeEach(ids, async (id) => {
      const r = await fetch(`${base}/api/objects/Section/${id}`, { headers: { cookie } });
      if (!r.ok) throw new Error(`object answered ${r.status}`);
      await r.arrayBuffer();
    });

    // Viewports: what the map asks as it pans, the statements it runs, and those statements behind a
    // bare route that serialises the same GeoJSON.
    const network = (await services.map.networkExtent())!;
    const views = viewports(network, RUNS);
    let featuresSeen = 0;
    const apiViewport = await timeEach(views, async (v) => {
      const r = await fetch(
        `${base}/api/filters/results/map?dynamicLayerId=${v.type}&extent=${v.extent.join(',')}&limit=5000`,
        { headers: { cookie } },
      );
      if (!r.ok) throw new Error(`map results answered ${r.status}`);
      // Read as the bare route's answer is read, not parsed: the count is in the answer's last bytes.
      const body = new Uint8Array(await r.arrayBuffer());
      const tail = new TextDecoder().decode(body.subarray(body.length - 100));
      featuresSeen = Math.max(featuresSeen, Number(/"total":(\d+)/.exec(tail)![1]));
    });
    // The statement the API runs: limit + 1 rows, the extra one saying that more match.
    const viewportSql = (v: Viewport) => db.query<{ geometry: string }>(viewportFeaturesSql(viewportQuery(v), 5001));
    const bareViewportSql = await timeEach(views, async (v) => {
      await viewportSql(v);
    });
    const bareMap = Fastify();
    bareMap.get<{ Querystring: { i: string } }>('/bare', async (request) => {
      const rows = await viewportSql(views[Number(request.query.i)]!);
      return {
        type: 'FeatureCollection',
        features: rows.map((r) => ({ type: 'Feature', geometry: JSON.parse(r.geometry) as unknown, properties: r })),
      };
    });
    const bareMapBase = await bareMap.listen({ port: 0, host: '127.0.0.1' });
    const bareViewportRoute = await timeEach(
      views.map((_, i) => i),
      async (i) => {
        await (await fetch(`${bareMapBase}/bare?i=${i}`)).arrayBuffer();
      },
    );
    await bareMap.close();

    // Tiles: each one distinct, so the first request renders it and the second comes from the cache;
    // the warm-up uses z17 tiles, which the timed runs never ask for.
    const tiles = tileAddresses(network, RUNS);
    const tilePath = (t: TileAddress) => `${base}/api/tiles/${t.type}/${t.z}/${t.x}/${t.y}.pbf`;
    const getTile = async (t: TileAddress) => {
      const r = await fetch(tilePath(t), { headers: { cookie } });
      if (r.status !== 200 && r.status !== 204) throw new Error(`tile answered ${r.status}`);
      await r.arrayBuffer();
    };
    const tileWarmUp = tileAddresses(network, 20, [17, 17]);
    const apiTiles = await timeEach(tiles, getTile, tileWarmUp);
    const cachedTiles = await timeEach(tiles, getTile, []);
    const bareTileSql = await timeEach(
      tiles,
      async (t) => {
        // The statement the API runs for the tile: thinned at low zoom, none for a type left out there.
        const thinned = tileIsThinned(t.z);
        const tile = { objectType: t.type.toLowerCase(), z: t.z, x: t.x, y: t.y, thinned };
        if (!tileShowsType(tile.objectType, t.z)) return;
        if (kind === 'postgres') await db.query(tileMvtSql(tile, t.type));
        else encodeTile(t.type, tile, await db.query(tileFeaturesSql(tile)));
      },
      tileWarmUp,
    );

    // The plans the lookup relies on (STYLE.md 15).
    const explain = async (search: LookupSearch) =>
      (await db.query<Record<string, string>>(sql`EXPLAIN ${lookupSql(search)}`))
        .map((r) => Object.values(r)[0]!)
        .filter((l) => /Index|Scan/.test(l) && !/CTE Scan|Subquery Scan/.test(l))
        .map((l) => l.trim().replace(/\s+\(cost=.*$/, ''));
    const planPrefix = await explain({
      objectType: 'node',
      subtype: null,
      prefix: 't0001-mh-00%',
      contains: '%t0001-mh-00%',
      limit: 20,
    });
    const planContains = await explain({
      objectType: 'section',
      subtype: null,
      prefix: '0123%',
      contains: '%0123%',
      limit: 20,
    });
    await app.close();

    const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
    const label =
      kind === 'pglite'
        ? `PGlite, ${assets.toLocaleString('en')} assets`
        : `PostgreSQL, ${assets.toLocaleString('en')} assets`;
    console.log(`\n${label}: prefix lookup plan: ${planPrefix.join(' / ')}`);
    console.log(`${label}: contains lookup plan: ${planContains.join(' / ')}`);
    return [
      load
        ? [
            `${label}: load (${load.method}, indexes after)`,
            `${Math.round(load.assets / load.seconds).toLocaleString('en')} rows/s (${load.seconds.toFixed(1)} s)`,
            `raw COPY ${Math.round(assets / rawSeconds).toLocaleString('en')} rows/s (${rawSeconds.toFixed(1)} s)`,
            `${(rawSeconds / load.seconds).toFixed(2)}×`,
          ]
        : [`${label}: load`, 'reused the generated network already loaded', '', ''],
      [
        `${label}: GET /api/lookup p50 / p95`,
        `${fmt(apiLookup.p50)} / ${fmt(apiLookup.p95)}`,
        `bare SQL ${fmt(bareSql.p50)} / ${fmt(bareSql.p95)}; bare Fastify + SQL ${fmt(bareRoute.p50)} / ${fmt(bareRoute.p95)}`,
        `${(apiLookup.p95 / bareSql.p95).toFixed(2)}× SQL, ${(apiLookup.p95 / bareRoute.p95).toFixed(2)}× route`,
      ],
      [`${label}: GET /api/objects/Section/{id} p50 / p95`, `${fmt(objects.p50)} / ${fmt(objects.p95)}`, '', ''],
      [
        `${label}: GET /api/filters/results/map viewport (≤ ${featuresSeen.toLocaleString('en')} features) p50 / p95`,
        `${fmt(apiViewport.p50)} / ${fmt(apiViewport.p95)}`,
        `bare SQL ${fmt(bareViewportSql.p50)} / ${fmt(bareViewportSql.p95)}; bare Fastify + SQL + JSON ${fmt(bareViewportRoute.p50)} / ${fmt(bareViewportRoute.p95)}`,
        `${(apiViewport.p95 / bareViewportSql.p95).toFixed(2)}× SQL, ${(apiViewport.p95 / bareViewportRoute.p95).toFixed(2)}× route`,
      ],
      [
        `${label}: GET /api/tiles z10–z16, ${tiles.length} distinct, rendered p50 / p95 (tiles/s)`,
        `${fmt(apiTiles.p50)} / ${fmt(apiTiles.p95)} (${apiTiles.rate.toFixed(0)}/s)`,
        `bare ${kind === 'postgres' ? 'ST_AsMVT SQL' : 'SQL + encode'} ${fmt(bareTileSql.p50)} / ${fmt(bareTileSql.p95)} (${bareTileSql.rate.toFixed(0)}/s)`,
        `${(apiTiles.p95 / bareTileSql.p95).toFixed(2)}× bare`,
      ],
      [
        `${label}: GET /api/tiles, same tiles from the cache p50 / p95 (tiles/s)`,
        `${fmt(cachedTiles.p50)} / ${fmt(cachedTiles.p95)} (${cachedTiles.rate.toFixed(0)}/s)`,
        '',
        `${(cachedTiles.p95 / bareTileSql.p95).toFixed(2)}× bare`,
      ],
    ];
  } finally {
    await cleanup();
  }
}

async function main() {
  const rows: string[][] = [];
  if (process.env.BENCH_SKIP_PGLITE !== '1')
    rows.push(...(await benchOne('pglite', Number(process.env.BENCH_PGLITE_ASSETS ?? 100_000))));
  const url = process.env.DATABASE_URL;
  const reuse = process.env.BENCH_REUSE_DATABASE === '1';
  if (url)
    rows.push(...(await benchOne('postgres', Number(process.env.BENCH_POSTGRES_ASSETS ?? 1_000_000), url, reuse)));
  printTable(
    `Network (${RUNS} requests each)`,
    ['measure', 'Manway', 'baseline (same run)', 'ratio (p95 for latency)'],
    rows,
  );
  if (!url)
    console.log(
      '\nPostgreSQL network benchmark skipped: DATABASE_URL is not set (it needs 1,000,000 assets on a server).',
    );
}

await main();
