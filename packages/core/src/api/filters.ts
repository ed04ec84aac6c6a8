/**
 * Filters and search (main-app spec section 7, "Filters and search"): the filter definition both ends
 * share, the property metadata conditions are built from, result lists with the spec's search-count
 * semantics, and saved filters. The server compiles a definition to parameterised SQL; properties
 * are only those the metadata lists, so user text never becomes SQL.
 */
import { z } from 'zod';
import { Wgs84Extent } from '../domain/extent';
import { jsonOffence } from '../rules/json-shape';
import { PropertyMetadata, type ValueModelType } from './objects';

/** How a property's values compare; derived from its value model type (spec section 3). */
export const FILTER_KINDS = ['text', 'number', 'date', 'lookup', 'boolean'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'between',
  'contains',
  'startsWith',
  'in',
  'notIn',
  'isEmpty',
  'isNotEmpty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const EMPTINESS = ['isEmpty', 'isNotEmpty'] as const;
const ORDERED = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'between', ...EMPTINESS] as const;

export const OPERATORS_BY_KIND: Record<FilterKind, readonly FilterOperator[]> = {
  text: ['eq', 'ne', 'contains', 'startsWith', ...EMPTINESS],
  number: ORDERED,
  date: ORDERED,
  lookup: ['eq', 'ne', 'in', 'notIn', ...EMPTINESS],
  boolean: ['eq', ...EMPTINESS],
};

/** The comparison a new condition on a property of this kind starts with. */
export const DEFAULT_OPERATOR_BY_KIND: Record<FilterKind, FilterOperator> = {
  text: 'contains',
  number: 'eq',
  date: 'ge',
  lookup: 'in',
  boolean: 'eq',
};

/** Null when a property of this value model type cannot be a condition (multi-valued codes). */
export function filterKindOf(type: ValueModelType): FilterKind | null {
  switch (type) {
    case 'String':
      return 'text';
    case 'DateTimeRange':
      return 'date';
    case 'MappedEnum':
    case 'ModifierEnum':
    case 'CodeEnum':
      return 'lookup';
    case 'FloatEnumRange':
    case 'DoubleRange':
    case 'DoubleEnumRange':
    case 'GpsAccuracyRange':
    case 'GpsAccuracy':
    case 'IntegerRange':
      return 'number';
    case 'Boolean':
      return 'boolean';
    case 'MultiCodeEnum':
      return null;
  }
}

/** Bounds that keep a definition (and the SQL it compiles to) small. */
export const FILTER_MAX_DEPTH = 4;
export const FILTER_MAX_CONDITIONS = 50;
export const FILTER_MAX_LIST_VALUES = 100;
export const SAVED_FILTER_NAME_MAX = 100;

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);
export const FilterValue = z.union([scalar, z.array(scalar).max(FILTER_MAX_LIST_VALUES)]);
export type FilterValue = z.infer<typeof FilterValue>;

export const FilterCondition = z.strictObject({
  property: z.string().min(1).max(100),
  operator: z.enum(FILTER_OPERATORS),
  /** Absent for isEmpty and isNotEmpty; [low, high] for between; a list for in and notIn. */
  value: FilterValue.optional(),
});
export type FilterCondition = z.infer<typeof FilterCondition>;

export type FilterNode = FilterCondition | FilterGroup;
export interface FilterGroup {
  combine: 'and' | 'or';
  conditions: FilterNode[];
}

export const FilterGroup: z.ZodType<FilterGroup> = z.lazy(() =>
  z.strictObject({
    combine: z.enum(['and', 'or']),
    conditions: z.array(z.union([FilterCondition, FilterGroup])).max(FILTER_MAX_CONDITIONS),
  }),
);

