/**
 * The SQL of planned work: task lists (a parent's, nearest first with PostGIS), what starting a task
 * needs, its state changes under a row lock, and planning tasks on a selection of assets in one
 * set-based statement (validate runs the same classification and writes nothing).
 */
import type { TaskState } from '@manway/core/domain/types';
import { OPEN_TASK_STATES } from '@manway/core/domain/workflow';
import type { Connection, Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

type AssetKey = 'node' | 'section' | 'lateral';

export interface TaskRow {
  id: string;
  project_id: string;
  project_name: string;
  task_type: 'inspect' | 'clean' | 'rehabilitate';
  state: TaskState;
  asset_type: string;
  asset_id: string;
  asset_code: string;
  lon: number | null;
  lat: number | null;
  distance_m: number | null;
  district: string | null;
  due_date: string | null;
  version: number;
  assignment_id: string | null;
  assigned_to: string | null;
  assignee_login: string | null;
  assignee_name: string | null;
  scheduled_date: string | null;
  assignment_status: 'unassigned' | 'assigned' | 'in-progress' | 'done' | 'cancelled' | null;
  inspection_id: string | null;
  inspection_status: 'incomplete' | 'pending' | 'completed' | null;
}

/** Whose tasks a list shows. */
export type TaskScope =
  { kind: 'all' } | { kind: 'asset'; id: number } | { kind: 'project'; id: number } | { kind: 'user'; id: string };

export interface Near {
  lon: number;
  lat: number;
}

export interface ProjectRow {
  id: string;
  name: string;
  status: 'planned' | 'active' | 'completed' | 'archived';
  standard_id: string;
  standard_name: string;
  /** The standard has an inspection form template: its inspections can be created. */
  has_inspection_form: boolean;
}

export interface StartContextRow {
  asset_subtype: string;
  object_type: string;
  from_node_id: string | null;
  from_node_code: string | null;
  to_node_id: string | null;
  to_node_code: string | null;
}

export interface SessionRow {
  id: string;
  camera: string | null;
  started_at: Date | string;
}

export interface LockedTask {
  id: string;
  state: TaskState;
  version: number;
  asset_id: string;
  asset_code: string;
  project_id: string;
  /** Who the task's latest assignment is for (null: unassigned, or in no assignment). */
  assigned_to: string | null;
  inspections: number;
}

/** The assets work is planned on: ids picked, a box on the map, or a saved filter's sub-select. */
export type AssetSelection =
  | { kind: 'ids'; objectType: AssetKey; ids: number[] }
  | { kind: 'extent'; objectType: AssetKey; extent: [number, number, number, number] }
  | { kind: 'subselect'; objectType: AssetKey; select: SQL };

export interface SkippedRow {
  asset_id: number;
  asset_code: string | null;
  reason: 'open-task' | 'not-inspectable' | 'not-found';
  open_task_id: number | null;
  object_type: string | null;
  lifecycle_status: string | null;
}

export interface PlanCounts {
  /** Counted up to the limit asked for + 1: more than the limit, and nothing was written. */
  selected: number;
  will_create: number;
  skipped_count: number;
  /** The first skipped assets in id order (at most SKIPPED_LISTED). */
  skipped: SkippedRow[];
}

export interface PlanCreated extends PlanCounts {
  created: number;
  assignment_id: string | null;
  /** The new tasks' ids when asked for (plan), else null (bulk-create). */
  task_ids: string[] | null;
}

export interface NewWork {
  projectId: number;
  taskType: 'inspect' | 'clean' | 'rehabilitate';
  dueDate: string | null;
  assignedTo: string | null;
  scheduledDate: string | null;
  /** The new assignment's status (core's assignmentStatus of its planned tasks). */
  assignmentStatus: string;
}

/** How many skipped assets a plan lists; the count has them all. */
export const SKIPPED_LISTED = 1000;

const OPEN = sql.raw(`(${OPEN_TASK_STATES.map((s) => `'${s}'`).join(', ')})`);

/** A point of the asset for the map: a node's own, a pipe's midpoint. */
const POSITION = sql`CASE WHEN ST_GeometryType(a.geom) = 'ST_LineString' THEN ST_LineInterpolatePoint(a.geom, 0.5)
                          ELSE ST_PointOnSurface(a.geom) END`;

const distance = (near: Near | null) =>
  near
    ? sql`ST_Distance(a.geom::geography,
        ST_SetSRID(ST_MakePoint(${near.lon}::double precision, ${near.lat}::double precision), 4326)::geography)`
    : sql`NULL::double precision`;

function scopeWhere(scope: TaskScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'asset':
      return sql`t.asset_id = ${scope.id}`;
    case 'project':
      return sql`t.project_id = ${scope.id}`;
    case 'user':
      return sql`t.id IN (SELECT x.task_id FROM assignment_tasks x JOIN assignments g ON g.id = x.assignment_id
                          WHERE g.assigned_to = ${scope.id}::uuid)`;
  }
}

