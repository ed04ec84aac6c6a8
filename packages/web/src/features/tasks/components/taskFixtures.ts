/** Tasks and start-infos for the tasks feature's tests. */
import type { TaskList, TaskStartInfo, TaskSummary } from '@manway/core/api/work';

export function taskSummary(over: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: 31,
    projectId: 4,
    projectName: 'North catchment 2024',
    taskType: 'inspect',
    state: 'planned',
    assetType: 'Section',
    assetId: 2026,
    assetReadableId: 'S-00001',
    position: null,
    distanceM: null,
    district: 'Riverside',
    dueDate: '2024-09-30',
    assignment: {
      id: 9,
      assignedTo: { id: 'u-1', login: 'crew1', displayName: 'Carl Crew' },
      scheduledDate: '2024-09-12',
      status: 'assigned',
    },
    inspection: null,
    version: 1,
    ...over,
  };
}

export function taskList(items: TaskSummary[], total = items.length): TaskList {
  const counts = { planned: 0, started: 0, 'inspection-created': 0, completed: 0, deleted: 0 };
  for (const item of items) counts[item.state]++;
  return { items, total, counts };
}

export function startInfo(over: Partial<TaskStartInfo> = {}, task: Partial<TaskSummary> = {}): TaskStartInfo {
  return {
    task: taskSummary(task),
    asset: { type: 'Section', id: 2026, readableId: 'S-00001', subtype: 'sewer' },
    project: { id: 4, name: 'North catchment 2024', standardId: 'manway-demo' },
    standard: { id: 'manway-demo', name: 'Manway demo standard' },
    startNodes: [
      { id: 11, readableId: 'MH-0001', end: 'from' },
      { id: 12, readableId: 'MH-0002', end: 'to' },
    ],
    openSession: { id: 5, camera: 'CAM-1', startedAt: '2024-09-12T07:30:00.000Z' },
    needs: [],
    canStart: true,
    reason: null,
    ...over,
  };
}
