import type { LicenceApplication } from '@manway/core/api/licensing';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export type Queryable = Pick<Database, 'query'>;

export interface LicenceRecord {
  application: LicenceApplication;
  seats: number;
  expiresAt: Date | null;
  version: number;
  inUse: number;
}

export interface SeatHolder {
  /** The sign-in session's id. */
  sessionId: string;
  /** The page's random id (the x-session-id header). */
  pageId: string;
  userId: string;
}

export interface HeldSeat {
  token: string;
  since: Date;
}

export interface SeatInUseRow {
  token: string;
  application: LicenceApplication;
  userId: string;
  login: string;
  displayName: string;
  since: Date;
  lastActivity: Date;
}

/**
 * Whether the holder of seat `s` is still there: active within the idle time, its sign-in session
 * live and its user enabled. A seat that fails this is free, without anyone having to free it.
 */
const holderPresent = (idleMinutes: number): SQL => sql`
  s.token IS NOT NULL
  AND s.last_activity_at > now() - make_interval(mins => ${idleMinutes})
  AND EXISTS (
    SELECT 1 FROM sessions ss JOIN users u ON u.id = ss.user_id
    WHERE ss.id = s.session_id AND ss.revoked_at IS NULL AND ss.expires_at > now() AND NOT u.disabled
  )`;

const LICENCE_COLUMNS = sql.raw(`l.application, l.seats, l.expires_at AS "expiresAt", l.version`);

/** Rolls back a licence change that would leave more seats in use than its limit. */
class TooManyInUse extends Error {
  constructor(readonly inUse: number) {
    super(`${inUse} seats are in use`);
  }
}

