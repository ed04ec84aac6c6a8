/**
 * The Field side of WebSync scenarios 1 and 2 and of their media: writing a page of planned tasks
 * (with their assets) by global id, reading completed inspections to send, and the task's list of
 * media files with how far each got. Each page, the step's cursor, the files it adds to the list
 * and the lease renewal commit together, so a run killed midway resumes with nothing lost or doubled.
 */
import { OPEN_TASK_STATES, type InspectionCommand, type InspectionReview } from '@manway/core/domain/workflow';
import type { InspectionStatus, TaskState } from '@manway/core/domain/types';
import type {
  InspectionDecision,
  InspectionRecord,
  MediaRecord,
  PlannedTaskRecord,
  TaskDecisionRecord,
  TaskDecisions,
} from '@manway/core/api/sync-data';
import type { Connection, Database } from '../../db/connection';
import { refreshAssignments, refreshAssignmentsOfTasks } from '../work/assignments';
import { sql } from '../../db/sql';
import { advanceStep, writeRecords, type Lease } from './repository';

/**
 * The rules a page of planned tasks is written by (the agent's service decides them; this module
 * only reads what they need and writes what they let through), each answering a reason or undefined.
 */
export interface TaskPageRules {
  /** Why the user's settings leave the task out (not an error), judged before anything is written. */
  ruledOut(item: PlannedTaskRecord, here: { asset: boolean }): string | undefined;
  /** Why the task cannot be written (an error), judged once its assets are written. */
  unwritable(
    item: PlannedTaskRecord,
    here: { asset: boolean; project: boolean; assetSkips: string[]; otherOpenTask: boolean },
  ): string | undefined;
}

export interface TasksPageOutcome {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Left out by the user's rule: not an error. */
  ruled: { item: PlannedTaskRecord; reason: string }[];
  /** Could not be written: an error. */
  skipped: { item: PlannedTaskRecord; reason: string }[];
  cancelRequested: boolean;
}

/** What the Field holds of a task the Office answered about, read under the rows' locks. */
export interface FieldCopy {
  task: { id: string; state: TaskState; assetCode: string };
  /** The Field's inspections of the task; `sameReview`: it has taken in the Office's decision of this inspection. */
  inspections: FieldInspection[];
}

export interface FieldInspection {
  id: string;
  globalId: string;
  assetId: string;
  status: InspectionStatus;
  review: InspectionReview;
  inspectedAt: string;
  sameReview: boolean;
}

/** What the Field holds of an inspection recorded outside any task that the Office answered about. */
export interface FieldInspectionOutsideTask {
  inspection: FieldInspection;
  assetCode: string;
}

/** What the service's rules decided for one task: written as they say, with the lines for the client log. */
export interface DecisionWrite {
  /** The Office's review taken into the Field's inspection, with the event that records it. */
  inspection?: {
    id: string;
    assetId: string;
    command: Extract<InspectionCommand, 'accept' | 'reject'>;
    from: InspectionStatus;
    status: InspectionStatus;
    review: InspectionReview;
    reason: string | null;
    reviewedAt: string;
    reviewedByGlobalId: string | null;
  };
  /** The task's new state. */
  task?: TaskState;
  /** The Office decided something the Field keeps as it is (each note says why). */
  kept: boolean;
  notes: string[];
}

export interface DecisionRules {
  decide(record: TaskDecisionRecord, here: FieldCopy): DecisionWrite;
  /** The same for an inspection recorded outside any task (no task to move). */
  decideInspection(record: InspectionDecision, here: FieldInspectionOutsideTask): DecisionWrite;
  /** Runs in the page's transaction for the asset of each inspection accepted (its condition follows). */
  accepted(tx: Connection, assetId: number): Promise<void>;
}

export interface DecisionsOutcome {
  rejected: number;
  accepted: number;
  completed: number;
  deleted: number;
  kept: number;
  notes: string[];
  cancelRequested: boolean;
}

export interface MediaFileRow {
  media_global_id: string;
  direction: 'download' | 'upload';
  job_name: string;
  file_name: string;
  kind: MediaRecord['kind'];
  content_type: string;
  size_bytes: number;
  sha256: string;
  owner_type: MediaRecord['ownerType'];
  owner_global_id: string;
  bytes_done: number;
  status: string;
}

