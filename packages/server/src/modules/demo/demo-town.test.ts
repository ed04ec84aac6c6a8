import { describe, expect, it } from 'vitest';
import { DemoTown, DEMO_INSPECTIONS, Town, DEMO_TOWN, conditionsOf } from './demo-town';
import { utmToWgs84 } from '@manway/core/domain/projection';
import { scoreInspection } from '@manway/core/domain/scoring';
import { DEMO_CODES, DEMO_STANDARD } from '@manway/core/domain/standard';

const town = new DemoTown();
const families = new Map(DEMO_CODES.map((c) => [c.code, c.family]));

describe('projection', () => {
  it('the central meridian of UTM zone 32 at the false easting is 9° east', () => {
    const [lon, lat] = utmToWgs84([500_000, 5_705_000], { zone: 32, north: true });
    expect(lon).toBeCloseTo(9, 9);
    expect(lat).toBeGreaterThan(51.4);
    expect(lat).toBeLessThan(51.6);
  });

  it('one hundred metres east on the grid is about one hundred metres on the ground', () => {
    const a = utmToWgs84([452_000, 5_748_000], { zone: 32, north: true });
    const b = utmToWgs84([452_100, 5_748_000], { zone: 32, north: true });
    const metres = (b[0] - a[0]) * 111_320 * Math.cos((a[1] * Math.PI) / 180);
    expect(metres).toBeGreaterThan(99.5);
    expect(metres).toBeLessThan(100.6);
  });
});

describe('the demo town', () => {
  it('has about 2,000 manholes, 2,000 sections and 6,000 laterals around one outfall', () => {
    expect(town.nodeCount).toBeGreaterThan(1900);
    expect(town.sectionCount).toBe(town.nodeCount - 1);
    expect(town.lateralCount).toBe(town.sectionCount * 3);
    const outfalls = Array.from({ length: town.nodeCount }, (_, i) => town.node(i)).filter(
      (n) => n.subtype === 'outfall',
    );
    expect(outfalls).toHaveLength(1);
  });

  it('every record is a pure function of (seed, kind, index): a fresh generator gives the same', () => {
    const other = new DemoTown();
    for (const i of [0, 17, 999, 5000, 10_000]) expect(other.asset(i)).toEqual(town.asset(i));
    expect(other.inspection(321)).toEqual(town.inspection(321));
    // Order of generation does not matter.
    const backwards = new DemoTown();
    expect(backwards.asset(9000)).toEqual(town.asset(9000));
  });

  it('another seed gives another town', () => {
    const other = new DemoTown(7);
    expect(other.node(5).coords).not.toEqual(town.node(5).coords);
  });

  it('every section falls 0.3–2 % towards the outfall and joins two nodes', () => {
    for (let k = 0; k < town.sectionCount; k++) {
      const s = town.section(k);
      const fall = (s.fromInvertM! - s.toInvertM!) / s.lengthM!;
      expect(fall).toBeGreaterThanOrEqual(0.003 - 1e-4);
      expect(fall).toBeLessThanOrEqual(0.02 + 1e-4);
      expect(s.fromNodeId).not.toBe(s.toNodeId);
    }
  });

  it('spacing between neighbouring manholes is 40–80 m give or take the jitter', () => {
    for (let k = 0; k < town.sectionCount; k += 7) {
      const len = town.section(k).lengthM!;
      expect(len).toBeGreaterThan(28);
      expect(len).toBeLessThan(95);
    }
  });

  it('laterals start on their section at their chainage', () => {
    for (let j = 0; j < town.lateralCount; j += 13) {
      const l = town.lateral(j);
      const s = town.section(Math.floor(j / 3));
      expect(l.parentSectionId).toBe(s.id);
      expect(l.chainageM!).toBeLessThanOrEqual(s.lengthM!);
      const [a, b] = s.coords;
      const t = l.chainageM! / s.lengthM!;
      expect(l.coords[0]![0]).toBeCloseTo(a![0] + (b![0] - a![0]) * t, 6);
      expect(l.coords[0]![1]).toBeCloseTo(a![1] + (b![1] - a![1]) * t, 6);
    }
  });

  it('500 inspections over five years, their stored scores those of the scoring rules', () => {
    const all = Array.from({ length: DEMO_INSPECTIONS }, (_, k) => town.inspection(k));
    const years = new Set(all.map((i) => i.inspectedAt.slice(0, 4)));
    expect([...years].sort()).toEqual(['2021', '2022', '2023', '2024', '2025']);
    expect(new Set(all.map((i) => i.status))).toEqual(new Set(['incomplete', 'pending', 'completed']));
    for (const i of all) {
      const again = scoreInspection(
        i.observations.map((o) => ({ ...o, family: families.get(o.code)! })),
        DEMO_STANDARD.scale,
        DEMO_STANDARD.continuousUnitM,
      );
      expect(i.scores).toEqual(again);
      const starts = i.observations.filter((o) => o.continuous === 'S').length;
      expect(i.observations.filter((o) => o.continuous === 'F')).toHaveLength(starts);
    }
    expect(conditionsOf(all).size).toBeGreaterThan(300);
  });

  it('tasks and assignments come in every state', () => {
    const tasks = town.tasks();
    expect(new Set(tasks.map((t) => t.state))).toEqual(
      new Set(['planned', 'started', 'inspection-created', 'completed', 'deleted']),
    );
    expect(new Set(town.assignments(tasks).map((a) => a.status))).toEqual(
      new Set(['unassigned', 'assigned', 'in-progress', 'done', 'cancelled']),
    );
    expect(town.projects).toHaveLength(5);
  });

  it('no asset has two open tasks (migration 0017), and the demo crew has work on the day given', () => {
    const tasks = town.tasks('2027-05-03');
    const open = tasks.filter((t) => ['planned', 'started', 'inspection-created'].includes(t.state));
    expect(new Set(open.map((t) => t.assetId)).size).toBe(open.length);
    const todays = town
      .assignments(tasks, '2027-05-03')
      .filter((a) => a.assignedTo === 'inspector' && a.scheduledDate === '2027-05-03');
    expect(todays.map((a) => a.status).sort()).toEqual(['assigned', 'in-progress']);
  });

  it('a tile of a scale network keeps to its own ids and codes', () => {
    const tile = new Town({ ...DEMO_TOWN, seed: 3, cols: 5, rows: 4, idBase: 1_000_000, codePrefix: 'T0003-' });
    expect(tile.node(0).id).toBe(1_000_001);
    expect(tile.lateral(tile.lateralCount - 1).id).toBe(1_000_000 + tile.assetCount);
    expect(tile.section(0).code).toBe('T0003-S-00001');
  });
});
