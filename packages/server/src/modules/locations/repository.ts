/** The SQL of object locations and users' GPS fixes. */
import type { Database } from '../../db/connection';

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
const GIS_POSITION = {
  asset: `SELECT ST_X(p) AS longitude, ST_Y(p) AS latitude FROM (
            SELECT CASE WHEN GeometryType(geom) = 'POINT' THEN geom ELSE ST_StartPoint(geom) END AS p
            FROM assets WHERE object_type = $1 AND id = $2) g`,
  subject: `SELECT ST_X(geom) AS longitude, ST_Y(geom) AS latitude, geom IS NULL AS missing
            FROM subjects WHERE $1::text = 'subject' AND id = $2`,
};

export class LocationsRepository {
  constructor(private readonly db: Database) {}

  async stored(objectType: string, id: number): Promise<LocationRow | undefined> {
    const [row] = await this.db.query<LocationRow>(
      `SELECT longitude, latitude, altitude, horizontal_accuracy, source, captured_at, gps, version
       FROM locations WHERE object_type = $1 AND object_id = $2`,
      [objectType, id],
    );
    return row;
  }

  /** The object's position from its geometry; undefined when the object does not exist. */
  async gisPosition(
    kind: 'asset' | 'subject',
    objectType: string,
    id: number,
  ): Promise<{ longitude: number | null; latitude: number | null } | undefined> {
    const [row] = await this.db.query<{ longitude: number | null; latitude: number | null }>(GIS_POSITION[kind], [
      objectType,
      id,
    ]);
    return row;
  }

  /** Stores the first location of an object; answers its version, or undefined if one exists already. */
  async insertFirst(objectType: string, id: number, w: LocationWrite): Promise<number | undefined> {
    const [row] = await this.db.query<{ version: number }>(
      `INSERT INTO locations (object_type, object_id, longitude, latitude, altitude, horizontal_accuracy, source,
         captured_at, gps, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)
       ON CONFLICT (object_type, object_id) DO NOTHING RETURNING version`,
      [objectType, id, ...values(w)],
    );
    return row?.version;
  }

  /** Replaces a location if it still has the version read; answers the new version, or undefined. */
  async replace(objectType: string, id: number, version: number, w: LocationWrite): Promise<number | undefined> {
    const [row] = await this.db.query<{ version: number }>(
      `UPDATE locations SET longitude = $3, latitude = $4, altitude = $5, horizontal_accuracy = $6, source = $7,
         captured_at = $8, gps = $9::jsonb, updated_by = $10, updated_at = now(), version = version + 1
       WHERE object_type = $1 AND object_id = $2 AND version = $11 RETURNING version`,
      [objectType, id, ...values(w), version],
    );
    return row?.version;
  }

  async insertUserLocation(w: LocationWrite & { capturedTime: string }): Promise<{ id: string; received_at: Date }> {
    const [row] = await this.db.query<{ id: string; received_at: Date }>(
      `INSERT INTO user_locations (longitude, latitude, altitude, horizontal_accuracy, source, captured_at, gps, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id, received_at`,
      values(w),
    );
    return row!;
  }
}

function values(w: LocationWrite): unknown[] {
  return [
    w.longitude,
    w.latitude,
    w.altitude,
    w.horizontalAccuracy,
    w.source,
    w.capturedTime,
    w.gps ? JSON.stringify(w.gps) : null,
    w.userId,
  ];
}
