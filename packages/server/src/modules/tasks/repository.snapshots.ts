/** SQL snapshots of the tasks repository (db/sql-snapshots.ts): the work lists and the planning statement. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { sql } from '../../db/sql';
import { TasksRepository, type AssetSelection } from './repository';

const crew = '7b0c6d7e-0000-4000-8000-000000000001';
const box: AssetSelection = { kind: 'extent', objectType: 'section', extent: [8.3, 51.88, 8.32, 51.9] };
const filter: AssetSelection = {
  kind: 'subselect',
  objectType: 'section',
  select: sql`SELECT a.id FROM assets a WHERE a.object_type = ${'section'} AND a.condition_grade >= ${4}`,
};
const work = {
  projectId: 5,
  taskType: 'inspect' as const,
  dueDate: '2027-03-01',
  assignedTo: crew,
  scheduledDate: '2027-02-15',
  assignmentStatus: 'assigned',
};

export const snapshots = defineSnapshots('tasks', (db) => new TasksRepository(db), {
  "a crew's open work, nearest first": (repo) =>
    repo.list({ kind: 'user', id: crew }, 'open', { lon: 8.31, lat: 51.89 }, 500),
  "a project's tasks by due date": (repo) => repo.list({ kind: 'project', id: 5 }, null, null, 25),
  "a project's open tasks, third page": (repo) => repo.list({ kind: 'project', id: 5 }, 'open', null, 25, 50),
  "a project's progress": (repo) => repo.counts({ kind: 'project', id: 5 }),
  'tasks locked for a command': (repo) => repo.transaction((conn) => repo.lockTasks(conn, [101, 102])),
  'validate planning on a box': (repo) => repo.classify(box, 5, 50_000),
  'bulk-create on a saved filter': (repo) =>
    repo.transaction((conn) => repo.createPlanned(conn, filter, work, 50_000, false)),
});
