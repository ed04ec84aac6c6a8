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
  /** May open the Office (administrators always may). */
  office: boolean;
  /** May open Inspect (administrators always may). */
  inspect: boolean;
  websync: boolean;
  /** May accept and reject inspections (with editors and administrators). */
  review: boolean;
  /** The service account a Field system's sync agent signs in with: the one reader of password hashes. */
  syncAgent: boolean;
}

export function toCurrentUser(row: Pick<UserRow, keyof CurrentUser>): CurrentUser {
  return {
    id: row.id,
    login: row.login,
    displayName: row.displayName,
    role: row.role,
    office: row.office,
    inspect: row.inspect,
    websync: row.websync,
    review: row.review,
    syncAgent: row.syncAgent,
  };
}

/** Demo accounts created with the demo data; the README lists them. */
export const DEMO_USERS: {
  login: string;
  displayName: string;
  role: Role;
  websync: boolean;
  review?: boolean;
  password: string;
}[] = [
  { login: 'editor', displayName: 'Erin Editor', role: 'editor', websync: false, password: 'editor-demo' },
  // The office's reviewer: accepts and rejects inspections, edits nothing on the network.
  {
    login: 'office',
    displayName: 'Olive Office',
    role: 'regular',
    websync: false,
    review: true,
    password: 'office-demo',
  },
  { login: 'inspector', displayName: 'Ivan Inspector', role: 'regular', websync: false, password: 'inspector-demo' },
  { login: 'guest', displayName: 'Gina Guest', role: 'guest', websync: false, password: 'guest-demo' },
  { login: 'syncer', displayName: 'Sam Syncer', role: 'regular', websync: true, password: 'syncer-demo' },
];

/** The Office's demo service account that a Field system's sync agent signs in with (OFFICE_LOGIN). */
export const SYNC_ACCOUNT_LOGIN = 'field-agent';

/**
 * Who an identity provider vouches for. Only `issuer` and `subject` identify the account; the rest
 * only names a new one.
 */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  /** The login the provider's user would like; a taken one gets a suffix. */
  login: string;
  displayName: string;
  email: string | null;
}

// Logins that accounts created at start-up may claim later (the administrator, the Field's agent):
// a provider user may never get them first.
const RESERVED_LOGINS = new Set(['admin', SYNC_ACCOUNT_LOGIN]);
const MAX_LOGIN_LENGTH = 200;
// Tried in order after the preferred login; the random one ends the search for all practical purposes.
const NUMBERED_LOGINS = 8;

/** The logins a new single sign-on account tries, the preferred one first. */
export function candidateLogins(preferred: string): string[] {
  const free = (login: string) => !RESERVED_LOGINS.has(login.toLowerCase());
  const withSuffix = (suffix: string) => `${preferred.slice(0, MAX_LOGIN_LENGTH - suffix.length)}${suffix}`;
  const numbered = Array.from({ length: NUMBERED_LOGINS }, (_, i) => withSuffix(`-${i + 2}`));
  return [preferred, ...numbered, withSuffix(`-${randomBytes(4).toString('hex')}`)].filter(free);
}

export const DISABLED_ACCOUNT_MESSAGE = 'Your account is disabled. Ask an administrator to enable it.';

export class UsersService {
  private readonly changeListeners: ((userId: string) => void)[] = [];

  constructor(private readonly repo: UsersRepository) {}

  findByLogin(login: string) {
    return this.repo.findByLogin(login);
  }

  /** Called, before the changing call returns, for each user this process disables, enables or changes. */
  onUserChanged(listener: (userId: string) => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * Tells this process's listeners (the session cache) that a user changed; call it once the change is
   * committed. Other processes hear of it from the database's notice.
   */
  announceChanged(userId: string): void {
    for (const listener of this.changeListeners) listener(userId);
  }

  /**
   * The account for a single sign-on identity, found by the provider's (issuer, subject) only. The
   * first sign-in creates a regular user without a password, so the provider stays the only way
   * into it, under the preferred login or, when that is taken, a free one: never an existing
   * account, whatever login or e-mail address the provider reports.
   */
  async accountForIdentity(identity: ExternalIdentity): Promise<CurrentUser> {
    const key = { issuer: identity.issuer, subject: identity.subject };
    const row =
      (await this.repo.findByIdentity(key)) ??
      (await this.repo.createForIdentity(
        key,
        { displayName: identity.displayName, email: identity.email, passwordHash: null, role: 'regular' },
        candidateLogins(identity.login),
      )) ??
      // Two first sign-ins racing: the other one created it.
      (await this.repo.findByIdentity(key));
    if (!row) throw fail.notFound('The account could not be created.');
    if (row.disabled) throw fail.forbidden(DISABLED_ACCOUNT_MESSAGE);
    return toCurrentUser(row);
  }

  /**
   * Disables (or enables) an account. A disabled user's sessions stop working at once in this
   * process and, through the database's notice, within a second in the others.
   */
  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    if (!(await this.repo.setDisabled(userId, disabled))) throw fail.notFound();
    this.announceChanged(userId);
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
   * export needs nothing more) marked as a sync agent (it reads the password hashes crews sign in to
   * the Field with). Its password is the configured one; when that changed (a new data
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
        syncAgent: true,
      });
      return created ? 'created' : 'unchanged';
    }
    // A data dir from before the flag existed.
    if (!existing.syncAgent) await this.repo.setSyncAgent(existing.id);
    if (existing.passwordHash && (await verifyPassword(existing.passwordHash, password))) return 'unchanged';
    await this.repo.setPasswordHash(existing.id, await hashPassword(password));
    return 'reset';
  }
}
