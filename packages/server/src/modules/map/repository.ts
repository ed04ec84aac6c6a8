/** The SQL behind the map: features of one asset type inside a viewport, and the network's extent. */
import type { MapFeatureRow } from '@manway/core/api/map';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface ViewportQuery {
  objectType: string;
  extent: Wgs84Extent;
  /** A LIKE pattern over the lower-cased fields flagged below, or null for no term. */
  pattern: string | null;
  inAssetId: boolean;
  inStreet: boolean;
  inDistrict: boolean;
  inMaterial: boolean;
}

/**
 * The viewport condition. ST_Intersects first asks the type's partial GiST index
 * (`assets_geom_<type>_idx`, migration 0008; see the EXPLAIN test in test/map.test.ts) for bounding
 * boxes meeting the envelope, then checks the geometry itself, so a pipe passing beside the view is
 * left out; the term is checked on the rows it finds.
 */
function viewportWhere(q: ViewportQuery): SQL {
  const [west, south, east, north] = q.extent;
  return sql`
  ST_Intersects(a.geom, ST_MakeEnvelope(${west}, ${south}, ${east}, ${north}, 4326))
  AND a.object_type = ${q.objectType}
  AND (${q.pattern}::text IS NULL
    OR (${q.inAssetId} AND lower(a.asset_code) LIKE ${q.pattern})
    OR (${q.inStreet} AND lower(a.street) LIKE ${q.pattern})
    OR (${q.inDistrict} AND lower(a.district) LIKE ${q.pattern})
    OR (${q.inMaterial} AND lower(a.material) LIKE ${q.pattern}))`;
}

/**
 * One statement answers both the page and its count: asked for limit + 1 rows, it tells whether
 * more than the limit match without counting them all (a full count over a district of a
 * million-asset network read every matching row again, for a number the map only compares with the
 * limit). No ORDER BY: any limit rows of the view will do, and sorting would read them all.
 */
export function viewportFeaturesSql(q: ViewportQuery, rows: number): SQL {
  return sql`
  SELECT a.id, a.asset_code, a.subtype, a.condition_grade, a.material, a.size_mm,
         ST_AsGeoJSON(a.geom, 7) AS geometry
  FROM assets a
  WHERE ${viewportWhere(q)}
  LIMIT ${rows}`;
}

/** The count alone, stopping at `rows`: the same rows as the features statement, none of their GeoJSON. */
export function viewportCountSql(q: ViewportQuery, rows: number): SQL {
  return sql`
  SELECT count(*)::int AS n FROM (
    SELECT 1
    FROM assets a
    WHERE ${viewportWhere(q)}
    LIMIT ${rows}) x`;
}

export class MapRepository {
  constructor(private readonly db: Database) {}

  /** At most limit + 1 rows: the extra one only says that more match. */
  viewportFeatures(q: ViewportQuery, limit: number): Promise<MapFeatureRow[]> {
    return this.db.query<MapFeatureRow>(viewportFeaturesSql(q, limit + 1));
  }

  /** How many features the viewport holds, counting no further than limit + 1. */
  async viewportCount(q: ViewportQuery, limit: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(viewportCountSql(q, limit + 1));
    return row?.n ?? 0;
  }

  /** The bounding box of every asset, or null when the network is empty. A full scan: call it rarely. */
  async networkExtent(): Promise<Wgs84Extent | null> {
    const [row] = await this.db.query<{ west: number | null; south: number; east: number; north: number }>(
      sql`SELECT ST_XMin(e) AS west, ST_YMin(e) AS south, ST_XMax(e) AS east, ST_YMax(e) AS north
       FROM (SELECT ST_Extent(geom) AS e FROM assets) x`,
    );
    if (!row || row.west === null) return null;
    return [Number(row.west), Number(row.south), Number(row.east), Number(row.north)];
  }
}