/** Groups nest at most FILTER_MAX_DEPTH deep and hold at most FILTER_MAX_CONDITIONS conditions in all. */
function limitGroups(conditions: FilterNode[], ctx: z.RefinementCtx): void {
  let count = 0;
  const walk = (nodes: FilterNode[], depth: number, path: (string | number)[]) => {
    nodes.forEach((node, i) => {
      if ('combine' in node) {
        if (depth + 1 > FILTER_MAX_DEPTH) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, i],
            message: `Groups nest at most ${FILTER_MAX_DEPTH} deep.`,
          });
          return;
        }
        walk(node.conditions, depth + 1, [...path, i, 'conditions']);
      } else if (++count === FILTER_MAX_CONDITIONS + 1) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, i],
          message: `A filter has at most ${FILTER_MAX_CONDITIONS} conditions.`,
        });
      }
    });
  };
  walk(conditions, 1, ['conditions']);
}

/**
 * A filter nested far deeper than its groups may be is refused before the recursive schema walks it
 * (a few hundred levels would overflow the validator's stack); near the limit, the group-depth rule
 * below names the group.
 */
const FILTER_MAX_JSON_DEPTH = 4 * FILTER_MAX_DEPTH + 8;
const withinFilterDepth = z.unknown().superRefine((value, ctx) => {
  const offence = jsonOffence(value, { maxDepth: FILTER_MAX_JSON_DEPTH });
  if (offence)
    ctx.addIssue({ code: 'custom', path: offence.path, message: `Groups nest at most ${FILTER_MAX_DEPTH} deep.` });
});

const FilterDefinitionShape = z
  .strictObject({
    /** Node, Section or Lateral (any case); observations are filtered through results/observation. */
    objectType: z.string().min(1).max(100),
    combine: z.enum(['and', 'or']).default('and'),
    conditions: z
      .array(z.union([FilterCondition, FilterGroup]))
      .max(FILTER_MAX_CONDITIONS)
      .default([]),
    /** Simple search: the term is matched (contains, any case) in any of searchFields. */
    term: z.string().max(100).optional(),
    searchFields: z.array(z.string().min(1).max(100)).max(20).optional(),
  })
  .superRefine((def, ctx) => limitGroups(def.conditions, ctx));
export const FilterDefinition = withinFilterDepth.pipe(FilterDefinitionShape);
export type FilterDefinition = z.infer<typeof FilterDefinitionShape>;

/**
 * The fields a failed parse names, with their messages. A node that is neither a valid condition nor
 * a valid group fails as a union; the branch with the fewest complaints is the one the client meant,
 * so its issues are reported at their own depth (filter.conditions[2].operator, not conditions[2]).
 */
export function issueFields(root: string, issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const walk = (list: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]) => {
    for (const issue of list) {
      const path = [...prefix, ...issue.path];
      if (issue.code === 'invalid_union' && issue.errors.length > 0) {
        walk(
          issue.errors.reduce((a, b) => (b.length < a.length ? b : a)),
          path,
        );
      } else {
        (fields[fieldPath(root, path)] ??= []).push(issue.message);
      }
    }
  };
  walk(issues, []);
  return fields;
}

/**
 * Sorted keys, so the same definition always gives the same text, whatever order a client or jsonb
 * put its keys in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A filter is advanced when it goes beyond what the simple search form can show: any OR, or any
 * nested group. Imported advanced filters are changed only by administrators.
 */
export function isAdvancedFilter(def: Pick<FilterDefinition, 'combine' | 'conditions'>): boolean {
  return def.combine === 'or' || def.conditions.some((c) => 'combine' in c);
}

/** Renders a zod path the way the client names fields: filter.conditions[2].operator. */
export function fieldPath(root: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc === '' ? String(key) : `${acc}.${String(key)}`),
    root,
  );
}

/**
 * A JSON document sent as text (the spec sends filters and restrictions as strings inside the body
 * or the query), parsed and checked by `schema`. A bad one names the field inside it as the client
 * writes it: the whole inner path is one segment (`conditions[2].operator`) after the parameter's
 * own name, which the HTTP layer joins with a dot.
 */
export function jsonText<T extends z.ZodType>(text: z.ZodString, schema: T) {
  return text.transform((raw, ctx): z.output<T> => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This is not valid JSON.' });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const [field, messages] of Object.entries(issueFields('', parsed.error.issues))) {
      for (const message of messages) ctx.addIssue({ code: 'custom', message, path: field ? [field] : [] });
    }
    return z.NEVER;
  });
}

