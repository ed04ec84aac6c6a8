/**
 * An assignment's status is never set by hand: it follows from its crew and its tasks' states by
 * core's `assignmentStatus`. Every write that moves a task (planning, the crew's commands, the
 * office's review, the sync agent's copies) calls this in its own transaction afterwards.
 */
import { assignmentStatus } from '@manway/core/domain/workflow';
import type { AssignmentStatus, TaskState } from '@manway/core/domain/types';
import type { Connection } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

type Conn = Pick<Connection, 'query'>;

/**
 * Refreshes the statuses of the assignments holding any of `taskIds`. `taker` takes an unassigned
 * one whose work they started: work under way always has someone on it.
 */
export function refreshAssignmentsOfTasks(
  conn: Conn,
  taskIds: readonly (number | string)[],
  taker?: string,
): Promise<void> {
  if (taskIds.length === 0) return Promise.resolve();
  return refresh(
    conn,
    sql`id IN (SELECT assignment_id FROM assignment_tasks WHERE task_id = ANY(${taskIds.map(String)}::bigint[]))`,
    taker,
  );
}

/** Refreshes the statuses of the given assignments. */
export function refreshAssignments(conn: Conn, assignmentIds: readonly (number | string)[]): Promise<void> {
  if (assignmentIds.length === 0) return Promise.resolve();
  return refresh(conn, sql`id = ANY(${assignmentIds.map(String)}::bigint[])`);
}

async function refresh(conn: Conn, which: SQL, taker?: string): Promise<void> {
  // Locked in id order, so two writers refreshing the same assignments never wait on each other in turn.
  const rows = await conn.query<{
    id: string;
    assigned_to: string | null;
    status: AssignmentStatus;
    states: TaskState[];
  }>(sql`
    SELECT g.id::text AS id, g.assigned_to, g.status,
           ARRAY(SELECT t.state FROM assignment_tasks y JOIN tasks t ON t.id = y.task_id
                 WHERE y.assignment_id = g.id ORDER BY t.id) AS states
    FROM (SELECT * FROM assignments WHERE ${which} ORDER BY id FOR UPDATE) g
    ORDER BY g.id
  `);
  const changes = rows
    .map((a) => {
      const assignedTo = a.assigned_to ?? taker ?? null;
      return { id: a.id, status: assignmentStatus(assignedTo, a.states), assignedTo, was: a };
    })
    .filter((a) => a.status !== a.was.status || a.assignedTo !== a.was.assigned_to);
  if (changes.length === 0) return;
  await conn.query(sql`
    UPDATE assignments g SET status = v.status, assigned_to = coalesce(g.assigned_to, v.assigned_to),
                             version = g.version + 1
    FROM unnest(${changes.map((c) => c.id)}::bigint[], ${changes.map((c) => c.status)}::text[],
                ${changes.map((c) => c.assignedTo)}::uuid[]) AS v (id, status, assigned_to)
    WHERE g.id = v.id
  `);
}
