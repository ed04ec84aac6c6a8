import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Widget as WidgetSchema } from '../api/dashboards';
import {
  GROUP_BYS,
  GROUP_LIMIT_MAX,
  MEASURE_KINDS,
  OTHER_KEY,
  SOURCE_CATALOGUE,
  WIDGET_SOURCES,
  WIDGET_TYPES,
  combineValues,
  defaultLabel,
  freeTitle,
  gaugeOf,
  isAdditive,
  periodRange,
  prefillItems,
  sameTitle,
  shapeItems,
  widgetProblems,
  type GroupRow,
  type MeasureKind,
  type Widget,
} from './widgets';

const base: Widget = {
  id: 'w1',
  type: 'pie',
  title: 'Sections by material',
  source: 'section',
  measure: { kind: 'count' },
  groupBy: 'material',
  options: {},
  layout: { x: 0, y: 0, w: 4, h: 3 },
};
const fields = (w: Widget) => widgetProblems(w).map((p) => p.field);

const groupRows = fc.uniqueArray(
  fc.record({
    key: fc.option(fc.string({ minLength: 1, maxLength: 6 }), { nil: null }),
    value: fc.option(fc.integer({ min: -1000, max: 100_000 }), { nil: null }),
    count: fc.integer({ min: 1, max: 10_000 }),
  }),
  { selector: (r) => r.key, maxLength: 80 },
);
const additiveRows = groupRows.map((rows) => rows.map((r) => ({ ...r, value: r.value ?? 0 })));
const additiveKind = fc.constantFrom<MeasureKind>('count', 'sum', 'length');

describe('widget configuration', () => {
  it('a widget whose measure and group-by suit its source has no problems', () => {
    expect(widgetProblems(base)).toEqual([]);
  });

  it('every source accepts each of its own group-bys and numeric measures, for every type that groups', () => {
    for (const source of WIDGET_SOURCES) {
      const info = SOURCE_CATALOGUE[source];
      for (const groupBy of info.groupBys) {
        for (const type of ['bar', 'column', 'pie', 'table'] as const) {
          expect(widgetProblems({ ...base, source, type, groupBy })).toEqual([]);
        }
      }
      for (const n of info.numeric) {
        expect(
          widgetProblems({
            ...base,
            source,
            groupBy: info.groupBys[0]!,
            measure: { kind: 'avg', property: n.property },
          }),
        ).toEqual([]);
      }
    }
  });

  it('bar, column, pie and table need a group-by; a total refuses one', () => {
    for (const type of ['bar', 'column', 'pie', 'table'] as const)
      expect(fields({ ...base, type, groupBy: null })).toContain('groupBy');
    expect(fields({ ...base, type: 'total', groupBy: 'material' })).toContain('groupBy');
    expect(widgetProblems({ ...base, type: 'total', groupBy: null })).toEqual([]);
  });

  it('a group-by, length or numeric property the source does not have is refused at its field', () => {
    expect(fields({ ...base, source: 'task', groupBy: 'material' })).toEqual(['groupBy']);
    expect(fields({ ...base, source: 'node', measure: { kind: 'length' } })).toEqual(['measure.kind']);
    expect(fields({ ...base, measure: { kind: 'sum', property: 'coverLevelM' } })).toEqual(['measure.property']);
    expect(fields({ ...base, source: 'task', groupBy: 'taskState', measure: { kind: 'max', property: 'x' } })).toEqual([
      'measure.property',
    ]);
  });

  it('a period narrows only dated sources', () => {
    expect(fields({ ...base, period: 'this-month' })).toEqual(['period']);
    expect(widgetProblems({ ...base, source: 'inspection', groupBy: 'inspectionMonth', period: 'this-month' })).toEqual(
      [],
    );
  });

  it('a gauge needs a target above 0, or a group-by and its parts', () => {
    const gauge = { ...base, type: 'gauge' as const, groupBy: null };
    expect(fields(gauge)).toEqual(['options.target']);
    expect(fields({ ...gauge, options: { target: 0 } })).toEqual(['options.target']);
    expect(widgetProblems({ ...gauge, options: { target: 10 } })).toEqual([]);
    expect(
      widgetProblems({ ...gauge, source: 'task', groupBy: 'taskState', options: { parts: ['completed'] } }),
    ).toEqual([]);
  });

  it('a widget fits the 12-column grid in whole cells', () => {
    expect(fields({ ...base, layout: { x: 10, y: 0, w: 4, h: 2 } })).toEqual(['layout']);
    expect(fields({ ...base, layout: { x: 0, y: 0, w: 0, h: 2 } })).toEqual(['layout']);
    expect(fields({ ...base, layout: { x: 0.5, y: 0, w: 2, h: 2 } })).toEqual(['layout']);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 12 }), (x, w) => {
        expect(fields({ ...base, layout: { x, y: 0, w, h: 2 } }).includes('layout')).toBe(x + w > 12);
      }),
    );
  });

  it('item colours are #rrggbb and each group is set once', () => {
    const problems = fields({ ...base, options: { items: [{ key: 'PVC', color: 'red' }, { key: 'PVC' }] } });
    expect(problems).toEqual(['options.items[0].color', 'options.items[1].key']);
  });

  it('the schema reports each problem at its own path', () => {
    const parsed = WidgetSchema.safeParse({ ...base, groupBy: null, measure: { kind: 'sum', property: 'nope' } });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['groupBy', 'measure.property']));
  });

  it('any generated configuration is either accepted or refused with a field the widget has', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WIDGET_TYPES),
        fc.constantFrom(...WIDGET_SOURCES),
        fc.option(fc.constantFrom(...GROUP_BYS), { nil: null }),
        fc.constantFrom(...MEASURE_KINDS),
        (type, source, groupBy, kind) => {
          const measure = kind === 'count' || kind === 'length' ? { kind } : { kind, property: 'conditionGrade' };
          const problems = widgetProblems({ ...base, type, source, groupBy, measure, options: { target: 1 } });
          for (const p of problems)
            expect(p.field.split('.')[0]).toMatch(/^(groupBy|measure|period|options|title|layout)$/);
        },
      ),
    );
  });
});

