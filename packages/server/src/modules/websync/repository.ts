/** The SQL of the websync scheduler, the sync-agent task log and the per-user sync settings. */
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface ScheduleRow {
  id: string;
  name: string;
  scenario: string;
  user_id: string;
  login: string;
  schedule_text: string;
  task_settings: unknown;
  task_schedule: unknown;
  last_start_time: Date | null;
  next_start_time: Date | null;
}

export interface ScheduleWrite {
  name: string;
  scenario: string;
  userId: string;
  scheduleText: string;
  taskSettings: unknown;
  taskSchedule: unknown;
  nextStartTime: Date | null;
}

export interface SyncTaskRow {
  id: string;
  scenario: string;
  status: string;
  current_operation: string | null;
  is_transferring_media: boolean;
  percentage_complete: number;
  started: Date | null;
  finished: Date | null;
  schedule_name: string | null;
  scheduled_for: Date | null;
  login: string;
}

export interface SyncUserRow {
  id: string;
  login: string;
  display_name: string;
  organization: string | null;
}

/** A due schedule as the scheduler claims it. */
export interface DueSchedule {
  id: string;
  name: string;
  scenario: string;
  user_id: string;
  login: string;
  task_settings: unknown;
  task_schedule: unknown;
  next_start_time: Date;
}

export interface ScheduleFilter {
  login?: string;
  name?: string;
  scenario?: string;
  /** Only this user's schedules; undefined for everyone's. */
  ownerId?: string;
  orderBy: ScheduleOrder;
  descending: boolean;
}
export type ScheduleOrder = 'name' | 'scenario' | 'login' | 'last_start_time' | 'next_start_time' | 'schedule_text';

export interface TaskFilter {
  login?: string;
  from?: string;
  to?: string;
  statuses?: string[];
  types?: string[];
  scheduleName?: string;
  keyword?: string;
  deletableOnly: boolean;
  /** Only this user's tasks; undefined for everyone's. */
  ownerId?: string;
  orderBy: TaskOrder;
  descending: boolean;
}
export type TaskOrder = 'scenario' | 'status' | 'started' | 'finished' | 'schedule_name' | 'scheduled_for' | 'login';

/**
 * A task can be deleted unless a run has it or will come back to it. By the agent's lifecycle
 * (modules/sync-agent): a run claims a Scheduled task by making it InProgress with a lease, renews
 * the lease after every page, and a run that stops leaves it InProgress for the next dispatch to
 * resume, so InProgress always means "running or about to resume" (cancel it first). A lease still
 * held on any other status would mean a run is writing to it; it never happens by that lifecycle,
 * but the check costs nothing and keeps a delete from pulling a row out from under a run. Scheduled,
 * finished, failed and cancelled tasks can go: a run dispatched for a Scheduled task that is deleted
 * before it claims it finds no row and ends.
 */
const DELETABLE = sql.raw(`(status <> 'InProgress' AND (lease_until IS NULL OR lease_until < now()))`);

const TASK_COLUMNS = sql`id::text AS id, scenario, status, current_operation, is_transferring_media, percentage_complete,
  started, finished, schedule_name, scheduled_for, login, ${DELETABLE} AS can_be_deleted`;

export type TaskDetailsRow = SyncTaskRow & { can_be_deleted: boolean };

/** What deleteTasks did: nothing when some ids are unknown or running (named), else how many went. */
export interface DeleteOutcome {
  deleted: number;
  unknown: number[];
  running: number[];
}

/** The log filter as SQL: the WHERE clause and the ORDER BY. */
function taskQuery(f: TaskFilter): { where: SQL; order: SQL } {
  const dir = f.descending ? 'DESC' : 'ASC';
  const key = ['scenario', 'status', 'schedule_name', 'login'].includes(f.orderBy) ? `lower(${f.orderBy})` : f.orderBy;
  const login = f.login ?? null;
  const from = f.from ?? null;
  const to = f.to ?? null;
  const statuses = f.statuses ?? null;
  const types = f.types ?? null;
  const scheduleName = f.scheduleName ?? null;
  const keyword = f.keyword ?? null;
  const ownerId = f.ownerId ?? null;
  return {
    // A task's time is when it started, else when it was due, else when it was created.
    where: sql`(${login}::text IS NULL OR lower(login) = lower(${login}::text))
      AND (${from}::timestamptz IS NULL OR coalesce(started, scheduled_for, created_at) >= ${from}::timestamptz)
      AND (${to}::timestamptz IS NULL OR coalesce(started, scheduled_for, created_at) <= ${to}::timestamptz)
      AND (${statuses}::text[] IS NULL OR status = ANY(${statuses}::text[]))
      AND (${types}::text[] IS NULL OR scenario = ANY(${types}::text[]))
      AND (${scheduleName}::text IS NULL OR schedule_name = ${scheduleName}::text)
      AND (${keyword}::text IS NULL
        OR strpos(lower(coalesce(schedule_name, '') || ' ' || login || ' ' || coalesce(current_operation, '')), lower(${keyword}::text)) > 0)
      AND (NOT ${f.deletableOnly}::boolean OR ${DELETABLE})
      AND (${ownerId}::uuid IS NULL OR user_id = ${ownerId}::uuid)`,
    // Our own column names and directions (the order is a closed set): written into the statement.
    order: sql.raw(`${key} ${dir} NULLS LAST, id ${dir}`),
  };
}