/** Whether the error is PostgreSQL's unique violation (two grants to one page racing). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export class LicensingRepository {
  constructor(
    private readonly db: Pick<Database, 'query' | 'transaction'>,
    private readonly idleMinutes: number,
  ) {}

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  licences(): Promise<LicenceRecord[]> {
    return this.db.query<LicenceRecord>(sql`${this.licenceSelect()}`);
  }

  async licence(application: LicenceApplication, db: Queryable = this.db): Promise<LicenceRecord | undefined> {
    const [row] = await db.query<LicenceRecord>(sql`${this.licenceSelect()} WHERE l.application = ${application}`);
    return row;
  }

  /** Licences with the seats their present holders use. */
  private licenceSelect(): SQL {
    return sql`
      SELECT ${LICENCE_COLUMNS},
        (SELECT count(*)::int FROM seats s WHERE s.application = l.application AND ${holderPresent(this.idleMinutes)}) AS "inUse"
      FROM licences l`;
  }

  /**
   * Sets a licence's limit and expiry when its version is still `version`, and numbers its seats
   * 1..limit. A lower limit must still hold the seats in use: their holders are moved into the free
   * seats within it (a page finds its seat by its own ids, not by number), so that a seat is granted
   * only below the limit. All of the licence's seats are locked meanwhile, so no page is granted one
   * half-way through. Answers 'conflict' when the version moved on, or the seats in use when more
   * are held than the new limit (nothing is changed then).
   */
  updateLicence(
    application: LicenceApplication,
    change: { seats: number; expiresAt: Date | null; version: number; seated: boolean },
    /** Runs in the change's transaction with the licence as it was (the audit entry). */
    recordChange: (before: { seats: number; expiresAt: Date | null }, tx: Queryable) => Promise<void>,
  ): Promise<'updated' | 'conflict' | { inUse: number }> {
    return this.db
      .transaction(async (tx) => {
        const [before] = await tx.query<{ seats: number; expiresAt: Date | null }>(sql`
          SELECT seats, expires_at AS "expiresAt" FROM licences
          WHERE application = ${application} AND version = ${change.version}
          FOR UPDATE
        `);
        if (!before) return 'conflict';
        await tx.query(sql`
          UPDATE licences SET seats = ${change.seats}, expires_at = ${change.expiresAt}, version = version + 1
          WHERE application = ${application}
        `);
        await recordChange(before, tx);
        if (!change.seated) return 'updated';
        const rows = await tx.query<{ slot: number; held: boolean }>(sql`
        SELECT s.slot, ${holderPresent(this.idleMinutes)} AS held FROM seats s
        WHERE s.application = ${application} ORDER BY s.slot FOR UPDATE
      `);
        const held = rows.filter((r) => r.held);
        if (held.length > change.seats) throw new TooManyInUse(held.length);
        const outside = held.filter((r) => r.slot > change.seats);
        const freeInside = rows.filter((r) => !r.held && r.slot <= change.seats);
        for (const [i, from] of outside.entries())
          await this.moveHolder(tx, application, from.slot, freeInside[i]!.slot);
        await this.numberSeats(tx, application, change.seats);
        return 'updated';
      })
      .catch((error: unknown) => {
        if (error instanceof TooManyInUse) return { inUse: error.inUse };
        throw error;
      });
  }

  private async moveHolder(tx: Queryable, application: LicenceApplication, from: number, to: number): Promise<void> {
    const at = (slot: number) => sql`application = ${application} AND slot = ${slot}`;
    const [holder] = await tx.query<Record<string, unknown>>(sql`
      SELECT token, session_id, page_id, user_id, acquired_at, last_activity_at FROM seats WHERE ${at(from)}
    `);
    // Cleared first: the token is unique.
    await tx.query(sql`UPDATE seats SET ${FREE} WHERE ${at(from)}`);
    await tx.query(sql`
      UPDATE seats SET token = ${holder!.token}, session_id = ${holder!.session_id}, page_id = ${holder!.page_id},
        user_id = ${holder!.user_id}, acquired_at = ${holder!.acquired_at}, last_activity_at = ${holder!.last_activity_at}
      WHERE ${at(to)}
    `);
  }

  /** Registers licences on a new installation and numbers their seats; existing ones are kept. */
  async registerLicences(
    rows: { application: LicenceApplication; seats: number; editing: boolean; seated: boolean }[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const r of rows) {
        const added = await tx.query(sql`
          INSERT INTO licences (application, seats, editing, expires_at) VALUES (${r.application}, ${r.seats}, ${r.editing}, NULL)
          ON CONFLICT DO NOTHING RETURNING application
        `);
        if (added.length > 0 && r.seated) await this.numberSeats(tx, r.application, r.seats);
      }
    });
  }

  /** Seats 1..seats exist, and none above: the caller has moved every holder within the limit. */
  private async numberSeats(tx: Queryable, application: LicenceApplication, seats: number): Promise<void> {
    await tx.query(sql`
      INSERT INTO seats (application, slot) SELECT ${application}, generate_series(1, ${seats}::int)
      ON CONFLICT DO NOTHING
    `);
    await tx.query(sql`DELETE FROM seats WHERE application = ${application} AND slot > ${seats}`);
  }

  /**
   * The page's seat of `application`: renewed when it holds one, else the lowest free seat within the
   * limit of a live licence. One statement: the free seat is locked with SKIP LOCKED, so pages asking
   * at once are each given a different one, and when none is left unlocked the page gets nothing.
   * Undefined when no seat could be had; `licence` then tells why.
   */
  async acquire(
    application: LicenceApplication,
    holder: SeatHolder,
    db: Queryable = this.db,
  ): Promise<HeldSeat | undefined> {
    // Planning this statement costs more than running it: prepared once per connection.
    const statement = sql.prepared(
      'seats-acquire',
      sql`
      WITH licence AS (
        SELECT seats FROM licences WHERE application = ${application} AND (expires_at IS NULL OR expires_at > now())
      ),
      mine AS (
        UPDATE seats SET last_activity_at = now()
        WHERE session_id = ${holder.sessionId} AND page_id = ${holder.pageId} AND application = ${application}
          AND token IS NOT NULL AND EXISTS (SELECT 1 FROM licence)
        RETURNING token, acquired_at
      ),
      candidate AS (
        SELECT s.application, s.slot FROM seats s
        WHERE s.application = ${application} AND s.slot <= (SELECT seats FROM licence)
          AND NOT EXISTS (SELECT 1 FROM mine)
          AND NOT (${holderPresent(this.idleMinutes)})
        ORDER BY s.slot
        LIMIT 1
        FOR UPDATE OF s SKIP LOCKED
      ),
      granted AS (
        UPDATE seats s SET token = gen_random_uuid(), session_id = ${holder.sessionId}, page_id = ${holder.pageId},
          user_id = ${holder.userId}, acquired_at = now(), last_activity_at = now()
        FROM candidate c WHERE s.application = c.application AND s.slot = c.slot
        RETURNING s.token, s.acquired_at
      )
      SELECT token, acquired_at AS since FROM mine
      UNION ALL
      SELECT token, acquired_at AS since FROM granted
    `,
    );
    try {
      const [row] = await db.query<HeldSeat>(statement);
      return row;
    } catch (error) {
      // The same page asked twice at once and the other request was granted first: renew that one.
      if (!isUniqueViolation(error)) throw error;
      const [row] = await db.query<HeldSeat>(statement);
      return row;
    }
  }

  /** Gives back the page's seats (of every application); answers how many it held. */
  async release(holder: Omit<SeatHolder, 'userId'>): Promise<number> {
    const rows = await this.db.query(sql`
      UPDATE seats SET ${FREE}
      WHERE session_id = ${holder.sessionId} AND page_id = ${holder.pageId} AND token IS NOT NULL
      RETURNING slot
    `);
    return rows.length;
  }

  /**
   * Frees the seat named by `token`, and with an Office seat the same page's Office editing seat.
   * Answers whose seat it was (undefined when it was not in use); `recordFree` runs in the same
   * transaction (the audit entry).
   */
  free(
    token: string,
    recordFree: (freed: { application: LicenceApplication; login: string }, tx: Queryable) => Promise<void>,
  ): Promise<{ application: LicenceApplication; login: string } | undefined> {
    return this.db.transaction(async (tx) => {
      const [freed] = await tx.query<{ application: LicenceApplication; login: string }>(sql`
        SELECT s.application, u.login FROM seats s JOIN users u ON u.id = s.user_id
        WHERE s.token = ${token} AND ${holderPresent(this.idleMinutes)}
        FOR UPDATE OF s
      `);
      if (!freed) return undefined;
      await tx.query(sql`
        WITH held AS (SELECT application, session_id, page_id FROM seats WHERE token = ${token})
        UPDATE seats s SET ${FREE}
        FROM held h
        WHERE s.token IS NOT NULL AND s.session_id = h.session_id AND s.page_id = h.page_id
          AND (s.token = ${token} OR (h.application = 'web-office' AND s.application = 'web-office-editing'))
      `);
      await recordFree(freed, tx);
      return freed;
    });
  }

  seatsInUse(application: LicenceApplication): Promise<SeatInUseRow[]> {
    return this.db.query<SeatInUseRow>(sql`
      SELECT s.token, s.application, u.id AS "userId", u.login, u.display_name AS "displayName",
             s.acquired_at AS since, s.last_activity_at AS "lastActivity"
      FROM seats s JOIN users u ON u.id = s.user_id
      WHERE s.application = ${application} AND ${holderPresent(this.idleMinutes)}
      ORDER BY s.acquired_at, s.slot
    `);
  }

  /**
   * Clears seats whose holders are gone and removes the free ones above a lowered limit: neither
   * changes who may take a seat (a gone holder's seat is free already), it keeps the table tidy.
   */
  async sweep(): Promise<number> {
    const cleared = await this.db.query(sql`
      UPDATE seats s SET ${FREE} WHERE s.token IS NOT NULL AND NOT (${holderPresent(this.idleMinutes)}) RETURNING slot
    `);
    await this.db.query(sql`
      DELETE FROM seats s USING licences l
      WHERE l.application = s.application AND s.slot > l.seats AND s.token IS NULL
    `);
    return cleared.length;
  }
}

const FREE = sql.raw(
  'token = NULL, session_id = NULL, page_id = NULL, user_id = NULL, acquired_at = NULL, last_activity_at = NULL',
);
