import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@manway/core/roles';
import type { Orm } from '../../db/connection';
import { userIdentities, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  login: string;
  displayName: string;
  email?: string | null;
  passwordHash: string | null;
  role: Role;
  websync?: boolean;
}

/** A single sign-on identity: the provider and its subject identifier for the user. */
export interface IdentityKey {
  issuer: string;
  subject: string;
}

/** Thrown inside a transaction to roll it back when another sign-in linked the identity first. */
class IdentityTaken extends Error {}

export class UsersRepository {
  constructor(private readonly orm: Orm) {}

  async findByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(users)
      .where(sql`lower(${users.login}) = lower(${login})`);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.orm.select().from(users).where(eq(users.id, id));
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.orm.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  /** Inserts unless the login exists; answers whether a row was created. */
  async insertIfAbsent(user: NewUser): Promise<boolean> {
    const rows = await this.orm
      .insert(users)
      .values({ ...user, websync: user.websync ?? false })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async findByIdentity(key: IdentityKey): Promise<UserRow | undefined> {
    const [row] = await this.orm
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, key.issuer), eq(userIdentities.subject, key.subject)));
    return row?.user;
  }

  /**
   * In one transaction, a new user under the first of `logins` that is free (in any case) and the
   * identity linked to it. Undefined when every login is taken, or when another sign-in linked the
   * identity first (the user created here is then rolled back).
   */
  async createForIdentity(
    key: IdentityKey,
    user: Omit<NewUser, 'login'>,
    logins: string[],
  ): Promise<UserRow | undefined> {
    try {
      return await this.orm.transaction(async (tx) => {
        for (const login of logins) {
          const [created] = await tx
            .insert(users)
            .values({ ...user, login, websync: user.websync ?? false })
            .onConflictDoNothing()
            .returning();
          if (!created) continue;
          const linked = await tx
            .insert(userIdentities)
            .values({ ...key, userId: created.id })
            .onConflictDoNothing()
            .returning({ userId: userIdentities.userId });
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
    const rows = await this.orm
      .update(users)
      .set({ disabled, version: sql`${users.version} + 1` })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.orm
      .update(users)
      .set({ passwordHash, version: sql`${users.version} + 1` })
      .where(eq(users.id, id));
  }
}
