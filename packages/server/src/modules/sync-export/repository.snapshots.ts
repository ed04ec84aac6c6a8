/** SQL snapshots of the Office's export (db/sql-snapshots.ts): the pages a Field agent reads on every sync. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { SyncExportRepository } from './repository';

const cursor = '3f2a6c1e-0000-4000-8000-000000000001';

export const snapshots = defineSnapshots('sync-export', (db) => new SyncExportRepository(db), {
  'first page of object types': (repo) => repo.page('object-types', { after: undefined, limit: 500, only: undefined }),
  'page of observation codes after a code': (repo) =>
    repo.page('codes', { after: 'WRc-MSCC5/DEF', limit: 500, only: undefined }),
  'page of form templates after a template': (repo) =>
    repo.page('form-templates', { after: 'inspection:manway-demo', limit: 500, only: undefined }),
  'page of users': (repo) => repo.page('users', { after: cursor, limit: 500, only: undefined }),
  'page of projects a saved filter selects': (repo) =>
    repo.page('projects', { after: cursor, limit: 500, only: [7, 9] }),
  'page of sections': (repo) => repo.page('sections', { after: cursor, limit: 500, only: undefined }),
  'page of nodes a saved filter selects': (repo) => repo.page('nodes', { after: cursor, limit: 500, only: [1, 2, 3] }),
  'page of planned tasks a saved filter selects': (repo) => repo.plannedTasks(cursor, 200, [31, 32]),
  "the Office's word on the tasks a Field holds": (repo) =>
    repo.taskDecisions([cursor, '3f2a6c1e-0000-4000-8000-000000000002']),
  "the Office's word on the inspections a Field recorded outside tasks": (repo) =>
    repo.inspectionDecisions([cursor, '3f2a6c1e-0000-4000-8000-000000000002']),
  "a saved filter's assets in global-id order, once a run": (repo) => repo.inGlobalIdOrder('assets', [1, 2, 3]),
  "the open tasks on a saved filter's assets, once a run": (repo) => repo.tasksOnAssets([11, 12]),
  'assets with what they need': (repo) => repo.assetsWithNeeds(['11', '12']),
  'media of inspections': (repo) => repo.media('inspection', ['21', '22']),
  'a media file to send': (repo) => repo.mediaFile(cursor),
});
