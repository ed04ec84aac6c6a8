/**
 * The advanced search form's state and the filter definition it stands for. Inputs hold text, as
 * typed; a condition becomes a typed value only when the search runs, so a half-typed number is
 * reported on its own row instead of silently dropped. Conditions nest in AND/OR groups as deep as
 * a definition may.
 */
import {
  DEFAULT_OPERATOR_BY_KIND,
  FILTER_MAX_DEPTH,
  type FilterDefinition,
  type FilterForm,
  type FilterNode,
  type FilterOperator,
  type FilterPropertyMeta,
  type FilterValue,
} from '@manway/core/api/filters';
import {
  DATE_TIME_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
  validateDateTime,
  validateField,
} from '@manway/core/rules/field-validation';

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

/** Conditions combined among themselves, standing as one condition of the list holding them. */
export interface DraftGroup {
  key: string;
  combine: 'and' | 'or';
  conditions: DraftNode[];
}

export type DraftNode = DraftCondition | DraftGroup;

export function isGroup(node: DraftNode): node is DraftGroup {
  return 'combine' in node;
}

export interface FilterDraft {
  objectType: string;
  combine: 'and' | 'or';
  conditions: DraftNode[];
}

/** The draft itself is depth 1, as a definition is: a group may hold another below this depth. */
export function canNestGroupAt(depth: number): boolean {
  return depth < FILTER_MAX_DEPTH;
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

/**
 * A one-group form over property metadata, for the types without a form of their own (an
 * inspection's observations), so they are searched with the same condition editor.
 */
export function formOfMeta(meta: readonly FilterPropertyMeta[], objectType: string, label: string): FilterForm {
  return {
    objectType,
    label,
    searchFields: meta.filter((m) => m.searchable).map((m) => m.name),
    defaultSearchFields: [],
    groups: [
      {
        key: 'properties',
        label,
        fields: meta.map((m) => ({
          property: m.name,
          label: m.label,
          kind: m.kind,
          operators: m.operators,
          defaultOperator: m.operators.includes(DEFAULT_OPERATOR_BY_KIND[m.kind])
            ? DEFAULT_OPERATOR_BY_KIND[m.kind]
            : m.operators[0]!,
          unit: m.unit,
          min: m.min,
          max: m.max,
          options: m.options,
        })),
      },
    ],
  };
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

/** A new group holds one condition, so it never stands empty. */
export function newGroup(field: FormField, combine: 'and' | 'or' = 'or'): DraftGroup {
  return { key: newKey(), combine, conditions: [newCondition(field)] };
}

/** The list with the node of `key`, wherever it is nested, replaced by what `change` makes of it. */
export function updateNode(
  nodes: readonly DraftNode[],
  key: string,
  change: (node: DraftNode) => DraftNode,
): DraftNode[] {
  return nodes.map((n) => {
    if (n.key === key) return change(n);
    return isGroup(n) ? { ...n, conditions: updateNode(n.conditions, key, change) } : n;
  });
}

/** The list without the node of `key`, wherever it is nested. */
export function removeNode(nodes: readonly DraftNode[], key: string): DraftNode[] {
  return nodes
    .filter((n) => n.key !== key)
    .map((n) => (isGroup(n) ? { ...n, conditions: removeNode(n.conditions, key) } : n));
}

/** The row after the user picked another property: the operator and value start over. */
export function withProperty(condition: DraftCondition, field: FormField): DraftCondition {
  return { ...newCondition(field), key: condition.key };
}

export function needsValue(operator: FilterOperator): boolean {
  return operator !== 'isEmpty' && operator !== 'isNotEmpty';
}

export type DraftResult = { definition: FilterDefinition } | { errors: Record<string, string> };

/** The definition a draft stands for, or, per row or group key, why it cannot be searched. */
export function toDefinition(draft: FilterDraft, form: FilterForm): DraftResult {
  const fields = new Map(formFields(form).map((f) => [f.property, f]));
  const errors: Record<string, string> = {};
  const nodes = (list: readonly DraftNode[]): FilterNode[] =>
    list.flatMap((n): FilterNode[] => {
      if (isGroup(n)) {
        if (n.conditions.length === 0) errors[n.key] = 'Add a condition to the group, or remove it.';
        return [{ combine: n.combine, conditions: nodes(n.conditions) }];
      }
      const field = fields.get(n.property);
      if (!field) {
        errors[n.key] = 'Choose a property.';
        return [];
      }
      const result = conditionValue(n, field);
      if ('error' in result) {
        errors[n.key] = result.error;
        return [];
      }
      return [
        result.value === undefined
          ? { property: n.property, operator: n.operator }
          : { property: n.property, operator: n.operator, value: result.value },
      ];
    });
  const conditions = nodes(draft.conditions);
  if (Object.keys(errors).length > 0) return { errors };
  return { definition: { objectType: draft.objectType, combine: draft.combine, conditions } };
}

function scalar(text: string, field: FormField): { value: string | number | boolean } | { error: string } {
  const t = text.trim();
  // The messages are the core's field-validation ones (spec section 5), as in every other form.
  if (t === '') return { error: REQUIRED_MESSAGE };
  switch (field.kind) {
    case 'number': {
      const n = Number(t.replace(',', '.'));
      if (!Number.isFinite(n)) return { error: 'Enter a number.' };
      const checked = validateField(n, { min: field.min ?? undefined, max: field.max ?? undefined });
      return checked.valid ? { value: n } : { error: checked.message };
    }
    case 'date': {
      const checked = validateDateTime(t);
      if (!checked.valid) return { error: checked.message };
      const ms = Date.parse(t);
      return Number.isNaN(ms) ? { error: DATE_TIME_FORMAT_MESSAGE } : { value: new Date(ms).toISOString() };
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

/** The draft for a saved definition, groups and all; null when it names a property the form lacks. */
export function fromDefinition(def: FilterDefinition, form: FilterForm): FilterDraft | null {
  const fields = new Map(formFields(form).map((f) => [f.property, f]));
  const nodes = (list: readonly FilterNode[]): DraftNode[] | null => {
    const out: DraftNode[] = [];
    for (const node of list) {
      if ('combine' in node) {
        const inner = nodes(node.conditions);
        if (!inner) return null;
        out.push({ key: newKey(), combine: node.combine, conditions: inner });
        continue;
      }
      const field = fields.get(node.property);
      if (!field) return null;
      const v = node.value;
      const text = (x: unknown) => (field.kind === 'date' && typeof x === 'string' ? x.slice(0, 10) : String(x));
      const between = Array.isArray(v) && node.operator === 'between';
      out.push({
        key: newKey(),
        property: node.property,
        operator: node.operator,
        value: between ? text(v[0]) : v === undefined || Array.isArray(v) ? '' : text(v),
        value2: between ? text(v[1]) : '',
        values: Array.isArray(v) && !between ? v.map(String) : [],
      });
    }
    return out;
  };
  const conditions = nodes(def.conditions);
  return conditions && { objectType: def.objectType, combine: def.combine, conditions };
}
