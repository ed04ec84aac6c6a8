/**
 * The Office side of WebSync scenario 2: completed inspections from a Field agent written by global
 * id, each page in one transaction, and the media files it then uploads. Writing a page twice
 * changes nothing: rows that already match are not rewritten.
 */
import type { ImportOutcome, InspectionRecord, InspectionsImport, MediaRecord } from '@manway/core/api/sync-data';
import { inTransaction } from '../../db/bulk';
import type { Connection, Database } from '../../db/connection';
import { writeRecords } from '../sync-agent/repository';

type Options = InspectionsImport['options'];

const INSPECTION_FIELDS = `"globalId" uuid, "standardId" text, direction text, "inspectedAt" timestamptz, weather text,
  "preCleaning" boolean, "lengthSurveyedM" double precision, header jsonb, "strPeak" smallint, "strRating" integer,
  "strIndex" double precision, "strQuick" text, "omPeak" smallint, "omRating" integer, "omIndex" double precision,
  "omQuick" text, "startNodeGlobalId" uuid`;

const COPIED = `standard_id, direction, inspected_at, weather, pre_cleaning, length_surveyed_m, header, str_peak, str_rating,
  str_index, str_quick, om_peak, om_rating, om_index, om_quick, start_node_id, task_id`;

const OBSERVATION_FIELDS = `"globalId" uuid, "standardId" text, sequence integer, "distanceM" double precision, code text,
  characterisation text, quantification1 double precision, quantification2 double precision, "clockFrom" smallint,
  "clockTo" smallint, "atJoint" boolean, continuous text, "continuousGroup" integer, grade smallint, remark text`;

export interface UploadRow {
  owner_type: string;
  owner_global_id: string;
  kind: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
}

export class SyncImportRepository {
  constructor(private readonly db: Database) {}

  importInspections(items: InspectionRecord[], options: Options, acceptedBy: string): Promise<ImportOutcome[]> {
    return inTransaction(this.db, async (conn) => {
      const outcomes: ImportOutcome[] = [];
      for (const item of items) outcomes.push(await this.importOne(conn, item, options, acceptedBy));
      return outcomes;
    });
  }