const SCHEDULE_COLUMNS =
  sql.raw(`s.id::text AS id, s.name, s.scenario, s.user_id, u.login, s.schedule_text, s.task_settings,
  s.task_schedule, s.last_start_time, s.next_start_time`);

export class WebSyncRepository {
  constructor(private readonly db: Database) {}

  scheduleIds(f: ScheduleFilter): Promise<{ id: string }[]> {
    const column = f.orderBy === 'login' ? 'u.login' : `s.${f.orderBy}`;
    const dir = f.descending ? 'DESC' : 'ASC';
    // Text sorts ignore case; schedules without a next run sort last either way.
    const key = ['name', 'login', 'schedule_text', 'scenario'].includes(f.orderBy) ? `lower(${column})` : column;
    const login = f.login ?? null;
    const name = f.name ?? null;
    const scenario = f.scenario ?? null;
    const ownerId = f.ownerId ?? null;
    return this.db.query(
      sql`SELECT s.id::text AS id FROM sync_schedules s JOIN users u ON u.id = s.user_id
       WHERE (${login}::text IS NULL OR lower(u.login) = lower(${login}::text))
         AND (${name}::text IS NULL OR s.name = ${name}::text)
         AND (${scenario}::text IS NULL OR s.scenario = ${scenario}::text)
         AND (${ownerId}::uuid IS NULL OR s.user_id = ${ownerId}::uuid)
       ORDER BY ${sql.raw(`${key} ${dir} NULLS LAST, s.id ${dir}`)}`,
    );
  }

  schedulesByIds(ids: number[]): Promise<ScheduleRow[]> {
    return this.db.query(
      sql`SELECT ${SCHEDULE_COLUMNS} FROM sync_schedules s JOIN users u ON u.id = s.user_id WHERE s.id = ANY(${ids}::bigint[])`,
    );
  }

  scheduleNames(login: string | undefined, ownerId: string | undefined): Promise<{ name: string }[]> {
    return this.db.query(
      sql`SELECT DISTINCT s.name FROM sync_schedules s JOIN users u ON u.id = s.user_id
       WHERE (${login ?? null}::text IS NULL OR lower(u.login) = lower(${login ?? null}::text))
         AND (${ownerId ?? null}::uuid IS NULL OR s.user_id = ${ownerId ?? null}::uuid)
       ORDER BY s.name`,
    );
  }

