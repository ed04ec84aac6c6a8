/** SQL snapshots of the Field agent's task and page writes (db/sql-snapshots.ts). */
import { defineSnapshots } from '../../db/sql-snapshots';
import { SyncAgentRepository, type Lease } from './repository';

const lease: Lease = { taskId: 42, token: '9d1e2f3a-0000-4000-8000-000000000002' };
const cursor = { after: '3f2a6c1e-0000-4000-8000-000000000001', done: false };
const status = { operation: 'Copying nodes', percentage: 40 };
/** The lease renewal (the last of `statements`, BEGIN counted) answers the task, so the page is not rolled back as lost. */
const held = (statements: number) => [
  ...Array.from({ length: statements - 1 }, () => []),
  [{ cancel_requested: false }],
];

const node = {
  globalId: '3f2a6c1e-0000-4000-8000-000000000003',
  objectType: 'node',
  subtype: 'manhole',
  assetCode: 'MH-1',
  geometry: '0101000020E6100000000000000000F03F0000000000000040',
  fromNode: null,
  toNode: null,
  parentSection: null,
};

export const snapshots = defineSnapshots('sync-agent', (db) => new SyncAgentRepository(db, 600), {
  'claim a task': (repo) => repo.claim(42),
  'tasks to dispatch': (repo) => repo.dispatchable(),
  'a step resumed': (repo) => repo.progress(42, 'nodes'),
  'a page of nodes written with its cursor': {
    rows: held(4),
    run: (repo) => repo.applyPage(lease, 'nodes', [node], cursor, status),
  },
  'a page of users written (adopting local accounts of the same login)': {
    rows: held(5),
    run: (repo) =>
      repo.applyPage(
        lease,
        'users',
        [{ globalId: node.globalId, login: 'inspector', displayName: 'Inspector', role: 'inspector' }],
        cursor,
        { operation: 'Copying users', percentage: 10 },
      ),
  },
  'a page of observation codes written': {
    rows: held(4),
    run: (repo) =>
      repo.applyPage(lease, 'codes', [{ standardId: 'WRc-MSCC5', code: 'DEF' }], cursor, {
        operation: 'Copying observation codes',
        percentage: 90,
      }),
  },
  'a page of form templates written (replacing a Field template of the same type and standard)': {
    rows: held(5),
    run: (repo) =>
      repo.applyPage(lease, 'form-templates', [{ id: 'node', objectType: 'node', standardId: null }], cursor, {
        operation: 'Copying form templates',
        percentage: 95,
      }),
  },
  'log lines appended': (repo) => repo.appendLog(lease, 'server line\n', 'client line\n'),
  'run finished': (repo) => repo.finish(lease, 'FinishedSuccessfully', 'Finished'),
});
