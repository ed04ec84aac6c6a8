/**
 * The SQL of the inspection workflow: the office's grids, the lists of a task or an asset, the row
 * locks and writes of a command with its event, the task and assignment states that follow an
 * inspection, and the crews' inspection sessions. Writes take a connection so the service runs each
 * command in one transaction.
 */
import type { InspectionGroup, INSPECTION_FILTER_COLUMNS, INSPECTION_SORT_COLUMNS } from '@manway/core/api/work';
import type { InspectionStatus } from '@manway/core/domain/types';
import type { InspectionCommand, InspectionReview, SessionStatus } from '@manway/core/domain/workflow';
import type { Connection, Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface InspectionRow {
  id: string;
  asset_type: string;
  asset_id: string;
  asset_code: string;
  task_id: string | null;
  standard_id: string;
  inspected_at: Date | string;
  status: InspectionStatus;
  direction: 'downstream' | 'upstream' | null;
  length_surveyed_m: number | null;
  observation_count: number;
  str_peak: number | null;
  om_peak: number | null;
  version: number;
  review: 'accepted' | 'rejected' | null;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | string | null;
  operator: string | null;
  project_name: string | null;
  district: string | null;
}

/** The inspection as a command reads it under its lock. */
export interface InspectionLock {
  id: string;
  asset_id: string;
  task_id: string | null;
  status: InspectionStatus;
  review: InspectionReview;
  created_by: string | null;
  session_operator_id: string | null;
  version: number;
}

export type SortColumn = (typeof INSPECTION_SORT_COLUMNS)[number];
export type FilterColumn = (typeof INSPECTION_FILTER_COLUMNS)[number];

/** One page of a grid, as the service checked it. */
export interface GridSpec {
  group: InspectionGroup;
  sortBy: SortColumn;
  desc: boolean;
  search: string | undefined;
  filters: Partial<Record<FilterColumn, string>>;
  limit: number;
  offset: number;
}

export interface TransitionWrite {
  status: InspectionStatus;
  review: InspectionReview;
  /** accept and reject: who decided, and why (reject). complete and reopen leave the review's fields. */
  reviewed?: { by: string; reason: string | null };
}

export interface EventWrite {
  inspectionId: number;
  command: InspectionCommand | 'create';
  from: InspectionStatus | null;
  to: InspectionStatus;
  reason: string | null;
  userId: string;
}

export interface SessionRow {
  id: string;
  assignment_id: string | null;
  operator_id: string | null;
  operator_login: string | null;
  operator_name: string | null;
  camera: string | null;
  started_at: Date | string;
  ended_at: Date | string | null;
  status: SessionStatus;
  inspection_count: number;
  version: number;
}

// The office's columns. Operator: the header's, else who created the inspection; project: its task's.
const operatorOr = (creatorName: SQL) => sql`coalesce(nullif(i.header->>'operator', ''), ${creatorName})`;
const OPERATOR = operatorOr(sql`cu.display_name`);

/** The tables a grid's search, filters or sort may reach beyond the inspection (LEFT joins to unique keys). */
type Reach = 'asset' | 'project' | 'creator';
const REACHES: Record<Reach, SQL> = {
  asset: sql`LEFT JOIN assets a ON a.id = i.asset_id`,
  project: sql`LEFT JOIN tasks tk ON tk.id = i.task_id
  LEFT JOIN projects p ON p.id = tk.project_id`,
  creator: sql`LEFT JOIN users cu ON cu.id = i.created_by`,
};

const SORT_KEYS: Record<SortColumn, { expr: SQL; nullable: boolean; reach?: Reach }> = {
  assetReadableId: { expr: sql`a.asset_code`, nullable: false, reach: 'asset' },
  inspectedAt: { expr: sql`i.inspected_at`, nullable: false },
  structuralPeak: { expr: sql`i.str_peak`, nullable: true },
  operationalPeak: { expr: sql`i.om_peak`, nullable: true },
  lengthSurveyedM: { expr: sql`i.length_surveyed_m`, nullable: true },
  operator: { expr: OPERATOR, nullable: true, reach: 'creator' },
  projectName: { expr: sql`p.name`, nullable: true, reach: 'project' },
  district: { expr: sql`a.district`, nullable: true, reach: 'asset' },
  reviewedAt: { expr: sql`i.reviewed_at`, nullable: true },
};

const FILTER_KEYS: Record<Exclude<FilterColumn, 'review'>, { expr: SQL; reach: Reach }> = {
  assetReadableId: { expr: sql`a.asset_code`, reach: 'asset' },
  operator: { expr: OPERATOR, reach: 'creator' },
  projectName: { expr: sql`p.name`, reach: 'project' },
  district: { expr: sql`a.district`, reach: 'asset' },
};

/**
 * What a grid's rows are filtered and sorted on: the inspections, joined only to the tables the
 * search, the filters and the sort use. The planner would drop an unused LEFT join to a unique key,
 * but looking at it costs each statement more planning than the default page's count takes to run.
 */
function filterable(spec: GridSpec): SQL {
  const reached = new Set<Reach>();
  if (spec.search) for (const r of Object.keys(REACHES) as Reach[]) reached.add(r);
  const sortReach = SORT_KEYS[spec.sortBy].reach;
  if (sortReach) reached.add(sortReach);
  for (const column of Object.keys(spec.filters) as FilterColumn[]) {
    if (column !== 'review') reached.add(FILTER_KEYS[column].reach);
  }
  const joins = (Object.keys(REACHES) as Reach[]).filter((r) => reached.has(r)).map((r) => REACHES[r]);
  return sql.join([sql`FROM inspections i`, ...joins], sql`\n  `);
}

/**
 * The columns of a row; observations are counted for the rows answered only. The names looked up by
 * key are scalar sub-selects, not joins: planning seven joins cost four times the grid page's run
 * (1 ms of its 1.3 ms on PostgreSQL), a sub-select of one row is planned on its own for next to nothing.
 */
const ROW = sql`SELECT i.id, (SELECT ot.type_name FROM object_types ot WHERE ot.key = a.object_type) AS asset_type,
    i.asset_id, a.asset_code, i.task_id, i.standard_id, i.inspected_at, i.status, i.direction, i.length_surveyed_m,
    i.str_peak, i.om_peak, i.version, i.review, i.review_reason,
    (SELECT ru.display_name FROM users ru WHERE ru.id = i.reviewed_by) AS reviewed_by, i.reviewed_at,
    ${operatorOr(sql`(SELECT cu.display_name FROM users cu WHERE cu.id = i.created_by)`)} AS operator,
    (SELECT p.name FROM tasks tk JOIN projects p ON p.id = tk.project_id WHERE tk.id = i.task_id) AS project_name,
    a.district, (SELECT count(*)::int FROM observations o WHERE o.inspection_id = i.id) AS observation_count
  FROM inspections i
  JOIN assets a ON a.id = i.asset_id`;

/** `text` as a LIKE pattern matching it anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function gridWhere(spec: GridSpec): SQL {
  const conditions: SQL[] = [sql`i.status = ${spec.group}`];
  if (spec.search) {
    const pattern = containing(spec.search);
    conditions.push(
      sql`(${sql.join(
        [sql`a.asset_code`, OPERATOR, sql`p.name`, sql`a.district`].map((e) => sql`${e} ILIKE ${pattern}`),
        sql` OR `,
      )})`,
    );
  }
  for (const [column, value] of Object.entries(spec.filters) as [FilterColumn, string][]) {
    conditions.push(
      column === 'review' ? sql`i.review = ${value}` : sql`${FILTER_KEYS[column].expr} ILIKE ${containing(value)}`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

function gridOrder(spec: GridSpec, key: SQL, id: SQL): SQL {
  const { nullable } = SORT_KEYS[spec.sortBy];
  const dir = spec.desc ? sql`DESC` : sql`ASC`;
  return sql`${key} ${dir}${nullable ? sql` NULLS LAST` : sql``}, ${id} ${dir}`;
}

export class InspectionsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---- reading ----

  /**
   * One page of a group: the page's ids are picked first (by the sort key and id, with only the joins
   * the filters and the sort need), then only those rows are joined out and their observations counted.
   */
  gridPage(spec: GridSpec): Promise<InspectionRow[]> {
    const key = SORT_KEYS[spec.sortBy].expr;
    return this.db.query<InspectionRow>(sql`
      SELECT r.* FROM (
        SELECT i.id, ${key} AS sort_key ${filterable(spec)}
        WHERE ${gridWhere(spec)}
        ORDER BY ${gridOrder(spec, key, sql`i.id`)}
        LIMIT ${spec.limit} OFFSET ${spec.offset}
      ) pg
      JOIN LATERAL (${ROW} WHERE i.id = pg.id) r ON true
      ORDER BY ${gridOrder(spec, sql`pg.sort_key`, sql`pg.id`)}
    `);
  }

  /**
   * How many inspections the page's group holds under its search and filters, counted up to `cap` + 1
   * only (a count of 100,000 rows costs ten times the page); beyond that, the planner's estimate.
   */
  async gridTotal(spec: GridSpec, cap: number): Promise<{ total: number; exact: boolean }> {
    const [row] = await this.db.query<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM (SELECT 1 ${filterable(spec)} WHERE ${gridWhere(spec)} LIMIT ${cap + 1}) s`,
    );
    const counted = row?.total ?? 0;
    if (counted <= cap) return { total: counted, exact: true };
    const [plan] = await this.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      sql`EXPLAIN (FORMAT JSON) SELECT 1 ${filterable(spec)} WHERE ${gridWhere(spec)}`,
    );
    const estimate = Math.round(Number(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
    return { total: Math.max(estimate, counted), exact: false };
  }

  async row(id: number, conn: Connection = this.db): Promise<InspectionRow | undefined> {
    const [row] = await conn.query<InspectionRow>(sql`${ROW} WHERE i.id = ${id}`);
    return row;
  }

  /** Newest first; ties by id, so a page of them is stable. */
  ofAsset(assetId: number): Promise<InspectionRow[]> {
    return this.db.query<InspectionRow>(
      sql`${ROW} WHERE i.asset_id = ${assetId} ORDER BY i.inspected_at DESC, i.id DESC`,
    );
  }

  ofTask(taskId: number): Promise<InspectionRow[]> {
    return this.db.query<InspectionRow>(
      sql`${ROW} WHERE i.task_id = ${taskId} ORDER BY i.inspected_at DESC, i.id DESC`,
    );
  }

  async asset(id: number): Promise<{ object_type: string; type_name: string } | undefined> {
    const [row] = await this.db.query<{ object_type: string; type_name: string }>(
      sql`SELECT a.object_type, t.type_name FROM assets a JOIN object_types t ON t.key = a.object_type
       WHERE a.id = ${id}`,
    );
    return row;
  }

  async taskExists(id: number): Promise<boolean> {
    return (await this.db.query(sql`SELECT 1 FROM tasks WHERE id = ${id}`)).length > 0;
  }

  // ---- commands ----

  /** The inspection, held until the transaction ends, with the operator of its session. */
  async lock(conn: Connection, id: number): Promise<InspectionLock | undefined> {
    const [row] = await conn.query<InspectionLock>(
      sql`SELECT i.id, i.asset_id, i.task_id, i.status, i.review, i.created_by, i.version,
         s.operator_id AS session_operator_id
       FROM inspections i LEFT JOIN inspection_sessions s ON s.id = i.session_id
       WHERE i.id = ${id} FOR UPDATE OF i`,
    );
    return row;
  }

  /**
   * Writes a transition if the inspection still has the version read under the lock; answers false
   * when it does not (a write that slipped in between, which only an unserialised database allows).
   */
  async writeTransition(conn: Connection, id: number, readVersion: number, w: TransitionWrite): Promise<boolean> {
    const review = w.reviewed
      ? sql`, reviewed_by = ${w.reviewed.by}, reviewed_at = now(), review_reason = ${w.reviewed.reason}`
      : sql``;
    const rows = await conn.query(
      sql`UPDATE inspections SET status = ${w.status}, review = ${w.review}${review},
         version = version + 1, updated_at = now()
       WHERE id = ${id} AND version = ${readVersion} RETURNING id`,
    );
    return rows.length === 1;
  }

  async insertEvent(conn: Connection, e: EventWrite): Promise<void> {
    await conn.query(
      sql`INSERT INTO inspection_events (inspection_id, command, from_status, to_status, reason, user_id)
       VALUES (${e.inspectionId}, ${e.command}, ${e.from}, ${e.to}, ${e.reason}, ${e.userId})`,
    );
  }

  /** Unlinks what refers to the inspection without a cascading key, then deletes it (events and observations follow). */
  async deleteInspection(conn: Connection, id: number): Promise<void> {
    await conn.query(sql`UPDATE subjects SET inspection_id = NULL WHERE inspection_id = ${id}`);
    await conn.query(sql`DELETE FROM user_shortcuts WHERE kind = 'inspection' AND object_id = ${id}`);
    await conn.query(sql`DELETE FROM locations WHERE object_type = 'inspection' AND object_id = ${id}`);
    await conn.query(sql`DELETE FROM inspections WHERE id = ${id}`);
  }

  // ---- the task an inspection belongs to ----

  async inspectionsOfTaskCount(conn: Connection, taskId: number): Promise<number> {
    const [row] = await conn.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM inspections WHERE task_id = ${taskId}`,
    );
    return row?.n ?? 0;
  }

  // ---- inspection sessions ----

  sessions(operatorId: string, status: SessionStatus | undefined, limit: number): Promise<SessionRow[]> {
    return this.db.query<SessionRow>(sql`
      WITH s AS (
        SELECT * FROM inspection_sessions
        WHERE operator_id = ${operatorId}${status ? sql` AND status = ${status}` : sql``}
        ORDER BY status = 'open' DESC, started_at DESC, id DESC LIMIT ${limit}
      ), counted AS (
        SELECT session_id, count(*)::int AS n FROM inspections WHERE session_id IN (SELECT id FROM s) GROUP BY session_id
      )
      SELECT s.id, s.assignment_id, s.operator_id, u.login AS operator_login, u.display_name AS operator_name, s.camera,
             s.started_at, s.ended_at, s.status, coalesce(c.n, 0) AS inspection_count, s.version
      FROM s LEFT JOIN users u ON u.id = s.operator_id LEFT JOIN counted c ON c.session_id = s.id
      ORDER BY s.status = 'open' DESC, s.started_at DESC, s.id DESC
    `);
  }

  async session(id: number, conn: Connection = this.db): Promise<SessionRow | undefined> {
    const [row] = await conn.query<SessionRow>(sql`
      SELECT s.id, s.assignment_id, s.operator_id, u.login AS operator_login, u.display_name AS operator_name, s.camera,
             s.started_at, s.ended_at, s.status,
             (SELECT count(*)::int FROM inspections i WHERE i.session_id = s.id) AS inspection_count, s.version
      FROM inspection_sessions s LEFT JOIN users u ON u.id = s.operator_id WHERE s.id = ${id}
    `);
    return row;
  }

  async lockSession(
    conn: Connection,
    id: number,
  ): Promise<{ id: string; operator_id: string | null; status: SessionStatus; version: number } | undefined> {
    const [row] = await conn.query<{ id: string; operator_id: string | null; status: SessionStatus; version: number }>(
      sql`SELECT id, operator_id, status, version FROM inspection_sessions WHERE id = ${id} FOR UPDATE`,
    );
    return row;
  }

  /** Holds the user's row: starting sessions of one user happens one at a time. */
  async lockUser(conn: Connection, userId: string): Promise<void> {
    await conn.query(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  }

  async openSessionOf(
    conn: Connection,
    userId: string,
  ): Promise<{ id: string; started_at: Date | string } | undefined> {
    const [row] = await conn.query<{ id: string; started_at: Date | string }>(
      sql`SELECT id, started_at FROM inspection_sessions WHERE operator_id = ${userId} AND status = 'open'
       ORDER BY started_at DESC, id DESC LIMIT 1`,
    );
    return row;
  }

  async assignment(conn: Connection, id: number): Promise<{ id: string; assigned_to: string | null } | undefined> {
    const [row] = await conn.query<{ id: string; assigned_to: string | null }>(
      sql`SELECT id, assigned_to FROM assignments WHERE id = ${id}`,
    );
    return row;
  }

  async insertSession(
    conn: Connection,
    s: { assignmentId: number | null; operatorId: string; camera: string | null },
  ): Promise<number> {
    const [row] = await conn.query<{ id: string }>(
      sql`INSERT INTO inspection_sessions (assignment_id, operator_id, camera, started_at, status)
       VALUES (${s.assignmentId}, ${s.operatorId}, ${s.camera}, now(), 'open') RETURNING id`,
    );
    return Number(row!.id);
  }

  async closeSession(conn: Connection, id: number): Promise<void> {
    await conn.query(
      sql`UPDATE inspection_sessions SET status = 'closed', ended_at = greatest(now(), started_at),
         version = version + 1
       WHERE id = ${id}`,
    );
  }
}
