/** SQL snapshots of the user administration repository (db/sql-snapshots.ts): the list and the delete check. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { UserAdminRepository } from './repository';

const id = '7b0c6d7e-0000-4000-8000-000000000003';

export const snapshots = defineSnapshots('user-admin', (db) => new UserAdminRepository(db), {
  'users listed, searched': (repo) => repo.list('Casey'),
  'enabled administrators locked': (repo) => repo.transaction((tx) => repo.lockEnabledAdministrators(tx)),
  'recorded work of a user': (repo) => repo.transaction((tx) => repo.recordedWork(id, tx)),
  'sessions of a user ended, but the caller’s': (repo) =>
    repo.transaction((tx) => repo.revokeSessions(id, '7b0c6d7e-0000-4000-8000-000000000004', tx)),
});
