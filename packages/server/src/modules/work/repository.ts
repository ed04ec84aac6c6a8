/** The SQL of deleting projects and subjects, with the dependent work that refuses it. */
import type { Connection, Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface ProjectDependents {
  id: string;
  name: string;
  version: number;
  open_tasks: number;
  inspections: number;
}

export interface SubjectDependents {
  id: string;
  label: string;
  version: number;
  connections: number;
}

export interface InspectionRow {
  id: string;
  asset_type: string;
  asset_id: string;
  asset_code: string;
  task_id: string | null;
  standard_id: string;
  inspected_at: Date | string;
  status: 'incomplete' | 'pending' | 'completed';
  direction: 'downstream' | 'upstream' | null;
  length_surveyed_m: number | null;
  observation_count: number;
  str_peak: number | null;
  version: number;
}

/** The newest first; ties by id, so a page of them is stable. */
const INSPECTION_SUMMARY = sql`
  SELECT i.id, t.type_name AS asset_type, i.asset_id, a.asset_code, i.task_id, i.standard_id, i.inspected_at,
         i.status, i.direction, i.length_surveyed_m, i.str_peak, i.version,
         (SELECT count(*)::int FROM observations o WHERE o.inspection_id = i.id) AS observation_count
  FROM inspections i JOIN assets a ON a.id = i.asset_id JOIN object_types t ON t.key = a.object_type`;

export class WorkRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Locks the projects and counts what still depends on them: live tasks and inspections made for them. */
  lockProjects(conn: Connection, ids: number[]): Promise<ProjectDependents[]> {
    return conn.query<ProjectDependents>(sql`
      SELECT p.id, p.name, p.version,
             (SELECT count(*)::int FROM tasks t WHERE t.project_id = p.id AND t.state <> 'deleted') AS open_tasks,
             (SELECT count(*)::int FROM inspections i JOIN tasks t ON t.id = i.task_id WHERE t.project_id = p.id)
               AS inspections
      FROM (SELECT * FROM projects WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE) p ORDER BY p.id
    `);
  }

  /** Deletes projects with their deleted tasks (and those tasks' places in assignments). */
  async deleteProjects(conn: Connection, ids: number[]): Promise<void> {
    await conn.query(sql`
      DELETE FROM assignment_tasks WHERE task_id IN (SELECT id FROM tasks WHERE project_id = ANY(${ids}::bigint[]))
    `);
    await conn.query(sql`DELETE FROM tasks WHERE project_id = ANY(${ids}::bigint[])`);
    await conn.query(sql`DELETE FROM projects WHERE id = ANY(${ids}::bigint[])`);
  }

  asset(id: number): Promise<{ object_type: string; type_name: string } | undefined> {
    return this.db
      .query<{ object_type: string; type_name: string }>(
        sql`
        SELECT a.object_type, t.type_name FROM assets a JOIN object_types t ON t.key = a.object_type WHERE a.id = ${id}
      `,
      )
      .then((r) => r[0]);
  }

  taskExists(id: number): Promise<boolean> {
    return this.db.query(sql`SELECT 1 FROM tasks WHERE id = ${id}`).then((r) => r.length > 0);
  }

  inspectionsOfAsset(assetId: number): Promise<InspectionRow[]> {
    return this.db.query<InspectionRow>(sql`
      ${INSPECTION_SUMMARY}
      WHERE i.asset_id = ${assetId} ORDER BY i.inspected_at DESC, i.id DESC
    `);
  }

  inspectionsOfTask(taskId: number): Promise<InspectionRow[]> {
    return this.db.query<InspectionRow>(sql`
      ${INSPECTION_SUMMARY}
      WHERE i.task_id = ${taskId} ORDER BY i.inspected_at DESC, i.id DESC
    `);
  }

  lockSubjects(conn: Connection, ids: number[]): Promise<SubjectDependents[]> {
    return conn.query<SubjectDependents>(sql`
      SELECT s.id, s.label, s.version,
             (SELECT count(*)::int FROM connected_subjects c WHERE c.subject_id = s.id) AS connections
      FROM (SELECT * FROM subjects WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE) s ORDER BY s.id
    `);
  }

  async deleteSubjects(conn: Connection, ids: number[]): Promise<void> {
    await conn.query(sql`DELETE FROM locations WHERE object_type = 'subject' AND object_id = ANY(${ids}::bigint[])`);
    await conn.query(sql`DELETE FROM subjects WHERE id = ANY(${ids}::bigint[])`);
  }
}
