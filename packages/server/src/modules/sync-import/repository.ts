/**
 * The Office side of WebSync scenario 2: completed inspections from a Field agent written by global
 * id, each page in one transaction, and the media files it then uploads. Writing a page twice
 * changes nothing: rows that already match are not rewritten.
 */
import type { InspectionStatus, TaskState } from '@manway/core/domain/types';
import type { InspectionCommand, InspectionState } from '@manway/core/domain/workflow';
import { randomUUID } from 'node:crypto';
import type { ImportOutcome, InspectionRecord, MediaRecord } from '@manway/core/api/sync-data';
import type { Connection, Database } from '../../db/connection';
import { refreshAssignmentsOfTasks } from '../work/assignments';
import { sql } from '../../db/sql';

const INSPECTION_FIELDS =
  sql.raw(`"globalId" uuid, "standardId" text, direction text, "inspectedAt" timestamptz, weather text,
  "preCleaning" boolean, "lengthSurveyedM" double precision, header jsonb, "strPeak" smallint, "strRating" integer,
  "strIndex" double precision, "strQuick" text, "omPeak" smallint, "omRating" integer, "omIndex" double precision,
  "omQuick" text, "startNodeGlobalId" uuid`);

/** The columns an import copies from the record (the rest are the Office's: asset, review). */
const COPIED_LIST = [
  'standard_id',
  'direction',
  'inspected_at',
  'weather',
  'pre_cleaning',
  'length_surveyed_m',
  'header',
  'str_peak',
  'str_rating',
  'str_index',
  'str_quick',
  'om_peak',
  'om_rating',
  'om_index',
  'om_quick',
  'start_node_id',
  'task_id',
];

const OBSERVATION_LIST = [
  'standard_id',
  'sequence',
  'distance_m',
  'code',
  'characterisation',
  'quantification1',
  'quantification2',
  'clock_from',
  'clock_to',
  'at_joint',
  'continuous',
  'continuous_group',
  'grade',
  'remark',
];
const COPIED = sql.raw(COPIED_LIST.join(', '));
const OBSERVATION_COLUMNS = sql.raw(OBSERVATION_LIST.join(', '));

/** What the Office holds of a record sent: its inspection, task (and the task's asset) and asset, and what of its standard is missing. */
interface Found {
  existing: string | null;
  status: InspectionState['status'] | null;
  review: InspectionState['review'];
  answersRejection: boolean;
  task: string | null;
  taskAsset: string | null;
  asset: string | null;
  missing: string[];
}

/** What the Office holds of a record sent, for the import's rules (sync-import/service.ts). */
export interface ImportFacts {
  /**
   * The Office has the inspection, in this state; `answersRejection`: the Office rejected it and the
   * record names that very rejection (the crew's answer to it, InspectionRecord.officeReview).
   */
  existing: (InspectionState & { answersRejection: boolean }) | null;
  /** The record names a task the Office has. */
  taskFound: boolean;
  /** The Office's task of that global id is on another asset than the record's. */
  taskOnOtherAsset: boolean;
  /** What of the record's standard the Office lacks ('standard X', 'code X/Y'). */
  missing: string[];
  /** The Office has the record's asset (maybe created for an earlier record of the page). */
  assetHere: boolean;
}

/** A record's fate by the rules: left as it is or skipped with the reason, written, or written once its asset is created. */
export type ImportVerdict = ImportOutcome | 'write' | 'create';

export interface ImportRules {
  decide(item: InspectionRecord, facts: ImportFacts): ImportVerdict;
  /** The state each task state moves to when its inspection is written (core's workflow); absent ones stay. */
  taskStatesAfter: Partial<Record<TaskState, TaskState>>;
  /**
   * The state a written inspection reaches from the one the Office holds (a new one from incomplete,
   * as created) and the steps that took it there, one event each (core's workflow).
   */
  inspectionAfter(from: InspectionState): { to: InspectionState; steps: InspectionStep[] };
  /** Runs in the page's transaction for the asset of each inspection accepted on arrival. */
  accepted(tx: Connection, assetId: number): Promise<void>;
  /** The outcome of a record whose missing asset could not be created, with the reasons. */
  notCreated(item: InspectionRecord, reasons: string[]): ImportOutcome;
}

