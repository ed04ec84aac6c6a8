/**
 * The SQL of observations and connected subjects: their rows, their media rows, the form templates
 * and codes their forms are checked against, and the cached scores and asset condition an
 * observation's change recomputes. Writes take a connection so the service runs them in one transaction.
 */
import type { Connection, Database } from '../../db/connection';
import { sql } from '../../db/sql';
import type { ReceivedFile } from '../storage/service';

export interface InspectionRow {
  id: string;
  asset_id: string;
  standard_id: string;
  status: 'incomplete' | 'pending' | 'completed';
}

export interface StandardRow {
  grade_min: number;
  grade_max: number;
  worst_is_high: boolean;
  continuous_unit_m: number;
}

export interface CodeRow {
  code: string;
  family: 'structural' | 'operational' | 'inventory' | 'other';
  label: string;
  characterisations: Record<string, string> | null;
  characterisation_required: boolean;
  quantification_unit: '%' | 'mm' | 'm' | null;
  quantification_required: boolean;
  clock_required: boolean;
  continuous_allowed: boolean;
  grade_rule: unknown;
}

export interface ObservationRow {
  id: string;
  inspection_id: string;
  sequence: number;
  distance_m: number;
  code: string;
  characterisation: string | null;
  quantification1: number | null;
  quantification2: number | null;
  clock_from: number | null;
  clock_to: number | null;
  at_joint: boolean;
  continuous: 'S' | 'F' | null;
  continuous_group: number | null;
  grade: number | null;
  remark: string | null;
  video_offset_ms: number | null;
  version: number;
}

/** What a form writes to an observation row; sequence and continuous group are the service's. */
export interface ObservationWrite {
  distanceM: number;
  code: string;
  characterisation: string | null;
  quantification1: number | null;
  quantification2: number | null;
  clockFrom: number | null;
  clockTo: number | null;
  atJoint: boolean;
  continuous: 'S' | 'F' | null;
  continuousGroup: number | null;
  grade: number | null;
  remark: string | null;
  videoOffsetMs: number | null;
}

export interface MediaRow {
  id: string;
  owner_id: string;
  file_name: string;
  kind: 'image' | 'video' | 'document' | 'fusion';
  content_type: string;
  size_bytes: string | number;
  created_at: Date | string;
}

export interface ScoredRow {
  family: 'structural' | 'operational' | 'inventory' | 'other';
  grade: number | null;
  distance_m: number;
  continuous: 'S' | 'F' | null;
  continuous_group: number | null;
}

export interface FamilyScoreWrite {
  peak: number;
  rating: number;
  index: number;
  quick: string;
}

export interface ConnectedRow {
  id: string;
  parent_type: string;
  parent_id: string;
  subject_id: string;
  subject_kind: string;
  subject_label: string;
  longitude: number | null;
  latitude: number | null;
  form_values: Record<string, unknown>;
  version: number;
}

export interface ConnectedWrite {
  longitude: number | null;
  latitude: number | null;
  values: Record<string, unknown>;
}

/** The media owner type of each record (media.owner_type). */
export type RecordOwner = 'observation' | 'connected-subject';

const OBSERVATION_COLUMNS = sql`o.id, o.inspection_id, o.sequence, o.distance_m, o.code, o.characterisation,
  o.quantification1, o.quantification2, o.clock_from, o.clock_to, o.at_joint, o.continuous, o.continuous_group,
  o.grade, o.remark, o.video_offset_ms, o.version`;

const CONNECTED_COLUMNS = sql`c.id, c.parent_type, c.parent_id, c.subject_id, s.kind AS subject_kind,
  s.label AS subject_label, ST_X(c.geom) AS longitude, ST_Y(c.geom) AS latitude, c.form_values, c.version`;

const point = (lon: number | null, lat: number | null) =>
  lon === null || lat === null ? sql`NULL` : sql`ST_SetSRID(ST_MakePoint(${lon}, ${lat}), 4326)`;

