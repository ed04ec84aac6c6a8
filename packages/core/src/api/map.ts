/**
 * Map results (main-app spec section 7, "Filters and search": GET api/filters/results/map). The
 * dynamic-layer variant answers the features of one object type inside a viewport; the filter
 * variant (filter, filterBy, filterName, filterHash, additionalRestrictions) answers the assets a saved
 * or inline filter finds (api/filters.ts), in the same shape.
 */
import { z } from 'zod';
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

const text = z.string().max(2000).optional();

/** Strings as they come off the query; the service reads extent, limit and searchFields itself. */
export const MapResultsQuery = z.object({
  /** The object type shown by the layer: Node, Section or Lateral (any case). */
  dynamicLayerId: z.string().min(1).max(100).optional(),
  ignoreCache: z.enum(['true', 'false']).optional(),
  /** A cache-busting stamp the client sends; the answer is always read fresh. */
  timestamp: z.string().max(100).optional(),
  /** west,south,east,north in WGS 84 degrees. */
  extent: z.string().max(200).optional(),
  term: z.string().max(100).optional(),
  /** Comma-separated: assetId, street, district, material. */
  searchFields: z.string().max(200).optional(),
  limit: z.string().max(20).optional(),
  filter: text,
  filterBy: text,
  filterName: text,
  filterHash: text,
  additionalRestrictions: text,
});
export type MapResultsQuery = z.infer<typeof MapResultsQuery>;

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
