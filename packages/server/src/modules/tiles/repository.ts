/**
 * The SQL behind vector tiles. Both queries find a tile's assets through the GiST index
 * `assets_geom_idx` with `geom && <tile envelope, buffered, in WGS 84>` (the EXPLAIN test in
 * test/tiles.test.ts): the envelope is a Web Mercator square, which maps to a longitude/latitude box.
 */
import { TILE_BUFFER, TILE_EXTENT, TILE_PIXELS } from '@manway/core/api/tiles';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface TileQuery {
  objectType: string;
  z: number;
  x: number;
  y: number;
  /** Snapped to the tile's pixels, one feature per pixel path (TILE_THIN_MAX_ZOOM). */
  thinned: boolean;
}

export interface TileFeatureRow {
  id: string;
  asset_code: string;
  subtype: string;
  condition_grade: number | null;
  /** GeoJSON in Web Mercator metres, already clipped to the buffered tile. */
  geometry: string;
}

/** The buffer as a fraction of the tile's width, for ST_TileEnvelope's margin. */
const MARGIN = TILE_BUFFER / TILE_EXTENT;

// The tiling constants are ours, written into the statement as numbers (the plans depend on them).
const extent = sql.raw(String(TILE_EXTENT));
const buffer = sql.raw(String(TILE_BUFFER));
const pixels = sql.raw(String(TILE_PIXELS));

function tileBounds(q: TileQuery): SQL {
  return sql`
  WITH bounds AS (
    SELECT ST_TileEnvelope(${q.z}, ${q.x}, ${q.y}) AS envelope,
           ST_TileEnvelope(${q.z}, ${q.x}, ${q.y}, margin => ${sql.raw(String(MARGIN))}) AS buffered)`;
}

/** PostgreSQL: the whole tile, clipped, snapped and encoded by PostGIS (ST_AsMVT needs protobuf-c). */
function mvtTileSql(q: TileQuery, layerName: string): SQL {
  return sql`${tileBounds(q)}
  SELECT ST_AsMVT(t, ${layerName}, ${extent}, 'geom', 'id') AS tile
  FROM (
    SELECT a.id, a.asset_code AS "assetId", a.subtype, a.condition_grade AS "conditionGrade",
           ST_AsMVTGeom(ST_Transform(a.geom, 3857), b.envelope, ${extent}, ${buffer}, true) AS geom
    FROM assets a, bounds b
    WHERE a.geom && ST_Transform(b.buffered, 4326) AND a.object_type = ${q.objectType}
  ) t
  WHERE t.geom IS NOT NULL`;
}

/**
 * In a thinned tile a line shorter than a pixel is left out, before either encoder sees it: one
 * rule, read in SQL by both paths, rather than ST_AsMVTGeom's own cut (lines under about half a grid
 * unit, by its internal simplification), which the in-process encoder could only imitate.
 */
const NO_LINE_UNDER_A_PIXEL = sql`(ST_Dimension(a.geom) = 0
    OR ST_Length(ST_Transform(a.geom, 3857)) >= (ST_XMax(b.envelope) - ST_XMin(b.envelope)) / ${pixels})`;

/**
 * PostgreSQL, thinned: ST_AsMVTGeom snaps to the tile's pixels (extent TILE_PIXELS, the buffer scaled
 * alike) and drops what collapses, ST_Scale brings the pixels back to tile units, and DISTINCT ON keeps
 * one feature per pixel path, the worst condition grade first, then the lowest id (encode.ts alike).
 */
function mvtThinnedTileSql(q: TileQuery, layerName: string): SQL {
  const pixelBuffer = sql.raw(String((TILE_BUFFER * TILE_PIXELS) / TILE_EXTENT));
  const scale = sql.raw(String(TILE_EXTENT / TILE_PIXELS));
  return sql`${tileBounds(q)}
  SELECT ST_AsMVT(t, ${layerName}, ${extent}, 'geom', 'id') AS tile
  FROM (
    SELECT DISTINCT ON (ST_AsBinary(geom)) id, "assetId", subtype, "conditionGrade", geom
    FROM (
      SELECT a.id, a.asset_code AS "assetId", a.subtype, a.condition_grade AS "conditionGrade",
             ST_Scale(
               ST_AsMVTGeom(ST_Transform(a.geom, 3857), b.envelope, ${pixels},
                            ${pixelBuffer}, true),
               ${scale}, ${scale}) AS geom
      FROM assets a, bounds b
      WHERE a.geom && ST_Transform(b.buffered, 4326) AND a.object_type = ${q.objectType} AND ${NO_LINE_UNDER_A_PIXEL}
    ) snapped
    WHERE geom IS NOT NULL
    ORDER BY ST_AsBinary(geom), "conditionGrade" DESC NULLS LAST, id
  ) t`;
}

/** PostgreSQL: the statement that encodes the tile, thinned or not. */
export function tileMvtSql(q: TileQuery, layerName: string): SQL {
  return q.thinned ? mvtThinnedTileSql(q, layerName) : mvtTileSql(q, layerName);
}

/**
 * PGlite's PostGIS is built without protobuf-c, so ST_AsMVTGeom and ST_AsMVT are missing there: this
 * selects the same features, clipped to the same buffered square, and encode.ts does the rest.
 */
export function tileFeaturesSql(q: TileQuery): SQL {
  return sql`${tileBounds(q)}
  SELECT id, asset_code, subtype, condition_grade, ST_AsGeoJSON(clipped) AS geometry
  FROM (
    SELECT a.id, a.asset_code, a.subtype, a.condition_grade,
           ST_ClipByBox2D(ST_Transform(a.geom, 3857), b.buffered) AS clipped
    FROM assets a, bounds b
    WHERE a.geom && ST_Transform(b.buffered, 4326) AND a.object_type = ${q.objectType}
      AND (NOT ${q.thinned} OR ${NO_LINE_UNDER_A_PIXEL})
  ) t
  WHERE NOT ST_IsEmpty(clipped)`;
}

export class TilesRepository {
  constructor(private readonly db: Database) {}

  /** Where ST_AsMVT is available. */
  get encodesInDatabase(): boolean {
    return this.db.kind === 'postgres';
  }

  /** The network's change counter (migration 0007); read before the data it keys. */
  async networkVersion(): Promise<string> {
    const [row] = await this.db.query<{ version: string }>(
      sql`SELECT version::text AS version FROM data_versions WHERE name = 'network'`,
    );
    return row?.version ?? '0';
  }

  async mvtTile(q: TileQuery, layerName: string): Promise<Uint8Array> {
    const [row] = await this.db.query<{ tile: Uint8Array | null }>(tileMvtSql(q, layerName));
    return row?.tile ?? new Uint8Array();
  }

  tileFeatures(q: TileQuery): Promise<TileFeatureRow[]> {
    return this.db.query<TileFeatureRow>(tileFeaturesSql(q));
  }
}
