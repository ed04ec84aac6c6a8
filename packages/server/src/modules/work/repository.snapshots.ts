/** SQL snapshots of the work repository (db/sql-snapshots.ts): the projects' progress and whom work goes to. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { WorkRepository } from './repository';

export const snapshots = defineSnapshots('work', (db) => new WorkRepository(db), {
  'the projects with their tasks per state': (repo) => repo.projects(),
  'the users work may be assigned to': (repo) => repo.assignees(),
});
