/** How tasks read on every screen of the tasks feature. */
import type { TaskSummary } from '@manway/core/api/work';
import type { TaskState } from '@manway/core/domain/types';

export const TASK_TYPE_LABELS: Record<TaskSummary['taskType'], string> = {
  inspect: 'Inspect',
  clean: 'Clean',
  rehabilitate: 'Rehabilitate',
};

export const TASK_STATE_LABELS: Record<TaskState, string> = {
  planned: 'Planned',
  started: 'Started',
  'inspection-created': 'Inspection created',
  completed: 'Completed',
  deleted: 'Deleted',
};

/** The spec's empty-state text (section 9). */
export const NO_TASKS = 'No tasks';

/** Where a task of the crew's stands, in words and in the colour of its mark on the map. */
export function taskStage(task: Pick<TaskSummary, 'state' | 'inspection'>): { text: string; colour: string } {
  if (task.inspection?.status === 'pending') return { text: 'Sent for review', colour: '#6b4fbb' };
  if (task.state === 'inspection-created') return { text: 'Inspection in progress', colour: '#15803d' };
  if (task.state === 'started') return { text: 'Started', colour: '#b45309' };
  return { text: TASK_STATE_LABELS[task.state], colour: '#1c6dd0' };
}

/** The assignments a crew member's tasks belong to, soonest first, named by their day and size. */
export function assignmentsOf(tasks: readonly TaskSummary[]): { id: number; label: string }[] {
  const found = new Map<number, { scheduledDate: string | null; count: number }>();
  for (const { assignment } of tasks) {
    if (!assignment) continue;
    const seen = found.get(assignment.id);
    found.set(assignment.id, { scheduledDate: assignment.scheduledDate, count: (seen?.count ?? 0) + 1 });
  }
  return [...found]
    .sort(([, a], [, b]) => (a.scheduledDate ?? '9999').localeCompare(b.scheduledDate ?? '9999'))
    .map(([id, { scheduledDate, count }]) => ({
      id,
      label: `${scheduledDate ?? 'Unscheduled'} · ${count} ${count === 1 ? 'task' : 'tasks'}`,
    }));
}