export interface LocalInspection extends Omit<InspectionRecord, 'assets' | 'observations'> {
  localId: string;
  assetId: string;
  assetCode: string;
}

const INSPECTION_COLUMNS =
  sql.raw(`i.id::text AS "localId", i.global_id::text AS "globalId", t.global_id::text AS "taskGlobalId",
  a.global_id::text AS "assetGlobalId", a.id::text AS "assetId", a.asset_code AS "assetCode", i.standard_id AS "standardId",
  i.direction, sn.global_id::text AS "startNodeGlobalId", to_json(i.inspected_at) #>> '{}' AS "inspectedAt", i.weather,
  i.pre_cleaning AS "preCleaning", i.length_surveyed_m AS "lengthSurveyedM", i.header, i.str_peak AS "strPeak",
  i.str_rating AS "strRating", i.str_index AS "strIndex", i.str_quick AS "strQuick", i.om_peak AS "omPeak",
  i.om_rating AS "omRating", i.om_index AS "omIndex", i.om_quick AS "omQuick",
  CASE WHEN i.review IS NOT NULL AND i.reviewed_at IS NOT NULL
    THEN json_build_object('review', i.review, 'reviewedAt', to_json(i.reviewed_at) #>> '{}') END AS "officeReview"`);

export class TransferRepository {
  constructor(
    private readonly db: Database,
    private readonly leaseSeconds: number,
  ) {}

  async progressOf(
    taskId: number,
    step: string,
  ): Promise<{ after: string | null; done: boolean; skipped: number; failed: number }> {
    const [row] = await this.db.query<{ after: string | null; done: boolean; skipped: number; failed: number }>(
      sql`SELECT after, done, skipped, failed FROM sync_agent_progress WHERE task_id = ${taskId} AND step = ${step}`,
    );
    return row ?? { after: null, done: false, skipped: 0, failed: 0 };
  }

  /** Scenario 1: one page of planned tasks with their assets, its cursor and its media, in one transaction. */
  applyTasksPage(
    lease: Lease,
    items: PlannedTaskRecord[],
    rules: TaskPageRules,
    autoAccept: boolean,
    media: MediaRecord[],
    cursor: { after: string | null; done: boolean },
    status: { operation: string; percentage: number },
  ): Promise<TasksPageOutcome> {
    return this.db.transaction(async (tx) => {
      const outcome: TasksPageOutcome = {
        inserted: 0,
        updated: 0,
        unchanged: 0,
        ruled: [],
        skipped: [],
        cancelRequested: false,
      };
      const written = new Set<string>();
      const touched: string[] = [];
      for (const item of items) {
        const ruledOut = rules.ruledOut(item, { asset: await exists(tx, 'assets', item.assetGlobalId) });
        if (ruledOut !== undefined) {
          outcome.ruled.push({ item, reason: ruledOut });
          continue;
        }
        // One by one, nodes first: each skip check sees the records written before it.
        const assetSkips: string[] = [];
        for (const asset of item.assets) {
          const w = await writeRecords(tx, 'nodes', [asset]);
          assetSkips.push(...w.skipped.map((s) => `${s.label}: ${s.reason}`));
        }
        const unwritable = rules.unwritable(item, {
          asset: await exists(tx, 'assets', item.assetGlobalId),
          project: await exists(tx, 'projects', item.projectGlobalId),
          assetSkips,
          otherOpenTask: await otherOpenTask(tx, item),
        });
        if (unwritable !== undefined) {
          outcome.skipped.push({ item, reason: unwritable });
          continue;
        }
        const [row] = await tx.query<{ inserted: boolean }>(
          sql`INSERT INTO tasks (global_id, project_id, task_type, asset_id, district, due_date, state, accepted_at)
           VALUES (${item.globalId}::uuid, (SELECT id FROM projects WHERE global_id = ${item.projectGlobalId}::uuid),
             ${item.taskType}, (SELECT id FROM assets WHERE global_id = ${item.assetGlobalId}::uuid), ${item.district},
             ${item.dueDate}::date, ${item.state}, CASE WHEN ${autoAccept}::boolean THEN now() END)
           ON CONFLICT (global_id) DO UPDATE SET project_id = excluded.project_id, task_type = excluded.task_type,
             asset_id = excluded.asset_id, district = excluded.district, due_date = excluded.due_date,
             -- Work the crew has started in the Field is not turned back by the Office's plan.
             state = CASE WHEN tasks.state = 'planned' THEN excluded.state ELSE tasks.state END,
             accepted_at = coalesce(tasks.accepted_at, excluded.accepted_at), version = tasks.version + 1
           WHERE (tasks.project_id, tasks.task_type, tasks.asset_id, tasks.district, tasks.due_date,
                  CASE WHEN tasks.state = 'planned' THEN excluded.state ELSE tasks.state END,
                  tasks.accepted_at IS NULL AND excluded.accepted_at IS NOT NULL)
             IS DISTINCT FROM (excluded.project_id, excluded.task_type, excluded.asset_id, excluded.district,
                  excluded.due_date, tasks.state, false)
           RETURNING (xmax = 0) AS inserted`,
        );
        const assigned = item.assignment ? await writeAssignment(tx, item.globalId, item.assignment) : false;
        if (!row) {
          if (assigned) outcome.updated++;
          else outcome.unchanged++;
        } else if (row.inserted) outcome.inserted++;
        else outcome.updated++;
        written.add(item.assetGlobalId);
        touched.push(item.globalId);
      }
      await refreshAssignmentsOfTasks(tx, await idsOf(tx, 'tasks', touched));
      await queueMedia(
        tx,
        lease.taskId,
        'download',
        media.filter((m) => written.has(m.ownerGlobalId)),
      );
      // Tasks ruled out by the user's settings are not errors: only the unwritable count as skipped.
      outcome.cancelRequested = await advanceStep(
        tx,
        this.leaseSeconds,
        lease,
        'planned-tasks',
        cursor,
        status,
        outcome,
      );
      return outcome;
    });
  }