describe('titles', () => {
  it('a free title keeps the title when free, else numbers it, never taking a taken one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 90 }).filter((s) => s.trim() !== ''),
        fc.array(fc.string()),
        (title, taken) => {
          const free = freeTitle(title, [title, ...taken]);
          expect([title, ...taken].some((t) => sameTitle(t, free))).toBe(false);
          expect(free.length).toBeLessThanOrEqual(Math.max(80, title.trim().length));
        },
      ),
    );
    expect(freeTitle('Pie', ['pie', 'Pie (2)'])).toBe('Pie (3)');
  });
});

describe('data items', () => {
  it('no record is lost: the items count every row, however many fold into Other', () => {
    fc.assert(
      fc.property(additiveRows, fc.integer({ min: 1, max: GROUP_LIMIT_MAX }), additiveKind, (rows, limit, kind) => {
        const items = shapeItems(
          { measure: { kind } as Widget['measure'], groupBy: 'material', options: { limit } },
          rows,
        );
        expect(items.length).toBeLessThanOrEqual(limit);
        expect(items.reduce((n, i) => n + i.count, 0)).toBe(rows.reduce((n, r) => n + r.count, 0));
        expect(items.reduce((n, i) => n + i.value, 0)).toBe(rows.reduce((n, r) => n + r.value, 0));
        expect(items.some((i) => i.key === OTHER_KEY)).toBe(rows.length > limit);
      }),
    );
  });

  it('value-desc orders the groups from the largest, Other last', () => {
    fc.assert(
      fc.property(additiveRows, (rows) => {
        const items = shapeItems(
          { measure: { kind: 'count' }, groupBy: 'material', options: { sort: 'value-desc', limit: 5 } },
          rows,
        );
        const kept = items.filter((i) => i.key !== OTHER_KEY);
        for (let i = 1; i < kept.length; i++) expect(kept[i - 1]!.value).toBeGreaterThanOrEqual(kept[i]!.value);
        if (items.some((i) => i.key === OTHER_KEY)) expect(items.at(-1)!.key).toBe(OTHER_KEY);
      }),
    );
  });

  it('an average folded into Other is weighted by the groups’ counts, not an average of averages', () => {
    const rows: GroupRow[] = [
      { key: 'a', value: 5, count: 1 },
      { key: 'b', value: 1, count: 3 },
      { key: 'c', value: 4, count: 1 },
    ];
    const items = shapeItems(
      { measure: { kind: 'avg', property: 'conditionGrade' }, groupBy: 'district', options: { limit: 2 } },
      rows,
    );
    expect(items.map((i) => [i.key, i.value, i.count])).toEqual([
      ['a', 5, 1],
      [OTHER_KEY, (1 * 3 + 4) / 4, 4],
    ]);
  });

  it('min and max fold as the least and greatest', () => {
    fc.assert(
      fc.property(
        additiveRows.filter((r) => r.length > 0),
        (rows) => {
          expect(combineValues('min', rows)).toBe(Math.min(...rows.map((r) => r.value)));
          expect(combineValues('max', rows)).toBe(Math.max(...rows.map((r) => r.value)));
        },
      ),
    );
  });

  it('hidden items are left out; labels and colours set by the user are kept; custom sort follows the settings', () => {
    const rows: GroupRow[] = [
      { key: 'PVC', value: 10, count: 10 },
      { key: 'VC', value: 30, count: 30 },
      { key: null, value: 2, count: 2 },
    ];
    const items = shapeItems(
      {
        measure: { kind: 'count' },
        groupBy: 'material',
        options: {
          sort: 'custom',
          items: [{ key: 'PVC', label: 'Plastic', color: '#123456' }, { key: 'VC' }, { key: '__none__', hidden: true }],
        },
      },
      rows,
    );
    expect(items.map((i) => [i.key, i.label, i.color.length])).toEqual([
      ['PVC', 'Plastic', 7],
      ['VC', 'VC', 7],
    ]);
    expect(items[0]!.color).toBe('#123456');
  });

  it('grades and months read as people say them, and grades keep their map colours', () => {
    expect(defaultLabel('conditionGrade', '3')).toBe('Grade 3');
    expect(defaultLabel('inspectionMonth', '2026-03')).toBe('Mar 2026');
    expect(defaultLabel('yearBuiltBand', '1960')).toBe('1960–1969');
    expect(defaultLabel('material', null)).toBe('(none)');
    const items = shapeItems({ measure: { kind: 'count' }, groupBy: 'conditionGrade', options: {} }, [
      { key: '5', value: 1, count: 1 },
      { key: '1', value: 9, count: 9 },
    ]);
    expect(items.map((i) => i.key)).toEqual(['1', '5']);
    expect(items[1]!.color).toBe('#c62828');
  });

  it('prefill lists every group there is now and keeps what the user set, also for groups absent now', () => {
    fc.assert(
      fc.property(additiveRows, (rows) => {
        const kept = { key: 'gone', label: 'Gone', color: '#000000' };
        const filled = prefillItems(
          { measure: { kind: 'count' }, groupBy: 'material', options: { items: [kept] } },
          rows,
        );
        expect(filled.length).toBe(
          Math.min(rows.length, GROUP_LIMIT_MAX) +
            (rows.some((r) => r.key === 'gone') ? 0 : 1) +
            (rows.length > GROUP_LIMIT_MAX ? 1 : 0),
        );
        expect(filled).toContainEqual(kept);
      }),
    );
  });
});