function stateWhere(state: TaskState | 'open' | null): SQL {
  if (state === null) return sql`true`;
  if (state === 'open') return sql`t.state IN ${OPEN}`;
  return sql`t.state = ${state}`;
}

/** Every column of a TaskSummary for the tasks in `page` (id, distance_m), in the page's order. */
function summaries(page: SQL, order: SQL): SQL {
  return sql`
    SELECT t.id, t.project_id, p.name AS project_name, t.task_type, t.state, ot.type_name AS asset_type, t.asset_id,
           a.asset_code, ST_X(pos.p) AS lon, ST_Y(pos.p) AS lat, page.distance_m, t.district,
           t.due_date::text AS due_date, t.version,
           g.id AS assignment_id, g.assigned_to, u.login AS assignee_login, u.display_name AS assignee_name,
           g.scheduled_date::text AS scheduled_date, g.status AS assignment_status,
           i.id AS inspection_id, i.status AS inspection_status
    FROM (${page}) page
    JOIN tasks t ON t.id = page.id
    JOIN projects p ON p.id = t.project_id
    JOIN assets a ON a.id = t.asset_id
    JOIN object_types ot ON ot.key = a.object_type
    CROSS JOIN LATERAL (SELECT ${POSITION} AS p) pos
    LEFT JOIN LATERAL (
      SELECT g.* FROM assignment_tasks x JOIN assignments g ON g.id = x.assignment_id
      WHERE x.task_id = t.id ORDER BY g.id DESC LIMIT 1
    ) g ON true
    LEFT JOIN users u ON u.id = g.assigned_to
    LEFT JOIN LATERAL (
      SELECT i.id, i.status FROM inspections i WHERE i.task_id = t.id ORDER BY i.inspected_at DESC, i.id DESC LIMIT 1
    ) i ON true
    ORDER BY ${order}`;
}

/** The selection's distinct asset ids, as rows of `asset_id`. */
function selectionSql(s: AssetSelection): SQL {
  switch (s.kind) {
    case 'ids':
      return sql`SELECT DISTINCT x.id AS asset_id FROM unnest(${s.ids}::bigint[]) AS x (id)`;
    case 'extent': {
      const [w, south, e, n] = s.extent;
      // The type as a literal, so the planner can use that type's partial GiST index (migration 0008).
      return sql`SELECT a.id AS asset_id FROM assets a
        WHERE a.object_type = ${sql.raw(`'${s.objectType}'`)}
          AND ST_Intersects(a.geom, ST_MakeEnvelope(${w}::double precision, ${south}::double precision,
                                                    ${e}::double precision, ${n}::double precision, 4326))`;
    }
    case 'subselect':
      return sql`SELECT DISTINCT s.id AS asset_id FROM (${s.select}) s`;
  }
}

/**
 * Each selected asset with why it is skipped (null: a task will be made). Not found: no asset of the
 * selection's type with that id. Open task: it has one (migration 0017 allows no second). Not
 * inspectable: the project's standard does not apply to its type, the standard has no inspection
 * form, or the asset is not in the ground (lifecycle planned or removed). At most `max` + 1 assets
 * are taken: more than `max` is a selection too large, told by the count without a second scan.
 */
