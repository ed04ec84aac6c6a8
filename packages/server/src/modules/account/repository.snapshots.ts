/** SQL snapshots of the account repository (db/sql-snapshots.ts): the session lookup runs on every request. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { AccountRepository } from './repository';

const now = new Date('2026-01-15T09:00:00Z');
const tokenHash = 'c2Vzc2lvbi10b2tlbi1oYXNo';

export const snapshots = defineSnapshots('account', (db) => new AccountRepository(db), {
  'live session lookup': (repo) => repo.findLiveSession(tokenHash, now),
  'session opened, the sign-in kept on the user': (repo) =>
    repo.createSession({
      tokenHash,
      userId: '7b0c6d7e-0000-4000-8000-000000000002',
      expiresAt: new Date('2026-01-15T09:30:00Z'),
      absoluteExpiresAt: new Date('2026-01-15T21:00:00Z'),
      ip: '192.0.2.10',
      userAgent: 'Mozilla/5.0',
    }),
  'session kept alive': (repo) =>
    repo.touchSession('7b0c6d7e-0000-4000-8000-000000000001', now, new Date('2026-01-15T09:30:00Z')),
  'sign-in attempt admitted': (repo) =>
    repo.admitAttempt({
      loginKey: 'inspector',
      ip: '192.0.2.10',
      now,
      since: new Date('2026-01-15T08:45:00Z'),
      maxForLogin: 5,
      maxForAddress: 20,
    }),
});
