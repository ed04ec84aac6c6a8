import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection';
import { loginFailures, sessions, users } from '../../db/schema';
import type { UserRow } from '../users/repository';

export type SessionRow = typeof sessions.$inferSelect;

export class AccountRepository {
  constructor(private readonly orm: Orm) {}

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
    const [row] = await this.orm
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    return row;
  }

  async touchSession(id: string, now: Date, expiresAt: Date): Promise<void> {
    await this.orm.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  }

  async revokeSession(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await this.orm
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
      .returning();
    return row;
  }

  async recordFailure(loginKey: string, ip: string, now: Date): Promise<void> {
    await this.orm.insert(loginFailures).values({ loginKey, ip, failedAt: now });
  }

  /** Failures for this login from this address since `since`, oldest first. */
  async recentFailures(loginKey: string, ip: string, since: Date): Promise<Date[]> {
    const rows = await this.orm
      .select({ at: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.loginKey, loginKey), eq(loginFailures.ip, ip), gt(loginFailures.failedAt, since)))
      .orderBy(loginFailures.failedAt);
    return rows.map((r) => r.at);
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
