/** Projects and tasks for the tasks feature's tests. */
import type { ProjectSummary, TaskList, TaskSummary } from '@manway/core/api/work';

export const counts = (over: Partial<TaskList['counts']> = {}): TaskList['counts'] => ({
  planned: 0,
  started: 0,
  'inspection-created': 0,
  completed: 0,
  deleted: 0,
  ...over,
});

export function project(over: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 5,
    name: 'CCTV survey 2025',
    client: 'Manwick Water',
    contractor: 'Clearline Drainage',
    status: 'active',
    open: true,
    standard: { id: 'manway-demo', name: 'Manway demo standard' },
    taskCounts: counts({ planned: 4, completed: 6 }),
    ...over,
  };
}

export function taskRow(over: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: 31,
    projectId: 5,
    projectName: 'CCTV survey 2025',
    taskType: 'inspect',
    state: 'planned',
    assetType: 'Node',
    assetId: 2026,
    assetReadableId: 'MH-0001',
    position: null,
    distanceM: null,
    district: 'Riverside',
    dueDate: '2027-03-01',
    assignment: {
      id: 9,
      assignedTo: { id: 'u-1', login: 'inspector', displayName: 'Ian Inspector' },
      scheduledDate: '2027-02-15',
      status: 'assigned',
    },
    inspection: null,
    version: 1,
    ...over,
  };
}