function classified(selection: AssetSelection, projectId: number, max: number): SQL {
  return sql`
    sel AS (${selectionSql(selection)} LIMIT ${max + 1}),
    proj AS (
      SELECT s.applies_to,
             EXISTS (SELECT 1 FROM form_templates f WHERE f.object_type = 'inspection' AND f.standard_id = p.standard_id)
               AS has_form
      FROM projects p JOIN standards s ON s.id = p.standard_id WHERE p.id = ${projectId}
    ),
    c AS (
      SELECT sel.asset_id, a.asset_code, a.district, a.object_type, a.lifecycle_status, o.id AS open_task_id,
             CASE WHEN a.id IS NULL THEN 'not-found'
                  WHEN o.id IS NOT NULL THEN 'open-task'
                  WHEN NOT proj.has_form OR a.object_type <> ALL (proj.applies_to)
                       OR a.lifecycle_status IN ('planned', 'removed') THEN 'not-inspectable'
             END AS reason
      FROM sel CROSS JOIN proj
      -- Looked up by key for each selected asset (LIMIT 1 keeps it a lookup): as a join, the planner
      -- hashed every asset of the type, 200,000 nodes of a 1M network for 10,000 selected.
      LEFT JOIN LATERAL (
        SELECT a.id, a.asset_code, a.district, a.object_type, a.lifecycle_status FROM assets a
        WHERE a.id = sel.asset_id AND a.object_type = ${selection.objectType} LIMIT 1
      ) a ON true
      LEFT JOIN LATERAL (
        SELECT t.id FROM tasks t WHERE t.asset_id = a.id AND t.state IN ${OPEN} ORDER BY t.id LIMIT 1
      ) o ON true
    )`;
}

/** What a command on tasks needs to know of each, locked (FOR UPDATE) or not. */
const commandRows = (ids: number[], lock: boolean) => sql`
  SELECT t.id, t.state, t.version, t.asset_id, a.asset_code, t.project_id,
         (SELECT g.assigned_to FROM assignment_tasks x JOIN assignments g ON g.id = x.assignment_id
          WHERE x.task_id = t.id ORDER BY g.id DESC LIMIT 1) AS assigned_to,
         (SELECT count(*)::int FROM inspections i WHERE i.task_id = t.id) AS inspections
  FROM (SELECT * FROM tasks WHERE id = ANY(${ids}::bigint[]) ORDER BY id ${sql.raw(lock ? 'FOR UPDATE' : '')}) t
  JOIN assets a ON a.id = t.asset_id
  ORDER BY t.id`;

const skippedJson = (rows: SQL) => sql`
  (SELECT coalesce(json_agg(k ORDER BY k.asset_id), '[]'::json) FROM (
     SELECT asset_id, asset_code, reason, open_task_id, object_type, lifecycle_status
     FROM (${rows}) r ORDER BY asset_id LIMIT ${SKIPPED_LISTED}
   ) k)`;

