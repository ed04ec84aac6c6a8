/**
 * Object types, property metadata, dictionaries, object details, lookup and shortcuts
 * (main-app spec section 7, "Filters and search" and "Locations and metadata").
 */
import { z } from 'zod';
import { CONNECTIVITY_TYPES } from './settings';

/** An id in a path: a positive whole number. */
export const ObjectIdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const flag = z.enum(['true', 'false']);

export const ObjectTypeInfo = z.object({
  key: z.string(),
  typeName: z.string(),
  label: z.string(),
  connectivityType: z.enum(CONNECTIVITY_TYPES),
  geometryType: z.string(),
  /** The property that holds the human code used by lookup. */
  readableIdProperty: z.string(),
});
export type ObjectTypeInfo = z.infer<typeof ObjectTypeInfo>;
export const ObjectTypeList = z.array(ObjectTypeInfo);

/** Value model types of spec section 3. */
export const VALUE_MODEL_TYPES = [
  'String',
  'DateTimeRange',
  'MappedEnum',
  'ModifierEnum',
  'CodeEnum',
  'FloatEnumRange',
  'DoubleRange',
  'DoubleEnumRange',
  'GpsAccuracyRange',
  'GpsAccuracy',
  'IntegerRange',
  'Boolean',
  'MultiCodeEnum',
] as const;
export type ValueModelType = (typeof VALUE_MODEL_TYPES)[number];

export const SelectOption = z.object({ id: z.string(), value: z.string() });
export type SelectOption = z.infer<typeof SelectOption>;

export const PropertyMetadata = z.object({
  /** Property path; nested properties are prefixed with their parent ("observations.code"). */
  name: z.string(),
  label: z.string(),
  valueModelType: z.enum(VALUE_MODEL_TYPES),
  unit: z.string().nullable(),
  readOnly: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(SelectOption).nullable(),
});
export type PropertyMetadata = z.infer<typeof PropertyMetadata>;
export const PropertyMetadataList = z.array(PropertyMetadata);

export const TypeParams = z.object({ type: z.string().min(1).max(100) });

export const PropertiesQuery = z.object({
  standardId: z.string().min(1).max(40).optional(),
  /** Comma-separated property names to answer; all when omitted. */
  props: z
    .string()
    .max(2000)
    // Empty, as when omitted: every property.
    .transform((raw) =>
      raw === ''
        ? undefined
        : raw
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
    )
    .optional(),
  /** The asset subtype (for assets) or the inspected asset type (for inspections and observations). */
  jobOrAssetType: z.string().min(1).max(100).optional(),
  /** Also answer the properties of nested objects (an inspection's observations, an asset's location). */
  nesting: flag.optional(),
});
export type PropertiesQuery = z.infer<typeof PropertiesQuery>;

export const AssetSubtypeInfo = z.object({ key: z.string(), label: z.string(), objectType: z.string() });
export const AssetSubtypeList = z.array(AssetSubtypeInfo);
export const DictionaryParams = z.object({ standardId: z.string().min(1).max(40), type: z.string().min(1).max(100) });

export const ObjectParams = z.object({ type: z.string().min(1).max(100), id: ObjectIdParam });
export const ObjectQuery = z.object({
  standardId: z.string().min(1).max(40).optional(),
  /** Shown on behalf of a subject type: the answer then lists the subjects connected to the object. */
  onSubjectType: z.string().min(1).max(100).optional(),
});
export type ObjectQuery = z.infer<typeof ObjectQuery>;

export const PropertyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const GeoJsonGeometry = z.object({
  type: z.enum(['Point', 'LineString', 'Polygon']),
  coordinates: z.array(z.any()),
});

export const ConnectedSubjectSummary = z.object({
  id: z.number(),
  subjectId: z.number(),
  kind: z.string(),
  label: z.string(),
});

export const ObjectDetails = z.object({
  id: z.number(),
  type: z.string(),
  readableId: z.string(),
  subtype: z.object({ key: z.string(), label: z.string() }).nullable(),
  geometry: GeoJsonGeometry.nullable(),
  properties: z.record(z.string(), PropertyValue),
  version: z.number(),
  subjects: z.array(ConnectedSubjectSummary).optional(),
});
export type ObjectDetails = z.infer<typeof ObjectDetails>;

export const LookupParams = z.object({ objectType: z.string().min(1).max(100) });
export const LookupQuery = z.object({
  assetSubtype: z.string().min(1).max(100).optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  readableIdProperty: z.string().min(1).max(100).optional(),
  /** Search the global (numeric) id exactly instead of the readable id. */
  isGlobalIdSearch: flag.optional(),
});
export type LookupQuery = z.infer<typeof LookupQuery>;

export const LookupItem = z.object({
  id: z.number(),
  readableId: z.string(),
  type: z.string(),
  subtype: z.string(),
  /** True when the readable id starts with the search text (these come first). */
  prefixMatch: z.boolean(),
});
export type LookupItem = z.infer<typeof LookupItem>;
export const LookupResult = z.array(LookupItem);

export const ShortcutItem = z.object({
  id: z.number(),
  type: z.string(),
  readableId: z.string(),
  label: z.string(),
  pinned: z.boolean(),
  lastUsedAt: z.string(),
});
export type ShortcutItem = z.infer<typeof ShortcutItem>;
export const Shortcuts = z.object({ pinned: z.array(ShortcutItem), recent: z.array(ShortcutItem) });
export type Shortcuts = z.infer<typeof Shortcuts>;
