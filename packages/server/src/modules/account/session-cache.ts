/**
 * Resolved sessions kept in memory, so an authenticated call costs no database round trip.
 *
 * An entry lives at most ENTRY_TTL_MS. Ending a session or changing its user drops the entries at
 * once in this process (the service calls `forget…`), and in every other process through the
 * database's NOTIFY on SESSION_CHANNEL (triggers of migration 0011, so a change made by hand in SQL
 * counts too). While that channel is not listening, nothing is cached: a missed message could
 * otherwise keep a revoked session alive. The TTL is the backstop for what no message covers, such
 * as a listening connection that died without the process noticing yet.
 */
import { LRUCache } from 'lru-cache';
import type { CurrentUser } from '../users/service';

export const SESSION_CHANNEL = 'manway_sessions';

// A few seconds keeps nearly every request of a busy session off the database (one query per
// session per 5 s) while bounding how long a change no message announced can go unseen.
export const ENTRY_TTL_MS = 5_000;
// About 1 kB an entry: a few MB at most, whatever the number of sessions.
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  sessionId: string;
  /** What the database and the notices name the session by. */
  tokenHash: string;
  user: CurrentUser;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
}

/**
 * Keyed by the token itself, so a request that hits the cache costs no hash: SHA-256 per request was
 * a tenth of an authenticated call's time. The token never leaves this process's memory, where every
 * request carries it anyway; the database keeps only hashes, and notices name sessions by hash.
 */
export class SessionCache {
  private readonly byHash = new Map<string, string>();
  private readonly entries = new LRUCache<string, CachedSession>({
    max: MAX_ENTRIES,
    ttl: ENTRY_TTL_MS,
    dispose: (entry) => this.byHash.delete(entry.tokenHash),
  });
  /** Bumped by every invalidation: a database read that began before one must not be cached. */
  private generation = 0;
  private listening = false;

  get(token: string): CachedSession | undefined {
    return this.listening ? this.entries.get(token) : undefined;
  }

  /** Taken before reading the database; `set` refuses the result when anything was forgotten since. */
  stamp(): number {
    return this.generation;
  }

  set(token: string, entry: CachedSession, stamp: number): void {
    if (!this.listening || stamp !== this.generation) return;
    this.entries.set(token, entry);
    this.byHash.set(entry.tokenHash, token);
  }

  forgetSession(tokenHash: string): void {
    this.generation++;
    const token = this.byHash.get(tokenHash);
    if (token !== undefined) this.entries.delete(token);
  }

  forgetUser(userId: string): void {
    this.generation++;
    const tokens = [...this.entries.entries()].filter(([, e]) => e.user.id === userId).map(([token]) => token);
    for (const token of tokens) this.entries.delete(token);
  }

  /** A message from SESSION_CHANNEL: `s:<token hash>` or `u:<user id>`. */
  notice(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(payload.slice(2));
    else this.clear();
  }

  /** Whether messages arrive; when they stop, or start again after a gap, nothing cached can be trusted. */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.byHash.clear();
  }
}