export class TasksRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // Reading -----------------------------------------------------------------------------------------

  /**
   * One page of a scope's tasks (`limit` of them from `offset` on), nearest first with `near` (metres
   * on the spheroid to the asset's geometry), else by due date; `total` counts every match, also
   * when the page is past the end (the one row with no task then carries it). The page is chosen on
   * the tasks alone, so the joins for its columns run for `limit` rows only.
   */
  async list(
    scope: TaskScope,
    state: TaskState | 'open' | null,
    near: Near | null,
    limit: number,
    offset = 0,
  ): Promise<{ rows: TaskRow[]; total: number }> {
    const order = near ? sql`page.distance_m, t.id` : sql`t.due_date NULLS LAST, t.id`;
    const innerOrder = near ? sql`m.distance_m, m.id` : sql`m.due_date NULLS LAST, m.id`;
    const page = sql`SELECT m.id, m.distance_m FROM matched m ORDER BY ${innerOrder} LIMIT ${limit} OFFSET ${offset}`;
    const rows = await this.db.query<TaskRow & { total: number }>(sql`
      WITH matched AS (
        SELECT t.id, t.due_date, ${distance(near)} AS distance_m
        FROM tasks t ${near ? sql`JOIN assets a ON a.id = t.asset_id` : sql.empty()}
        WHERE ${scopeWhere(scope)} AND ${stateWhere(state)}
      )
      SELECT s.*, c.total FROM (SELECT count(*)::int AS total FROM matched) c
      LEFT JOIN (${summaries(page, order)}) s ON true
      ORDER BY ${near ? sql`s.distance_m, s.id` : sql`s.due_date NULLS LAST, s.id`}
    `);
    return { rows: rows.filter((r) => r.id !== null), total: rows[0]?.total ?? 0 };
  }

  /** A scope's tasks per state, whatever state a list asks for: a project's progress. */
  counts(scope: TaskScope): Promise<{ state: TaskState; n: number }[]> {
    return this.db.query(sql`
      SELECT t.state, count(*)::int AS n FROM tasks t WHERE ${scopeWhere(scope)} GROUP BY t.state ORDER BY t.state
    `);
  }

  async summaries(conn: Connection, ids: number[]): Promise<TaskRow[]> {
    return conn.query<TaskRow>(
      summaries(
        sql`SELECT id, NULL::double precision AS distance_m FROM tasks WHERE id = ANY(${ids}::bigint[])`,
        sql`t.id`,
      ),
    );
  }

  async summary(id: number): Promise<TaskRow | undefined> {
    return (await this.summaries(this.db, [id]))[0];
  }

  async asset(id: number): Promise<{ object_type: string } | undefined> {
    const [row] = await this.db.query<{ object_type: string }>(sql`SELECT object_type FROM assets WHERE id = ${id}`);
    return row;
  }

  async project(id: number): Promise<ProjectRow | undefined> {
    const [row] = await this.db.query<ProjectRow>(sql`
      SELECT p.id, p.name, p.status, p.standard_id, s.name AS standard_name,
             EXISTS (SELECT 1 FROM form_templates f WHERE f.object_type = 'inspection' AND f.standard_id = p.standard_id)
               AS has_inspection_form
      FROM projects p JOIN standards s ON s.id = p.standard_id WHERE p.id = ${id}
    `);
    return row;
  }

  /** A user work may be assigned to, as GET api/assignees lists them: enabled, not a guest, no sync agent. */
  async assignableUser(id: string): Promise<boolean> {
    const rows = await this.db.query(
      sql`SELECT 1 FROM users WHERE id = ${id}::uuid AND NOT disabled AND role <> 'guest' AND NOT sync_agent`,
    );
    return rows.length > 0;
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.db.query(sql`SELECT 1 FROM users WHERE id = ${id}::uuid`)).length > 0;
  }

  /** The task's asset, for starting: its subtype and a section's or lateral's end nodes. */
  async startContext(taskId: number): Promise<StartContextRow | undefined> {
    const [row] = await this.db.query<StartContextRow>(sql`
      SELECT a.subtype AS asset_subtype, a.object_type, f.id AS from_node_id, f.asset_code AS from_node_code,
             n.id AS to_node_id, n.asset_code AS to_node_code
      FROM tasks t JOIN assets a ON a.id = t.asset_id
      LEFT JOIN assets f ON f.id = a.from_node_id LEFT JOIN assets n ON n.id = a.to_node_id
      WHERE t.id = ${taskId}
    `);
    return row;
  }

  /** The user's open inspection session (the latest, should there be several). */
  async openSession(userId: string, sessionId?: number): Promise<SessionRow | undefined> {
    const [row] = await this.db.query<SessionRow>(sql`
      SELECT id, camera, started_at FROM inspection_sessions
      WHERE operator_id = ${userId}::uuid AND status = 'open'
        ${sessionId === undefined ? sql.empty() : sql`AND id = ${sessionId}`}
      ORDER BY started_at DESC, id DESC LIMIT 1
    `);
    return row;
  }

  async latestInspection(taskId: number): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: string }>(sql`
      SELECT id FROM inspections WHERE task_id = ${taskId} ORDER BY inspected_at DESC, id DESC LIMIT 1
    `);
    return row ? Number(row.id) : undefined;
  }

  // Changing state ----------------------------------------------------------------------------------

  /** Locks the tasks (in id order, so two callers never deadlock) with what their commands need. */
  lockTasks(conn: Connection, ids: number[]): Promise<LockedTask[]> {
    return conn.query<LockedTask>(commandRows(ids, true));
  }

  /** The same columns without a lock: a first look before a transaction of another module's. */
  async commandRow(id: number): Promise<LockedTask | undefined> {
    return (await this.db.query<LockedTask>(commandRows([id], false)))[0];
  }

  async setState(conn: Connection, ids: number[], state: TaskState): Promise<void> {
    await conn.query(sql`UPDATE tasks SET state = ${state}, version = version + 1 WHERE id = ANY(${ids}::bigint[])`);
  }

  // Planning ----------------------------------------------------------------------------------------

  /** What planning on the selection (at most `max` assets) would do: nothing is written. */
  async classify(selection: AssetSelection, projectId: number, max: number): Promise<PlanCounts> {
    const [row] = await this.db.query<PlanCounts>(sql`
      WITH ${classified(selection, projectId, max)}
      SELECT count(*)::int AS selected,
             count(*) FILTER (WHERE reason IS NULL)::int AS will_create,
             count(*) FILTER (WHERE reason IS NOT NULL)::int AS skipped_count,
             ${skippedJson(sql`SELECT * FROM c WHERE reason IS NOT NULL`)} AS skipped
      FROM c
    `);
    return row!;
  }

  /**
   * Plans the work in one statement: a planned task per asset the classification lets through
   * (INSERT … SELECT), one assignment for them all, and their links. A task another planner made on
   * the same asset in the meantime wins (the partial unique index of migration 0017): that asset is
   * skipped as having an open task, not an error. A selection of more than `max` assets writes
   * nothing (its `selected` is `max` + 1).
   */
  async createPlanned(
    conn: Connection,
    selection: AssetSelection,
    work: NewWork,
    max: number,
    withIds: boolean,
  ): Promise<PlanCreated> {
    const [row] = await conn.query<PlanCreated>(sql`
      WITH ${classified(selection, work.projectId, max)},
      ins AS (
        INSERT INTO tasks (project_id, task_type, asset_id, district, due_date, state, accepted_at)
        SELECT ${work.projectId}, ${work.taskType}, c.asset_id, c.district, ${work.dueDate}::date, 'planned', now()
        FROM c WHERE c.reason IS NULL AND (SELECT count(*) FROM c) <= ${max} ORDER BY c.asset_id
        ON CONFLICT (asset_id) WHERE state IN ${OPEN} DO NOTHING
        RETURNING id, asset_id
      ),
      asg AS (
        INSERT INTO assignments (assigned_to, scheduled_date, status)
        SELECT ${work.assignedTo}::uuid, ${work.scheduledDate}::date, ${work.assignmentStatus}
        WHERE EXISTS (SELECT 1 FROM ins)
        RETURNING id
      ),
      linked AS (
        INSERT INTO assignment_tasks (assignment_id, task_id) SELECT asg.id, ins.id FROM asg CROSS JOIN ins
      ),
      skipped AS (
        SELECT asset_id, asset_code, reason, open_task_id, object_type, lifecycle_status FROM c WHERE reason IS NOT NULL
        UNION ALL
        SELECT asset_id, asset_code, 'open-task', NULL, object_type, lifecycle_status FROM c
        WHERE reason IS NULL AND asset_id NOT IN (SELECT asset_id FROM ins)
      )
      SELECT (SELECT count(*) FROM c)::int AS selected,
             (SELECT count(*) FROM ins)::int AS will_create,
             (SELECT count(*) FROM ins)::int AS created,
             (SELECT count(*) FROM skipped)::int AS skipped_count,
             ${skippedJson(sql`SELECT * FROM skipped`)} AS skipped,
             (SELECT id FROM asg) AS assignment_id,
             CASE WHEN ${withIds}::boolean THEN (SELECT array_agg(id ORDER BY id) FROM ins) END AS task_ids
    `);
    return row!;
  }
}
