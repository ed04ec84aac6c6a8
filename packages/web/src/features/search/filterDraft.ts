/**
 * The advanced search form's state and the filter definition it stands for. Inputs hold text, as
 * typed; a condition becomes a typed value only when the search runs, so a half-typed number is
 * reported on its own row instead of silently dropped.
 */
import type {
  FilterCondition,
  FilterDefinition,
  FilterForm,
  FilterOperator,
  FilterValue,
} from '@manway/core/api/filters';

export type FormField = FilterForm['groups'][number]['fields'][number];

export interface DraftCondition {
  key: string;
  property: string;
  operator: FilterOperator;
  /** The value, or the low end of between. */
  value: string;
  /** The high end of between. */
  value2: string;
  /** The chosen options of in and notIn. */
  values: string[];
}

export interface FilterDraft {
  objectType: string;
  combine: 'and' | 'or';
  conditions: DraftCondition[];
}

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'is',
  ne: 'is not',
  lt: 'less than',
  le: 'at most',
  gt: 'more than',
  ge: 'at least',
  between: 'between',
  contains: 'contains',
  startsWith: 'starts with',
  in: 'is one of',
  notIn: 'is none of',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
};

export function formFields(form: FilterForm): FormField[] {
  return form.groups.flatMap((g) => g.fields);
}

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `c${nextKey}`;
}

/** A new row on the first field of the form, with that field's default operator. */
export function newCondition(field: FormField): DraftCondition {
  return {
    key: newKey(),
    property: field.property,
    operator: field.defaultOperator,
    value: '',
    value2: '',
    values: [],
  };
}

/** The row after the user picked another property: the operator and value start over. */
export function withProperty(condition: DraftCondition, field: FormField): DraftCondition {
  return { ...newCondition(field), key: condition.key };
}

export function needsValue(operator: FilterOperator): boolean {
  return operator !== 'isEmpty' && operator !== 'isNotEmpty';
}

export type DraftResult = { definition: FilterDefinition } | { errors: Record<string, string> };

/** The definition a draft stands for, or, per row key, why a row cannot be searched. */
export function toDefinition(draft: FilterDraft, form: FilterForm): DraftResult {
  const fields = new Map(formFields(form).map((f) => [f.property, f]));
  const errors: Record<string, string> = {};
  const conditions: FilterCondition[] = [];
  for (const c of draft.conditions) {
    const field = fields.get(c.property);
    if (!field) {
      errors[c.key] = 'Choose a property.';
      continue;
    }
    const result = conditionValue(c, field);
    if ('error' in result) errors[c.key] = result.error;
    else
      conditions.push(
        result.value === undefined
          ? { property: c.property, operator: c.operator }
          : { property: c.property, operator: c.operator, value: result.value },
      );
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { definition: { objectType: draft.objectType, combine: draft.combine, conditions } };
}

function scalar(text: string, field: FormField): { value: string | number | boolean } | { error: string } {
  const t = text.trim();
  if (t === '') return { error: 'Enter a value.' };
  switch (field.kind) {
    case 'number': {
      const n = Number(t.replace(',', '.'));
      if (!Number.isFinite(n)) return { error: 'Enter a number.' };
      if (field.min !== null && n < field.min)
        return { error: `The value is less than allowed minimum (${field.min})` };
      if (field.max !== null && n > field.max) return { error: `The value exceeds the allowed maximum (${field.max})` };
      return { value: n };
    }
    case 'date': {
      const ms = Date.parse(t);
      return Number.isNaN(ms) ? { error: 'Invalid date/time format' } : { value: new Date(ms).toISOString() };
    }
    case 'boolean':
      return { value: t === 'true' };
    case 'lookup':
    case 'text':
      return { value: t };
  }
}

function conditionValue(c: DraftCondition, field: FormField): { value: FilterValue | undefined } | { error: string } {
  if (!needsValue(c.operator)) return { value: undefined };
  if (c.operator === 'in' || c.operator === 'notIn') {
    return c.values.length === 0 ? { error: 'Choose at least one value.' } : { value: [...c.values] };
  }
  const low = scalar(c.value, field);
  if ('error' in low) return low;
  if (c.operator !== 'between') return low;
  const high = scalar(c.value2, field);
  if ('error' in high) return high;
  const order = (x: string | number | boolean) => (field.kind === 'date' ? Date.parse(String(x)) : Number(x));
  if (order(low.value) > order(high.value)) {
    return { error: 'The low end must not exceed the high end.' };
  }
  return { value: [low.value, high.value] as FilterValue };
}

/**
 * The draft for a saved definition, or null when the form cannot show it: nested groups go beyond
 * one AND/OR list, so such a filter runs as it is and is changed elsewhere.
 */
export function fromDefinition(def: FilterDefinition, form: FilterForm): FilterDraft | null {
  const fields = new Map(formFields(form).map((f) => [f.property, f]));
  const conditions: DraftCondition[] = [];
  for (const node of def.conditions) {
    if ('combine' in node) return null;
    const field = fields.get(node.property);
    if (!field) return null;
    const v = node.value;
    const text = (x: unknown) => (field.kind === 'date' && typeof x === 'string' ? x.slice(0, 10) : String(x));
    conditions.push({
      key: newKey(),
      property: node.property,
      operator: node.operator,
      value:
        v === undefined || Array.isArray(v)
          ? Array.isArray(v) && node.operator === 'between'
            ? text(v[0])
            : ''
          : text(v),
      value2: Array.isArray(v) && node.operator === 'between' ? text(v[1]) : '',
      values: Array.isArray(v) && node.operator !== 'between' ? v.map(String) : [],
    });
  }
  return { objectType: def.objectType, combine: def.combine, conditions };
}