describe('gauges and periods', () => {
  it('a grouped gauge shows its parts’ share of the whole in per cent', () => {
    const rows: GroupRow[] = [
      { key: 'completed', value: 30, count: 30 },
      { key: 'planned', value: 90, count: 90 },
    ];
    expect(
      gaugeOf({ measure: { kind: 'count' }, groupBy: 'taskState', options: { parts: ['completed'] } }, rows, 120),
    ).toEqual({
      value: 25,
      max: 100,
    });
    expect(gaugeOf({ measure: { kind: 'count' }, groupBy: null, options: { target: 200 } }, [], 120)).toEqual({
      value: 120,
      max: 200,
    });
    fc.assert(
      fc.property(additiveRows, (rows) => {
        const g = gaugeOf(
          {
            measure: { kind: 'count' },
            groupBy: 'taskState',
            options: { parts: rows.slice(0, 1).map((r) => r.key ?? '__none__') },
          },
          rows,
          null,
        );
        if (rows.every((r) => r.value >= 0)) {
          expect(g.value).toBeGreaterThanOrEqual(0);
          expect(g.value).toBeLessThanOrEqual(100 + 1e-9);
        }
      }),
    );
  });

  it('a running calendar period is compared with as much of the one before', () => {
    const now = new Date('2026-11-10T12:00:00Z');
    const month = periodRange('this-month', now)!;
    expect(month.from.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(month.previousFrom.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(month.previousTo.toISOString()).toBe('2026-10-10T12:00:00.000Z');
    expect(periodRange('all', now)).toBeNull();
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom('this-month', 'this-year', 'last-30-days', 'last-12-months' as const),
        (d, p) => {
          const r = periodRange(p, d)!;
          expect(r.previousFrom.getTime()).toBeLessThan(r.from.getTime());
          expect(r.previousTo.getTime()).toBeLessThanOrEqual(r.from.getTime());
          expect(r.from.getTime()).toBeLessThanOrEqual(d.getTime());
          expect(d.getTime()).toBeLessThan(r.to.getTime());
        },
      ),
    );
  });

  it('additive measures are count, sum and length', () => {
    expect(MEASURE_KINDS.filter(isAdditive)).toEqual(['count', 'sum', 'length']);
  });
});
