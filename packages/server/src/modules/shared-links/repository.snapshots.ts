/** SQL snapshots of the shared-links repository (db/sql-snapshots.ts): every opened link is read with these. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { SharedLinksRepository } from './repository';

const OWNER = '7b0c6d7e-0000-4000-8000-000000000002';
const TOKEN = 'q1ZbW3lq0VdYy3o6l8y1Qm0w4kVZ6vS8s0n1N5hGm2E';

export const snapshots = defineSnapshots('shared-links', (db) => new SharedLinksRepository(db), {
  'link created': (repo) =>
    repo.insert({
      token: TOKEN,
      ownerId: OWNER,
      kind: 'object',
      objectType: 'Node',
      objectId: 42,
      title: 'Node MH-42',
      validityDays: 7,
    }),
  "a user's links": (repo) => repo.list(OWNER),
  'link opened': (repo) => repo.byToken(TOKEN),
});
