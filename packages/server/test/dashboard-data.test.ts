/**
 * The widget data engine against the demo town: every source, measure, group-by and period checked
 * against a brute-force count of the raw rows (read with plain SELECTs, counted in JavaScript), the
 * saved filter as the map narrows by it, and each drill-down found again through the filters exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_TASK_STATES,
  OTHER_KEY,
  SOURCE_CATALOGUE,
  WIDGET_SOURCES,
  itemKey,
  periodRange,
  type GroupBy,
  type GroupRow,
  type Measure,
  type Period,
  type Widget,
  type WidgetSource,
} from '@manway/core/domain/widgets';
import { sql } from '../src/db/sql';
import { WidgetDataService } from '../src/modules/dashboards/data';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let engine: WidgetDataService;
let adminId: string;

/** One record of a source as the brute force sees it: its group keys, numbers, date and asset. */
interface Rec {
  assetId: number;
  assetType: string;
  date: Date | null;
  groups: Partial<Record<GroupBy, string | null>>;
  numbers: Record<string, number | null>;
  length: number | null;
}
const records = {} as Record<WidgetSource, Rec[]>;
const assetById = new Map<number, Rec>();

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

async function loadRecords(): Promise<void> {
  const db = server.db;
  const users = new Map(
    (await db.query<{ id: string; display_name: string }>(sql`SELECT id, display_name FROM users`)).map((u) => [
      u.id,
      u.display_name,
    ]),
  );
  for (const source of ['node', 'section', 'lateral'] as const) records[source] = [];
  const assets = await db.query<Record<string, unknown>>(
    sql`SELECT id, object_type, subtype, condition_grade, material, district, year_built, lifecycle_status, length_m,
               size_mm, cover_level_m, invert_level_m FROM assets`,
  );
  for (const a of assets) {
    const year = num(a.year_built);
    const rec: Rec = {
      assetId: Number(a.id),
      assetType: String(a.object_type),
      date: null,
      groups: {
        subtype: text(a.subtype),
        conditionGrade: text(a.condition_grade),
        material: text(a.material),
        district: text(a.district) || null,
        yearBuiltBand: year === null ? null : String(Math.floor(year / 10) * 10),
        lifecycleStatus: text(a.lifecycle_status),
      },
      numbers: {
        conditionGrade: num(a.condition_grade),
        yearBuilt: year,
        sizeMm: num(a.size_mm),
        lengthM: num(a.length_m),
        coverLevelM: num(a.cover_level_m),
        invertLevelM: num(a.invert_level_m),
      },
      length: num(a.length_m),
    };
    records[rec.assetType as 'node' | 'section' | 'lateral'].push(rec);
    assetById.set(rec.assetId, rec);
  }

  const sessions = new Map(
    (
      await db.query<{ id: string; operator_id: string | null }>(sql`SELECT id, operator_id FROM inspection_sessions`)
    ).map((s) => [String(s.id), s.operator_id]),
  );
  const inspections = await db.query<Record<string, unknown>>(
    sql`SELECT asset_id, inspected_at, status, str_peak, om_peak, length_surveyed_m, created_by, session_id FROM inspections`,
  );
  records.inspection = inspections.map((i) => {
    const asset = assetById.get(Number(i.asset_id))!;
    const at = new Date(i.inspected_at as string | Date);
    const peaks = [num(i.str_peak), num(i.om_peak)].filter((p): p is number => p !== null);
    const operator = (i.session_id !== null && sessions.get(String(i.session_id))) || (i.created_by as string | null);
    return {
      assetId: asset.assetId,
      assetType: asset.assetType,
      date: at,
      groups: {
        inspectionMonth: at.toISOString().slice(0, 7),
        inspectionStatus: text(i.status),
        conditionGrade: peaks.length === 0 ? null : String(Math.max(1, ...peaks)),
        district: asset.groups.district,
        subtype: asset.groups.subtype,
        crew: operator === null ? null : (users.get(operator) ?? null),
      },
      numbers: {
        structuralPeak: num(i.str_peak),
        operationalPeak: num(i.om_peak),
        lengthSurveyedM: num(i.length_surveyed_m),
      },
      length: num(i.length_surveyed_m),
    };
  });

  const links = await db.query<{ task_id: string; assignment_id: string }>(
    sql`SELECT task_id, assignment_id FROM assignment_tasks`,
  );
  const latest = new Map<string, number>();
  for (const l of links)
    latest.set(String(l.task_id), Math.max(latest.get(String(l.task_id)) ?? 0, Number(l.assignment_id)));
  const assignees = new Map(
    (await db.query<{ id: string; assigned_to: string | null }>(sql`SELECT id, assigned_to FROM assignments`)).map(
      (a) => [Number(a.id), a.assigned_to],
    ),
  );
  const tasks = await db.query<Record<string, unknown>>(
    sql`SELECT id, asset_id, state, task_type, due_date::text AS due_date, district FROM tasks`,
  );
  records.task = tasks
    // Deleted tasks are not work: the brute force leaves them out as the engine must.
    .filter((t) => t.state !== 'deleted')
    .map((t) => {
      const asset = assetById.get(Number(t.asset_id))!;
      const due = text(t.due_date);
      const assignment = latest.get(String(t.id));
      const assignee = assignment === undefined ? null : (assignees.get(assignment) ?? null);
      return {
        assetId: asset.assetId,
        assetType: asset.assetType,
        date: due === null ? null : new Date(`${due}T00:00:00Z`),
        groups: {
          taskState: text(t.state),
          taskType: text(t.task_type),
          dueMonth: due === null ? null : due.slice(0, 7),
          district: text(t.district) || null,
          crew: assignee === null ? null : (users.get(assignee) ?? null),
        },
        numbers: {},
        length: null,
      };
    });
}

