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
 * The viewport condition. ST_Intersects first asks the type's partial GiST index
 * (`assets_geom_<type>_idx`, migration 0008; see the EXPLAIN test in test/map.test.ts) for bounding
 * boxes meeting the envelope, then checks the geometry itself, so a pipe passing beside the view is
 * left out; the term is checked on the rows it finds.
 */
const VIEWPORT_WHERE = `
  ST_Intersects(a.geom, ST_MakeEnvelope($2, $3, $4, $5, 4326))
  AND a.object_type = $1
  AND ($6::text IS NULL
    OR ($7 AND lower(a.asset_code) LIKE $6)
    OR ($8 AND lower(a.street) LIKE $6)
    OR ($9 AND lower(a.district) LIKE $6)
    OR ($10 AND lower(a.material) LIKE $6))`;

/**
 * One statement answers both the page and its count: asked for limit + 1 rows, it tells whether
 * more than the limit match without counting them all (a full count over a district of a
 * million-asset network read every matching row again, for a number the map only compares with the
 * limit). No ORDER BY: any limit rows of the view will do, and sorting would read them all.
 */
export const VIEWPORT_FEATURES_SQL = `
  SELECT a.id, a.asset_code, a.subtype, a.condition_grade, a.material, a.size_mm,
         ST_AsGeoJSON(a.geom, 7) AS geometry
  FROM assets a
  WHERE ${VIEWPORT_WHERE}
  LIMIT $11`;

export class MapRepository {
  constructor(private readonly db: Database) {}

  private params(q: ViewportQuery): unknown[] {
    return [q.objectType, ...q.extent, q.pattern, q.inAssetId, q.inStreet, q.inDistrict, q.inMaterial];
  }

  /** At most limit + 1 rows: the extra one only says that more match. */
  viewportFeatures(q: ViewportQuery): Promise<MapFeatureRow[]> {
    return this.db.query<MapFeatureRow>(VIEWPORT_FEATURES_SQL, [...this.params(q), q.limit + 1]);
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