/** One command an imported inspection went through, as its inspection_events row records it. */
export interface InspectionStep {
  command: InspectionCommand;
  from: InspectionStatus;
  to: InspectionStatus;
}

/** Writes the assets among the records that this system lacks, in the caller's transaction (handed in by services.ts). */
export interface AssetCreator {
  createMissingAssets(
    conn: Pick<Connection, 'query'>,
    items: readonly unknown[],
  ): Promise<{ inserted: number; skipped: { label: string; reason: string }[] }>;
}

const OBSERVATION_FIELDS =
  sql.raw(`"globalId" uuid, "standardId" text, sequence integer, "distanceM" double precision, code text,
  characterisation text, quantification1 double precision, quantification2 double precision, "clockFrom" smallint,
  "clockTo" smallint, "atJoint" boolean, continuous text, "continuousGroup" integer, grade smallint, remark text`);

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
  constructor(
    private readonly db: Database,
    private readonly assets: AssetCreator,
  ) {}

  /**
   * Writes a page of inspections in one transaction, a few statements for the whole page: the
   * records are looked up together, the rules decide each one, missing assets are created (one by
   * one, nodes first, so each sees those written before it), then the inspections, their
   * observations and their tasks are written set-wise. Outcomes are in page order. Each inspection
   * reaches the state `rules.inspectionAfter` says, with one inspection_events row per command, by
   * `by` (the account delivering the page; the reviewer of what it accepts).
   */
  importInspections(items: InspectionRecord[], rules: ImportRules, by: string): Promise<ImportOutcome[]> {
    return this.db.transaction(async (tx) => {
      // The assets travel only for creating missing ones; the rest is parsed by PostgreSQL once a statement.
      const records = JSON.stringify(items.map(({ assets: _assets, ...rest }) => rest));
      // The Office's own inspections held first, so a review decided meanwhile is the state read below
      // (the inspections service locks them for its commands too).
      await tx.query(
        sql`SELECT 1 FROM inspections WHERE global_id = ANY(${items.map((i) => i.globalId)}::uuid[])
         ORDER BY id FOR UPDATE`,
      );
      const found = await tx.query<Found>(
        sql`SELECT i.id::text AS existing, i.status, i.review, t.id::text AS task, t.asset_id::text AS "taskAsset",
           a.id::text AS asset,
           coalesce(i.status = 'incomplete' AND i.review = 'rejected' AND r."officeReview"->>'review' = 'rejected'
             AND (r."officeReview"->>'reviewedAt')::timestamptz = i.reviewed_at, false) AS "answersRejection",
           ARRAY(SELECT 'standard ' || r."standardId" WHERE NOT EXISTS (SELECT 1 FROM standards s WHERE s.id = r."standardId")
             UNION ALL
             SELECT w.what FROM (SELECT DISTINCT 'code ' || o."standardId" || '/' || o.code AS what
               FROM jsonb_to_recordset(r.observations) AS o("standardId" text, code text)
               WHERE NOT EXISTS (SELECT 1 FROM observation_codes c WHERE c.standard_id = o."standardId" AND c.code = o.code)
               ORDER BY 1) w) AS missing
         FROM ROWS FROM (jsonb_to_recordset(${records}::jsonb) AS ("globalId" uuid, "taskGlobalId" uuid, "assetGlobalId" uuid,
           "standardId" text, observations jsonb, "officeReview" jsonb)) WITH ORDINALITY AS r
         LEFT JOIN inspections i ON i.global_id = r."globalId"
         LEFT JOIN tasks t ON t.global_id = r."taskGlobalId"
         LEFT JOIN assets a ON a.global_id = r."assetGlobalId"
         ORDER BY r.ordinality`,
      );
      const outcomes: ImportOutcome[] = [];
      const going: { index: number; assetId: string; taskId: string | null; createdAssets: string[] }[] = [];
      for (const [index, item] of items.entries()) {
        const f = found[index]!;
        // An asset created for an earlier record of this page is there now.
        const assetId = f.asset ?? (await idOf(tx, 'assets', item.assetGlobalId));
        const verdict = rules.decide(item, {
          existing:
            f.existing === null || f.status === null
              ? null
              : { status: f.status, review: f.review, answersRejection: f.answersRejection },
          taskFound: f.task !== null,
          taskOnOtherAsset: f.task !== null && f.taskAsset !== f.asset,
          missing: f.missing,
          assetHere: assetId !== null,
        });
        let target: { assetId: string; taskId: string | null; createdAssets: string[] } | ImportOutcome;
        if (verdict === 'write') target = { assetId: assetId!, taskId: f.task, createdAssets: [] };
        else if (verdict === 'create') target = await this.createAsset(tx, item, rules);
        else target = verdict;
        if ('result' in target) outcomes.push(target);
        else {
          outcomes.push({ globalId: item.globalId, result: 'unchanged', reason: null, createdAssets: [] });
          going.push({ index, ...target });
        }
      }
      if (going.length === 0) return outcomes;
      // A new inspection starts as one created here would (incomplete), then moves as core says.
      const moves = going.map((g) => {
        const f = found[g.index]!;
        const from: InspectionState =
          f.existing !== null && f.status !== null
            ? { status: f.status, review: f.review }
            : { status: 'incomplete', review: null };
        return { from, ...rules.inspectionAfter(from) };
      });
      const targets = JSON.stringify(
        going.map((g, n) => ({
          globalId: items[g.index]!.globalId,
          assetId: g.assetId,
          taskId: g.taskId,
          status: moves[n]!.to.status,
          review: moves[n]!.to.review,
          accepting: moves[n]!.steps.some((step) => step.command === 'accept'),
        })),
      );
      const excludedCopied = sql.raw(COPIED_LIST.map((c) => `${c} = excluded.${c}`).join(', '));
      const currentCopied = sql.raw(COPIED_LIST.map((c) => `inspections.${c}`).join(', '));
      const incomingCopied = sql.raw(COPIED_LIST.map((c) => `excluded.${c}`).join(', '));
      // The review's who and when are the acceptance's when it accepts now, else they stay (a rejection
      // answered keeps the rejection's, with its reason, for the reviewer to read).
      const written = await tx.query<{ globalId: string; id: string; inserted: boolean }>(
        sql`INSERT INTO inspections (global_id, asset_id, status, review, reviewed_by, reviewed_at, ${COPIED})
         SELECT r."globalId", g."assetId", g.status, g.review, CASE WHEN g.accepting THEN ${by}::uuid END,
           CASE WHEN g.accepting THEN now() END,
           r."standardId", r.direction, r."inspectedAt", r.weather, r."preCleaning", r."lengthSurveyedM", r.header,
           r."strPeak", r."strRating", r."strIndex", r."strQuick", r."omPeak", r."omRating", r."omIndex", r."omQuick",
           (SELECT id FROM assets WHERE global_id = r."startNodeGlobalId"), g."taskId"
         FROM jsonb_to_recordset(${records}::jsonb) AS r(${INSPECTION_FIELDS})
         JOIN jsonb_to_recordset(${targets}::jsonb)
           AS g("globalId" uuid, "assetId" bigint, "taskId" bigint, status text, review text, accepting boolean)
           ON g."globalId" = r."globalId"
         ON CONFLICT (global_id) DO UPDATE SET asset_id = excluded.asset_id,
           ${excludedCopied},
           status = excluded.status,
           review = excluded.review,
           reviewed_by = coalesce(excluded.reviewed_by, inspections.reviewed_by),
           reviewed_at = coalesce(excluded.reviewed_at, inspections.reviewed_at),
           review_reason = CASE WHEN excluded.reviewed_at IS NULL THEN inspections.review_reason END,
           version = inspections.version + 1, updated_at = now()
         WHERE (inspections.asset_id, ${currentCopied}, inspections.status, inspections.review)
           IS DISTINCT FROM (excluded.asset_id, ${incomingCopied}, excluded.status, excluded.review)
         RETURNING global_id::text AS "globalId", id::text AS id, (xmax = 0) AS inserted`,
      );
      const byGlobalId = new Map(written.map((w) => [w.globalId, w]));
      const ids = going.map((g) => {
        const item = items[g.index]!;
        return {
          globalId: item.globalId,
          inspectionId: byGlobalId.get(item.globalId)?.id ?? found[g.index]!.existing!,
        };
      });
      const events = going.flatMap((g, n) => {
        const inspectionId = ids[n]!.inspectionId;
        const created = byGlobalId.get(items[g.index]!.globalId)?.inserted ?? false;
        const creation = { inspectionId, command: 'create', from: null, to: moves[n]!.from.status };
        return [...(created ? [creation] : []), ...moves[n]!.steps.map((step) => ({ inspectionId, ...step }))];
      });
      if (events.length > 0) {
        await tx.query(
          sql`INSERT INTO inspection_events (inspection_id, command, from_status, to_status, user_id)
           SELECT e."inspectionId", e.command, e."from", e."to", ${by}::uuid
           FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
             AS e("inspectionId" bigint, command text, "from" text, "to" text)`,
        );
      }
      const targetIds = JSON.stringify(ids);
      const changed = await this.writeObservations(tx, records, targetIds);
      for (const globalId of await this.linkVideos(tx, records, targetIds)) changed.add(globalId);
      // The asset's condition follows its latest accepted inspection, scored from what was just written.
      const acceptedAssets = new Set(
        going.filter((_g, n) => moves[n]!.steps.some((step) => step.command === 'accept')).map((g) => g.assetId),
      );
      for (const assetId of acceptedAssets) await rules.accepted(tx, Number(assetId));
      // Each task here is the task of its inspection's own asset (the rules).
      const tasks = going.flatMap((g) => (g.taskId === null ? [] : [g.taskId]));
      if (tasks.length > 0) {
        await tx.query(
          sql`UPDATE tasks t SET state = m.to_state, version = t.version + 1
           FROM jsonb_each_text(${JSON.stringify(rules.taskStatesAfter)}::jsonb) AS m(from_state, to_state)
           WHERE t.id = ANY(${tasks}::bigint[]) AND t.state = m.from_state`,
        );
        await refreshAssignmentsOfTasks(tx, tasks);
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
   * Creates the record's missing asset with what it needs (its end nodes, its section), one by one,
   * nodes first, so each sees those before it. Only the assets the inspected asset refers to are
   * taken from the records sent along, and only those the Office lacks: all of them or none.
   */
  private async createAsset(
    tx: Connection,
    item: InspectionRecord,
    rules: ImportRules,
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
    await tx.exec('SAVEPOINT create_asset');
    for (const asset of item.assets.filter((a) => needed.has(a.globalId))) {
      const written = await this.assets.createMissingAssets(tx, [asset]);
      reasons.push(...written.skipped.map((s) => `${s.label}: ${s.reason}`));
      if (written.inserted > 0) created.push(`${asset.objectType} ${asset.assetCode}`);
    }
    const assetId = await idOf(tx, 'assets', item.assetGlobalId);
    if (assetId === null) {
      await tx.exec('ROLLBACK TO SAVEPOINT create_asset');
      return rules.notCreated(item, reasons);
    }
    await tx.exec('RELEASE SAVEPOINT create_asset');
    return { assetId, taskId: null, createdAssets: created };
  }

  /**
   * Makes each written inspection's observations those of its record; answers the global ids of the
   * inspections whose observations changed.
   */
  private async writeObservations(tx: Connection, records: string, ids: string): Promise<Set<string>> {
    const sent = sql`SELECT g."inspectionId", g."globalId" AS "inspectionGlobalId", o.*
      FROM jsonb_to_recordset(${ids}::jsonb) AS g("globalId" uuid, "inspectionId" bigint)
      JOIN jsonb_to_recordset(${records}::jsonb) AS r("globalId" uuid, observations jsonb) ON r."globalId" = g."globalId"
      CROSS JOIN LATERAL jsonb_to_recordset(r.observations) AS o(${OBSERVATION_FIELDS})`;
    const removed = await tx.query<{ globalId: string }>(
      sql`DELETE FROM observations x USING jsonb_to_recordset(${ids}::jsonb) AS g("globalId" uuid, "inspectionId" bigint)
       WHERE x.inspection_id = g."inspectionId"
         AND NOT EXISTS (SELECT 1 FROM (${sent}) s WHERE s."inspectionId" = x.inspection_id AND s."globalId" = x.global_id)
       RETURNING g."globalId"::text AS "globalId"`,
    );
    const sets = sql.raw(OBSERVATION_LIST.map((c) => `${c} = excluded.${c}`).join(', '));
    const current = sql.raw(OBSERVATION_LIST.map((c) => `observations.${c}`).join(', '));
    const incoming = sql.raw(OBSERVATION_LIST.map((c) => `excluded.${c}`).join(', '));
    const written = await tx.query<{ globalId: string }>(
      sql`WITH s AS MATERIALIZED (${sent}),
       w AS (
         INSERT INTO observations (global_id, inspection_id, ${OBSERVATION_COLUMNS})
         SELECT s."globalId", s."inspectionId", s."standardId", s.sequence, s."distanceM", s.code, s.characterisation,
           s.quantification1, s.quantification2, s."clockFrom", s."clockTo", s."atJoint", s.continuous,
           s."continuousGroup", s.grade, s.remark
         FROM s
         ON CONFLICT (global_id) DO UPDATE SET ${sets},
           version = observations.version + 1
         WHERE (${current}) IS DISTINCT FROM (${incoming})
         RETURNING global_id)
       SELECT DISTINCT s."inspectionGlobalId"::text AS "globalId" FROM w JOIN s ON s."globalId" = w.global_id`,
    );
    return new Set([...removed, ...written].map((r) => r.globalId));
  }

  /**
   * Points the written inspections' observations at their videos by global id; a video the Office
   * does not hold yet is linked when its file arrives (`completeUpload`). Answers the global ids of
   * the inspections where a link changed.
   */
  private async linkVideos(tx: Connection, records: string, ids: string): Promise<Set<string>> {
    const changed = await tx.query<{ globalId: string }>(
      sql`WITH r AS (
         SELECT g."globalId" AS "inspectionGlobalId", g."inspectionId", o."globalId", o."videoMediaGlobalId",
           o."videoOffsetMs", (SELECT m.id FROM media m WHERE m.global_id = o."videoMediaGlobalId") AS media_id
         FROM jsonb_to_recordset(${ids}::jsonb) AS g("globalId" uuid, "inspectionId" bigint)
         JOIN jsonb_to_recordset(${records}::jsonb) AS i("globalId" uuid, observations jsonb) ON i."globalId" = g."globalId"
         CROSS JOIN LATERAL jsonb_to_recordset(i.observations)
           AS o("globalId" uuid, "videoMediaGlobalId" uuid, "videoOffsetMs" integer))
       UPDATE observations o SET video_media_global_id = r."videoMediaGlobalId", video_offset_ms = r."videoOffsetMs",
         video_media_id = r.media_id, version = o.version + 1
       FROM r
       WHERE o.inspection_id = r."inspectionId" AND o.global_id = r."globalId"
         AND (o.video_media_global_id, o.video_offset_ms, o.video_media_id)
           IS DISTINCT FROM (r."videoMediaGlobalId", r."videoOffsetMs", r.media_id)
       RETURNING r."inspectionGlobalId"::text AS "globalId"`,
    );
    return new Set(changed.map((r) => r.globalId));
  }

  /** The local id of a media owner, or null when the Office does not have it. */
  ownerId(ownerType: MediaRecord['ownerType'], globalId: string): Promise<string | null> {
    return idOf(this.db, OWNER_TABLES[ownerType], globalId);
  }

  async media(globalId: string): Promise<{ sha256: string; size_bytes: number } | undefined> {
    const [row] = await this.db.query<{ sha256: string; size_bytes: number }>(
      sql`SELECT sha256, size_bytes::float8 AS size_bytes FROM media WHERE global_id = ${globalId}::uuid`,
    );
    return row;
  }

  async upload(globalId: string): Promise<(UploadRow & { token: string; writing: boolean }) | undefined> {
    const [row] = await this.db.query<UploadRow & { token: string; writing: boolean }>(
      sql`SELECT owner_type, owner_global_id::text AS owner_global_id, kind, file_name, content_type,
         size_bytes::float8 AS size_bytes, sha256, token::text AS token,
         coalesce(writing_until > now(), false) AS writing
       FROM media_uploads WHERE global_id = ${globalId}::uuid`,
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
      sql`INSERT INTO media_uploads (global_id, owner_type, owner_global_id, kind, file_name, content_type, size_bytes, sha256, token)
       VALUES (${m.globalId}, ${m.ownerType}, ${m.ownerGlobalId}, ${m.kind}, ${m.fileName}, ${m.contentType}, ${m.sizeBytes},
         ${m.sha256}, ${fresh})
       ON CONFLICT (global_id) DO UPDATE SET owner_type = excluded.owner_type, owner_global_id = excluded.owner_global_id,
         kind = excluded.kind, file_name = excluded.file_name, content_type = excluded.content_type,
         size_bytes = excluded.size_bytes, sha256 = excluded.sha256, touched_at = now(),
         -- Other content is another upload: the earlier sender's token no longer writes.
         token = CASE WHEN (media_uploads.sha256, media_uploads.size_bytes) = (excluded.sha256, excluded.size_bytes)
           THEN media_uploads.token ELSE excluded.token END
       WHERE (media_uploads.sha256, media_uploads.size_bytes) = (excluded.sha256, excluded.size_bytes)
         OR (media_uploads.touched_at <= now() - make_interval(secs => ${leaseSeconds})
             AND (media_uploads.writing_until IS NULL OR media_uploads.writing_until <= now()))
       RETURNING token::text AS token, (xmax = 0) AS inserted`,
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
      sql`UPDATE media_uploads SET writing_until = now() + make_interval(secs => ${seconds}), touched_at = now()
       WHERE global_id = ${globalId}::uuid AND token = ${token}::uuid AND (writing_until IS NULL OR writing_until <= now())
       RETURNING 1`,
    );
    return rows.length > 0;
  }

  async endWrite(globalId: string, token: string): Promise<void> {
    await this.db.query(
      sql`UPDATE media_uploads SET writing_until = NULL, touched_at = now()
       WHERE global_id = ${globalId}::uuid AND token = ${token}::uuid`,
    );
  }

  async dropUpload(globalId: string): Promise<void> {
    await this.db.query(sql`DELETE FROM media_uploads WHERE global_id = ${globalId}::uuid`);
  }

  /**
   * Ends the uploads nobody declared or sent a chunk to for `idleSeconds` (and that no chunk is
   * writing); answers their global ids, whose partial files are then removed.
   */
  async dropAbandonedUploads(idleSeconds: number): Promise<string[]> {
    const rows = await this.db.query<{ global_id: string }>(
      sql`DELETE FROM media_uploads
       WHERE touched_at < now() - make_interval(secs => ${idleSeconds}) AND (writing_until IS NULL OR writing_until <= now())
       RETURNING global_id::text AS global_id`,
    );
    return rows.map((r) => r.global_id);
  }

  /** Which of these global ids have a declared upload. */
  async declared(globalIds: string[]): Promise<Set<string>> {
    if (globalIds.length === 0) return new Set();
    const rows = await this.db.query<{ global_id: string }>(
      sql`SELECT global_id::text AS global_id FROM media_uploads WHERE global_id = ANY(${globalIds}::uuid[])`,
    );
    return new Set(rows.map((r) => r.global_id));
  }

  /**
   * Registers a received, verified file as media of its owner and ends its upload; `place` moves the
   * file into its storage inside the transaction, so a failure leaves neither row nor file.
   */
  completeUpload(globalId: string, ownerId: string, place: () => Promise<string>): Promise<void> {
    return this.db.transaction(async (tx) => {
      const [u] = await tx.query<UploadRow>(
        sql`DELETE FROM media_uploads WHERE global_id = ${globalId}::uuid
         RETURNING owner_type, kind, file_name, content_type, size_bytes, sha256`,
      );
      if (!u) return;
      const key = await place();
      await tx.query(
        sql`INSERT INTO media (global_id, owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
         VALUES (${globalId}, ${u.owner_type}, ${ownerId}, ${u.kind}, ${u.file_name}, ${key}, ${u.content_type}, ${u.sha256},
           ${u.size_bytes})
         ON CONFLICT (global_id) DO NOTHING`,
      );
      // Observations that arrived before their video now point at it.
      await tx.query(
        sql`UPDATE observations SET video_media_id = (SELECT id FROM media WHERE global_id = ${globalId}::uuid),
           version = version + 1
         WHERE video_media_global_id = ${globalId}::uuid AND video_media_id IS NULL`,
      );
    });
  }
}

const OWNER_TABLES = { asset: 'assets', inspection: 'inspections', observation: 'observations' } as const;

async function idOf(
  conn: Pick<Connection, 'query'>,
  table: 'assets' | 'inspections' | 'observations',
  globalId: string,
): Promise<string | null> {
  const [row] = await conn.query<{ id: string }>(
    sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE global_id = ${globalId}::uuid`,
  );
  return row?.id ?? null;
}
