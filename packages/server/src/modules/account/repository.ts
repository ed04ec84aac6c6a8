import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Orm } from '../../db/connection';
import type { NoticeHandlers, Unlisten } from '../../db/notifications';
import { loginFailures, sessions } from '../../db/schema';
import type { UserRow } from '../users/repository';
import { SESSION_CHANNEL } from './session-cache';

// The advisory-lock namespace (first key of the two-key form) of sign-in attempts.
const SIGN_IN_LOCK_SPACE = 7_460_222;

export interface AttemptLimits {
  loginKey: string;
  ip: string;
  now: Date;
  /** Failures before this instant no longer count. */
  since: Date;
  maxForLogin: number;
  maxForAddress: number;
}

/** Failures counted in the window, oldest first, this attempt excluded. */
export type AttemptVerdict = { admitted: true } | { admitted: false; forLogin: Date[]; forAddress: Date[] };

export type SessionRow = typeof sessions.$inferSelect;

interface LiveSessionRow {
  id: string;
  user_id: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  absolute_expires_at: Date | string;
  id_token: string | null;
  login: string;
  display_name: string;
  email: string | null;
  role: UserRow['role'];
  websync: boolean;
  disabled: boolean;
  user_created_at: Date | string;
  user_version: number;
}

export class AccountRepository {
  constructor(
    private readonly orm: Orm,
    private readonly db: Pick<Database, 'query' | 'listen'>,
  ) {}

  async createSession(row: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    idToken?: string | null;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    await this.orm.insert(sessions).values(row);
  }

  /**
   * A live session (not revoked, not past its sliding or absolute expiry) with its user, in one query:
   * every API request asks this first.
   */
  async findLiveSession(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    // Plain SQL: the query builder's mapping costs more than the query on this hot path.
    const [r] = await this.db.query<LiveSessionRow>(
      `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.absolute_expires_at, s.id_token,
              u.login, u.display_name, u.email, u.role, u.websync, u.disabled, u.created_at AS user_created_at,
              u.version AS user_version
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [tokenHash, now],
    );
    if (!r) return undefined;
    const date = (v: Date | string) => new Date(v);
    return {
      session: {
        id: r.id,
        tokenHash,
        userId: r.user_id,
        createdAt: date(r.created_at),
        lastSeenAt: date(r.last_seen_at),
        expiresAt: date(r.expires_at),
        absoluteExpiresAt: date(r.absolute_expires_at),
        revokedAt: null,
        idToken: r.id_token,
        ip: null,
        userAgent: null,
      },
      user: {
        id: r.user_id,
        login: r.login,
        displayName: r.display_name,
        email: r.email,
        passwordHash: null,
        role: r.role,
        websync: r.websync,
        disabled: r.disabled,
        createdAt: date(r.user_created_at),
        version: r.user_version,
      },
    };
  }

  async touchSession(id: string, now: Date, expiresAt: Date): Promise<void> {
    await this.orm
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** NOTIFY messages about ended sessions and changed users (migration 0011's triggers). */
  listenForSessionNotices(handlers: NoticeHandlers): Promise<Unlisten> {
    return this.db.listen(SESSION_CHANNEL, handlers);
  }

  async revokeSession(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await this.orm
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .returning();
    return row;
  }

  /**
   * Counts a sign-in attempt as a failure before its password is checked, unless the failures
   * already counted reach a limit. Attempts from one address take turns on an advisory lock, so
   * concurrent attempts cannot all read the same count: at most the limit are ever admitted.
   * A successful sign-in then clears its failures (`clearFailures`).
   */
  async admitAttempt(a: AttemptLimits): Promise<AttemptVerdict> {
    return this.orm.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}, hashtext(${a.ip}))`);
      const recent = await tx
        .select({ at: loginFailures.failedAt, loginKey: loginFailures.loginKey })
        .from(loginFailures)
        .where(and(eq(loginFailures.ip, a.ip), sql`${loginFailures.failedAt} > ${a.since.toISOString()}::timestamptz`))
        .orderBy(loginFailures.failedAt);
      const forAddress = recent.map((r) => r.at);
      const forLogin = recent.filter((r) => r.loginKey === a.loginKey).map((r) => r.at);
      if (forLogin.length >= a.maxForLogin || forAddress.length >= a.maxForAddress) {
        return { admitted: false, forLogin, forAddress };
      }
      await tx.insert(loginFailures).values({ loginKey: a.loginKey, ip: a.ip, failedAt: a.now });
      return { admitted: true };
    });
  }

  async clearFailures(loginKey: string, ip: string): Promise<void> {
    await this.orm.delete(loginFailures).where(and(eq(loginFailures.loginKey, loginKey), eq(loginFailures.ip, ip)));
  }

  /** Removes sessions that can no longer be used and failures that no longer count. */
  async purge(now: Date, failuresBefore: Date): Promise<{ sessions: number; failures: number }> {
    const gone = await this.orm
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), sql`${sessions.revokedAt} IS NOT NULL`))
      .returning({ id: sessions.id });
    const failures = await this.orm
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, failuresBefore))
      .returning({ id: loginFailures.id });
    return { sessions: gone.length, failures: failures.length };
  }
}
