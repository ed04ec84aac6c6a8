import { randomBytes } from 'node:crypto';
import type { Role } from '@manway/core/roles';
import { fail } from '../../errors';
import { hashPassword, verifyPassword } from './passwords';
import type { UserRow, UsersRepository } from './repository';

/** The signed-in user as the rest of the server sees it: no hash, no secrets. */
export interface CurrentUser {
  id: string;
  login: string;
  displayName: string;
  role: Role;
  websync: boolean;
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return { id: row.id, login: row.login, displayName: row.displayName, role: row.role, websync: row.websync };
}

/** Demo accounts created with the demo data; the README lists them. */
export const DEMO_USERS: { login: string; displayName: string; role: Role; websync: boolean; password: string }[] = [
  { login: 'editor', displayName: 'Erin Editor', role: 'editor', websync: false, password: 'editor-demo' },
  { login: 'inspector', displayName: 'Ivan Inspector', role: 'regular', websync: false, password: 'inspector-demo' },
  { login: 'guest', displayName: 'Gina Guest', role: 'guest', websync: false, password: 'guest-demo' },
  { login: 'syncer', displayName: 'Sam Syncer', role: 'regular', websync: true, password: 'syncer-demo' },
];

/** The Office's demo service account that a Field system's sync agent signs in with (OFFICE_LOGIN). */
export const SYNC_ACCOUNT_LOGIN = 'field-agent';

/** Who an identity provider vouches for, as far as an account here is concerned. */
export interface ExternalIdentity {
  login: string;
  displayName: string;
  email: string | null;
}

export const DISABLED_ACCOUNT_MESSAGE = 'Your account is disabled. Ask an administrator to enable it.';

export class UsersService {
  constructor(private readonly repo: UsersRepository) {}

  findByLogin(login: string) {
    return this.repo.findByLogin(login);
  }

  /**
   * The account for a single sign-on identity: the user with that login, in any case, or a new
   * regular user without a password, so the provider stays the only way into it.
   */
  async accountForIdentity(identity: ExternalIdentity): Promise<CurrentUser> {
    const row =
      (await this.repo.findByLogin(identity.login)) ??
      (await this.repo.insertReturning({ ...identity, passwordHash: null, role: 'regular' })) ??
      // Two first sign-ins racing: the other one created it.
      (await this.repo.findByLogin(identity.login));
    if (!row) throw fail.notFound('The account could not be created.');
    if (row.disabled) throw fail.forbidden(DISABLED_ACCOUNT_MESSAGE);
    return toCurrentUser(row);
  }

  async findCurrent(id: string): Promise<CurrentUser | undefined> {
    const row = await this.repo.findById(id);
    return row && !row.disabled ? toCurrentUser(row) : undefined;
  }

  /**
   * The first start creates `admin` with ADMIN_PASSWORD, or with a generated password that is
   * answered here (to be printed once) and never stored in clear.
   */
  async ensureAdmin(configuredPassword: string | undefined): Promise<{ created: boolean; password?: string }> {
    if (await this.repo.findByLogin('admin')) return { created: false };
    const password = configuredPassword ?? randomBytes(12).toString('base64url');
    const created = await this.repo.insertIfAbsent({
      login: 'admin',
      displayName: 'Administrator',
      passwordHash: await hashPassword(password),
      role: 'administrator',
      websync: true,
    });
    return created ? { created, password: configuredPassword ? undefined : password } : { created: false };
  }

  async ensureDemoUsers(): Promise<number> {
    let created = 0;
    for (const u of DEMO_USERS) {
      if (await this.repo.findByLogin(u.login)) continue;
      const { password, ...rest } = u;
      if (await this.repo.insertIfAbsent({ ...rest, passwordHash: await hashPassword(password) })) created++;
    }
    return created;
  }

  /**
   * The demo service account of a Field's agent: a regular user with the websync permission (the
   * export needs nothing more). Its password is the configured one; when that changed (a new data
   * dir for the Field, say) the stored hash follows, so the agent is never locked out. Answers
   * whether the account was created or its password reset.
   */
  async ensureSyncAccount(password: string): Promise<'created' | 'reset' | 'unchanged'> {
    const existing = await this.repo.findByLogin(SYNC_ACCOUNT_LOGIN);
    if (!existing) {
      const created = await this.repo.insertIfAbsent({
        login: SYNC_ACCOUNT_LOGIN,
        displayName: 'Field sync agent',
        passwordHash: await hashPassword(password),
        role: 'regular',
        websync: true,
      });
      return created ? 'created' : 'unchanged';
    }
    if (existing.passwordHash && (await verifyPassword(existing.passwordHash, password))) return 'unchanged';
    await this.repo.setPasswordHash(existing.id, await hashPassword(password));
    return 'reset';
  }
}
