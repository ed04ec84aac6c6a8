/** SQL snapshots of the dashboards repository (db/sql-snapshots.ts): visibility, the commit's lock, sessions. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { DashboardsRepository } from './repository';

const userId = '7b0c6d7e-0000-4000-8000-000000000001';
const sessionId = '7b0c6d7e-0000-4000-8000-0000000000aa';

// The connection is handed in too: the commit's statements run on its transaction's.
export const snapshots = defineSnapshots('dashboards', (db) => ({ repo: new DashboardsRepository(db), db }), {
  'the dashboards a user sees, default first': ({ repo }) => repo.visible(userId),
  'a dashboard by name, their own personal one first': ({ repo }) => repo.byName(userId, 'Network overview'),
  'a personal name clashes with theirs and global ones': ({ repo }) =>
    repo.nameTaken('Network overview', { global: false, ownerId: userId }),
  "the commit's lock on the dashboard": ({ repo, db }) => repo.byId('12', db, true),
  'a session touched unless idle': ({ repo }) => repo.touchSession(sessionId, userId, 120),
  'idle sessions deleted': ({ repo }) => repo.deleteIdleSessions(120),
  'the default made again after its deletion': ({ repo, db }) => repo.promoteDefault(db),
});