export class ObservationsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The inspection; with `lock`, held until the transaction ends (its observations' sequence and scores). */
  async inspection(id: number, conn: Connection = this.db, lock = false): Promise<InspectionRow | undefined> {
    const [row] = await conn.query<InspectionRow>(
      sql`SELECT id, asset_id, standard_id, status FROM inspections WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
    );
    return row;
  }

  /** The stored form template of an object type (and standard, for observations); undefined when none. */
  async template(objectType: string, standardId: string | null, conn: Connection = this.db): Promise<unknown> {
    const [row] = await conn.query<{ definition: unknown }>(
      sql`SELECT definition FROM form_templates
       WHERE object_type = ${objectType} AND standard_id IS NOT DISTINCT FROM ${standardId}`,
    );
    return row?.definition;
  }

  async standard(standardId: string, conn: Connection = this.db): Promise<StandardRow | undefined> {
    const [row] = await conn.query<StandardRow>(
      sql`SELECT grade_min, grade_max, worst_is_high, continuous_unit_m FROM standards WHERE id = ${standardId}`,
    );
    return row;
  }

  codes(standardId: string, conn: Connection = this.db): Promise<CodeRow[]> {
    return conn.query<CodeRow>(
      sql`SELECT code, family, label, characterisations, characterisation_required, quantification_unit,
         quantification_required, clock_required, continuous_allowed, grade_rule
       FROM observation_codes WHERE standard_id = ${standardId} ORDER BY code`,
    );
  }

  observationsOf(inspectionId: number): Promise<ObservationRow[]> {
    return this.db.query<ObservationRow>(
      sql`SELECT ${OBSERVATION_COLUMNS} FROM observations o WHERE o.inspection_id = ${inspectionId} ORDER BY o.sequence`,
    );
  }

  async observation(id: number, conn: Connection = this.db): Promise<ObservationRow | undefined> {
    const [row] = await conn.query<ObservationRow>(
      sql`SELECT ${OBSERVATION_COLUMNS} FROM observations o WHERE o.id = ${id}`,
    );
    return row;
  }

  /** One past the highest sequence of the inspection (the caller holds the inspection's lock). */
  async nextSequence(conn: Connection, inspectionId: number): Promise<number> {
    const [row] = await conn.query<{ next: number }>(
      sql`SELECT coalesce(max(sequence), 0)::int + 1 AS next FROM observations WHERE inspection_id = ${inspectionId}`,
    );
    return row?.next ?? 1;
  }

  async nextContinuousGroup(conn: Connection, inspectionId: number): Promise<number> {
    const [row] = await conn.query<{ next: number }>(
      sql`SELECT coalesce(max(continuous_group), 0)::int + 1 AS next FROM observations
       WHERE inspection_id = ${inspectionId}`,
    );
    return row?.next ?? 1;
  }

  /** The group of the latest start of `code` in the inspection that no finish has closed yet. */
  async openContinuousGroup(conn: Connection, inspectionId: number, code: string): Promise<number | undefined> {
    const [row] = await conn.query<{ continuous_group: number }>(
      sql`SELECT s.continuous_group FROM observations s
       WHERE s.inspection_id = ${inspectionId} AND s.code = ${code} AND s.continuous = 'S'
         AND NOT EXISTS (SELECT 1 FROM observations f WHERE f.inspection_id = s.inspection_id
           AND f.continuous = 'F' AND f.continuous_group = s.continuous_group)
       ORDER BY s.sequence DESC LIMIT 1`,
    );
    return row?.continuous_group;
  }

  async insertObservation(
    conn: Connection,
    inspectionId: number,
    standardId: string,
    sequence: number,
    w: ObservationWrite,
  ): Promise<string> {
    const [row] = await conn.query<{ id: string }>(
      sql`INSERT INTO observations (inspection_id, standard_id, sequence, distance_m, code, characterisation,
         quantification1, quantification2, clock_from, clock_to, at_joint, continuous, continuous_group, grade, remark,
         video_offset_ms)
       VALUES (${inspectionId}, ${standardId}, ${sequence}, ${w.distanceM}, ${w.code}, ${w.characterisation},
         ${w.quantification1}, ${w.quantification2}, ${w.clockFrom}, ${w.clockTo}, ${w.atJoint}, ${w.continuous},
         ${w.continuousGroup}, ${w.grade}, ${w.remark}, ${w.videoOffsetMs})
       RETURNING id`,
    );
    return row!.id;
  }

  /** Changes the observation if it still has the version read; false when it does not. */
  async updateObservation(conn: Connection, id: number, version: number, w: ObservationWrite): Promise<boolean> {
    const rows = await conn.query(
      sql`UPDATE observations SET distance_m = ${w.distanceM}, code = ${w.code}, characterisation = ${w.characterisation},
         quantification1 = ${w.quantification1}, quantification2 = ${w.quantification2}, clock_from = ${w.clockFrom},
         clock_to = ${w.clockTo}, at_joint = ${w.atJoint}, continuous = ${w.continuous},
         continuous_group = ${w.continuousGroup}, grade = ${w.grade}, remark = ${w.remark},
         video_offset_ms = ${w.videoOffsetMs}, version = version + 1
       WHERE id = ${id} AND version = ${version} RETURNING id`,
    );
    return rows.length === 1;
  }

  /** Deletes the observation if it still has the version read (any version when none is named). */
  async deleteObservation(conn: Connection, id: number, version: number | undefined): Promise<boolean> {
    const rows = await conn.query(
      sql`DELETE FROM observations WHERE id = ${id}${version === undefined ? sql`` : sql` AND version = ${version}`}
       RETURNING id`,
    );
    return rows.length === 1;
  }

  /** Adds the received files to the record; answers their media ids. */
  async insertMedia(
    conn: Connection,
    owner: RecordOwner,
    ownerId: number,
    files: readonly ReceivedFile[],
  ): Promise<number[]> {
    if (files.length === 0) return [];
    const list = files.map((f) => ({
      n: f.fileName,
      k: f.kind,
      t: f.contentType,
      s: f.sha256,
      b: f.sizeBytes,
      key: f.storageKey,
    }));
    const rows = await conn.query<{ id: string }>(
      sql`INSERT INTO media (owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
       SELECT ${owner}, ${ownerId}, v.k, v.n, v.key, v.t, v.s, v.b
       FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(n text, k text, t text, s text, b bigint, key text)
       RETURNING id`,
    );
    return rows.map((r) => Number(r.id));
  }

  mediaOf(owner: RecordOwner, ownerIds: readonly number[]): Promise<MediaRow[]> {
    return this.db.query<MediaRow>(
      sql`SELECT id, owner_id, file_name, kind, content_type, size_bytes, created_at FROM media
       WHERE owner_type = ${owner} AND owner_id = ANY(${ownerIds}::bigint[]) ORDER BY id`,
    );
  }

  /** Deletes the owners' media rows with these ids (all of them when `ids` is undefined); answers the keys freed. */
  async deleteMedia(
    conn: Connection,
    owner: RecordOwner,
    ownerIds: readonly number[],
    ids?: readonly number[],
  ): Promise<{ id: string; storage_key: string }[]> {
    if (ownerIds.length === 0) return [];
    return conn.query<{ id: string; storage_key: string }>(
      sql`DELETE FROM media WHERE owner_type = ${owner} AND owner_id = ANY(${ownerIds}::bigint[])
       ${ids === undefined ? sql`` : sql`AND id = ANY(${ids}::bigint[])`} RETURNING id, storage_key`,
    );
  }

  /**
   * Deletes the connected subjects of an inspection and of its observations, and the media rows of the
   * inspection, its observations and those connections; answers the storage keys the media rows named.
   */
  async deleteRecordsOfInspection(conn: Connection, inspectionId: number): Promise<string[]> {
    const rows = await conn.query<{ storage_key: string }>(
      sql`WITH obs AS (SELECT id FROM observations WHERE inspection_id = ${inspectionId}),
         conns AS (
           DELETE FROM connected_subjects
           WHERE (parent_type = 'inspection' AND parent_id = ${inspectionId})
              OR (parent_type = 'observation' AND parent_id IN (SELECT id FROM obs))
           RETURNING id)
       DELETE FROM media
       WHERE (owner_type = 'inspection' AND owner_id = ${inspectionId})
          OR (owner_type = 'observation' AND owner_id IN (SELECT id FROM obs))
          OR (owner_type = 'connected-subject' AND owner_id IN (SELECT id FROM conns))
       RETURNING storage_key`,
    );
    return rows.map((r) => r.storage_key);
  }

  /** Of these storage keys, the ones no media row names any more. */
  async unreferencedKeys(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.query<{ key: string }>(
      sql`SELECT DISTINCT k AS key FROM unnest(${keys}::text[]) AS k
       WHERE NOT EXISTS (SELECT 1 FROM media m WHERE m.storage_key = k)`,
    );
    return rows.map((r) => r.key);
  }

  /** The inspection's observations as scoring sees them, each with its code's family. */
  scored(conn: Connection, inspectionId: number): Promise<ScoredRow[]> {
    return conn.query<ScoredRow>(
      sql`SELECT c.family, o.grade, o.distance_m, o.continuous, o.continuous_group
       FROM observations o JOIN observation_codes c ON c.standard_id = o.standard_id AND c.code = o.code
       WHERE o.inspection_id = ${inspectionId} ORDER BY o.sequence`,
    );
  }

  /** Cached values, not an edit of the inspection: its version (what a header form read) stays. */
  async setScores(conn: Connection, inspectionId: number, str: FamilyScoreWrite, om: FamilyScoreWrite): Promise<void> {
    await conn.query(
      sql`UPDATE inspections SET str_peak = ${str.peak}, str_rating = ${str.rating}, str_index = ${str.index},
         str_quick = ${str.quick}, om_peak = ${om.peak}, om_rating = ${om.rating}, om_index = ${om.index},
         om_quick = ${om.quick}
       WHERE id = ${inspectionId}`,
    );
  }

  /** The asset's inspections with their cached scores (completed or not: the service picks). */
  inspectionsOfAsset(conn: Connection, assetId: number) {
    return conn.query<{
      id: string;
      status: 'incomplete' | 'pending' | 'completed';
      inspected_at: Date | string;
      str_peak: number | null;
      om_peak: number | null;
    }>(sql`SELECT id, status, inspected_at, str_peak, om_peak FROM inspections WHERE asset_id = ${assetId}`);
  }

  /** Cached like the scores: the asset's version stays, so an open asset form is not made stale. */
  async setCondition(conn: Connection, assetId: number, grade: number | null, inspectionId: number | null) {
    await conn.query(
      sql`UPDATE assets SET condition_grade = ${grade}, condition_inspection_id = ${inspectionId}
       WHERE id = ${assetId}
         AND (condition_grade, condition_inspection_id) IS DISTINCT FROM (${grade}::smallint, ${inspectionId}::bigint)`,
    );
  }

  // ---- connected subjects ----

  /** Whether the parent exists; for an inspection or an observation, the inspection's status too. */
  async parent(
    parentType: string,
    parentId: number,
    conn: Connection = this.db,
  ): Promise<{ asset_id: string | null; inspection_id: string | null; status: string | null } | undefined> {
    switch (parentType) {
      case 'inspection':
      case 'observation': {
        const [row] = await conn.query<{ asset_id: string; inspection_id: string; status: string }>(
          parentType === 'inspection'
            ? sql`SELECT asset_id, id AS inspection_id, status FROM inspections WHERE id = ${parentId}`
            : sql`SELECT i.asset_id, i.id AS inspection_id, i.status
               FROM observations o JOIN inspections i ON i.id = o.inspection_id WHERE o.id = ${parentId}`,
        );
        return row;
      }
      default: {
        const [row] = await conn.query<{ asset_id: string }>(
          sql`SELECT id AS asset_id FROM assets WHERE object_type = ${parentType} AND id = ${parentId}`,
        );
        return row && { asset_id: row.asset_id, inspection_id: null, status: null };
      }
    }
  }

  connectedOf(parentType: string, parentId: number): Promise<ConnectedRow[]> {
    return this.db.query<ConnectedRow>(
      sql`SELECT ${CONNECTED_COLUMNS} FROM connected_subjects c JOIN subjects s ON s.id = c.subject_id
       WHERE c.parent_type = ${parentType} AND c.parent_id = ${parentId} ORDER BY c.id`,
    );
  }

  async connected(id: number, conn: Connection = this.db): Promise<ConnectedRow | undefined> {
    const [row] = await conn.query<ConnectedRow>(
      sql`SELECT ${CONNECTED_COLUMNS} FROM connected_subjects c JOIN subjects s ON s.id = c.subject_id WHERE c.id = ${id}`,
    );
    return row;
  }

  async subjectExists(conn: Connection, id: number): Promise<boolean> {
    return (await conn.query(sql`SELECT 1 FROM subjects WHERE id = ${id}`)).length === 1;
  }

  async insertSubject(
    conn: Connection,
    s: { kind: string; label: string; assetId: number | null; inspectionId: number | null },
    w: ConnectedWrite,
  ): Promise<string> {
    const [row] = await conn.query<{ id: string }>(
      sql`INSERT INTO subjects (kind, label, asset_id, inspection_id, geom)
       VALUES (${s.kind}, ${s.label}, ${s.assetId}, ${s.inspectionId}, ${point(w.longitude, w.latitude)}) RETURNING id`,
    );
    return row!.id;
  }

  async insertConnected(
    conn: Connection,
    subjectId: number,
    parentType: string,
    parentId: number,
    w: ConnectedWrite,
  ): Promise<string> {
    const [row] = await conn.query<{ id: string }>(
      sql`INSERT INTO connected_subjects (subject_id, parent_type, parent_id, geom, form_values)
       VALUES (${subjectId}, ${parentType}, ${parentId}, ${point(w.longitude, w.latitude)},
         ${JSON.stringify(w.values)}::jsonb) RETURNING id`,
    );
    return row!.id;
  }

  async updateConnected(conn: Connection, id: number, version: number, w: ConnectedWrite): Promise<boolean> {
    const rows = await conn.query(
      sql`UPDATE connected_subjects SET geom = ${point(w.longitude, w.latitude)},
         form_values = ${JSON.stringify(w.values)}::jsonb, version = version + 1
       WHERE id = ${id} AND version = ${version} RETURNING id`,
    );
    return rows.length === 1;
  }

  /** Removes every connection of a parent that goes away (an observation deleted); answers their ids. */
  async deleteConnectionsOf(conn: Connection, parentType: string, parentId: number): Promise<number[]> {
    const rows = await conn.query<{ id: string }>(
      sql`DELETE FROM connected_subjects WHERE parent_type = ${parentType} AND parent_id = ${parentId} RETURNING id`,
    );
    return rows.map((r) => Number(r.id));
  }

  async deleteConnected(conn: Connection, id: number, version: number | undefined): Promise<boolean> {
    const rows = await conn.query(
      sql`DELETE FROM connected_subjects WHERE id = ${id}${version === undefined ? sql`` : sql` AND version = ${version}`}
       RETURNING id`,
    );
    return rows.length === 1;
  }
}
