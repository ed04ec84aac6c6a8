import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  FILTER_MAX_CONDITIONS,
  FILTER_MAX_DEPTH,
  FilterDefinition,
  filterKindOf,
  isAdvancedFilter,
  issueFields,
  OPERATORS_BY_KIND,
  type FilterNode,
} from './filters';
import { VALUE_MODEL_TYPES } from './objects';

const cond = (property = 'assetId'): FilterNode => ({ property, operator: 'contains', value: 'a' });

function fieldsOf(value: unknown): Record<string, string[]> {
  const parsed = FilterDefinition.safeParse(value);
  if (parsed.success) return {};
  return issueFields('filter', parsed.error.issues);
}

describe('filter definition', () => {
  it('defaults to AND over no conditions: a filter that matches every object of its type', () => {
    expect(FilterDefinition.parse({ objectType: 'Node' })).toEqual({
      objectType: 'Node',
      combine: 'and',
      conditions: [],
    });
  });

  it('a bad operator is named inside its condition, not at the condition', () => {
    const fields = fieldsOf({ objectType: 'Node', conditions: [cond(), cond(), { property: 'x', operator: 'drop' }] });
    expect(Object.keys(fields)).toEqual(['filter.conditions[2].operator']);
  });

  it('a bad condition inside a group is named with the group path', () => {
    const fields = fieldsOf({
      objectType: 'Node',
      conditions: [cond(), { combine: 'or', conditions: [cond(), { property: 'x', operator: 'eq', value: {} }] }],
    });
    expect(Object.keys(fields)).toEqual(['filter.conditions[1].conditions[1].value']);
  });

  it(`groups nest at most ${FILTER_MAX_DEPTH} deep`, () => {
    const nest = (levels: number): FilterNode =>
      levels === 0 ? cond() : { combine: 'and', conditions: [nest(levels - 1)] };
    expect(FilterDefinition.safeParse({ objectType: 'Node', conditions: [nest(FILTER_MAX_DEPTH - 1)] }).success).toBe(
      true,
    );
    expect(FilterDefinition.safeParse({ objectType: 'Node', conditions: [nest(FILTER_MAX_DEPTH)] }).success).toBe(
      false,
    );
  });

  it(`a filter has at most ${FILTER_MAX_CONDITIONS} conditions, counted through its groups`, () => {
    const half = Array.from({ length: FILTER_MAX_CONDITIONS / 2 }, () => cond());
    const ok = { objectType: 'Node', conditions: [{ combine: 'or', conditions: half }, ...half] };
    expect(FilterDefinition.safeParse(ok).success).toBe(true);
    const fields = fieldsOf({ ...ok, conditions: [...ok.conditions, cond()] });
    expect(Object.keys(fields)).toEqual([`filter.conditions[${FILTER_MAX_CONDITIONS / 2 + 1}]`]);
  });

  it('unknown keys are refused rather than ignored', () => {
    expect(Object.keys(fieldsOf({ objectType: 'Node', sql: 'DROP TABLE assets' }))).toEqual(['filter']);
  });
});

describe('advanced filters', () => {
  it('a filter is advanced with an OR or a nested group; AND of plain conditions is simple', () => {
    expect(isAdvancedFilter({ combine: 'and', conditions: [cond(), cond()] })).toBe(false);
    expect(isAdvancedFilter({ combine: 'or', conditions: [cond()] })).toBe(true);
    expect(isAdvancedFilter({ combine: 'and', conditions: [{ combine: 'and', conditions: [cond()] }] })).toBe(true);
  });
});

describe('filter kinds', () => {
  it('every value model type but multi-valued codes compares as one kind with its operators', () => {
    for (const type of VALUE_MODEL_TYPES) {
      const kind = filterKindOf(type);
      if (type === 'MultiCodeEnum') expect(kind).toBeNull();
      else expect(OPERATORS_BY_KIND[kind!].length).toBeGreaterThan(0);
    }
  });

  it('every kind can test for emptiness; only text takes contains', () => {
    for (const [kind, ops] of Object.entries(OPERATORS_BY_KIND)) {
      expect(ops).toEqual(expect.arrayContaining(['isEmpty', 'isNotEmpty']));
      expect(ops.includes('contains')).toBe(kind === 'text');
    }
  });
});

describe('canonical JSON', () => {
  it('the same definition gives the same text whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });
});
