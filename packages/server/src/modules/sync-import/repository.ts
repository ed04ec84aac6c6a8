/**
 * The Office side of WebSync scenario 2: completed inspections from a Field agent written by global
 * id, each page in one transaction, and the media files it then uploads. Writing a page twice
 * changes nothing: rows that already match are not rewritten.
 */
import { randomUUID } from 'node:crypto';
import type { ImportOutcome, InspectionRecord, InspectionsImport, MediaRecord } from '@manway/core/api/sync-data';
import { inTransaction } from '../../db/bulk';
import type { Connection, Database } from '../../db/connection';
import { createMissingAssets } from '../sync-agent/repository';

type Options = Omit<InspectionsImport['options'], 'AutoAcceptImportedTasks'>;

const INSPECTION_FIELDS = `"globalId" uuid, "standardId" text, direction text, "inspectedAt" timestamptz, weather text,
  "preCleaning" boolean, "lengthSurveyedM" double precision, header jsonb, "strPeak" smallint, "strRating" integer,
  "strIndex" double precision, "strQuick" text, "omPeak" smallint, "omRating" integer, "omIndex" double precision,
  "omQuick" text, "startNodeGlobalId" uuid`;

const COPIED = `standard_id, direction, inspected_at, weather, pre_cleaning, length_surveyed_m, header, str_peak, str_rating,
  str_index, str_quick, om_peak, om_rating, om_index, om_quick, start_node_id, task_id`;

const COPIED_LIST = COPIED.split(',').map((c) => c.trim());

const OBSERVATION_COLUMNS = `standard_id, sequence, distance_m, code, characterisation, quantification1, quantification2,
  clock_from, clock_to, at_joint, continuous, continuous_group, grade, remark`;

