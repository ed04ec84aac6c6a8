/**
 * Map results (main-app spec section 7, "Filters and search": GET api/filters/results/map). The
 * dynamic-layer variant answers the features of one object type inside a viewport; the filter
 * variant (filter, filterBy, filterName, filterHash, additionalRestrictions) answers the assets a saved
 * or inline filter finds (api/filters.ts), in the same shape.
 */
import { z } from 'zod';
import { Wgs84ExtentText } from '../domain/extent';
import { AdditionalRestrictions, FilterDefinition, jsonText } from './filters';
import { GeoJsonGeometry } from './objects';

/** The most features one viewport answer carries; above it the client shows 'too many results'. */
export const MAP_RESULTS_MAX_LIMIT = 5000;

/** What a term may be matched against, and the default when searchFields is not given. */
export const MAP_SEARCH_FIELDS = ['assetId', 'street', 'district', 'material'] as const;
export type MapSearchField = (typeof MAP_SEARCH_FIELDS)[number];
export const DEFAULT_MAP_SEARCH_FIELDS: readonly MapSearchField[] = ['assetId'];

/** The query parameters that select the filter variant. */
export const FILTER_VARIANT_PARAMS = [
  'filter',
  'filterBy',
  'filterName',
  'filterHash',
  'additionalRestrictions',
] as const;

const text = z.string().max(2000);

/** A whole number from 1 to MAP_RESULTS_MAX_LIMIT; absent, the most. */
const Limit = z
  .string()
  .max(20)
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined) return MAP_RESULTS_MAX_LIMIT;
    const limit = /^\d{1,7}$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAP_RESULTS_MAX_LIMIT) {
      ctx.addIssue({ code: 'custom', message: `The limit is a whole number from 1 to ${MAP_RESULTS_MAX_LIMIT}.` });
      return z.NEVER;
    }
    return limit;
  });

/** Comma-separated names of MAP_SEARCH_FIELDS; absent or blank, the default. */
const SearchFields = z
  .string()
  .max(200)
  .optional()
  .transform((raw, ctx): readonly MapSearchField[] => {
    if (raw === undefined || raw.trim() === '') return DEFAULT_MAP_SEARCH_FIELDS;
    const names = raw.split(',').map((f) => f.trim());
    const unknown = names.filter((n) => !(MAP_SEARCH_FIELDS as readonly string[]).includes(n));
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown search fields: ${unknown.join(', ')}. Known fields: ${MAP_SEARCH_FIELDS.join(', ')}.`,
      });
      return z.NEVER;
    }
    return [...new Set(names as MapSearchField[])];
  });

/** The query string, read here: a bad parameter answers 400 naming it, and the server gets typed values. */
export const MapResultsQuery = z.object({
  /** The object type shown by the layer: Node, Section or Lateral (any case). */
  dynamicLayerId: z.string().min(1).max(100).optional(),
  ignoreCache: z.enum(['true', 'false']).optional(),
  /** A cache-busting stamp the client sends; the answer is always read fresh. */
  timestamp: z.string().max(100).optional(),
  /** west,south,east,north in WGS 84 degrees. */
  extent: Wgs84ExtentText.optional(),
  term: z.string().max(100).optional(),
  /** Comma-separated: assetId, street, district, material. */
  searchFields: SearchFields,
  limit: Limit,
  /**
   * true: the same answer without its features (features is empty; total, plusFound and limit as the
   * full answer has them), for a layer that only shows how many features the view holds.
   */
  countOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** A FilterDefinition as JSON. */
  filter: jsonText(text, FilterDefinition).optional(),
  filterBy: z
    .enum(['name', 'filter'], { error: 'filterBy is name (a saved filter) or filter (a definition).' })
    .optional(),
  filterName: text.optional(),
  filterHash: text.optional(),
  /** AdditionalRestrictions ({ ids?, extent? }) as JSON. */
  additionalRestrictions: jsonText(text, AdditionalRestrictions).optional(),
});
export type MapResultsQuery = z.infer<typeof MapResultsQuery>;

/**
 * A feature as the server's repositories read it for the map: the styled properties' columns, and
 * the geometry already written as GeoJSON text by PostGIS (the answer is assembled as text, not
 * parsed and printed again).
 */
export interface MapFeatureRow {
  id: string;
  asset_code: string;
  subtype: string;
  condition_grade: number | null;
  material: string | null;
  size_mm: number | null;
  geometry: string;
}

/** The properties the map styles, labels and summarises by. */
export const MapFeatureProperties = z.object({
  assetId: z.string(),
  subtype: z.string(),
  conditionGrade: z.number().int().min(1).max(5).nullable(),
  material: z.string().nullable(),
  sizeMm: z.number().nullable(),
});
export type MapFeatureProperties = z.infer<typeof MapFeatureProperties>;

export const MapFeature = z.object({
  type: z.literal('Feature'),
  id: z.number(),
  geometry: GeoJsonGeometry,
  properties: MapFeatureProperties,
});
export type MapFeature = z.infer<typeof MapFeature>;

export const MapResults = z.object({
  type: z.literal('FeatureCollection'),
  /** The object type name the features belong to (Node, Section, Lateral). */
  objectType: z.string(),
  features: z.array(MapFeature),
  /**
   * How many features match. The viewport variant counts no further than the limit (spec section 9,
   * "plus-found"): then total is the limit and plusFound says more match.
   */
  total: z.number().int(),
  /** Counting stopped: more than total match. */
  plusFound: z.boolean(),
  limit: z.number().int(),
});
export type MapResults = z.infer<typeof MapResults>;
