/**
 * The SQL of the office's work: the projects with their progress, the users work may be assigned
 * to, and deleting projects and subjects with the dependent work that refuses it.
 */
import type { ProjectStatus, TaskState } from '@manway/core/domain/types';
import type { Connection, Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface ProjectRow {
  id: string;
  name: string;
  client: string | null;
  contractor: string | null;
  status: ProjectStatus;
  standard_id: string;
  standard_name: string;
  /** Its tasks per state; states without tasks are missing. */
  task_counts: Partial<Record<TaskState, number>>;
}

export interface AssigneeRow {
  id: string;
  login: string;
  display_name: string;
}

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

export class WorkRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Every project with its tasks counted per state, open ones (planned, active) first, then by
   * name. The counts run on tasks_project_idx, one project at a time.
   */
  projects(): Promise<ProjectRow[]> {
    return this.db.query<ProjectRow>(sql`
      SELECT p.id, p.name, p.client, p.contractor, p.status, p.standard_id, s.name AS standard_name,
             coalesce((SELECT jsonb_object_agg(c.state, c.n)
                       FROM (SELECT t.state, count(*)::int AS n FROM tasks t WHERE t.project_id = p.id GROUP BY t.state) c),
                      '{}'::jsonb) AS task_counts
      FROM projects p JOIN standards s ON s.id = p.standard_id
      ORDER BY (p.status IN ('planned', 'active')) DESC, lower(p.name), p.id
    `);
  }

  /**
   * The users work may be assigned to, by display name: enabled, not guests (who change nothing),
   * and not the Field's sync-agent service accounts (no one works under them).
   */
  assignees(): Promise<AssigneeRow[]> {
    return this.db.query<AssigneeRow>(sql`
      SELECT id, login, display_name FROM users
      WHERE NOT disabled AND role <> 'guest' AND NOT sync_agent
      ORDER BY lower(display_name), lower(login)
    `);
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
