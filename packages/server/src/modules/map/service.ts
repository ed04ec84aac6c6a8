/**
 * Map results for the viewport, and the network extent the map opens on. The query string arrives
 * as text; each parameter is read here so a bad one answers 400 naming it.
 */
import {
  DEFAULT_MAP_SEARCH_FIELDS,
  FILTER_VARIANT_PARAMS,
  MAP_RESULTS_MAX_LIMIT,
  MAP_SEARCH_FIELDS,
  type MapFeatureProperties,
  type MapResults,
  type MapResultsQuery,
  type MapSearchField,
} from '@manway/core/api/map';
import { fail } from '../../errors';
import type { FiltersService } from '../filters/service';
import type { ObjectsService } from '../objects/service';
import type { CurrentUser } from '../users/service';
import type { MapFeatureRow, MapRepository } from './repository';

export type Extent = [west: number, south: number, east: number, north: number];

/** Reads `west,south,east,north` in WGS 84 degrees; throws a 400 naming `extent` when it is not one. */
export function parseExtent(raw: string): Extent {
  const parts = raw.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length !== 4 || parts.some((p) => p === '') || values.some((v) => !Number.isFinite(v))) {
    throw fail.field('extent', 'The extent is four numbers: west,south,east,north in WGS 84 degrees.');
  }
  const [west, south, east, north] = values as Extent;
  if (west < -180 || east > 180 || south < -90 || north > 90) {
    throw fail.field('extent', 'Longitudes lie between -180 and 180, latitudes between -90 and 90.');
  }
  if (west > east || south > north) {
    throw fail.field('extent', 'West must not exceed east, nor south north.');
  }
  return [west, south, east, north];
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return MAP_RESULTS_MAX_LIMIT;
  const limit = /^\d{1,7}$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAP_RESULTS_MAX_LIMIT) {
    throw fail.field('limit', `The limit is a whole number from 1 to ${MAP_RESULTS_MAX_LIMIT}.`);
  }
  return limit;
}

export function parseSearchFields(raw: string | undefined): Set<MapSearchField> {
  if (raw === undefined || raw.trim() === '') return new Set(DEFAULT_MAP_SEARCH_FIELDS);
  const names = raw.split(',').map((f) => f.trim());
  const unknown = names.filter((n) => !(MAP_SEARCH_FIELDS as readonly string[]).includes(n));
  if (unknown.length) {
    throw fail.field(
      'searchFields',
      `Unknown search fields: ${unknown.join(', ')}. Known fields: ${MAP_SEARCH_FIELDS.join(', ')}.`,
    );
  }
  return new Set(names as MapSearchField[]);
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function propertiesOf(r: MapFeatureRow): MapFeatureProperties {
  return {
    assetId: r.asset_code,
    subtype: r.subtype,
    conditionGrade: r.condition_grade === null ? null : Number(r.condition_grade),
    material: r.material,
    sizeMm: r.size_mm === null ? null : Number(r.size_mm),
  };
}

/**
 * The answer as JSON text, written here rather than by the response serialiser: PostGIS already
 * wrote each geometry as GeoJSON, and parsing 5,000 of them only to validate and print them again
 * cost more than the query (docs/decisions/0013). The fields are still named one by one, and the
 * integration tests parse every answer with the MapResults schema.
 */
function resultsJson(
  objectType: string,
  rows: readonly MapFeatureRow[],
  answer: Omit<MapResults, 'type' | 'objectType' | 'features'>,
): string {
  const features = rows.map(
    (r) =>
      `{"type":"Feature","id":${Number(r.id)},"geometry":${r.geometry},"properties":${JSON.stringify(propertiesOf(r))}}`,
  );
  const rest = JSON.stringify(answer);
  return `{"type":"FeatureCollection","objectType":${JSON.stringify(objectType)},"features":[${features.join(',')}],${rest.slice(1)}`;
}

export class MapService {
  constructor(
    private readonly repo: MapRepository,
    private readonly objects: ObjectsService,
    private readonly filters: FiltersService,
  ) {}

  /** The MapResults answer, as JSON text. */
  async results(user: CurrentUser, q: MapResultsQuery): Promise<string> {
    if (FILTER_VARIANT_PARAMS.some((p) => q[p] !== undefined)) {
      const limit = parseLimit(q.limit);
      const { typeName, rows, total, plusFound } = await this.filters.mapFeatures(user, q, limit);
      return resultsJson(typeName, rows, { total, plusFound, limit });
    }
    if (!q.dynamicLayerId) throw fail.field('dynamicLayerId', 'Name the layer: Node, Section or Lateral.');
    if (!q.extent) throw fail.field('extent', 'The viewport extent is required: west,south,east,north.');
    const type = await this.objects.resolveType(q.dynamicLayerId, ['asset']);
    if (type.kind !== 'asset') throw fail.field('dynamicLayerId', 'A map layer shows assets.');
    const extent = parseExtent(q.extent);
    const limit = parseLimit(q.limit);
    const fields = parseSearchFields(q.searchFields);
    const term = (q.term ?? '').trim().toLowerCase();

    const query = {
      objectType: type.key,
      extent,
      pattern: term ? `%${likeEscape(term)}%` : null,
      inAssetId: fields.has('assetId'),
      inStreet: fields.has('street'),
      inDistrict: fields.has('district'),
      inMaterial: fields.has('material'),
      limit,
    };
    const rows = await this.repo.viewportFeatures(query);
    const plusFound = rows.length > limit;
    const page = plusFound ? rows.slice(0, limit) : rows;
    return resultsJson(type.typeName, page, { total: page.length, plusFound, limit });
  }

  /** The box around every asset, for the map's first view; null on an empty network. */
  networkExtent(): Promise<Extent | null> {
    return this.repo.networkExtent();
  }
}
