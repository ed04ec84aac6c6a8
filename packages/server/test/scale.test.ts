import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALE_ID_BASE } from '../src/modules/demo/scale-network';
import { ScaleDataExistsError } from '../src/modules/scale/service';
import { ASSET_INDEXES, assetCopyLine, ScaleRepository } from '../src/modules/scale/repository';
import { scaleAssets, scalePlan } from '../src/modules/demo/scale-network';
import { startTestServer, type TestServer } from './harness';
import { sql, type SQL } from '../src/db/sql';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const one = async (statement: SQL) => (await server.db.query<any>(statement))[0];
const rowsChecksum = () =>
  one(sql`SELECT md5(string_agg(row(id, asset_code, encode(ST_AsEWKB(geom), 'hex'), from_node_id, to_node_id,
         parent_section_id, length_m, from_invert_m, to_invert_m)::text, E'\\n' ORDER BY id)) AS h
       FROM assets WHERE id >= ${SCALE_ID_BASE}`);

describe('the scale generator', () => {
  let first: Awaited<ReturnType<TestServer['services']['scale']['generate']>>;
  let stored: string;

  beforeAll(async () => {
    first = await server.services.scale.generate({ assets: 4_500, seed: 5, reset: false, batchSize: 1_000 });
    stored = (await rowsChecksum()).h;
  });

  it('loads exactly the assets asked for, beside the demo town, and records the dataset', async () => {
    expect(first.assets).toBe(4_500);
    expect(first.tiles).toBe(3);
    expect((await one(sql`SELECT count(*)::int AS n FROM assets WHERE id >= ${SCALE_ID_BASE}`)).n).toBe(4_500);
    expect((await one(sql`SELECT count(*)::int AS n FROM assets WHERE id < ${SCALE_ID_BASE}`)).n).toBeGreaterThan(
      10_000,
    );
    expect((await one(sql`SELECT seed FROM datasets WHERE name = 'scale'`)).seed).toBe(5);
  });

  it('joins its tiles by trunk mains into one drainage tree towards a single outfall', async () => {
    const trunks = await one(
      sql`SELECT count(*)::int AS n FROM assets WHERE id >= ${SCALE_ID_BASE} AND asset_code LIKE '%-TR-%'`,
    );
    expect(trunks.n).toBe(2);
    const outfalls = await one(
      sql`SELECT count(*)::int AS n FROM assets WHERE id >= ${SCALE_ID_BASE} AND subtype = 'outfall'`,
    );
    expect(outfalls.n).toBe(1);
    const uphill = await one(
      sql`SELECT count(*)::int AS n FROM assets WHERE id >= ${SCALE_ID_BASE} AND from_invert_m <= to_invert_m`,
    );
    expect(uphill.n).toBe(0);
  });

  it('builds the secondary indexes again after loading', async () => {
    const names = (
      await server.db.query<{ indexname: string }>(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'assets'`)
    ).map((r) => r.indexname);
    for (const [name] of ASSET_INDEXES) expect(names).toContain(name);
  });

  it('a load that fails part-way leaves nothing behind: rows, keys and indexes as before', async () => {
    const keys = async () =>
      (
        await server.db.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pg_constraint WHERE conrelid = 'assets'::regclass AND contype = 'f'`,
        )
      )[0]!.n;
    const before = { keys: await keys(), rows: (await one(sql`SELECT count(*)::int AS n FROM assets`)).n };
    const repo = new ScaleRepository(server.db);
    const some = [...scaleAssets(scalePlan(500, 77))].map((a) => ({ ...a, id: a.id + 5_000_000 }));
    await expect(
      repo.bulkLoad(false, async (sink) => {
        await sink.write(some, some.map(assetCopyLine));
        throw new Error('generator crashed');
      }),
    ).rejects.toThrow();
    expect(await keys()).toBe(before.keys);
    expect((await one(sql`SELECT count(*)::int AS n FROM assets`)).n).toBe(before.rows);
    const names = (
      await server.db.query<{ indexname: string }>(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'assets'`)
    ).map((r) => r.indexname);
    for (const [name] of ASSET_INDEXES) expect(names).toContain(name);
  });

  it('refuses to load over generated data without --reset', async () => {
    await expect(server.services.scale.generate({ assets: 10, seed: 5, reset: false })).rejects.toBeInstanceOf(
      ScaleDataExistsError,
    );
  });

  it('the same seed gives the same checksum and the same rows; another seed another', async () => {
    const again = await server.services.scale.generate({ assets: 4_500, seed: 5, reset: true, batchSize: 700 });
    expect(again.checksum).toBe(first.checksum);
    expect((await rowsChecksum()).h).toBe(stored);
    const other = await server.services.scale.generate({ assets: 4_500, seed: 6, reset: true });
    expect(other.checksum).not.toBe(first.checksum);
  });

  it('lookup finds generated assets by their tile prefix', async () => {
    const client = server.client();
    await client.signIn('guest', 'guest-demo');
    const res = await client.get('/api/lookup/Section?search=t0001-tr&limit=5');
    expect(res.body.map((i: { readableId: string }) => i.readableId)).toEqual(['T0001-TR-00001']);
  });
});
