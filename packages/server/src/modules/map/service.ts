/**
 * Map results for the viewport, and the network extent the map opens on. The route's contract
 * (core api/map.ts) has read the query string: extent, limit and searchFields arrive typed.
 */
import {
  FILTER_VARIANT_PARAMS,
  type MapFeatureProperties,
  type MapFeatureRow,
  type MapResults,
  type MapResultsQuery,
} from '@manway/core/api/map';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { fail } from '../../errors';
import type { FiltersService } from '../filters/service';
import type { ObjectsService } from '../objects/service';
import type { CurrentUser } from '../users/service';
import type { MapRepository, ViewportQuery } from './repository';

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
    const { limit, countOnly } = q;
    if (FILTER_VARIANT_PARAMS.some((p) => q[p] !== undefined)) {
      const { typeName, rows, total, plusFound } = await this.filters.mapFeatures(user, q);
      return resultsJson(typeName, rows, { total, plusFound, limit });
    }
    if (!q.dynamicLayerId) throw fail.field('dynamicLayerId', 'Name the layer: Node, Section or Lateral.');
    if (!q.extent) throw fail.field('extent', 'The viewport extent is required: west,south,east,north.');
    const type = await this.objects.resolveType(q.dynamicLayerId, ['asset']);
    if (type.kind !== 'asset') throw fail.field('dynamicLayerId', 'A map layer shows assets.');
    const term = (q.term ?? '').trim().toLowerCase();
    const query: ViewportQuery = {
      objectType: type.key,
      extent: q.extent,
      pattern: term ? `%${likeEscape(term)}%` : null,
      inAssetId: q.searchFields.includes('assetId'),
      inStreet: q.searchFields.includes('street'),
      inDistrict: q.searchFields.includes('district'),
      inMaterial: q.searchFields.includes('material'),
    };
    if (countOnly) {
      // Counted as the features are (limit + 1 rows), so the count reads as the full answer's would.
      const counted = await this.repo.viewportCount(query, limit);
      const plusFound = counted > limit;
      return resultsJson(type.typeName, [], { total: plusFound ? limit : counted, plusFound, limit });
    }
    const rows = await this.repo.viewportFeatures(query, limit);
    const plusFound = rows.length > limit;
    const page = plusFound ? rows.slice(0, limit) : rows;
    return resultsJson(type.typeName, page, { total: page.length, plusFound, limit });
  }

  /** The box around every asset, for the map's first view; null on an empty network. */
  networkExtent(): Promise<Wgs84Extent | null> {
    return this.repo.networkExtent();
  }
}
