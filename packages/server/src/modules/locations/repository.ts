/** The SQL of object locations and users' GPS fixes. */
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface LocationRow {
  longitude: number;
  latitude: number;
  altitude: number | null;
  horizontal_accuracy: number | null;
  source: 'collected' | 'imported-from-gis';
  captured_at: Date | string | null;
  gps: Record<string, unknown> | null;
  version: number | null;
}

export interface LocationWrite {
  longitude: number;
  latitude: number;
  altitude: number | null;
  horizontalAccuracy: number | null;
  source: string;
  capturedTime: string | null;
  gps: Record<string, unknown> | null;
  userId: string;
}

/** Where an object is on the map: a node's point, the start of a line, a subject's point. */
function gisPositionSql(kind: 'asset' | 'subject', objectType: string, id: number): SQL {
  switch (kind) {
    case 'asset':
      return sql`SELECT ST_X(p) AS longitude, ST_Y(p) AS latitude FROM (
            SELECT CASE WHEN GeometryType(geom) = 'POINT' THEN geom ELSE ST_StartPoint(geom) END AS p
            FROM assets WHERE object_type = ${objectType} AND id = ${id}) g`;
    case 'subject':
      return sql`SELECT ST_X(geom) AS longitude, ST_Y(geom) AS latitude, geom IS NULL AS missing
            FROM subjects WHERE ${objectType}::text = 'subject' AND id = ${id}`;
  }
}

export class LocationsRepository {
  constructor(private readonly db: Database) {}

  async stored(objectType: string, id: number): Promise<LocationRow | undefined> {
    const [row] = await this.db.query<LocationRow>(
      sql`SELECT longitude, latitude, altitude, horizontal_accuracy, source, captured_at, gps, version
       FROM locations WHERE object_type = ${objectType} AND object_id = ${id}`,
    );
    return row;
  }

  /** The object's position from its geometry; undefined when the object does not exist. */
  async gisPosition(
    kind: 'asset' | 'subject',
    objectType: string,
    id: number,
  ): Promise<{ longitude: number | null; latitude: number | null } | undefined> {
    const [row] = await this.db.query<{ longitude: number | null; latitude: number | null }>(
      gisPositionSql(kind, objectType, id),
    );
    return row;
  }

  /** Stores the first location of an object; answers its version, or undefined if one exists already. */
  async insertFirst(objectType: string, id: number, w: LocationWrite): Promise<number | undefined> {
    const [row] = await this.db.query<{ version: number }>(
      sql`INSERT INTO locations (object_type, object_id, longitude, latitude, altitude, horizontal_accuracy, source,
         captured_at, gps, updated_by)
       VALUES (${objectType}, ${id}, ${w.longitude}, ${w.latitude}, ${w.altitude}, ${w.horizontalAccuracy}, ${w.source},
         ${w.capturedTime}, ${gpsJson(w)}::jsonb, ${w.userId})
       ON CONFLICT (object_type, object_id) DO NOTHING RETURNING version`,
    );
    return row?.version;
  }

  /** Replaces a location if it still has the version read; answers the new version, or undefined. */
  async replace(objectType: string, id: number, version: number, w: LocationWrite): Promise<number | undefined> {
    const [row] = await this.db.query<{ version: number }>(
      sql`UPDATE locations SET longitude = ${w.longitude}, latitude = ${w.latitude}, altitude = ${w.altitude},
         horizontal_accuracy = ${w.horizontalAccuracy}, source = ${w.source}, captured_at = ${w.capturedTime},
         gps = ${gpsJson(w)}::jsonb, updated_by = ${w.userId}, updated_at = now(), version = version + 1
       WHERE object_type = ${objectType} AND object_id = ${id} AND version = ${version} RETURNING version`,
    );
    return row?.version;
  }

  async insertUserLocation(w: LocationWrite & { capturedTime: string }): Promise<{ id: string; received_at: Date }> {
    const [row] = await this.db.query<{ id: string; received_at: Date }>(
      sql`INSERT INTO user_locations (longitude, latitude, altitude, horizontal_accuracy, source, captured_at, gps, user_id)
       VALUES (${w.longitude}, ${w.latitude}, ${w.altitude}, ${w.horizontalAccuracy}, ${w.source}, ${w.capturedTime},
         ${gpsJson(w)}::jsonb, ${w.userId}) RETURNING id, received_at`,
    );
    return row!;
  }
}

function gpsJson(w: LocationWrite): string | null {
  return w.gps ? JSON.stringify(w.gps) : null;
}
