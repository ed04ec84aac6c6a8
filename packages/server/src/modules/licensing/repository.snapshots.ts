/** SQL snapshots of the licensing repository (db/sql-snapshots.ts): every page load takes a seat with these. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { LicensingRepository } from './repository';

const holder = {
  sessionId: '7b0c6d7e-0000-4000-8000-000000000001',
  pageId: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  userId: '7b0c6d7e-0000-4000-8000-000000000002',
};

export const snapshots = defineSnapshots('licensing', (db) => new LicensingRepository(db, 15), {
  'seat taken or renewed': (repo) => repo.acquire('web-inspect', holder),
  'seat given back': (repo) => repo.release(holder),
  'seats in use': (repo) => repo.seatsInUse('web-inspect'),
});