  private async importOne(
    conn: Connection,
    item: InspectionRecord,
    options: Options,
    acceptedBy: string,
  ): Promise<ImportOutcome> {
    const skipped = (reason: string): ImportOutcome => ({ globalId: item.globalId, result: 'skipped', reason });
    const [existing] = await conn.query<{ id: string; review: string | null }>(
      `SELECT id::text AS id, review FROM inspections WHERE global_id = $1::uuid`,
      [item.globalId],
    );
    if (existing && options.ExistingTasksAction === 'Skip') {
      return {
        globalId: item.globalId,
        result: 'kept',
        reason: 'the Office has it; Skip updating existing office task',
      };
    }
    if (existing && options.ExistingTasksAction === 'UpdateNotAcceptedTasks' && existing.review === 'accepted') {
      return {
        globalId: item.globalId,
        result: 'kept',
        reason: 'the Office has accepted it; only not yet accepted tasks are updated',
      };
    }
    let taskId: string | null = null;
    if (item.taskGlobalId !== null) {
      taskId = await this.idOf(conn, 'tasks', item.taskGlobalId);
      if (taskId === null && options.SkipIfNotExistInOffice) return skipped('its task is not in the Office system');
    }
    let assetId = await this.idOf(conn, 'assets', item.assetGlobalId);
    if (assetId === null) {
      if (options.SkipIfAssetNotExistInOffice) return skipped('its asset is not in the Office system');
      // One by one, nodes first: each skip check sees the records written before it.
      const reasons: string[] = [];
      for (const asset of item.assets) {
        const written = await writeRecords(conn, 'nodes', [asset]);
        reasons.push(...written.skipped.map((s) => `${s.label}: ${s.reason}`));
      }
      assetId = await this.idOf(conn, 'assets', item.assetGlobalId);
      if (assetId === null) {
        const why = reasons.join('; ');
        return skipped(`its asset could not be created in the Office system (${why || 'not sent'})`);
      }
    }
    const missing = await conn.query<{ what: string }>(
      `SELECT 'standard ' || $1 AS what WHERE NOT EXISTS (SELECT 1 FROM standards WHERE id = $1)
       UNION ALL
       SELECT DISTINCT 'code ' || r."standardId" || '/' || r.code FROM jsonb_to_recordset($2::jsonb) AS r("standardId" text, code text)
       WHERE NOT EXISTS (SELECT 1 FROM observation_codes c WHERE c.standard_id = r."standardId" AND c.code = r.code)`,
      [item.standardId, JSON.stringify(item.observations)],
    );
    if (missing.length > 0) {
      return skipped(
        `${missing.map((m) => m.what).join(', ')} not in the Office system; send the database structure first`,
      );
    }
    const accept = options.AutoAcceptImportedTasks;
    // Once the Office accepted an inspection it stays accepted, whatever a later update says.
    const [written] = await conn.query<{ id: string; inserted: boolean }>(
      `INSERT INTO inspections (global_id, asset_id, status, review, reviewed_by, reviewed_at, ${COPIED})
       SELECT r."globalId", $2::bigint, CASE WHEN $3 THEN 'completed' ELSE 'pending' END,
         CASE WHEN $3 THEN 'accepted' END, CASE WHEN $3 THEN $4::uuid END, CASE WHEN $3 THEN now() END,
         r."standardId", r.direction, r."inspectedAt", r.weather, r."preCleaning", r."lengthSurveyedM", r.header,
         r."strPeak", r."strRating", r."strIndex", r."strQuick", r."omPeak", r."omRating", r."omIndex", r."omQuick",
         (SELECT id FROM assets WHERE global_id = r."startNodeGlobalId"), $5::bigint
       FROM jsonb_to_record($1::jsonb) AS r(${INSPECTION_FIELDS})
       ON CONFLICT (global_id) DO UPDATE SET asset_id = excluded.asset_id,
         ${COPIED.split(',')
           .map((c) => c.trim())
           .map((c) => `${c} = excluded.${c}`)
           .join(', ')},
         status = CASE WHEN inspections.review = 'accepted' THEN inspections.status ELSE excluded.status END,
         review = CASE WHEN inspections.review = 'accepted' THEN inspections.review ELSE excluded.review END,
         reviewed_by = CASE WHEN inspections.review = 'accepted' THEN inspections.reviewed_by ELSE excluded.reviewed_by END,
         reviewed_at = CASE WHEN inspections.review = 'accepted' THEN inspections.reviewed_at ELSE excluded.reviewed_at END,
         version = inspections.version + 1
       WHERE (inspections.asset_id, ${COPIED.split(',')
         .map((c) => `inspections.${c.trim()}`)
         .join(', ')},
              CASE WHEN inspections.review = 'accepted' THEN 'accepted' ELSE inspections.status END)
         IS DISTINCT FROM (excluded.asset_id, ${COPIED.split(',')
           .map((c) => `excluded.${c.trim()}`)
           .join(', ')},
              CASE WHEN inspections.review = 'accepted' THEN 'accepted' ELSE excluded.status END)
       RETURNING id::text AS id, (xmax = 0) AS inserted`,
      [JSON.stringify(item), assetId, accept, acceptedBy, taskId],
    );
    const inspectionId = written?.id ?? existing!.id;
    const observationsWritten = await this.writeObservations(conn, inspectionId, item);
    const videosLinked = await this.linkVideos(conn, inspectionId, item);
    const observationsChanged = observationsWritten || videosLinked;
    if (accept && taskId !== null) {
      await conn.query(
        `UPDATE tasks SET state = 'completed', version = version + 1 WHERE id = $1 AND state <> 'completed'`,
        [taskId],
      );
    }
    const result = written?.inserted ? 'inserted' : written || observationsChanged ? 'updated' : 'unchanged';
    return { globalId: item.globalId, result, reason: null };
  }

  /** Makes the inspection's observations those of the record; answers whether anything changed. */
  private async writeObservations(conn: Connection, inspectionId: string, item: InspectionRecord): Promise<boolean> {
    const json = JSON.stringify(item.observations);
    const removed = await conn.query(
      `DELETE FROM observations WHERE inspection_id = $1
         AND global_id NOT IN (SELECT r."globalId" FROM jsonb_to_recordset($2::jsonb) AS r("globalId" uuid))
       RETURNING id`,
      [inspectionId, json],
    );
    if (item.observations.length === 0) return removed.length > 0;
    const cols = `standard_id, sequence, distance_m, code, characterisation, quantification1, quantification2, clock_from,
      clock_to, at_joint, continuous, continuous_group, grade, remark`;
    const list = cols.split(',').map((c) => c.trim());
    const written = await conn.query(
      `INSERT INTO observations (global_id, inspection_id, ${cols})
       SELECT r."globalId", $1::bigint, r."standardId", r.sequence, r."distanceM", r.code, r.characterisation,
         r.quantification1, r.quantification2, r."clockFrom", r."clockTo", r."atJoint", r.continuous,
         r."continuousGroup", r.grade, r.remark
       FROM jsonb_to_recordset($2::jsonb) AS r(${OBSERVATION_FIELDS})
       ON CONFLICT (global_id) DO UPDATE SET ${list.map((c) => `${c} = excluded.${c}`).join(', ')},
         version = observations.version + 1
       WHERE (${list.map((c) => `observations.${c}`).join(', ')}) IS DISTINCT FROM (${list.map((c) => `excluded.${c}`).join(', ')})
       RETURNING id`,
      [inspectionId, json],
    );
    return removed.length > 0 || written.length > 0;
  }

