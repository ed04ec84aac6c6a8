import type { Database } from '../../db/connection';
import type { NoticeHandlers, Unlisten } from '../../db/notifications';
import { sql } from '../../db/sql';
import type { Role } from '@manway/core/roles';
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

export interface SessionRow {
  id: string;
  tokenHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  idToken: string | null;
  ip: string | null;
  userAgent: string | null;
}

const SESSION_COLUMNS = sql.raw(
  `id, token_hash AS "tokenHash", user_id AS "userId", created_at AS "createdAt", last_seen_at AS "lastSeenAt",
   expires_at AS "expiresAt", absolute_expires_at AS "absoluteExpiresAt", revoked_at AS "revokedAt",
   id_token AS "idToken", ip, user_agent AS "userAgent"`,
);

/** The user of a live session, as the session lookup reads it: never its password hash. */
export interface SessionUser {
  id: string;
  login: string;
  displayName: string;
  email: string | null;
  role: Role;
  office: boolean;
  inspect: boolean;
  websync: boolean;
  review: boolean;
  syncAgent: boolean;
  disabled: boolean;
  createdAt: Date;
  version: number;
}

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
  role: Role;
  office: boolean;
  inspect: boolean;
  websync: boolean;
  review: boolean;
  sync_agent: boolean;
  disabled: boolean;
  user_created_at: Date | string;
  user_version: number;
}

export class AccountRepository {
  constructor(private readonly db: Pick<Database, 'query' | 'listen' | 'transaction'>) {}

  async createSession(row: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    absoluteExpiresAt: Date;
    idToken?: string | null;
    ip: string;
    userAgent: string | null;
  }): Promise<void> {
    // The user's last sign-in outlives the session (ended sessions are purged); the administrators'
    // Users page shows it. Not a change of the user: no version bump, no notice.
    await this.db.query(sql`
      WITH opened AS (
        INSERT INTO sessions (token_hash, user_id, expires_at, absolute_expires_at, id_token, ip, user_agent)
        VALUES (${row.tokenHash}, ${row.userId}, ${row.expiresAt}, ${row.absoluteExpiresAt}, ${row.idToken ?? null},
                ${row.ip}, ${row.userAgent})
        RETURNING user_id, created_at
      )
      UPDATE users SET last_sign_in_at = opened.created_at FROM opened WHERE users.id = opened.user_id
    `);
  }

  /**
   * A live session (not revoked, not past its sliding or absolute expiry) with its user, in one query:
   * every API request asks this first.
   */
  async findLiveSession(tokenHash: string, now: Date): Promise<{ session: SessionRow; user: SessionUser } | undefined> {
    const [r] = await this.db.query<LiveSessionRow>(sql`
      SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.absolute_expires_at, s.id_token,
             u.login, u.display_name, u.email, u.role, u.office, u.inspect, u.websync, u.review, u.sync_agent, u.disabled,
             u.created_at AS user_created_at,
             u.version AS user_version
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${now}
    `);
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
        role: r.role,
        office: r.office,
        inspect: r.inspect,
        websync: r.websync,
        review: r.review,
        syncAgent: r.sync_agent,
        disabled: r.disabled,
        createdAt: date(r.user_created_at),
        version: r.user_version,
      },
    };
  }

  async touchSession(id: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.query(sql`
      UPDATE sessions SET last_seen_at = ${now}, expires_at = ${expiresAt}
      WHERE id = ${id} AND revoked_at IS NULL
    `);
  }

  /** NOTIFY messages about ended sessions and changed users (migration 0011's triggers). */
  listenForSessionNotices(handlers: NoticeHandlers): Promise<Unlisten> {
    return this.db.listen(SESSION_CHANNEL, handlers);
  }

  async revokeSession(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await this.db.query<SessionRow>(sql`
      UPDATE sessions SET revoked_at = ${now}
      WHERE token_hash = ${tokenHash} AND revoked_at IS NULL
      RETURNING ${SESSION_COLUMNS}
    `);
    return row;
  }

  /**
   * Counts a sign-in attempt as a failure before its password is checked, unless the failures
   * already counted reach a limit. Attempts from one address take turns on an advisory lock, so
   * concurrent attempts cannot all read the same count: at most the limit are ever admitted.
   * A successful sign-in then clears its failures (`clearFailures`).
   */
  async admitAttempt(a: AttemptLimits): Promise<AttemptVerdict> {
    return this.db.transaction(async (tx) => {
      await tx.query(sql`SELECT pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}, hashtext(${a.ip}))`);
      const recent = await tx.query<{ at: Date; loginKey: string }>(sql`
        SELECT failed_at AS at, login_key AS "loginKey" FROM login_failures
        WHERE ip = ${a.ip} AND failed_at > ${a.since.toISOString()}::timestamptz
        ORDER BY failed_at
      `);
      const forAddress = recent.map((r) => r.at);
      const forLogin = recent.filter((r) => r.loginKey === a.loginKey).map((r) => r.at);
      if (forLogin.length >= a.maxForLogin || forAddress.length >= a.maxForAddress) {
        return { admitted: false, forLogin, forAddress };
      }
      await tx.query(sql`
        INSERT INTO login_failures (login_key, ip, failed_at) VALUES (${a.loginKey}, ${a.ip}, ${a.now})
      `);
      return { admitted: true };
    });
  }

  async clearFailures(loginKey: string, ip: string): Promise<void> {
    await this.db.query(sql`DELETE FROM login_failures WHERE login_key = ${loginKey} AND ip = ${ip}`);
  }

  /** Removes sessions that can no longer be used and failures that no longer count. */
  async purge(now: Date, failuresBefore: Date): Promise<{ sessions: number; failures: number }> {
    const gone = await this.db.query(sql`
      DELETE FROM sessions WHERE expires_at < ${now} OR revoked_at IS NOT NULL RETURNING id
    `);
    const failures = await this.db.query(sql`
      DELETE FROM login_failures WHERE failed_at < ${failuresBefore} RETURNING id
    `);
    return { sessions: gone.length, failures: failures.length };
  }
}
