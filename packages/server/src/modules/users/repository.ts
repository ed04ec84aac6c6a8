import type { Role } from '@manway/core/roles';
import type { Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface UserRow {
  id: string;
  login: string;
  displayName: string;
  email: string | null;
  passwordHash: string | null;
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

// Qualified, so the same list serves a join.
const USER_COLUMNS = sql.raw(
  `users.id, users.login, users.display_name AS "displayName", users.email, users.password_hash AS "passwordHash",
   users.role, users.office, users.inspect, users.websync, users.review, users.sync_agent AS "syncAgent", users.disabled, users.created_at AS "createdAt", users.version`,
);

export interface NewUser {
  login: string;
  displayName: string;
  email?: string | null;
  passwordHash: string | null;
  role: Role;
  /** Both default to true, as for the users from before they existed. */
  office?: boolean;
  inspect?: boolean;
  websync?: boolean;
  review?: boolean;
  syncAgent?: boolean;
}

/** A single sign-on identity: the provider and its subject identifier for the user. */
export interface IdentityKey {
  issuer: string;
  subject: string;
}

/** Thrown inside a transaction to roll it back when another sign-in linked the identity first. */
class IdentityTaken extends Error {}

export class UsersRepository {
  constructor(private readonly db: Pick<Database, 'query' | 'transaction'>) {}

  async findByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(
      sql`SELECT ${USER_COLUMNS} FROM users WHERE lower(login) = lower(${login})`,
    );
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(sql`SELECT ${USER_COLUMNS} FROM users WHERE id = ${id}`);
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    return row?.n ?? 0;
  }

  /** Inserts unless the login exists; answers whether a row was created. */
  async insertIfAbsent(user: NewUser): Promise<boolean> {
    const rows = await this.db.query(sql`
      INSERT INTO users (login, display_name, email, password_hash, role, office, inspect, websync, review, sync_agent)
      VALUES (${user.login}, ${user.displayName}, ${user.email ?? null}, ${user.passwordHash}, ${user.role},
              ${user.office ?? true}, ${user.inspect ?? true}, ${user.websync ?? false}, ${user.review ?? false},
              ${user.syncAgent ?? false})
      ON CONFLICT DO NOTHING
      RETURNING id
    `);
    return rows.length > 0;
  }

  async findByIdentity(key: IdentityKey): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(sql`
      SELECT ${USER_COLUMNS} FROM user_identities JOIN users ON users.id = user_identities.user_id
      WHERE user_identities.issuer = ${key.issuer} AND user_identities.subject = ${key.subject}
    `);
    return row;
  }

  /**
   * In one transaction, a new user under the first of \`logins\` that is free (in any case) and the
   * identity linked to it. Undefined when every login is taken, or when another sign-in linked the
   * identity first (the user created here is then rolled back).
   */
  async createForIdentity(
    key: IdentityKey,
    user: Omit<NewUser, 'login'>,
    logins: string[],
  ): Promise<UserRow | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        for (const login of logins) {
          const [created] = await tx.query<UserRow>(sql`
            INSERT INTO users (login, display_name, email, password_hash, role, websync)
            VALUES (${login}, ${user.displayName}, ${user.email ?? null}, ${user.passwordHash}, ${user.role},
                    ${user.websync ?? false})
            ON CONFLICT DO NOTHING
            RETURNING ${USER_COLUMNS}
          `);
          if (!created) continue;
          const linked = await tx.query(sql`
            INSERT INTO user_identities (issuer, subject, user_id) VALUES (${key.issuer}, ${key.subject}, ${created.id})
            ON CONFLICT DO NOTHING
            RETURNING user_id
          `);
          if (linked.length === 0) throw new IdentityTaken();
          return created;
        }
        return undefined;
      });
    } catch (error) {
      if (error instanceof IdentityTaken) return undefined;
      throw error;
    }
  }

  /** Answers whether the user exists. */
  async setDisabled(id: string, disabled: boolean): Promise<boolean> {
    const rows = await this.db.query(sql`
      UPDATE users SET disabled = ${disabled}, version = version + 1 WHERE id = ${id} RETURNING id
    `);
    return rows.length > 0;
  }

  async setSyncAgent(id: string): Promise<void> {
    await this.db.query(sql`UPDATE users SET sync_agent = true, version = version + 1 WHERE id = ${id}`);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.query(sql`
      UPDATE users SET password_hash = ${passwordHash}, version = version + 1 WHERE id = ${id}
    `);
  }
}
