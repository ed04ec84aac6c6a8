/** SQL snapshots of the inspection workflow (db/sql-snapshots.ts): the grid's page and count, a command's writes, sessions. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { InspectionsRepository, type GridSpec } from './repository';

const firstPending: GridSpec = {
  group: 'pending',
  sortBy: 'inspectedAt',
  desc: true,
  search: undefined,
  filters: {},
  limit: 25,
  offset: 0,
};

const searched: GridSpec = {
  group: 'completed',
  sortBy: 'operator',
  desc: false,
  search: '50%_off',
  filters: { district: 'North', review: 'accepted' },
  limit: 100,
  offset: 200,
};

export const snapshots = defineSnapshots('inspections', (db) => new InspectionsRepository(db), {
  'the first page of pending inspections, newest first (inspections_status_time_idx)': (repo) =>
    repo.gridPage(firstPending),
  'the count of a group, up to the exact limit, then estimated': {
    rows: [[{ total: 10_001 }], [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 100_034 } }] }]],
    run: (repo) => repo.gridTotal(firstPending, 10_000),
  },
  'a page sorted by operator with search and column filters': (repo) => repo.gridPage(searched),
  'the count under search and column filters': (repo) => repo.gridTotal(searched, 10_000),
  "a task's inspections": (repo) => repo.ofTask(7),
  'an accept: the inspection locked, written at the version read, its event': (repo) =>
    repo.transaction(async (tx) => {
      await repo.lock(tx, 21);
      await repo.writeTransition(tx, 21, 3, {
        status: 'completed',
        review: 'accepted',
        reviewed: { by: '00000000-0000-4000-8000-000000000001', reason: null },
      });
      await repo.insertEvent(tx, {
        inspectionId: 21,
        command: 'accept',
        from: 'pending',
        to: 'completed',
        reason: null,
        userId: '00000000-0000-4000-8000-000000000001',
      });
    }),
  'a complete leaves the review as it was': (repo) =>
    repo.transaction((tx) => repo.writeTransition(tx, 21, 4, { status: 'pending', review: 'rejected' })),
  'an inspection deleted': (repo) =>
    repo.transaction(async (tx) => {
      await repo.inspectionsOfTaskCount(tx, 5);
      await repo.deleteInspection(tx, 21);
    }),
  "a crew's sessions, open first": (repo) => repo.sessions('00000000-0000-4000-8000-000000000001', undefined, 50),
  'a session started': {
    rows: [[], [], [], [], [{ id: '9' }]],
    run: (repo) =>
      repo.transaction(async (tx) => {
        await repo.lockUser(tx, '00000000-0000-4000-8000-000000000001');
        await repo.openSessionOf(tx, '00000000-0000-4000-8000-000000000001');
        await repo.assignment(tx, 2);
        await repo.insertSession(tx, {
          assignmentId: 2,
          operatorId: '00000000-0000-4000-8000-000000000001',
          camera: 'Crawler CX-2',
        });
      }),
  },
  'a session ended': (repo) =>
    repo.transaction(async (tx) => {
      await repo.lockSession(tx, 3);
      await repo.closeSession(tx, 3);
    }),
});