  async insertSchedule(w: ScheduleWrite): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      sql`INSERT INTO sync_schedules (name, scenario, user_id, schedule_text, task_settings, task_schedule, next_start_time)
       VALUES (${w.name}, ${w.scenario}, ${w.userId}, ${w.scheduleText}, ${JSON.stringify(w.taskSettings)}::jsonb,
         ${JSON.stringify(w.taskSchedule)}::jsonb, ${w.nextStartTime}) RETURNING id::text AS id`,
    );
    return row!.id;
  }

  /** False when there is no such schedule. */
  async updateSchedule(id: number, w: ScheduleWrite): Promise<boolean> {
    const rows = await this.db.query(
      sql`UPDATE sync_schedules SET name = ${w.name}, scenario = ${w.scenario}, user_id = ${w.userId},
         schedule_text = ${w.scheduleText}, task_settings = ${JSON.stringify(w.taskSettings)}::jsonb,
         task_schedule = ${JSON.stringify(w.taskSchedule)}::jsonb, next_start_time = ${w.nextStartTime},
         version = version + 1
       WHERE id = ${id} RETURNING id`,
    );
    return rows.length > 0;
  }

  /** Deletes the schedule and the logs of its tasks that are not running; false when there was none. */
  async deleteSchedule(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query(sql`DELETE FROM sync_agent_tasks WHERE schedule_id = ${id} AND status <> 'InProgress'`);
      const gone = await tx.query(sql`DELETE FROM sync_schedules WHERE id = ${id} RETURNING id`);
      return gone.length > 0;
    });
  }

  /**
   * Claims the schedules due at `now` and, in the same transaction, creates one Scheduled task for
   * each and moves the schedule on. Rows another process has claimed are skipped (SKIP LOCKED), and
   * a task is unique per schedule and occurrence, so a run is created exactly once.
   */
  async advanceDueSchedules(now: Date, nextAfter: (due: DueSchedule) => Date | null, limit = 200): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx.query<DueSchedule>(sql`
        SELECT s.id::text AS id, s.name, s.scenario, s.user_id, u.login, s.task_settings, s.task_schedule, s.next_start_time
        FROM sync_schedules s JOIN users u ON u.id = s.user_id
        WHERE s.next_start_time <= ${now.toISOString()}::timestamptz
        ORDER BY s.next_start_time, s.id
        LIMIT ${limit}
        FOR UPDATE OF s SKIP LOCKED`);
      let created = 0;
      for (const raw of due) {
        const row = { ...raw, next_start_time: new Date(raw.next_start_time) };
        const inserted = await tx.query(sql`
          INSERT INTO sync_agent_tasks (scenario, status, schedule_id, schedule_name, scheduled_for, user_id, login, task_settings)
          VALUES (${row.scenario}, 'Scheduled', ${row.id}, ${row.name}, ${row.next_start_time.toISOString()}::timestamptz,
            ${row.user_id}, ${row.login}, ${JSON.stringify(row.task_settings)}::jsonb)
          ON CONFLICT (schedule_id, scheduled_for) DO NOTHING RETURNING id`);
        created += inserted.length;
        const next = nextAfter(row);
        await tx.query(sql`
          UPDATE sync_schedules SET last_start_time = ${row.next_start_time.toISOString()}::timestamptz,
            next_start_time = ${next ? next.toISOString() : null}::timestamptz
          WHERE id = ${row.id}`);
      }
      return created;
    });
  }

  taskIds(f: TaskFilter): Promise<{ id: string }[]> {
    const { where, order } = taskQuery(f);
    return this.db.query(sql`SELECT id::text AS id FROM sync_agent_tasks WHERE ${where} ORDER BY ${order}`);
  }

  /** The log list: the filter's tasks with their details, `limit` of them from `offset`, in its order. */
  tasks(f: TaskFilter, offset: number, limit: number): Promise<TaskDetailsRow[]> {
    const { where, order } = taskQuery(f);
    return this.db.query(
      sql`SELECT ${TASK_COLUMNS} FROM sync_agent_tasks WHERE ${where} ORDER BY ${order}
       LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /**
   * Deletes the tasks and their logs (the log texts are columns of the task; its progress rows go by
   * cascade) in one transaction, or nothing: the rows are locked first, so a run cannot claim one
   * between the check and the delete (its claim then finds no row and ends quietly).
   */
  deleteTasks(ids: number[]): Promise<DeleteOutcome> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query<{ id: string; deletable: boolean }>(
        sql`SELECT id::text AS id, ${DELETABLE} AS deletable FROM sync_agent_tasks
         WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`,
      );
      const present = new Set(found.map((r) => Number(r.id)));
      const unknown = ids.filter((id) => !present.has(id));
      const running = found.filter((r) => !r.deletable).map((r) => Number(r.id));
      if (unknown.length > 0 || running.length > 0) return { deleted: 0, unknown, running };
      const gone = await tx.query(sql`DELETE FROM sync_agent_tasks WHERE id = ANY(${ids}::bigint[]) RETURNING id`);
      return { deleted: gone.length, unknown, running };
    });
  }

  /** The owners of schedules or tasks (the sync user they run for); ids not found are left out. */
  owners(
    table: 'sync_schedules' | 'sync_agent_tasks',
    ids: number[],
  ): Promise<{ id: string; user_id: string | null }[]> {
    return this.db.query(
      sql`SELECT id::text AS id, user_id FROM ${sql.identifier(table)} WHERE id = ANY(${ids}::bigint[])`,
    );
  }

  tasksByIds(ids: number[]): Promise<TaskDetailsRow[]> {
    return this.db.query(sql`SELECT ${TASK_COLUMNS} FROM sync_agent_tasks WHERE id = ANY(${ids}::bigint[])`);
  }

  syncUsers(): Promise<SyncUserRow[]> {
    return this.db.query(
      sql`SELECT id, login, display_name, organization FROM users
       WHERE NOT disabled AND (websync OR role = 'administrator') ORDER BY lower(display_name), lower(login)`,
    );
  }

  async syncUserSettings(userId: string): Promise<unknown> {
    const [row] = await this.db.query<{ data: unknown }>(
      sql`SELECT data FROM sync_user_settings WHERE user_id = ${userId}`,
    );
    return row?.data;
  }

  async saveSyncUserSettings(userId: string, data: unknown): Promise<void> {
    await this.db.query(
      sql`INSERT INTO sync_user_settings (user_id, data) VALUES (${userId}, ${JSON.stringify(data)}::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET data = excluded.data, updated_at = now()`,
    );
  }
}
