import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../src/modules/demo/demo-town';
import { assetCondition, gradeObservation, scoreInspection } from '@manway/core/domain/scoring';
import { DEMO_CODES, DEMO_STANDARD } from '@manway/core/domain/standard';
import { sql, type SQL } from '../src/db/sql';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const q = <T = any>(statement: SQL) => server.db.query<T>(statement);
const one = async <T = any>(statement: SQL) => (await q<T>(statement))[0]!;

/** Measured once on PGlite and once on PostgreSQL: the same seed must give this on both. */
const DEMO_CHECKSUM = '19a06f319f2084703de6bd381156c4f3';

describe('the demo town loaded on first start', () => {
  it('the same seed gives identical data on PGlite and on PostgreSQL', async () => {
    expect(await server.services.demo.loadedSeed()).toBe(DEFAULT_SEED);
    expect(await server.services.demo.checksum()).toBe(DEMO_CHECKSUM);
  });

  it('global ids are a pure function of the seed, so two systems loading the demo hold the same records', async () => {
    const r = await one(
      sql`SELECT global_id::text AS g, overlay(overlay(md5('manway-demo:' || ${DEFAULT_SEED}::text || ':assets:' || id)
                           placing '4' from 13) placing '8' from 17)::uuid::text AS expected FROM assets ORDER BY id LIMIT 1`,
    );
    expect(r.g).toBe(r.expected);
    const bad = await one(sql`SELECT count(*)::int AS n FROM observations WHERE global_id::text !~ '^.{14}4.{4}8'`);
    expect(bad.n).toBe(0);
  });

  it('has about 2,000 manholes, 2,000 sections, 6,000 laterals, 500 inspections and five projects', async () => {
    const counts = await q<{ object_type: string; n: number }>(
      sql`SELECT object_type, count(*)::int AS n FROM assets GROUP BY object_type`,
    );
    const by = Object.fromEntries(counts.map((c) => [c.object_type, c.n]));
    expect(by.node).toBeGreaterThan(1900);
    expect(by.section).toBeGreaterThan(1900);
    expect(by.lateral).toBeGreaterThan(5800);
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections`)).n).toBe(500);
    expect((await one(sql`SELECT count(*)::int AS n FROM projects`)).n).toBe(5);
    const years = await q(sql`SELECT DISTINCT extract(year FROM inspected_at)::int AS y FROM inspections ORDER BY y`);
    expect(years.map((r) => r.y)).toEqual([2021, 2022, 2023, 2024, 2025]);
  });

  it('lies somewhere real: inside a few kilometres around 51.9° N 8.3° E', async () => {
    const e = await one(sql`SELECT ST_XMin(x) AS w, ST_YMin(x) AS s, ST_XMax(x) AS e, ST_YMax(x) AS n
                         FROM (SELECT ST_Extent(geom)::geometry AS x FROM assets) t`);
    expect(e.w).toBeGreaterThan(8.2);
    expect(e.e).toBeLessThan(8.4);
    expect(e.s).toBeGreaterThan(51.8);
    expect(e.n).toBeLessThan(52);
  });

  it('every section joins two existing nodes, end to end', async () => {
    const bad = await one(sql`
      SELECT count(*)::int AS n FROM assets s
      LEFT JOIN assets f ON f.id = s.from_node_id AND f.object_type = 'node'
      LEFT JOIN assets t ON t.id = s.to_node_id AND t.object_type = 'node'
      WHERE s.object_type = 'section'
        AND (f.id IS NULL OR t.id IS NULL OR NOT ST_Equals(ST_StartPoint(s.geom), f.geom)
             OR NOT ST_Equals(ST_EndPoint(s.geom), t.geom))`);
    expect(bad.n).toBe(0);
  });

  it('sections fall 0.3–2 % towards the outfall', async () => {
    const r = await one(sql`SELECT min((from_invert_m - to_invert_m) / length_m) AS lo,
                                max((from_invert_m - to_invert_m) / length_m) AS hi
                         FROM assets WHERE object_type = 'section'`);
    expect(r.lo).toBeGreaterThan(0.0029);
    expect(r.hi).toBeLessThan(0.0201);
  });

  it('laterals lie on their section, at their chainage', async () => {
    const r = await one(sql`
      SELECT max(ST_Distance(ST_StartPoint(l.geom)::geography, s.geom::geography)) AS off_line,
             max(abs(ST_LineLocatePoint(s.geom, ST_StartPoint(l.geom)) * s.length_m - l.chainage_m)) AS off_chainage,
             count(*) FILTER (WHERE s.object_type IS DISTINCT FROM 'section')::int AS orphans
      FROM assets l LEFT JOIN assets s ON s.id = l.parent_section_id
      WHERE l.object_type = 'lateral'`);
    expect(r.orphans).toBe(0);
    expect(r.off_line).toBeLessThan(0.01);
    expect(r.off_chainage).toBeLessThan(0.5);
  });

  it('inspections reference existing assets and start at one of their nodes', async () => {
    const bad = await one(sql`
      SELECT count(*)::int AS n FROM inspections i
      LEFT JOIN assets a ON a.id = i.asset_id
      WHERE a.id IS NULL
         OR (a.object_type = 'section' AND i.start_node_id NOT IN (a.from_node_id, a.to_node_id))
         OR (a.object_type = 'node' AND i.start_node_id <> a.id)`);
    expect(bad.n).toBe(0);
  });

  it('stored grades, inspection scores and asset conditions match the core rules', async () => {
    const codes = new Map(DEMO_CODES.map((c) => [c.code, c]));
    const observations = await q(
      sql`SELECT inspection_id, code, characterisation, quantification1, distance_m, continuous, continuous_group, grade
       FROM observations ORDER BY id`,
    );
    const byInspection = new Map<number, any[]>();
    for (const o of observations) {
      if (o.continuous !== 'F') expect(o.grade).toBe(gradeObservation(codes.get(o.code)!, o));
      const id = Number(o.inspection_id);
      byInspection.set(id, [...(byInspection.get(id) ?? []), o]);
    }
    const inspections = await q(sql`SELECT * FROM inspections ORDER BY id`);
    for (const i of inspections) {
      const s = scoreInspection(
        (byInspection.get(Number(i.id)) ?? []).map((o) => ({
          family: codes.get(o.code)!.family,
          grade: o.grade,
          distanceM: o.distance_m,
          continuous: o.continuous,
          continuousGroup: o.continuous_group,
        })),
        DEMO_STANDARD.scale,
        DEMO_STANDARD.continuousUnitM,
      );
      expect([i.str_peak, i.str_rating, i.str_index, i.str_quick]).toEqual([
        s.structural.peak,
        s.structural.rating,
        s.structural.index,
        s.structural.quick,
      ]);
      expect([i.om_peak, i.om_rating, i.om_index, i.om_quick]).toEqual([
        s.operational.peak,
        s.operational.rating,
        s.operational.index,
        s.operational.quick,
      ]);
    }
    const assets = await q(sql`SELECT id, condition_grade, condition_inspection_id FROM assets
                            WHERE id IN (SELECT asset_id FROM inspections)`);
    for (const a of assets) {
      const mine = inspections.filter((i) => String(i.asset_id) === String(a.id));
      const c = assetCondition(
        mine.map((i) => ({
          id: Number(i.id),
          status: i.status,
          inspectedAt: new Date(i.inspected_at),
          scores: {
            structural: { peak: i.str_peak, rating: 0, index: 0, occurrences: 0, quick: '' },
            operational: { peak: i.om_peak, rating: 0, index: 0, occurrences: 0, quick: '' },
          },
        })),
      );
      expect(a.condition_grade).toBe(c?.grade ?? null);
      expect(a.condition_inspection_id === null ? null : Number(a.condition_inspection_id)).toBe(
        c?.inspectionId ?? null,
      );
    }
  });

  it('continuous defects come as start and finish pairs, and video offsets grow along the pipe', async () => {
    const unpaired = await one(sql`
      SELECT count(*)::int AS n FROM (
        SELECT inspection_id, continuous_group FROM observations WHERE continuous IS NOT NULL
        GROUP BY 1, 2 HAVING count(*) FILTER (WHERE continuous = 'S') <> 1 OR count(*) FILTER (WHERE continuous = 'F') <> 1
      ) t`);
    expect(unpaired.n).toBe(0);
    const backwards = await one(sql`
      SELECT count(*)::int AS n FROM observations a JOIN observations b
        ON b.inspection_id = a.inspection_id AND b.sequence = a.sequence + 1
      WHERE b.video_offset_ms < a.video_offset_ms`);
    expect(backwards.n).toBe(0);
  });

  it('tasks and assignments come in every state, assigned to demo users of every role', async () => {
    const tasks = await q(sql`SELECT DISTINCT state FROM tasks ORDER BY state`);
    expect(tasks.map((t) => t.state)).toEqual(['completed', 'deleted', 'inspection-created', 'planned', 'started']);
    const assignments = await q(sql`SELECT DISTINCT status FROM assignments ORDER BY status`);
    expect(assignments.map((a) => a.status)).toEqual(['assigned', 'cancelled', 'done', 'in-progress', 'unassigned']);
    const roles = await q(sql`SELECT DISTINCT role FROM users ORDER BY role`);
    expect(roles.map((r) => r.role)).toEqual(['administrator', 'editor', 'guest', 'regular']);
  });

  it("comes with the administrator's global default dashboard of six widgets and a gallery of four", async () => {
    const boards = await q(sql`
      SELECT d.name, d.global, d.is_default, jsonb_array_length(d.widgets) AS widgets, u.login
      FROM dashboards d JOIN users u ON u.id = d.owner_id`);
    expect(boards).toEqual([{ name: 'Network overview', global: true, is_default: true, widgets: 6, login: 'admin' }]);
    expect((await one(sql`SELECT count(*)::int AS n FROM dashboard_gallery`)).n).toBe(4);
  });

  it('`seed --reset` empties the network and rebuilds the same town from the same seed', async () => {
    await q(sql`INSERT INTO user_shortcuts (user_id, kind, object_id) SELECT id, 'asset', 1 FROM users WHERE login = 'admin'
             ON CONFLICT DO NOTHING`);
    await q(sql`UPDATE assets SET street = 'Changed Street' WHERE id = 1`);
    const loaded = await server.services.demo.load(DEFAULT_SEED, { reset: true });
    expect(loaded.assets).toBeGreaterThan(10_000);
    expect(await server.services.demo.checksum()).toBe(DEMO_CHECKSUM);
  });
});
