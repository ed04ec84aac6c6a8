import { describe, expect, it } from 'vitest';
import type { FilterForm } from '@manway/core/api/filters';
import type { FilterPropertyMeta } from '@manway/core/api/filters';
import {
  DATE_TIME_FORMAT_MESSAGE,
  formatMessage,
  MAX_MESSAGE,
  MIN_MESSAGE,
  REQUIRED_MESSAGE,
} from '@manway/core/rules/field-validation';
import {
  canNestGroupAt,
  formFields,
  formOfMeta,
  fromDefinition,
  isGroup,
  newCondition,
  newGroup,
  removeNode,
  toDefinition,
  updateNode,
  withProperty,
  type DraftGroup,
  type FilterDraft,
} from './filterDraft';

const form: FilterForm = {
  objectType: 'Section',
  label: 'Pipe section',
  searchFields: ['assetId', 'street'],
  defaultSearchFields: ['assetId'],
  groups: [
    {
      key: 'construction',
      label: 'Construction',
      fields: [
        {
          property: 'material',
          label: 'Material',
          kind: 'lookup',
          operators: ['eq', 'ne', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
          defaultOperator: 'in',
          unit: null,
          min: null,
          max: null,
          options: [
            { id: 'concrete', value: 'Concrete' },
            { id: 'brick', value: 'Brick' },
          ],
        },
        {
          property: 'sizeMm',
          label: 'Size',
          kind: 'number',
          operators: ['eq', 'lt', 'ge', 'between', 'isEmpty'],
          defaultOperator: 'eq',
          unit: 'mm',
          min: 100,
          max: 3000,
          options: null,
        },
        {
          property: 'builtOn',
          label: 'Built on',
          kind: 'date',
          operators: ['ge', 'between'],
          defaultOperator: 'ge',
          unit: null,
          min: null,
          max: null,
          options: null,
        },
        {
          property: 'plannedTask',
          label: 'Has a planned task',
          kind: 'boolean',
          operators: ['eq'],
          defaultOperator: 'eq',
          unit: null,
          min: null,
          max: null,
          options: null,
        },
      ],
    },
  ],
};

const [material, size, builtOn, planned] = formFields(form) as [
  ReturnType<typeof formFields>[number],
  ReturnType<typeof formFields>[number],
  ReturnType<typeof formFields>[number],
  ReturnType<typeof formFields>[number],
];

function draft(...conditions: FilterDraft['conditions']): FilterDraft {
  return { objectType: 'Section', combine: 'or', conditions };
}

describe('advanced search form', () => {
  it('a new condition starts on the field’s default operator with no value', () => {
    expect(newCondition(material)).toMatchObject({ property: 'material', operator: 'in', values: [] });
  });

  it('choosing another property starts the operator and value over, keeping the row', () => {
    const row = { ...newCondition(material), values: ['brick'] };
    const next = withProperty(row, size);
    expect(next).toMatchObject({ key: row.key, property: 'sizeMm', operator: 'eq', value: '', values: [] });
  });

  it('each value kind becomes the typed value the server compiles, combined with AND or OR', () => {
    const result = toDefinition(
      draft(
        { ...newCondition(material), values: ['brick', 'concrete'] },
        { ...newCondition(size), operator: 'between', value: '150', value2: '300,5' },
        { ...newCondition(builtOn), value: '2020-01-31' },
        { ...newCondition(planned), value: 'true' },
        { ...newCondition(size), operator: 'isEmpty' },
      ),
      form,
    );
    expect(result).toEqual({
      definition: {
        objectType: 'Section',
        combine: 'or',
        conditions: [
          { property: 'material', operator: 'in', value: ['brick', 'concrete'] },
          { property: 'sizeMm', operator: 'between', value: [150, 300.5] },
          { property: 'builtOn', operator: 'ge', value: '2020-01-31T00:00:00.000Z' },
          { property: 'plannedTask', operator: 'eq', value: true },
          { property: 'sizeMm', operator: 'isEmpty' },
        ],
      },
    });
  });

  it('a row that cannot be searched says why, with the core’s field-validation messages (spec section 5)', () => {
    const empty = newCondition(size);
    const low = { ...newCondition(size), value: '50' };
    const high = { ...newCondition(size), value: '5000' };
    const none = newCondition(material);
    const reversed = { ...newCondition(size), operator: 'between' as const, value: '300', value2: '200' };
    const badDate = { ...newCondition(builtOn), value: 'soon' };
    const result = toDefinition(draft(empty, low, high, none, reversed, badDate), form);
    expect(result).toEqual({
      errors: {
        [empty.key]: REQUIRED_MESSAGE,
        [low.key]: formatMessage(MIN_MESSAGE, 100),
        [high.key]: formatMessage(MAX_MESSAGE, 3000),
        [none.key]: 'Choose at least one value.',
        [reversed.key]: 'The low end must not exceed the high end.',
        [badDate.key]: DATE_TIME_FORMAT_MESSAGE,
      },
    });
    expect(formatMessage(MIN_MESSAGE, 100)).toBe('The value is less than allowed minimum (100)');
  });

  it('a saved definition opens in the form as it was saved', () => {
    const definition = {
      objectType: 'Section',
      combine: 'and' as const,
      conditions: [
        { property: 'material', operator: 'in' as const, value: ['brick'] },
        { property: 'sizeMm', operator: 'between' as const, value: [150, 300] },
      ],
    };
    const opened = fromDefinition(definition, form)!;
    expect(toDefinition(opened, form)).toEqual({ definition });
  });

  it('nested AND/OR groups open in the form and run exactly as saved', () => {
    const nested = {
      objectType: 'Section',
      combine: 'and' as const,
      conditions: [
        { property: 'material', operator: 'in' as const, value: ['concrete'] },
        {
          combine: 'or' as const,
          conditions: [
            { property: 'sizeMm', operator: 'ge' as const, value: 600 },
            {
              combine: 'and' as const,
              conditions: [
                { property: 'plannedTask', operator: 'eq' as const, value: true },
                { property: 'builtOn', operator: 'ge' as const, value: '1990-01-01T00:00:00.000Z' },
              ],
            },
          ],
        },
      ],
    };
    const opened = fromDefinition(nested, form)!;
    expect(opened.conditions.map(isGroup)).toEqual([false, true]);
    expect(toDefinition(opened, form)).toEqual({ definition: nested });
  });

  it('a group is changed, added to and removed wherever it is nested', () => {
    const inner = newGroup(size, 'and');
    const outer: DraftGroup = { ...newGroup(material), conditions: [inner] };
    let conditions = updateNode([outer], inner.key, (g) => ({ ...(g as DraftGroup), combine: 'or' }));
    conditions = updateNode(conditions, inner.key, (g) => ({
      ...(g as DraftGroup),
      conditions: [...(g as DraftGroup).conditions, { ...newCondition(size), operator: 'ge', value: '300' }],
    }));
    const changed = ((conditions[0] as DraftGroup).conditions[0] as DraftGroup).conditions;
    expect((conditions[0] as DraftGroup).conditions[0]).toMatchObject({ combine: 'or' });
    expect(changed).toHaveLength(2);
    expect(removeNode(conditions, inner.key)).toEqual([{ ...outer, conditions: [] }]);
  });

  it('an empty group cannot run: it asks for a condition on the group itself', () => {
    const empty: DraftGroup = { key: 'g-empty', combine: 'or', conditions: [] };
    expect(toDefinition(draft(empty), form)).toEqual({
      errors: { 'g-empty': 'Add a condition to the group, or remove it.' },
    });
  });

  it('groups nest only as deep as a definition may', () => {
    expect([1, 2, 3, 4].map(canNestGroupAt)).toEqual([true, true, true, false]);
  });

  it('observation metadata becomes a one-group form, each kind on its default operator', () => {
    const meta: FilterPropertyMeta[] = [
      {
        name: 'code',
        label: 'Code',
        valueModelType: 'CodeEnum',
        unit: null,
        readOnly: false,
        min: null,
        max: null,
        options: [{ id: 'BAB', value: 'BAB Crack' }],
        kind: 'lookup',
        operators: ['eq', 'ne', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
        searchable: false,
      },
      {
        name: 'distanceM',
        label: 'Distance',
        valueModelType: 'DoubleRange',
        unit: 'm',
        readOnly: false,
        min: 0,
        max: null,
        options: null,
        kind: 'number',
        operators: ['eq', 'lt', 'le', 'gt', 'ge', 'between', 'isEmpty', 'isNotEmpty'],
        searchable: false,
      },
    ];
    const obs = formOfMeta(meta, 'Observation', 'Observations');
    expect(formFields(obs).map((f) => [f.property, f.defaultOperator, f.unit])).toEqual([
      ['code', 'in', null],
      ['distanceM', 'eq', 'm'],
    ]);
  });
});
