/** The SQL behind the map: features of one asset type inside a viewport, and the network's extent. */
import type { Database } from '../../db/connection';

export interface MapFeatureRow {
  id: string;
  asset_code: string;
  subtype: string;
  condition_grade: number | null;
  material: string | null;
  size_mm: number | null;
  geometry: string;
}

export interface ViewportQuery {
  objectType: string;
  /** west, south, east, north in WGS 84 degrees. */
  extent: readonly [number, number, number, number];
  /** A LIKE pattern over the lower-cased fields flagged below, or null for no term. */
  pattern: string | null;
  inAssetId: boolean;
  inStreet: boolean;
  inDistrict: boolean;
  inMaterial: boolean;
  limit: number;
}

/**
 * The viewport condition shared by the page and the count. ST_Intersects first asks the GiST index
 * `assets_geom_idx` for bounding boxes meeting the envelope (see the EXPLAIN test in
 * test/map.test.ts), then checks the geometry itself, so a pipe passing beside the view is left out;
 * the object type and the term are checked on the rows it finds.
 */
const VIEWPORT_WHERE = `
  ST_Intersects(a.geom, ST_MakeEnvelope($2, $3, $4, $5, 4326))
  AND a.object_type = $1
  AND ($6::text IS NULL
    OR ($7 AND lower(a.asset_code) LIKE $6)
    OR ($8 AND lower(a.street) LIKE $6)
    OR ($9 AND lower(a.district) LIKE $6)
    OR ($10 AND lower(a.material) LIKE $6))`;

export const VIEWPORT_FEATURES_SQL = `
  SELECT a.id, a.asset_code, a.subtype, a.condition_grade, a.material, a.size_mm,
         ST_AsGeoJSON(a.geom, 7) AS geometry
  FROM assets a
  WHERE ${VIEWPORT_WHERE}
  LIMIT $11`;

export const VIEWPORT_COUNT_SQL = `SELECT count(*)::int AS total FROM assets a WHERE ${VIEWPORT_WHERE}`;

export class MapRepository {
  constructor(private readonly db: Database) {}

  private params(q: ViewportQuery): unknown[] {
    return [q.objectType, ...q.extent, q.pattern, q.inAssetId, q.inStreet, q.inDistrict, q.inMaterial];
  }

  viewportFeatures(q: ViewportQuery): Promise<MapFeatureRow[]> {
    return this.db.query<MapFeatureRow>(VIEWPORT_FEATURES_SQL, [...this.params(q), q.limit]);
  }

  async viewportCount(q: ViewportQuery): Promise<number> {
    const [row] = await this.db.query<{ total: number }>(VIEWPORT_COUNT_SQL, this.params(q));
    return row?.total ?? 0;
  }

  /** The bounding box of every asset, or null when the network is empty. A full scan: call it rarely. */
  async networkExtent(): Promise<[number, number, number, number] | null> {
    const [row] = await this.db.query<{ west: number | null; south: number; east: number; north: number }>(
      `SELECT ST_XMin(e) AS west, ST_YMin(e) AS south, ST_XMax(e) AS east, ST_YMax(e) AS north
       FROM (SELECT ST_Extent(geom) AS e FROM assets) x`,
    );
    if (!row || row.west === null) return null;
    return [Number(row.west), Number(row.south), Number(row.east), Number(row.north)];
  }
}