/** What the Office holds of a record sent: its inspection, task (and the task's asset) and asset, and what of its standard is missing. */
interface Found {
  existing: string | null;
  review: string | null;
  task: string | null;
  taskAsset: string | null;
  asset: string | null;
  missing: string[];
}

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

  /**
   * Writes a page of inspections in one transaction, a few statements for the whole page: the
   * records are looked up together, the existing-task action and the skip rules decide each one,
   * missing assets are created (one by one, nodes first, so each sees those written before it), then
   * the inspections, their observations and their tasks are written set-wise. Outcomes are in page order.
   * `acceptedBy` is the editor accepting the inspections (and completing their tasks); null
   * delivers them pending the Office's review.
   */
  importInspections(
    items: InspectionRecord[],
    options: Options,
    caller: { acceptedBy: string | null; mayChangeAccepted: boolean },
  ): Promise<ImportOutcome[]> {
    const { acceptedBy } = caller;
    return inTransaction(this.db, async (conn) => {
      // The assets travel only for creating missing ones; the rest is parsed by PostgreSQL once a statement.
      const records = JSON.stringify(items.map(({ assets: _assets, ...rest }) => rest));
      const found = await conn.query<Found>(
        `SELECT i.id::text AS existing, i.review, t.id::text AS task, t.asset_id::text AS "taskAsset", a.id::text AS asset,
           ARRAY(SELECT 'standard ' || r."standardId" WHERE NOT EXISTS (SELECT 1 FROM standards s WHERE s.id = r."standardId")
             UNION ALL
             SELECT w.what FROM (SELECT DISTINCT 'code ' || o."standardId" || '/' || o.code AS what
               FROM jsonb_to_recordset(r.observations) AS o("standardId" text, code text)
               WHERE NOT EXISTS (SELECT 1 FROM observation_codes c WHERE c.standard_id = o."standardId" AND c.code = o.code)
               ORDER BY 1) w) AS missing
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS ("globalId" uuid, "taskGlobalId" uuid, "assetGlobalId" uuid,
           "standardId" text, observations jsonb)) WITH ORDINALITY AS r
         LEFT JOIN inspections i ON i.global_id = r."globalId"
         LEFT JOIN tasks t ON t.global_id = r."taskGlobalId"
         LEFT JOIN assets a ON a.global_id = r."assetGlobalId"
         ORDER BY r.ordinality`,
        [records],
      );
      const outcomes: ImportOutcome[] = [];
      const going: { index: number; assetId: string; taskId: string | null; createdAssets: string[] }[] = [];
      for (const [index, item] of items.entries()) {
        const f = found[index]!;
        const decided = await this.decide(conn, item, f, options, caller.mayChangeAccepted);
        if ('result' in decided) outcomes.push(decided);
        else {
          outcomes.push({ globalId: item.globalId, result: 'unchanged', reason: null, createdAssets: [] });
          going.push({ index, ...decided });
        }
      }
      if (going.length === 0) return outcomes;
      const targets = JSON.stringify(
        going.map((g) => ({ globalId: items[g.index]!.globalId, assetId: g.assetId, taskId: g.taskId })),
      );
      const accept = acceptedBy !== null;
      // Once the Office accepted an inspection it stays accepted, whatever a later update says.
      const written = await conn.query<{ globalId: string; id: string; inserted: boolean }>(
        `INSERT INTO inspections (global_id, asset_id, status, review, reviewed_by, reviewed_at, ${COPIED})
         SELECT r."globalId", g."assetId", CASE WHEN $3 THEN 'completed' ELSE 'pending' END,
           CASE WHEN $3 THEN 'accepted' END, CASE WHEN $3 THEN $4::uuid END, CASE WHEN $3 THEN now() END,
           r."standardId", r.direction, r."inspectedAt", r.weather, r."preCleaning", r."lengthSurveyedM", r.header,
           r."strPeak", r."strRating", r."strIndex", r."strQuick", r."omPeak", r."omRating", r."omIndex", r."omQuick",
           (SELECT id FROM assets WHERE global_id = r."startNodeGlobalId"), g."taskId"
         FROM jsonb_to_recordset($1::jsonb) AS r(${INSPECTION_FIELDS})
         JOIN jsonb_to_recordset($2::jsonb) AS g("globalId" uuid, "assetId" bigint, "taskId" bigint)
           ON g."globalId" = r."globalId"
         ON CONFLICT (global_id) DO UPDATE SET asset_id = excluded.asset_id,
           ${COPIED_LIST.map((c) => `${c} = excluded.${c}`).join(', ')},
           status = CASE WHEN inspections.review = 'accepted' THEN inspections.status ELSE excluded.status END,
           review = CASE WHEN inspections.review = 'accepted' THEN inspections.review ELSE excluded.review END,
           reviewed_by = CASE WHEN inspections.review = 'accepted' THEN inspections.reviewed_by ELSE excluded.reviewed_by END,
           reviewed_at = CASE WHEN inspections.review = 'accepted' THEN inspections.reviewed_at ELSE excluded.reviewed_at END,
           version = inspections.version + 1
         WHERE (inspections.asset_id, ${COPIED_LIST.map((c) => `inspections.${c}`).join(', ')},
                CASE WHEN inspections.review = 'accepted' THEN 'accepted' ELSE inspections.status END)
           IS DISTINCT FROM (excluded.asset_id, ${COPIED_LIST.map((c) => `excluded.${c}`).join(', ')},
                CASE WHEN inspections.review = 'accepted' THEN 'accepted' ELSE excluded.status END)
         RETURNING global_id::text AS "globalId", id::text AS id, (xmax = 0) AS inserted`,
        [records, targets, accept, acceptedBy],
      );
      const byGlobalId = new Map(written.map((w) => [w.globalId, w]));
      const ids = going.map((g) => {
        const item = items[g.index]!;
        return {
          globalId: item.globalId,
          inspectionId: byGlobalId.get(item.globalId)?.id ?? found[g.index]!.existing!,
        };
      });
      const targetIds = JSON.stringify(ids);
      const changed = await this.writeObservations(conn, records, targetIds);
      for (const globalId of await this.linkVideos(conn, records, targetIds)) changed.add(globalId);
      if (accept) {
        // Each task here is the task of its inspection's own asset (`decide`); a deleted one stays deleted.
        const tasks = going.flatMap((g) => (g.taskId === null ? [] : [g.taskId]));
        if (tasks.length > 0) {
          await conn.query(
            `UPDATE tasks SET state = 'completed', version = version + 1
             WHERE id = ANY($1::bigint[]) AND state IN ('planned', 'started', 'inspection-created')`,
            [tasks],
          );
        }
      }
      for (const g of going) {
        const globalId = items[g.index]!.globalId;
        const w = byGlobalId.get(globalId);
        outcomes[g.index] = {
          globalId,
          result: w?.inserted ? 'inserted' : w || changed.has(globalId) ? 'updated' : 'unchanged',
          reason: null,
          createdAssets: g.createdAssets,
        };
      }
      return outcomes;
    });
  }

  /**
   * What becomes of one record: kept or skipped with the reason, or written on this asset and task.
   * A missing asset is created here from the records sent along, unless the rule skips; an asset
   * the Office holds is never changed by an import.
   */
  private async decide(
    conn: Connection,
    item: InspectionRecord,
    f: Found,
    options: Options,
    mayChangeAccepted: boolean,
  ): Promise<ImportOutcome | { assetId: string; taskId: string | null; createdAssets: string[] }> {
    const left = (result: 'kept' | 'skipped', reason: string): ImportOutcome => ({
      globalId: item.globalId,
      result,
      reason,
      createdAssets: [],
    });
    if (f.existing && options.ExistingTasksAction === 'Skip') {
      return left('kept', 'the Office has it; Skip updating existing office task');
    }
    if (f.existing && options.ExistingTasksAction === 'UpdateNotAcceptedTasks' && f.review === 'accepted') {
      return left('kept', 'the Office has accepted it; only not yet accepted tasks are updated');
    }
    // What the Office accepted is an office decision; only an editor's account may send it again.
    if (f.existing && f.review === 'accepted' && !mayChangeAccepted) {
      return left('kept', 'the Office has accepted it; only an account with editor permissions updates it');
    }
    if (item.taskGlobalId !== null && f.task === null && options.SkipIfNotExistInOffice) {
      return left('skipped', 'its task is not in the Office system');
    }
    if (f.missing.length > 0) {
      return left('skipped', `${f.missing.join(', ')} not in the Office system; send the database structure first`);
    }
    // An inspection completes (and links to) only the task of the asset it inspected.
    if (f.task !== null && f.taskAsset !== f.asset) {
      return left('skipped', 'its task in the Office system is for another asset');
    }
    // An asset created for an earlier record of this page is there now.
    const assetId = f.asset ?? (await this.idOf(conn, 'assets', item.assetGlobalId));
    if (assetId !== null) return { assetId, taskId: f.task, createdAssets: [] };
    if (options.SkipIfAssetNotExistInOffice) return left('skipped', 'its asset is not in the Office system');
    return this.createAsset(conn, item);
  }

  /**
   * Creates the record's missing asset with what it needs (its end nodes, its section), one by one,
   * nodes first, so each sees those before it. Only the assets the inspected asset refers to are
   * taken from the records sent along, and only those the Office lacks: all of them or none.
   */
  private async createAsset(
    conn: Connection,
    item: InspectionRecord,
  ): Promise<ImportOutcome | { assetId: string; taskId: null; createdAssets: string[] }> {
    const byId = new Map(item.assets.map((a) => [a.globalId, a]));
    const needed = new Set<string>();
    for (const queue = [item.assetGlobalId]; queue.length > 0;) {
      const id = queue.pop()!;
      const asset = byId.get(id);
      if (!asset || needed.has(id)) continue;
      needed.add(id);
      for (const ref of [asset.fromNode, asset.toNode, asset.parentSection]) if (ref) queue.push(ref);
    }
    const reasons: string[] = [];
    const created: string[] = [];
    await conn.exec('SAVEPOINT create_asset');
    for (const asset of item.assets.filter((a) => needed.has(a.globalId))) {
      const written = await createMissingAssets(conn, [asset]);
      reasons.push(...written.skipped.map((s) => `${s.label}: ${s.reason}`));
      if (written.inserted > 0) created.push(`${asset.objectType} ${asset.assetCode}`);
    }
    const assetId = await this.idOf(conn, 'assets', item.assetGlobalId);
    if (assetId === null) {
      await conn.exec('ROLLBACK TO SAVEPOINT create_asset');
      const why = reasons.join('; ');
      return {
        globalId: item.globalId,
        result: 'skipped',
        reason: `its asset could not be created in the Office system (${why || 'not sent'}); nothing was created`,
        createdAssets: [],
      };
    }
    await conn.exec('RELEASE SAVEPOINT create_asset');
    return { assetId, taskId: null, createdAssets: created };
  }

  /**
   * Makes each written inspection's observations those of its record; answers the global ids of the
   * inspections whose observations changed.
   */
  private async writeObservations(conn: Connection, records: string, ids: string): Promise<Set<string>> {
    const sent = `SELECT g."inspectionId", g."globalId" AS "inspectionGlobalId", o.*
      FROM jsonb_to_recordset($2::jsonb) AS g("globalId" uuid, "inspectionId" bigint)
      JOIN jsonb_to_recordset($1::jsonb) AS r("globalId" uuid, observations jsonb) ON r."globalId" = g."globalId"
      CROSS JOIN LATERAL jsonb_to_recordset(r.observations) AS o(${OBSERVATION_FIELDS})`;
    const removed = await conn.query<{ globalId: string }>(
      `DELETE FROM observations x USING jsonb_to_recordset($2::jsonb) AS g("globalId" uuid, "inspectionId" bigint)
       WHERE x.inspection_id = g."inspectionId"
         AND NOT EXISTS (SELECT 1 FROM (${sent}) s WHERE s."inspectionId" = x.inspection_id AND s."globalId" = x.global_id)
       RETURNING g."globalId"::text AS "globalId"`,
      [records, ids],
    );
    const list = OBSERVATION_COLUMNS.split(',').map((c) => c.trim());
    const written = await conn.query<{ globalId: string }>(
      `WITH s AS MATERIALIZED (${sent}),
       w AS (
         INSERT INTO observations (global_id, inspection_id, ${OBSERVATION_COLUMNS})
         SELECT s."globalId", s."inspectionId", s."standardId", s.sequence, s."distanceM", s.code, s.characterisation,
           s.quantification1, s.quantification2, s."clockFrom", s."clockTo", s."atJoint", s.continuous,
           s."continuousGroup", s.grade, s.remark
         FROM s
         ON CONFLICT (global_id) DO UPDATE SET ${list.map((c) => `${c} = excluded.${c}`).join(', ')},
           version = observations.version + 1
         WHERE (${list.map((c) => `observations.${c}`).join(', ')}) IS DISTINCT FROM (${list.map((c) => `excluded.${c}`).join(', ')})
         RETURNING global_id)
       SELECT DISTINCT s."inspectionGlobalId"::text AS "globalId" FROM w JOIN s ON s."globalId" = w.global_id`,
      [records, ids],
    );
    return new Set([...removed, ...written].map((r) => r.globalId));
  }

  /**
   * Points the written inspections' observations at their videos by global id; a video the Office
   * does not hold yet is linked when its file arrives (`completeUpload`). Answers the global ids of
   * the inspections where a link changed.
   */
  private async linkVideos(conn: Connection, records: string, ids: string): Promise<Set<string>> {
    const changed = await conn.query<{ globalId: string }>(
      `WITH r AS (
         SELECT g."globalId" AS "inspectionGlobalId", g."inspectionId", o."globalId", o."videoMediaGlobalId",
           o."videoOffsetMs", (SELECT m.id FROM media m WHERE m.global_id = o."videoMediaGlobalId") AS media_id
         FROM jsonb_to_recordset($2::jsonb) AS g("globalId" uuid, "inspectionId" bigint)
         JOIN jsonb_to_recordset($1::jsonb) AS i("globalId" uuid, observations jsonb) ON i."globalId" = g."globalId"
         CROSS JOIN LATERAL jsonb_to_recordset(i.observations)
           AS o("globalId" uuid, "videoMediaGlobalId" uuid, "videoOffsetMs" integer))
       UPDATE observations o SET video_media_global_id = r."videoMediaGlobalId", video_offset_ms = r."videoOffsetMs",
         video_media_id = r.media_id, version = o.version + 1
       FROM r
       WHERE o.inspection_id = r."inspectionId" AND o.global_id = r."globalId"
         AND (o.video_media_global_id, o.video_offset_ms, o.video_media_id)
           IS DISTINCT FROM (r."videoMediaGlobalId", r."videoOffsetMs", r.media_id)
       RETURNING r."inspectionGlobalId"::text AS "globalId"`,
      [records, ids],
    );
    return new Set(changed.map((r) => r.globalId));
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

  async upload(globalId: string): Promise<(UploadRow & { token: string; writing: boolean }) | undefined> {
    const [row] = await this.db.query<UploadRow & { token: string; writing: boolean }>(
      `SELECT owner_type, owner_global_id::text AS owner_global_id, kind, file_name, content_type,
         size_bytes::float8 AS size_bytes, sha256, token::text AS token,
         coalesce(writing_until > now(), false) AS writing
       FROM media_uploads WHERE global_id = $1::uuid`,
      [globalId],
    );
    return row;
  }

  /**
   * Declares a file to receive, or joins its declaration when the content is the same; answers the
   * upload's token and whether another declaration (other content, idle for `leaseSeconds`) was
   * replaced, or 'busy' while an upload of other content is live.
   */
  async declareUpload(m: MediaRecord, leaseSeconds: number): Promise<{ token: string; replaced: boolean } | 'busy'> {
    const fresh = randomUUID();
    // One statement, so two senders declaring at once cannot both take the file.
    const [row] = await this.db.query<{ token: string; inserted: boolean }>(
      `INSERT INTO media_uploads (global_id, owner_type, owner_global_id, kind, file_name, content_type, size_bytes, sha256, token)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (global_id) DO UPDATE SET owner_type = excluded.owner_type, owner_global_id = excluded.owner_global_id,
         kind = excluded.kind, file_name = excluded.file_name, content_type = excluded.content_type,
         size_bytes = excluded.size_bytes, sha256 = excluded.sha256, touched_at = now(),
         -- Other content is another upload: the earlier sender's token no longer writes.
         token = CASE WHEN (media_uploads.sha256, media_uploads.size_bytes) = (excluded.sha256, excluded.size_bytes)
           THEN media_uploads.token ELSE excluded.token END
       WHERE (media_uploads.sha256, media_uploads.size_bytes) = (excluded.sha256, excluded.size_bytes)
         OR (media_uploads.touched_at <= now() - make_interval(secs => $10)
             AND (media_uploads.writing_until IS NULL OR media_uploads.writing_until <= now()))
       RETURNING token::text AS token, (xmax = 0) AS inserted`,
      [
        m.globalId,
        m.ownerType,
        m.ownerGlobalId,
        m.kind,
        m.fileName,
        m.contentType,
        m.sizeBytes,
        m.sha256,
        fresh,
        leaseSeconds,
      ],
    );
    if (!row) return 'busy';
    return { token: row.token, replaced: !row.inserted && row.token === fresh };
  }

  /**
   * Takes the file for one chunk's write, for at most `seconds`: true when this sender holds the
   * upload's token and no other chunk of the file is being written.
   */
  async startWrite(globalId: string, token: string, seconds: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE media_uploads SET writing_until = now() + make_interval(secs => $3), touched_at = now()
       WHERE global_id = $1::uuid AND token = $2::uuid AND (writing_until IS NULL OR writing_until <= now())
       RETURNING 1`,
      [globalId, token, seconds],
    );
    return rows.length > 0;
  }

  async endWrite(globalId: string, token: string): Promise<void> {
    await this.db.query(
      `UPDATE media_uploads SET writing_until = NULL, touched_at = now() WHERE global_id = $1::uuid AND token = $2::uuid`,
      [globalId, token],
    );
  }

  async dropUpload(globalId: string): Promise<void> {
    await this.db.query(`DELETE FROM media_uploads WHERE global_id = $1::uuid`, [globalId]);
  }

  /**
   * Ends the uploads nobody declared or sent a chunk to for `idleSeconds` (and that no chunk is
   * writing); answers their global ids, whose partial files are then removed.
   */
  async dropAbandonedUploads(idleSeconds: number): Promise<string[]> {
    const rows = await this.db.query<{ global_id: string }>(
      `DELETE FROM media_uploads
       WHERE touched_at < now() - make_interval(secs => $1) AND (writing_until IS NULL OR writing_until <= now())
       RETURNING global_id::text AS global_id`,
      [idleSeconds],
    );
    return rows.map((r) => r.global_id);
  }

  /** Which of these global ids have a declared upload. */
  async declared(globalIds: string[]): Promise<Set<string>> {
    if (globalIds.length === 0) return new Set();
    const rows = await this.db.query<{ global_id: string }>(
      `SELECT global_id::text AS global_id FROM media_uploads WHERE global_id = ANY($1::uuid[])`,
      [globalIds],
    );
    return new Set(rows.map((r) => r.global_id));
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