  /** Scenario 1's second step: a page of the global ids of this system's open tasks. */
  async openTasks(after: string | undefined, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ globalId: string }>(
      sql`SELECT global_id::text AS "globalId" FROM tasks
       WHERE state = ANY(${[...OPEN_TASK_STATES]}::text[]) AND (${after ?? null}::uuid IS NULL OR global_id > ${after ?? null}::uuid)
       ORDER BY global_id LIMIT ${limit}`,
    );
    return rows.map((r) => r.globalId);
  }

  /**
   * Scenario 1's second step: a page of the global ids of this system's inspections recorded outside
   * any task that are not accepted yet. Pending ones wait for the Office's decision; incomplete ones
   * may be copies the crew took back after sending them, whose decision is recorded as for a task's
   * (one never sent is unknown to the Office and left out of its answer). Accepted ones are final.
   */
  async inspectionsOutsideTasks(after: string | undefined, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ globalId: string }>(
      sql`SELECT global_id::text AS "globalId" FROM inspections
       WHERE task_id IS NULL AND status <> 'completed'
         AND (${after ?? null}::uuid IS NULL OR global_id > ${after ?? null}::uuid)
       ORDER BY global_id LIMIT ${limit}`,
    );
    return rows.map((r) => r.globalId);
  }

  /**
   * Scenario 1's second step: the Office's answer about a page of the Field's open tasks or of its
   * inspections outside tasks, each task and inspection locked, decided by the rules and written as
   * they say (an inspection's review with its event, a task's state with its assignment's status),
   * with the step's cursor, in one transaction.
   */
  applyDecisionsPage(
    lease: Lease,
    answer: TaskDecisions,
    rules: DecisionRules,
    step: 'task-decisions' | 'inspection-decisions',
    cursor: { after: string | null; done: boolean },
    status: { operation: string; percentage: number },
  ): Promise<DecisionsOutcome> {
    const { items: records, inspections: outside } = answer;
    return this.db.transaction(async (tx) => {
      const outcome: DecisionsOutcome = {
        rejected: 0,
        accepted: 0,
        completed: 0,
        deleted: 0,
        kept: 0,
        notes: [],
        cancelRequested: false,
      };
      const asked = records.map((r) => r.globalId);
      const askedOutside = outside.map((r) => r.globalId);
      const decided = [...records.flatMap((r) => (r.inspection ? [r.inspection] : [])), ...outside].flatMap((r) =>
        r.reviewedAt ? [{ globalId: r.globalId, reviewedAt: r.reviewedAt }] : [],
      );
      // Inspections before their tasks, the order the inspections service locks them in.
      const inspections =
        records.length + outside.length
          ? await tx.query<FieldInspection & { taskId: string | null; assetCode: string }>(
              sql`SELECT i.id::text AS id, i.global_id::text AS "globalId", i.task_id::text AS "taskId",
               i.asset_id::text AS "assetId", a.asset_code AS "assetCode", i.status, i.review,
               to_json(i.inspected_at) #>> '{}' AS "inspectedAt", coalesce(i.reviewed_at = d."reviewedAt", false) AS "sameReview"
             FROM inspections i JOIN assets a ON a.id = i.asset_id
             LEFT JOIN jsonb_to_recordset(${JSON.stringify(decided)}::jsonb) AS d("globalId" uuid, "reviewedAt" timestamptz)
               ON d."globalId" = i.global_id
             WHERE i.task_id IN (SELECT id FROM tasks WHERE global_id = ANY(${asked}::uuid[]))
                OR (i.task_id IS NULL AND i.global_id = ANY(${askedOutside}::uuid[]))
             ORDER BY i.id FOR UPDATE OF i`,
            )
          : [];
      const tasks = records.length
        ? await tx.query<FieldCopy['task'] & { globalId: string }>(
            sql`SELECT t.id::text AS id, t.global_id::text AS "globalId", t.state, a.asset_code AS "assetCode"
             FROM tasks t JOIN assets a ON a.id = t.asset_id
             WHERE t.global_id = ANY(${asked}::uuid[])
             ORDER BY t.id FOR UPDATE OF t`,
          )
        : [];
      const byGlobalId = new Map(tasks.map((t) => [t.globalId, t]));
      // A page holds up to 2,000 of each: the inspections are looked up by task and by global id once.
      const ofTask = new Map<string, FieldInspection[]>();
      const outsideByGlobalId = new Map<string, (typeof inspections)[number]>();
      for (const i of inspections) {
        if (i.taskId === null) outsideByGlobalId.set(i.globalId, i);
        else if (ofTask.has(i.taskId)) ofTask.get(i.taskId)!.push(i);
        else ofTask.set(i.taskId, [i]);
      }
      const moved: string[] = [];
      /** An inspection's review taken in, with its event and (accepted) its asset's condition. */
      const takeIn = async (d: DecisionWrite) => {
        outcome.notes.push(...d.notes);
        if (d.kept) outcome.kept++;
        if (!d.inspection) return;
        const w = d.inspection;
        const reviewer = sql`(SELECT id FROM users WHERE global_id = ${w.reviewedByGlobalId}::uuid)`;
        await tx.query(
          sql`UPDATE inspections SET status = ${w.status}, review = ${w.review}, review_reason = ${w.reason},
             reviewed_at = ${w.reviewedAt}::timestamptz, reviewed_by = ${reviewer}, version = version + 1, updated_at = now()
           WHERE id = ${w.id}`,
        );
        await tx.query(
          sql`INSERT INTO inspection_events (inspection_id, command, from_status, to_status, reason, user_id)
           VALUES (${w.id}, ${w.command}, ${w.from}, ${w.status}, ${w.reason}, ${reviewer})`,
        );
        if (w.command === 'accept') {
          outcome.accepted++;
          await rules.accepted(tx, Number(w.assetId));
        } else outcome.rejected++;
      };
      for (const record of outside) {
        const copy = outsideByGlobalId.get(record.globalId);
        if (copy) await takeIn(rules.decideInspection(record, { inspection: copy, assetCode: copy.assetCode }));
      }
      for (const record of records) {
        const task = byGlobalId.get(record.globalId);
        if (!task) continue;
        const d = rules.decide(record, {
          task: { id: task.id, state: task.state, assetCode: task.assetCode },
          inspections: ofTask.get(task.id) ?? [],
        });
        await takeIn(d);
        if (d.task) {
          await tx.query(sql`UPDATE tasks SET state = ${d.task}, version = version + 1 WHERE id = ${task.id}`);
          moved.push(task.id);
          if (d.task === 'completed') outcome.completed++;
          if (d.task === 'deleted') outcome.deleted++;
        }
      }
      await refreshAssignmentsOfTasks(tx, moved);
      outcome.cancelRequested = await advanceStep(tx, this.leaseSeconds, lease, step, cursor, status, {
        inserted: 0,
        updated: outcome.rejected + outcome.accepted + outcome.completed + outcome.deleted,
        skipped: [],
      });
      return outcome;
    });
  }

  /** Scenario 2: completed inspections (pending or accepted) by global id, optionally on given assets. */
  inspections(after: string | undefined, limit: number, onAssets: number[] | undefined): Promise<LocalInspection[]> {
    return this.db.query<LocalInspection>(
      sql`SELECT ${INSPECTION_COLUMNS}
       FROM inspections i JOIN assets a ON a.id = i.asset_id
       LEFT JOIN tasks t ON t.id = i.task_id LEFT JOIN assets sn ON sn.id = i.start_node_id
       WHERE i.status <> 'incomplete' AND (${after ?? null}::uuid IS NULL OR i.global_id > ${after ?? null}::uuid)
         AND (${onAssets ?? null}::bigint[] IS NULL OR i.asset_id = ANY(${onAssets ?? null}::bigint[]))
       ORDER BY i.global_id LIMIT ${limit}`,
    );
  }

  async observations(inspectionIds: string[]) {
    return this.db.query<InspectionRecord['observations'][number] & { inspectionId: string; localId: string }>(
      sql`SELECT o.inspection_id::text AS "inspectionId", o.id::text AS "localId", o.global_id::text AS "globalId",
         o.standard_id AS "standardId", o.sequence, o.distance_m AS "distanceM", o.code, o.characterisation,
         o.quantification1, o.quantification2, o.clock_from AS "clockFrom", o.clock_to AS "clockTo",
         o.at_joint AS "atJoint", o.continuous, o.continuous_group AS "continuousGroup", o.grade, o.remark,
         coalesce(v.global_id, o.video_media_global_id)::text AS "videoMediaGlobalId", o.video_offset_ms AS "videoOffsetMs"
       FROM observations o LEFT JOIN media v ON v.id = o.video_media_id
       WHERE o.inspection_id = ANY(${inspectionIds}::bigint[]) ORDER BY o.inspection_id, o.sequence`,
    );
  }

  /** Scenario 2: after the Office wrote a page, its cursor and the media to upload, in one transaction. */
  recordSentPage(
    lease: Lease,
    media: MediaRecord[],
    cursor: { after: string | null; done: boolean },
    status: { operation: string; percentage: number },
    counts: { copied: number; skipped: number; failed: number },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await queueMedia(tx, lease.taskId, 'upload', media);
      return advanceStep(tx, this.leaseSeconds, lease, 'completed-inspections', cursor, status, {
        inserted: counts.copied,
        updated: 0,
        skipped: new Array<unknown>(counts.skipped),
        failed: counts.failed,
      });
    });
  }

  /** The task's files still to move, in the order they were listed. */
  pendingMedia(taskId: number): Promise<MediaFileRow[]> {
    return this.db.query<MediaFileRow>(
      sql`SELECT media_global_id::text AS media_global_id, direction, job_name, file_name, kind, content_type,
         size_bytes::float8 AS size_bytes, sha256, owner_type, owner_global_id::text AS owner_global_id,
         bytes_done::float8 AS bytes_done, status
       FROM sync_media_files WHERE task_id = ${taskId} AND status IN ('Waiting', 'Transferring', 'Failed')
       ORDER BY ord`,
    );
  }

  async mediaTotals(taskId: number): Promise<{ files: number; bytes: number; done: number; failed: number }> {
    const [row] = await this.db.query<{ files: number; bytes: number; done: number; failed: number }>(
      sql`SELECT count(*)::int AS files, coalesce(sum(size_bytes), 0)::float8 AS bytes,
         coalesce(sum(CASE WHEN status IN ('Completed', 'AlreadyPresent') THEN size_bytes ELSE bytes_done END), 0)::float8 AS done,
         count(*) FILTER (WHERE status = 'Failed')::int AS failed
       FROM sync_media_files WHERE task_id = ${taskId}`,
    );
    return row!;
  }

  /** A file's progress, the task's, and the lease renewal; answers whether a cancel was asked. */
  async mediaProgress(
    taskId: number,
    globalId: string,
    file: { bytesDone: number; status: string; error?: string | null },
    task: { operation: string; percentage: number; transferring: boolean },
  ): Promise<boolean> {
    const [row] = await this.db.query<{ cancel_requested: boolean }>(
      sql`WITH f AS (
         UPDATE sync_media_files SET bytes_done = ${file.bytesDone}, status = ${file.status}, error = ${file.error ?? null}
         WHERE task_id = ${taskId} AND media_global_id = ${globalId}::uuid)
       UPDATE sync_agent_tasks SET lease_until = now() + make_interval(secs => ${this.leaseSeconds}),
         current_operation = ${task.operation}, percentage_complete = ${task.percentage},
         is_transferring_media = ${task.transferring}
       WHERE id = ${taskId} RETURNING cancel_requested`,
    );
    return row?.cancel_requested ?? true;
  }

  async setTransferring(taskId: number, transferring: boolean): Promise<void> {
    await this.db.query(sql`UPDATE sync_agent_tasks SET is_transferring_media = ${transferring} WHERE id = ${taskId}`);
  }

  /** Where this system keeps a media file, when it has it complete. */
  async localMedia(globalId: string): Promise<{ storage_key: string; sha256: string } | undefined> {
    const [row] = await this.db.query<{ storage_key: string; sha256: string }>(
      sql`SELECT storage_key, sha256 FROM media WHERE global_id = ${globalId}::uuid`,
    );
    return row;
  }

  /**
   * Registers a downloaded, verified file as media of its owner and marks it Completed; `place`
   * moves the file into its storage inside the transaction.
   */
  completeDownload(taskId: number, f: MediaFileRow, place: () => Promise<string>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const table = OWNER_TABLES[f.owner_type];
      const [owner] = await tx.query<{ id: string }>(
        sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE global_id = ${f.owner_global_id}::uuid`,
      );
      if (!owner) return false;
      const key = await place();
      await tx.query(
        sql`INSERT INTO media (global_id, owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
         VALUES (${f.media_global_id}, ${f.owner_type}, ${owner.id}, ${f.kind}, ${f.file_name}, ${key}, ${f.content_type},
           ${f.sha256}, ${f.size_bytes})
         ON CONFLICT (global_id) DO NOTHING`,
      );
      await tx.query(
        sql`UPDATE sync_media_files SET status = 'Completed', bytes_done = size_bytes, error = NULL
         WHERE task_id = ${taskId} AND media_global_id = ${f.media_global_id}::uuid`,
      );
      return true;
    });
  }

  /** The console's 'Uploading progress' of a task, or undefined for an unknown task. */
  async taskMedia(taskId: number) {
    const [task] = await this.db.query(sql`SELECT 1 FROM sync_agent_tasks WHERE id = ${taskId}`);
    if (!task) return undefined;
    return this.db.query<{
      job_name: string;
      file_name: string;
      status: string;
      size_bytes: number;
      bytes_done: number;
    }>(
      sql`SELECT job_name, file_name, status, size_bytes::float8 AS size_bytes,
         CASE WHEN status IN ('Completed', 'AlreadyPresent') THEN size_bytes ELSE bytes_done END::float8 AS bytes_done
       FROM sync_media_files WHERE task_id = ${taskId} ORDER BY ord`,
    );
  }
}

const OWNER_TABLES = { asset: 'assets', inspection: 'inspections', observation: 'observations' } as const;

async function exists(conn: Pick<Connection, 'query'>, table: 'assets' | 'projects', globalId: string) {
  const rows = await conn.query(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE global_id = ${globalId}::uuid`);
  return rows.length > 0;
}

/** Lists files for the task to move; a file this system already has is AlreadyPresent at once. */
async function queueMedia(
  conn: Pick<Connection, 'query'>,
  taskId: number,
  direction: 'download' | 'upload',
  media: MediaRecord[],
) {
  if (media.length === 0) return;
  await conn.query(
    sql`INSERT INTO sync_media_files (task_id, media_global_id, direction, job_name, file_name, kind, content_type,
       size_bytes, sha256, owner_type, owner_global_id, status)
     SELECT ${taskId}, r."globalId", ${direction}, r."jobName", r."fileName", r.kind, r."contentType", r."sizeBytes", r.sha256,
       r."ownerType", r."ownerGlobalId",
       CASE WHEN ${direction}::text = 'download' AND EXISTS (SELECT 1 FROM media m WHERE m.global_id = r."globalId")
         THEN 'AlreadyPresent' ELSE 'Waiting' END
     FROM jsonb_to_recordset(${JSON.stringify(media)}::jsonb) AS r("globalId" uuid, "jobName" text, "fileName" text, kind text,
       "contentType" text, "sizeBytes" bigint, sha256 text, "ownerType" text, "ownerGlobalId" uuid)
     ON CONFLICT (task_id, media_global_id) DO NOTHING`,
  );
}

/** Whether the task's asset has another open task here (an asset has at most one: migration 0017). */
async function otherOpenTask(conn: Pick<Connection, 'query'>, item: PlannedTaskRecord): Promise<boolean> {
  const rows = await conn.query(
    sql`SELECT 1 FROM tasks t JOIN assets a ON a.id = t.asset_id
     WHERE a.global_id = ${item.assetGlobalId}::uuid AND t.global_id <> ${item.globalId}::uuid
       AND t.state = ANY(${[...OPEN_TASK_STATES]}::text[])`,
  );
  return rows.length > 0;
}

async function idsOf(conn: Pick<Connection, 'query'>, table: 'tasks', globalIds: string[]): Promise<string[]> {
  if (globalIds.length === 0) return [];
  const rows = await conn.query<{ id: string }>(
    sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE global_id = ANY(${globalIds}::uuid[])`,
  );
  return rows.map((r) => r.id);
}

/**
 * The task's assignment as the Office has it, by global id: its crew (when this system holds that
 * account), its date, and the task as its only link (a task the Office moved to another assignment
 * leaves the old one). The status is refreshed from the tasks afterwards. Answers whether it changed.
 */
async function writeAssignment(
  conn: Pick<Connection, 'query'>,
  taskGlobalId: string,
  a: NonNullable<PlannedTaskRecord['assignment']>,
): Promise<boolean> {
  const [row] = await conn.query<{ id: string; changed: boolean }>(
    sql`WITH crew AS (SELECT id FROM users WHERE global_id = ${a.assignedToGlobalId}::uuid),
       upserted AS (
         INSERT INTO assignments (global_id, assigned_to, scheduled_date, status)
         VALUES (${a.globalId}::uuid, (SELECT id FROM crew), ${a.scheduledDate}::date,
                 CASE WHEN EXISTS (SELECT 1 FROM crew) THEN 'assigned' ELSE 'unassigned' END)
         ON CONFLICT (global_id) DO UPDATE SET assigned_to = excluded.assigned_to,
           scheduled_date = excluded.scheduled_date,
           -- Without a crew it cannot stay assigned; the refresh sets the status its tasks give.
           status = CASE WHEN excluded.assigned_to IS NULL THEN 'unassigned' ELSE assignments.status END,
           version = assignments.version + 1
         WHERE (assignments.assigned_to, assignments.scheduled_date)
           IS DISTINCT FROM (excluded.assigned_to, excluded.scheduled_date)
         RETURNING id
       )
     SELECT coalesce((SELECT id FROM upserted), (SELECT id FROM assignments WHERE global_id = ${a.globalId}::uuid))::text AS id,
            EXISTS (SELECT 1 FROM upserted) AS changed`,
  );
  const assignmentId = row!.id;
  const task = sql`(SELECT id FROM tasks WHERE global_id = ${taskGlobalId}::uuid)`;
  const left = await conn.query<{ assignment_id: string }>(
    sql`DELETE FROM assignment_tasks WHERE task_id = ${task} AND assignment_id <> ${assignmentId}
     RETURNING assignment_id::text`,
  );
  const linked = await conn.query(
    sql`INSERT INTO assignment_tasks (assignment_id, task_id) VALUES (${assignmentId}, ${task})
     ON CONFLICT DO NOTHING RETURNING task_id`,
  );
  if (left.length > 0)
    await refreshAssignments(
      conn,
      left.map((l) => l.assignment_id),
    );
  return row!.changed || linked.length > 0 || left.length > 0;
}