  /**
   * Points the inspection's observations at their videos by global id; a video the Office does not
   * hold yet is linked when its file arrives (`completeUpload`). Answers whether anything changed.
   */
  private async linkVideos(conn: Connection, inspectionId: string, item: InspectionRecord): Promise<boolean> {
    if (item.observations.length === 0) return false;
    const changed = await conn.query(
      `WITH r AS (
         SELECT r."globalId", r."videoMediaGlobalId", r."videoOffsetMs",
           (SELECT m.id FROM media m WHERE m.global_id = r."videoMediaGlobalId") AS media_id
         FROM jsonb_to_recordset($2::jsonb) AS r("globalId" uuid, "videoMediaGlobalId" uuid, "videoOffsetMs" integer))
       UPDATE observations o SET video_media_global_id = r."videoMediaGlobalId", video_offset_ms = r."videoOffsetMs",
         video_media_id = r.media_id, version = o.version + 1
       FROM r
       WHERE o.inspection_id = $1 AND o.global_id = r."globalId"
         AND (o.video_media_global_id, o.video_offset_ms, o.video_media_id)
           IS DISTINCT FROM (r."videoMediaGlobalId", r."videoOffsetMs", r.media_id)
       RETURNING o.id`,
      [inspectionId, JSON.stringify(item.observations)],
    );
    return changed.length > 0;
  }

  private async idOf(conn: Pick<Connection, 'query'>, table: 'tasks' | 'assets', globalId: string) {
    const [row] = await conn.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE global_id = $1::uuid`, [
      globalId,
    ]);
    return row?.id ?? null;
  }

  /** The local id of a media owner, or null when the Office does not have it. */
  async ownerId(ownerType: MediaRecord['ownerType'], globalId: string): Promise<string | null> {
    const table = { asset: 'assets', inspection: 'inspections', observation: 'observations' }[ownerType];
    const [row] = await this.db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${table} WHERE global_id = $1::uuid`,
      [globalId],
    );
    return row?.id ?? null;
  }

  async media(globalId: string): Promise<{ sha256: string; size_bytes: number } | undefined> {
    const [row] = await this.db.query<{ sha256: string; size_bytes: number }>(
      `SELECT sha256, size_bytes::float8 AS size_bytes FROM media WHERE global_id = $1::uuid`,
      [globalId],
    );
    return row;
  }

  async upload(globalId: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.query<UploadRow>(
      `SELECT owner_type, owner_global_id::text AS owner_global_id, kind, file_name, content_type,
         size_bytes::float8 AS size_bytes, sha256 FROM media_uploads WHERE global_id = $1::uuid`,
      [globalId],
    );
    return row;
  }

  /** Declares (or re-declares) a file to receive; answers whether a different declaration was replaced. */
  async declareUpload(m: MediaRecord): Promise<boolean> {
    const [before] = await this.db.query<{ same: boolean }>(
      `SELECT (sha256 = $2 AND size_bytes = $3) AS same FROM media_uploads WHERE global_id = $1::uuid`,
      [m.globalId, m.sha256, m.sizeBytes],
    );
    await this.db.query(
      `INSERT INTO media_uploads (global_id, owner_type, owner_global_id, kind, file_name, content_type, size_bytes, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (global_id) DO UPDATE SET owner_type = excluded.owner_type, owner_global_id = excluded.owner_global_id,
         kind = excluded.kind, file_name = excluded.file_name, content_type = excluded.content_type,
         size_bytes = excluded.size_bytes, sha256 = excluded.sha256`,
      [m.globalId, m.ownerType, m.ownerGlobalId, m.kind, m.fileName, m.contentType, m.sizeBytes, m.sha256],
    );
    return before !== undefined && !before.same;
  }

  async dropUpload(globalId: string): Promise<void> {
    await this.db.query(`DELETE FROM media_uploads WHERE global_id = $1::uuid`, [globalId]);
  }

  /**
   * Registers a received, verified file as media of its owner and ends its upload; `place` moves the
   * file into its storage inside the transaction, so a failure leaves neither row nor file.
   */
  completeUpload(globalId: string, ownerId: string, place: () => Promise<string>): Promise<void> {
    return inTransaction(this.db, async (conn) => {
      const [u] = await conn.query<UploadRow>(
        `DELETE FROM media_uploads WHERE global_id = $1::uuid
         RETURNING owner_type, kind, file_name, content_type, size_bytes, sha256`,
        [globalId],
      );
      if (!u) return;
      const key = await place();
      await conn.query(
        `INSERT INTO media (global_id, owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (global_id) DO NOTHING`,
        [globalId, u.owner_type, ownerId, u.kind, u.file_name, key, u.content_type, u.sha256, u.size_bytes],
      );
      // Observations that arrived before their video now point at it.
      await conn.query(
        `UPDATE observations SET video_media_id = (SELECT id FROM media WHERE global_id = $1::uuid),
           version = version + 1
         WHERE video_media_global_id = $1::uuid AND video_media_id IS NULL`,
        [globalId],
      );
    });
  }
}
