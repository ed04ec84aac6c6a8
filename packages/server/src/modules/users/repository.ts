import { eq, sql } from 'drizzle-orm';
import type { Role } from '@manway/core/roles';
import type { Orm } from '../../db/connection';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  login: string;
  displayName: string;
  email?: string | null;
  passwordHash: string | null;
  role: Role;
  websync?: boolean;
}

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

  /** Inserts unless the login exists (in any case); answers the new row, or undefined on a conflict. */
  async insertReturning(user: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.orm
      .insert(users)
      .values({ ...user, websync: user.websync ?? false })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.orm
      .update(users)
      .set({ passwordHash, version: sql`${users.version} + 1` })
      .where(eq(users.id, id));
  }
}