/** The measure over some records, as SQL's aggregates define it (nulls skipped; nothing to add is null). */
function measureOf(measure: Measure, recs: readonly Rec[]): number | null {
  if (measure.kind === 'count') return recs.length;
  const values = recs
    .map((r) => (measure.kind === 'length' ? r.length : r.numbers[measure.property]!))
    .filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  switch (measure.kind) {
    case 'length':
    case 'sum':
      return values.reduce((s, v) => s + v, 0);
    case 'avg':
      return values.reduce((s, v) => s + v, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
  }
}

function bruteGroups(recs: readonly Rec[], groupBy: GroupBy, measure: Measure): GroupRow[] {
  const byKey = new Map<string | null, Rec[]>();
  for (const r of recs) {
    const key = r.groups[groupBy]!;
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  return sortRows([...byKey].map(([key, group]) => ({ key, value: measureOf(measure, group), count: group.length })));
}

const sortRows = (rows: readonly GroupRow[]) => [...rows].sort((a, b) => itemKey(a.key).localeCompare(itemKey(b.key)));

function expectSameRows(actual: readonly GroupRow[], expected: readonly GroupRow[]): void {
  const a = sortRows(actual);
  expect(a.map((r) => [r.key, r.count])).toEqual(expected.map((r) => [r.key, r.count]));
  a.forEach((r, i) => {
    const want = expected[i]!.value;
    if (want === null) expect(r.value).toBeNull();
    else expect(r.value).toBeCloseTo(want, 6);
  });
}

function inRange(r: Rec, from: Date, to: Date): boolean {
  return r.date !== null && r.date.getTime() >= from.getTime() && r.date.getTime() < to.getTime();
}

function widget(w: Partial<Widget> & Pick<Widget, 'source'>): Widget {
  return {
    id: 'w1',
    type: 'table',
    title: 'A widget',
    measure: { kind: 'count' },
    groupBy: null,
    options: { limit: 50 },
    layout: { x: 0, y: 0, w: 4, h: 3 },
    ...w,
  };
}

/** A dated source's periods are judged from here: the demo's inspections end in December 2025, its planned tasks run into 2027. */
const NOW: Record<'inspection' | 'task', Date> = {
  inspection: new Date('2025-12-18T15:30:00Z'),
  task: new Date('2027-01-20T09:00:00Z'),
};
const PERIODS_TRIED: Period[] = ['all', 'this-month', 'this-year', 'last-30-days', 'last-12-months'];

const veryPoor = (r: Rec) => r.assetType === 'section' && (r.numbers.conditionGrade ?? 0) >= 4;

beforeAll(async () => {
  server = await startTestServer();
  engine = new WidgetDataService(server.db, server.services.filters);
  const [admin] = await server.db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`);
  adminId = admin!.id;
  await loadRecords();
});

afterAll(async () => {
  await server?.close();
});

describe('data items', () => {
  it('every group-by of every source counts its records as a brute-force count of the demo town', async () => {
    for (const source of WIDGET_SOURCES) {
      expect(records[source].length).toBeGreaterThan(0);
      for (const groupBy of SOURCE_CATALOGUE[source].groupBys) {
        const w = widget({ source, groupBy });
        const expected = bruteGroups(records[source], groupBy, { kind: 'count' });
        expectSameRows(await engine.rows(adminId, w), expected);
        const data = await engine.data(adminId, w);
        expect(data.count).toBe(records[source].length);
        expect(data.total).toBe(records[source].length);
        expect(data.items.reduce((n, i) => n + i.count, 0)).toBe(records[source].length);
        if (expected.length <= 50) {
          expect(data.items.map((i) => i.key).sort()).toEqual(expected.map((r) => itemKey(r.key)).sort());
        } else {
          // Five years of months: past the limit, the rest fold into "Other" and no record is lost.
          expect(data.items).toHaveLength(50);
          expect(data.items.at(-1)!.key).toBe(OTHER_KEY);
        }
      }
    }
  });

  it('each measure of each source agrees with the records: sum, average, minimum, maximum and length', async () => {
    for (const source of WIDGET_SOURCES) {
      const info = SOURCE_CATALOGUE[source];
      const groupBy = info.groupBys.includes('district') ? 'district' : info.groupBys[0]!;
      const measures: Measure[] = [
        ...(info.hasLength ? [{ kind: 'length' } as const] : []),
        ...info.numeric.flatMap((n) =>
          (['sum', 'avg', 'min', 'max'] as const).map((kind) => ({ kind, property: n.property })),
        ),
      ];
      if (source === 'task') expect(measures).toEqual([]);
      for (const measure of measures) {
        const w = widget({ source, groupBy, measure });
        expectSameRows(await engine.rows(adminId, w), bruteGroups(records[source], groupBy, measure));
        const whole = measureOf(measure, records[source]);
        const data = await engine.data(adminId, w);
        if (whole === null) expect(data.total).toBe(measure.kind === 'sum' || measure.kind === 'length' ? 0 : null);
        else expect(data.total).toBeCloseTo(whole, 6);
      }
    }
  });

  it('an average total is the average over every record, not the average of the groups’ averages', async () => {
    const measure: Measure = { kind: 'avg', property: 'conditionGrade' };
    const w = widget({
      source: 'section',
      type: 'table',
      groupBy: 'district',
      measure,
      options: { limit: 10, sort: 'value-desc' },
    });
    const data = await engine.data(adminId, w);
    const graded = records.section.filter((r) => r.numbers.conditionGrade !== null);
    const trueAverage = graded.reduce((s, r) => s + r.numbers.conditionGrade!, 0) / graded.length;
    expect(data.total).toBeCloseTo(trueAverage, 9);
    // The groups' own averages, weighted by their records (ungraded sections included), would be wrong.
    const rows = await engine.rows(adminId, w);
    const weighted = rows.reduce((s, r) => s + (r.value ?? 0) * r.count, 0) / rows.reduce((n, r) => n + r.count, 0);
    expect(Math.abs(weighted - trueAverage)).toBeGreaterThan(0.01);
    expect(data.count).toBe(records.section.length);
  });

  it('a widget with no records answers zero to add up and nothing to average', async () => {
    const none = await engine.data(
      adminId,
      widget({ source: 'inspection', type: 'total', period: 'this-month', measure: { kind: 'length' } }),
      new Date('2030-06-15T00:00:00Z'),
    );
    expect(none).toMatchObject({ items: [], total: 0, count: 0, previous: 0 });
    const avg = await engine.data(
      adminId,
      widget({
        source: 'inspection',
        groupBy: 'crew',
        period: 'this-year',
        measure: { kind: 'avg', property: 'structuralPeak' },
      }),
      new Date('2030-06-15T00:00:00Z'),
    );
    expect(avg).toMatchObject({ items: [], total: null, count: 0 });
  });

  it('a widget narrowed to states counts only the tasks or inspections in them (open tasks by crew)', async () => {
    const open: string[] = [...OPEN_TASK_STATES];
    const openTasks = records.task.filter((r) => open.includes(r.groups.taskState!));
    expect(openTasks.length).toBeGreaterThan(0);
    expect(openTasks.length).toBeLessThan(records.task.length);
    const tasks = widget({ source: 'task', groupBy: 'crew', states: open });
    expectSameRows(await engine.rows(adminId, tasks), bruteGroups(openTasks, 'crew', { kind: 'count' }));
    const pending = records.inspection.filter((r) => r.groups.inspectionStatus === 'pending');
    expectSameRows(
      await engine.rows(adminId, widget({ source: 'inspection', groupBy: 'district', states: ['pending'] })),
      bruteGroups(pending, 'district', { kind: 'count' }),
    );
    // A drill-down keeps the states: the assets of the crew's open tasks only.
    const crew = openTasks.find((r) => r.groups.crew !== null)!.groups.crew!;
    const drilled = await engine.drill(adminId, tasks, crew);
    const expected = [...new Set(openTasks.filter((r) => r.groups.crew === crew).map((r) => r.assetId))];
    expect(drilled.additionalRestrictions!.ids!.every((id) => expected.includes(id))).toBe(true);
  });

  it('deleted tasks are not work: no widget counts them, whatever it is grouped by', async () => {
    const [{ n }] = (await server.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tasks WHERE state = 'deleted'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    const rows = await engine.rows(adminId, widget({ source: 'task', groupBy: 'taskState' }));
    expect(rows.map((r) => r.key)).not.toContain('deleted');
  });
});

describe('periods', () => {
  it('a period narrows inspections by when they were made and tasks by their due date', async () => {
    for (const source of ['inspection', 'task'] as const) {
      const now = NOW[source];
      for (const period of PERIODS_TRIED) {
        const range = periodRange(period, now);
        const recs = range ? records[source].filter((r) => inRange(r, range.from, range.to)) : records[source];
        for (const groupBy of SOURCE_CATALOGUE[source].groupBys) {
          const rows = await engine.rows(adminId, widget({ source, groupBy, period }), now);
          expectSameRows(rows, bruteGroups(recs, groupBy, { kind: 'count' }));
        }
        if (period === 'this-year') expect(recs.length).toBeGreaterThan(0);
      }
    }
  });

  it('a total with a period compares it with the same stretch of the period before', async () => {
    for (const source of ['inspection', 'task'] as const) {
      const measures: Measure[] =
        source === 'inspection' ? [{ kind: 'count' }, { kind: 'length' }] : [{ kind: 'count' }];
      for (const period of PERIODS_TRIED.filter((p) => p !== 'all')) {
        const range = periodRange(period, NOW[source])!;
        for (const measure of measures) {
          const data = await engine.data(adminId, widget({ source, type: 'total', period, measure }), NOW[source]);
          const current = records[source].filter((r) => inRange(r, range.from, range.to));
          const before = records[source].filter((r) => inRange(r, range.previousFrom, range.previousTo));
          expect(data.count).toBe(current.length);
          expect(data.total).toBeCloseTo(measureOf(measure, current) ?? 0, 6);
          expect(data.previous).toBeCloseTo(measureOf(measure, before) ?? 0, 6);
        }
      }
    }
    const lastYear = await engine.data(
      adminId,
      widget({ source: 'inspection', type: 'total', period: 'this-year' }),
      NOW.inspection,
    );
    expect(lastYear.previous).toBeGreaterThan(0);
    // Without a period there is nothing to compare with.
    const whole = await engine.data(adminId, widget({ source: 'section', type: 'total', measure: { kind: 'length' } }));
    expect(whole.previous).toBeUndefined();
    expect(whole.total).toBeCloseTo(measureOf({ kind: 'length' }, records.section)!, 6);
  });
});

describe('saved filters', () => {
  it('a saved filter narrows the source’s assets as the map and the lists do', async () => {
    const matched = await server.services.filters.savedMatchingIds(adminId, 'Very poor sections', 'x');
    const ids = new Set(matched.ids);
    expect(ids.size).toBeGreaterThan(0);
    expect([...ids].every((id) => veryPoor(assetById.get(id)!))).toBe(true);
    const sections = records.section.filter((r) => ids.has(r.assetId));
    expect(sections.length).toBe(records.section.filter(veryPoor).length);

    const byMaterial = widget({
      source: 'section',
      groupBy: 'material',
      savedFilter: 'Very poor sections',
      measure: { kind: 'length' },
    });
    expectSameRows(await engine.rows(adminId, byMaterial), bruteGroups(sections, 'material', { kind: 'length' }));
    for (const source of ['inspection', 'task'] as const) {
      const on = records[source].filter((r) => ids.has(r.assetId));
      expect(on.length).toBeGreaterThan(0);
      for (const groupBy of SOURCE_CATALOGUE[source].groupBys) {
        const rows = await engine.rows(adminId, widget({ source, groupBy, savedFilter: 'Very poor sections' }));
        expectSameRows(rows, bruteGroups(on, groupBy, { kind: 'count' }));
      }
    }
  });

  it('an unknown saved filter, or another user’s private one, answers 400 at savedFilter', async () => {
    const refused = (name: string, source: WidgetSource = 'section') =>
      expect(
        engine.data(adminId, widget({ source, groupBy: null, type: 'total', savedFilter: name })),
      ).rejects.toMatchObject({
        problem: { kind: 'validation', fields: { savedFilter: [expect.stringContaining(name)] } },
      });
    await refused('No such filter');
    // The editor's own filter, which the administrator does not see.
    await refused('Planned tasks');
    await refused('No such filter', 'task');
  });

  it('a filter of another asset type than the widget counts answers 400 at savedFilter', async () => {
    await expect(
      engine.data(adminId, widget({ source: 'section', groupBy: 'material', savedFilter: 'Uninspected manholes' })),
    ).rejects.toMatchObject({
      problem: { kind: 'validation', fields: { savedFilter: [expect.stringMatching(/Node/)] } },
    });
    await expect(
      engine.drill(
        adminId,
        widget({ source: 'lateral', groupBy: 'material', savedFilter: 'Very poor sections' }),
        'PVC',
      ),
    ).rejects.toMatchObject({ problem: { kind: 'validation', fields: { savedFilter: expect.any(Array) } } });
  });
});

describe('gauges', () => {
  it('a grouped gauge shows the share of its parts in the whole, in per cent', async () => {
    const now = NOW.task;
    const range = periodRange('this-year', now)!;
    const due = records.task.filter((r) => inRange(r, range.from, range.to));
    const done = due.filter((r) => r.groups.taskState === 'completed');
    const w = widget({
      source: 'task',
      type: 'gauge',
      period: 'this-year',
      groupBy: 'taskState',
      options: { parts: ['completed'] },
    });
    const data = await engine.data(adminId, w, now);
    expect(data.gauge).toEqual({ value: (100 * done.length) / due.length, max: 100 });
    // Over all time the demo has completed tasks, so the share is neither 0 nor 100.
    const ever = await engine.data(adminId, { ...w, period: 'all' }, now);
    const completed = records.task.filter((r) => r.groups.taskState === 'completed').length;
    expect(ever.gauge!.value).toBeCloseTo((100 * completed) / records.task.length, 9);
    expect(ever.gauge!.value).toBeGreaterThan(0);
    expect(ever.gauge!.value).toBeLessThan(100);
  });

  it('a gauge with a target fills with its total, or with its parts when grouped', async () => {
    const length = measureOf({ kind: 'length' }, records.section)!;
    const plain = await engine.data(
      adminId,
      widget({ source: 'section', type: 'gauge', measure: { kind: 'length' }, options: { target: 100_000 } }),
    );
    expect(plain.gauge!.max).toBe(100_000);
    expect(plain.gauge!.value).toBeCloseTo(length, 6);
    const grouped = await engine.data(
      adminId,
      widget({
        source: 'section',
        type: 'gauge',
        groupBy: 'conditionGrade',
        options: { target: 500, parts: ['4', '5'] },
      }),
    );
    expect(grouped.gauge).toEqual({ value: records.section.filter(veryPoor).length, max: 500 });
  });
});

describe('drill-downs', () => {
  /** The assets a drill's search finds, run through the filters as the map runs it, uncapped. */
  async function found(result: Awaited<ReturnType<WidgetDataService['drill']>>): Promise<Set<number>> {
    const { ids } = await server.services.filters.matchingIds(result.filter, result.additionalRestrictions, 'filter');
    return new Set(ids);
  }

  it('an asset group drills to a search finding exactly its assets, the saved filter included (the drill rule)', async () => {
    const cases: { savedFilter?: string; keep: (r: Rec) => boolean }[] = [
      { keep: () => true },
      { savedFilter: 'Very poor sections', keep: veryPoor },
      // An "or" filter is kept whole as a group, so the group's condition narrows all of it.
      {
        savedFilter: 'Old or brittle sections',
        keep: (r) =>
          (r.numbers.yearBuilt ?? 9999) < 1960 || ['brick', 'vitrified clay'].includes(r.groups.material ?? ''),
      },
    ];
    let drilled = 0;
    for (const { savedFilter, keep } of cases) {
      const recs = records.section.filter(keep);
      for (const groupBy of SOURCE_CATALOGUE.section.groupBys) {
        const w = widget({ source: 'section', groupBy, savedFilter });
        for (const row of await engine.rows(adminId, w)) {
          const result = await engine.drill(adminId, w, itemKey(row.key));
          expect(result.truncated).toBe(false);
          const ids = await found(result);
          const expected = recs.filter((r) => r.groups[groupBy] === row.key).map((r) => r.assetId);
          expect(ids.size, `${savedFilter ?? 'all'} by ${groupBy}: ${row.key}`).toBe(row.count);
          expect([...ids].sort()).toEqual(expected.sort());
          drilled++;
        }
      }
    }
    expect(drilled).toBeGreaterThan(30);
    const grade = await engine.drill(adminId, widget({ source: 'section', groupBy: 'conditionGrade' }), '__none__');
    expect(grade.title).toBe('Sections by condition grade: (none)');
    const pvc = await engine.drill(adminId, widget({ source: 'lateral', groupBy: 'material' }), 'PVC');
    expect(pvc.title).toBe('Laterals by material: PVC');
    expect(pvc.filter).toEqual({
      objectType: 'Lateral',
      combine: 'and',
      conditions: [{ property: 'material', operator: 'eq', value: 'PVC' }],
    });
  });

  it('an inspection or task group drills to the assets it is on, of their most common type, by id', async () => {
    for (const source of ['inspection', 'task'] as const) {
      const now = NOW[source];
      for (const groupBy of SOURCE_CATALOGUE[source].groupBys) {
        const w = widget({ source, groupBy, period: 'last-12-months' });
        const range = periodRange('last-12-months', now)!;
        for (const row of await engine.rows(adminId, w, now)) {
          const result = await engine.drill(adminId, w, itemKey(row.key), now);
          const on = records[source].filter((r) => inRange(r, range.from, range.to) && r.groups[groupBy] === row.key);
          const types = new Map<string, number>();
          const distinct = new Map<number, string>(on.map((r) => [r.assetId, r.assetType]));
          for (const t of distinct.values()) types.set(t, (types.get(t) ?? 0) + 1);
          const main = [...types].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
          const expected = [...distinct].filter(([, t]) => t === main).map(([id]) => id);
          expect(result.filter.objectType.toLowerCase()).toBe(main);
          expect(result.filter.conditions).toEqual([]);
          expect(result.additionalRestrictions!.ids!.slice().sort()).toEqual(expected.sort());
          expect([...(await found(result))].sort()).toEqual(expected.sort());
        }
      }
    }
    const crew = await engine.drill(adminId, widget({ source: 'task', groupBy: 'crew' }), 'Ivan Inspector');
    expect(crew.title).toBe('Tasks by crew: Ivan Inspector');
    expect(crew.additionalRestrictions!.ids!.length).toBeGreaterThan(0);
  });

  it('"Other" gathers several groups: its drill-down answers 400 at Key, as does a widget without groups', async () => {
    await expect(
      engine.drill(adminId, widget({ source: 'section', groupBy: 'district' }), OTHER_KEY),
    ).rejects.toMatchObject({
      problem: { kind: 'validation', fields: { Key: expect.any(Array) } },
    });
    await expect(
      engine.drill(adminId, widget({ source: 'section', type: 'total', measure: { kind: 'length' } }), 'x'),
    ).rejects.toMatchObject({ problem: { kind: 'validation', fields: { Key: expect.any(Array) } } });
    await expect(
      engine.drill(adminId, widget({ source: 'section', groupBy: 'conditionGrade' }), 'bad'),
    ).rejects.toMatchObject({
      problem: { kind: 'validation', fields: { Key: expect.any(Array) } },
    });
  });
});

it('a widget that breaks its rules answers 400 at the fields, before any SQL', async () => {
  await expect(
    engine.data(adminId, widget({ source: 'task', groupBy: 'material', measure: { kind: 'avg', property: 'sizeMm' } })),
  ).rejects.toMatchObject({
    problem: { kind: 'validation', fields: { groupBy: expect.any(Array), 'measure.property': expect.any(Array) } },
  });
});