/** A property usable in a condition: its metadata, how it compares and which operators it takes. */
export const FilterPropertyMeta = PropertyMetadata.extend({
  kind: z.enum(FILTER_KINDS),
  operators: z.array(z.enum(FILTER_OPERATORS)),
  /** Whether a simple-search term may be matched in it. */
  searchable: z.boolean(),
});
export type FilterPropertyMeta = z.infer<typeof FilterPropertyMeta>;
export const FilterPropertyMetaList = z.array(FilterPropertyMeta);

export const FilterMetaParams = z.object({ objectType: z.string().min(1).max(100) });
export const FilterMetaQuery = z.object({ standardId: z.string().min(1).max(40).optional() });
export const ObservationMetaParams = z.object({
  parentObjectType: z.string().min(1).max(100),
  parentObjectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const FilterFormField = z.object({
  property: z.string(),
  label: z.string(),
  kind: z.enum(FILTER_KINDS),
  operators: z.array(z.enum(FILTER_OPERATORS)),
  defaultOperator: z.enum(FILTER_OPERATORS),
  unit: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: PropertyMetadata.shape.options,
});
export const FilterForm = z.object({
  objectType: z.string(),
  label: z.string(),
  /** The fields the simple search term is matched in, and those ticked by default. */
  searchFields: z.array(z.string()),
  defaultSearchFields: z.array(z.string()),
  groups: z.array(z.object({ key: z.string(), label: z.string(), fields: z.array(FilterFormField) })),
});
export type FilterForm = z.infer<typeof FilterForm>;
export const FilterFormParams = z.object({ x: z.string().min(1).max(100) });

/** Restrictions the client adds to any filter: chosen ids, and the viewport. */
export const AdditionalRestrictions = z.strictObject({
  ids: z.array(z.number().int().positive()).max(10_000).optional(),
  extent: Wgs84Extent.optional(),
});
export type AdditionalRestrictions = z.infer<typeof AdditionalRestrictions>;

/** Rows reachable by paging through one result; beyond it the list shows its top or first rows. */
export const SEARCH_RESULTS_CAP = 1000;
/** Counting stops here; above it the count shows as "plus found". */
export const SEARCH_COUNT_CAP = 5000;
/** The most ids select-all answers; above it the client shows the selection limit notice. */
export const SELECTION_CAP = 2000;
export const RESULTS_MAX_PAGE_SIZE = 500;

const bodyJson = z.string().min(2).max(20_000);

export const ResultsListBody = z.object({
  /** A FilterDefinition as a JSON string. */
  filter: jsonText(bodyJson, FilterDefinition),
  /** AdditionalRestrictions as a JSON string. */
  additionalRestrictions: jsonText(bodyJson, AdditionalRestrictions).optional(),
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(RESULTS_MAX_PAGE_SIZE).default(50),
  sortBy: z.string().min(1).max(100).optional(),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
export type ResultsListBody = z.infer<typeof ResultsListBody>;

export const ResultIdsBody = ResultsListBody.pick({ filter: true, additionalRestrictions: true });
export type ResultIdsBody = z.infer<typeof ResultIdsBody>;

export const ResultRow = z.object({
  id: z.number(),
  type: z.string(),
  readableId: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ResultRow = z.infer<typeof ResultRow>;

/**
 * The search count (spec section 9): `found` matches were counted, `plusFound` says counting stopped
 * at the cap ("5000+ found"); `shown` says whether every match can be paged through or only the top
 * (sorted) or first (unsorted) `shownCount` of them.
 */
export const SearchCount = z.object({
  found: z.number().int(),
  plusFound: z.boolean(),
  shown: z.enum(['all', 'top', 'first']),
  shownCount: z.number().int(),
});
export type SearchCount = z.infer<typeof SearchCount>;

export const ResultsList = z.object({
  objectType: z.string(),
  rows: z.array(ResultRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  count: SearchCount,
});
export type ResultsList = z.infer<typeof ResultsList>;

export const ResultIds = z.object({
  ids: z.array(z.number()),
  /** More matched than the selection cap allows: the client shows the selection limit notice. */
  selectionCapExceeded: z.boolean(),
  selectionCap: z.number().int(),
});
export type ResultIds = z.infer<typeof ResultIds>;

/** Conditions over a parent's observations; the object type is implied. */
export const ObservationFilter = withinFilterDepth.pipe(
  z
    .strictObject({
      combine: z.enum(['and', 'or']).default('and'),
      conditions: z
        .array(z.union([FilterCondition, FilterGroup]))
        .max(FILTER_MAX_CONDITIONS)
        .default([]),
    })
    .superRefine((f, ctx) => limitGroups(f.conditions, ctx)),
);

export const ObservationResultsBody = z.object({
  parentObjectType: z.string().min(1).max(100),
  parentObjectId: z.number().int().positive(),
  /** Conditions on observation properties, as a JSON string of { combine?, conditions }. */
  filter: jsonText(bodyJson, ObservationFilter).optional(),
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(RESULTS_MAX_PAGE_SIZE).default(50),
});
export type ObservationResultsBody = z.infer<typeof ObservationResultsBody>;

// Saved filters ----------------------------------------------------------------------------------

export const SavedFilterName = z.string().max(SAVED_FILTER_NAME_MAX);
export const SavedFilterParams = z.object({ name: z.string().min(1).max(SAVED_FILTER_NAME_MAX) });

export const SavedFilterSummary = z.object({
  name: z.string(),
  objectType: z.string(),
  /** Shared filters are managed by administrators and can be imported by everyone. */
  shared: z.boolean(),
  advanced: z.boolean(),
  /** The shared filter this one was imported from, while it exists. */
  importedFrom: z.string().nullable(),
  position: z.number().int(),
  version: z.number().int(),
  /** Whether the caller may change it (own and not an imported advanced one, or an administrator). */
  editable: z.boolean(),
});
export type SavedFilterSummary = z.infer<typeof SavedFilterSummary>;
export const SavedFilterList = z.array(SavedFilterSummary);

export const SavedFilter = SavedFilterSummary.extend({
  /** A FilterDefinition. */
  definition: z.unknown(),
  /** What the map's filterHash is compared with. */
  hash: z.string(),
  updatedAt: z.string(),
});
export type SavedFilter = z.infer<typeof SavedFilter>;

/** The definition is checked by the server, so errors name definition.conditions[i].… */
export const CreateSavedFilter = z.object({
  name: SavedFilterName,
  shared: z.boolean().default(false),
  definition: z.unknown(),
});
export type CreateSavedFilter = z.infer<typeof CreateSavedFilter>;

export const UpdateSavedFilter = z.object({
  /** A new name, or the same one. */
  name: SavedFilterName.optional(),
  definition: z.unknown().optional(),
  /** Make the filter global (shared) or personal: administrators, on their own filters only (403). */
  shared: z.boolean().optional(),
  /** The version read; a stale one answers 409. */
  version: z.number().int().positive(),
});
export type UpdateSavedFilter = z.infer<typeof UpdateSavedFilter>;

export const SavedFilterOrder = z.object({ names: z.array(z.string().max(SAVED_FILTER_NAME_MAX)).max(1000) });
export type SavedFilterOrder = z.infer<typeof SavedFilterOrder>;

export const AvailableFilter = z.object({
  name: z.string(),
  objectType: z.string(),
  advanced: z.boolean(),
  /** The caller already has a filter by this name. */
  nameTaken: z.boolean(),
});
export type AvailableFilter = z.infer<typeof AvailableFilter>;
export const AvailableFilterList = z.array(AvailableFilter);

export const ImportFilterQuery = z.object({ filterName: z.string().min(1).max(SAVED_FILTER_NAME_MAX) });

export const FILTER_NAME_EXISTS_MESSAGE = 'A filter with this name already exists.';
export const ADVANCED_FILTER_MESSAGE = 'Advanced filters must be edited in a desktop product or by an administrator';
