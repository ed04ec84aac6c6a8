import type { Role } from '@manway/core/roles';
import type { Database } from '../../db/connection';
import { sql } from '../../db/sql';

export type Queryable = Pick<Database, 'query'>;

/** A user as administrators see it: whether a password is set, never the hash. */
export interface AdminUserRow {
  id: string;
  login: string;
  displayName: string;
  email: string | null;
  role: Role;
  office: boolean;
  inspect: boolean;
  websync: boolean;
  review: boolean;
  disabled: boolean;
  hasPassword: boolean;
  singleSignOn: boolean;
  lastSignIn: Date | null;
  version: number;
}

export interface PermissionValues {
  role: Role;
  office: boolean;
  inspect: boolean;
  websync: boolean;
  review: boolean;
}

export interface UserValues extends PermissionValues {
  displayName: string;
  email: string | null;
}

/** What a user's name is on; any of it keeps the user from being deleted. */
export interface RecordedWork {
  inspections: number;
  inspectionSessions: number;
  /** Work lists (of tasks) assigned to the user. */
  assignments: number;
  positions: number;
  reports: number;
  dashboards: number;
  syncSchedules: number;
}

const ADMIN_USER_COLUMNS = sql.raw(
  `u.id, u.login, u.display_name AS "displayName", u.email, u.role, u.office, u.inspect, u.websync, u.review,
   u.disabled, u.password_hash IS NOT NULL AS "hasPassword",
   EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id) AS "singleSignOn",
   u.last_sign_in_at AS "lastSignIn", u.version`,
);

export class UserAdminRepository {
  constructor(private readonly db: Pick<Database, 'query' | 'transaction'>) {}

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Every user, or those whose login, name or e-mail address holds `search` (in any case); by login. */
  list(search: string | undefined): Promise<AdminUserRow[]> {
    const term = search?.trim() ? search.trim().toLowerCase() : null;
    return this.db.query<AdminUserRow>(sql`
      SELECT ${ADMIN_USER_COLUMNS} FROM users u
      WHERE ${term}::text IS NULL
         OR strpos(lower(u.login), ${term}::text) > 0
         OR strpos(lower(u.display_name), ${term}::text) > 0
         OR strpos(lower(coalesce(u.email, '')), ${term}::text) > 0
      ORDER BY lower(u.login)
    `);
  }

  async find(id: string, db: Queryable = this.db): Promise<AdminUserRow | undefined> {
    const [row] = await db.query<AdminUserRow>(sql`SELECT ${ADMIN_USER_COLUMNS} FROM users u WHERE u.id = ${id}`);
    return row;
  }

  /**
   * Locks the enabled administrators (in id order, so two changes never wait on each other) and
   * answers their ids. Every change that could leave none takes this first: two administrators
   * demoting each other at once are then one after the other, and the second sees the first's change.
   */
  async lockEnabledAdministrators(tx: Queryable): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(sql`
      SELECT id FROM users WHERE role = 'administrator' AND NOT disabled ORDER BY id FOR NO KEY UPDATE
    `);
    return rows.map((r) => r.id);
  }

  /**
   * The user, locked for the change. `forDelete` takes the strongest lock, which also holds off
   * anything about to record work under the user's name until the deletion is decided.
   */
  async lock(id: string, tx: Queryable, forDelete = false): Promise<AdminUserRow | undefined> {
    const lock = sql.raw(forDelete ? 'FOR UPDATE' : 'FOR NO KEY UPDATE');
    const [row] = await tx.query<{ id: string }>(sql`SELECT id FROM users WHERE id = ${id} ${lock}`);
    return row ? this.find(row.id, tx) : undefined;
  }

  /** Answers the new user; undefined when the login is taken (in any case). */
  async insert(
    user: UserValues & { login: string; passwordHash: string | null },
    tx: Queryable,
  ): Promise<AdminUserRow | undefined> {
    const [row] = await tx.query<{ id: string }>(sql`
      INSERT INTO users (login, display_name, email, password_hash, role, office, inspect, websync, review)
      VALUES (${user.login}, ${user.displayName}, ${user.email}, ${user.passwordHash}, ${user.role}, ${user.office},
              ${user.inspect}, ${user.websync}, ${user.review})
      ON CONFLICT DO NOTHING
      RETURNING id
    `);
    return row ? this.find(row.id, tx) : undefined;
  }

  /** Answers whether the user was at `version` (and is now changed). */
  async update(id: string, values: UserValues, version: number, tx: Queryable): Promise<boolean> {
    const rows = await tx.query(sql`
      UPDATE users SET display_name = ${values.displayName}, email = ${values.email}, role = ${values.role},
        office = ${values.office}, inspect = ${values.inspect}, websync = ${values.websync}, review = ${values.review},
        version = version + 1
      WHERE id = ${id} AND version = ${version}
      RETURNING id
    `);
    return rows.length > 0;
  }

  async setPasswordHash(id: string, passwordHash: string, tx: Queryable): Promise<void> {
    await tx.query(sql`UPDATE users SET password_hash = ${passwordHash}, version = version + 1 WHERE id = ${id}`);
  }

  async setDisabled(id: string, disabled: boolean, tx: Queryable): Promise<void> {
    await tx.query(sql`UPDATE users SET disabled = ${disabled}, version = version + 1 WHERE id = ${id}`);
  }

  /**
   * Ends the user's sessions (but `keep`, the caller's own); each process drops them from its cache on
   * the database's notice (migration 0011), and their seats are free with them.
   */
  async revokeSessions(id: string, keep: string | null, tx: Queryable): Promise<number> {
    const rows = await tx.query(sql`
      UPDATE sessions SET revoked_at = now()
      WHERE user_id = ${id} AND revoked_at IS NULL AND (${keep}::uuid IS NULL OR id <> ${keep}::uuid)
      RETURNING id
    `);
    return rows.length;
  }

  async recordedWork(id: string, tx: Queryable): Promise<RecordedWork> {
    const [row] = await tx.query<RecordedWork>(sql`
      SELECT
        (SELECT count(*) FROM inspections i
          WHERE i.created_by = u.id OR i.reviewed_by = u.id
             OR EXISTS (SELECT 1 FROM inspection_events e WHERE e.inspection_id = i.id AND e.user_id = u.id))::int
          AS inspections,
        (SELECT count(*) FROM inspection_sessions WHERE operator_id = u.id)::int AS "inspectionSessions",
        (SELECT count(*) FROM assignments WHERE assigned_to = u.id)::int AS assignments,
        (SELECT count(*) FROM locations WHERE updated_by = u.id)::int AS positions,
        (SELECT count(*) FROM reports WHERE created_by = u.id)::int AS reports,
        (SELECT count(*) FROM dashboards WHERE owner_id = u.id)::int AS dashboards,
        (SELECT count(*) FROM sync_schedules WHERE user_id = u.id)::int AS "syncSchedules"
      FROM (SELECT ${id}::uuid AS id) u
    `);
    return row!;
  }

  async delete(id: string, tx: Queryable): Promise<void> {
    await tx.query(sql`DELETE FROM users WHERE id = ${id}`);
  }
}
