/**
 * Users and their permissions as administrators manage them (issue #21): create, edit, set a
 * password, disable, enable and delete. Each change and its audit entry commit together; the
 * user's cached sessions are dropped once it has. Two rules keep the installation manageable: an
 * administrator cannot demote, disable or delete themselves, and the last enabled administrator
 * cannot be demoted, disabled or deleted by anyone.
 */
import { LOGIN_TAKEN_MESSAGE, ROLE_LABELS, USER_HAS_WORK_CODE, USER_PERMISSIONS } from '@manway/core/api/users';
import type { NewUser, UserListQuery, UserSummary, UserUpdate } from '@manway/core/api/users';
import { fail } from '../../errors';
import { changesBetween, type AuditActor, type AuditService } from '../audit/service';
import { hashPassword } from '../users/passwords';
import type { UsersService } from '../users/service';
import type {
  AdminUserRow,
  PermissionValues,
  Queryable,
  RecordedWork,
  UserAdminRepository,
  UserValues,
} from './repository';

/** The administrator making the change, and the sign-in session they make it from. */
export interface AdminCaller extends AuditActor {
  id: string;
  sessionId: string | null;
}

export const CONFLICT_MESSAGE = 'Another administrator changed this user. Reload it and try again.';
export const OWN_ROLE_MESSAGE = 'You cannot take away your own administrator role. Ask another administrator.';
export const OWN_DISABLE_MESSAGE = 'You cannot disable your own account. Ask another administrator.';
export const OWN_DELETE_MESSAGE = 'You cannot delete your own account. Ask another administrator.';
export const lastAdministratorMessage = (login: string, change: string) =>
  `${login} is the last enabled administrator and cannot be ${change}. Make another user an administrator first.`;

const WORK_WORDS: Record<keyof RecordedWork, [string, string]> = {
  inspections: ['inspection', 'inspections'],
  inspectionSessions: ['inspection session', 'inspection sessions'],
  assignments: ['work assignment', 'work assignments'],
  positions: ['recorded position', 'recorded positions'],
  reports: ['report', 'reports'],
  dashboards: ['dashboard', 'dashboards'],
  syncSchedules: ['WebSync schedule', 'WebSync schedules'],
};

/** "3 inspections, 1 report"; empty when there is none. */
export function describeWork(work: RecordedWork): string {
  return (Object.keys(WORK_WORDS) as (keyof RecordedWork)[])
    .filter((k) => work[k] > 0)
    .map((k) => `${work[k]} ${WORK_WORDS[k][work[k] === 1 ? 0 : 1]}`)
    .join(', ');
}

const permissionsOf = (u: PermissionValues): PermissionValues => ({
  role: u.role,
  office: u.office,
  inspect: u.inspect,
  websync: u.websync,
  review: u.review,
});

/** "Regular user; office, inspect" */
function describePermissions(p: PermissionValues): string {
  const granted = USER_PERMISSIONS.filter((k) => p[k]);
  return `${ROLE_LABELS[p.role]}; ${granted.length > 0 ? granted.join(', ') : 'no permissions'}`;
}

const isEnabledAdministrator = (u: AdminUserRow) => u.role === 'administrator' && !u.disabled;

export class UserAdminService {
  constructor(
    private readonly repo: UserAdminRepository,
    private readonly users: Pick<UsersService, 'announceChanged'>,
    private readonly audit: Pick<AuditService, 'record'>,
  ) {}

  async list(query: UserListQuery): Promise<UserSummary[]> {
    return (await this.repo.list(query.search)).map(toSummary);
  }

  async create(actor: AdminCaller, user: NewUser): Promise<UserSummary> {
    // Hashed before the transaction: argon2 takes its time on purpose.
    const passwordHash = user.password ? await hashPassword(user.password) : null;
    const values: UserValues = { displayName: user.displayName, email: user.email ?? null, ...permissionsOf(user) };
    const created = await this.repo.transaction(async (tx) => {
      const row = await this.repo.insert({ ...values, login: user.login, passwordHash }, tx);
      if (!row) throw fail.field('login', LOGIN_TAKEN_MESSAGE);
      const signIn = passwordHash ? 'signs in with a password' : 'signs in through single sign-on only';
      await this.audit.record(
        actor,
        {
          action: 'user.created',
          objectType: 'user',
          objectId: row.id,
          summary: `${row.login} created: ${describePermissions(values)}; ${signIn}`,
          changes: changesBetween({}, { login: row.login, ...values }),
        },
        tx,
      );
      return row;
    });
    return toSummary(created);
  }

  async update(actor: AdminCaller, id: string, change: UserUpdate): Promise<UserSummary> {
    const values: UserValues = { displayName: change.displayName, email: change.email, ...permissionsOf(change) };
    const updated = await this.repo.transaction(async (tx) => {
      const { target, administrators } = await this.lockTarget(id, tx);
      if (target.version !== change.version) throw fail.conflict(CONFLICT_MESSAGE);
      if (isEnabledAdministrator(target) && change.role !== 'administrator') {
        if (target.id === actor.id) throw fail.field('role', OWN_ROLE_MESSAGE);
        if (administrators.length <= 1) throw fail.field('role', lastAdministratorMessage(target.login, 'demoted'));
      }
      if (!(await this.repo.update(id, values, change.version, tx))) throw fail.conflict(CONFLICT_MESSAGE);
      await this.recordUpdate(actor, target, values, tx);
      return (await this.repo.find(id, tx))!;
    });
    this.users.announceChanged(id);
    return toSummary(updated);
  }

  /** Sets the password and signs the user out everywhere (an administrator setting their own keeps this session). */
  async setPassword(actor: AdminCaller, id: string, password: string): Promise<UserSummary> {
    const passwordHash = await hashPassword(password);
    const updated = await this.repo.transaction(async (tx) => {
      const target = await this.repo.lock(id, tx);
      if (!target) throw fail.notFound('That user does not exist.');
      await this.repo.setPasswordHash(id, passwordHash, tx);
      const ended = await this.repo.revokeSessions(id, id === actor.id ? actor.sessionId : null, tx);
      await this.audit.record(
        actor,
        {
          action: 'user.password-set',
          objectType: 'user',
          objectId: id,
          summary: `Password of ${target.login} set${ended > 0 ? `; signed out of ${ended} session${ended === 1 ? '' : 's'}` : ''}`,
        },
        tx,
      );
      return (await this.repo.find(id, tx))!;
    });
    this.users.announceChanged(id);
    return toSummary(updated);
  }

  /**
   * Disabling ends the user's sessions at once (and so their seats): their next call is refused.
   * Enabling lets them sign in again.
   */
  async setDisabled(actor: AdminCaller, id: string, disabled: boolean): Promise<UserSummary> {
    const updated = await this.repo.transaction(async (tx) => {
      const { target, administrators } = await this.lockTarget(id, tx);
      if (target.disabled === disabled) return target;
      if (disabled && isEnabledAdministrator(target)) {
        if (target.id === actor.id) throw fail.validation({ id: [OWN_DISABLE_MESSAGE] }, OWN_DISABLE_MESSAGE);
        if (administrators.length <= 1) {
          const message = lastAdministratorMessage(target.login, 'disabled');
          throw fail.validation({ id: [message] }, message);
        }
      }
      await this.repo.setDisabled(id, disabled, tx);
      const ended = disabled ? await this.repo.revokeSessions(id, null, tx) : 0;
      await this.audit.record(
        actor,
        {
          action: disabled ? 'user.disabled' : 'user.enabled',
          objectType: 'user',
          objectId: id,
          summary: disabled
            ? `${target.login} disabled; signed out of ${ended} session${ended === 1 ? '' : 's'}`
            : `${target.login} enabled`,
          changes: { disabled: { from: !disabled, to: disabled } },
        },
        tx,
      );
      return (await this.repo.find(id, tx))!;
    });
    this.users.announceChanged(id);
    return toSummary(updated);
  }

  /** Deletes a user whose name is on no recorded work; one who has some is to be disabled instead. */
  async delete(actor: AdminCaller, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const { target, administrators } = await this.lockTarget(id, tx, true);
      if (target.id === actor.id) throw fail.validation({ id: [OWN_DELETE_MESSAGE] }, OWN_DELETE_MESSAGE);
      if (isEnabledAdministrator(target) && administrators.length <= 1) {
        const message = lastAdministratorMessage(target.login, 'deleted');
        throw fail.validation({ id: [message] }, message);
      }
      const work = describeWork(await this.repo.recordedWork(id, tx));
      if (work) {
        throw fail.stillReferenced(
          USER_HAS_WORK_CODE,
          `${target.login} cannot be deleted: their name is on recorded work (${work}). Disable the account instead.`,
        );
      }
      await this.audit.record(
        actor,
        {
          action: 'user.deleted',
          objectType: 'user',
          objectId: id,
          summary: `${target.login} (${target.displayName}) deleted: ${describePermissions(target)}`,
        },
        tx,
      );
      await this.repo.delete(id, tx);
    });
    this.users.announceChanged(id);
  }

  /** The enabled administrators (locked first, always in the same order) and then the user, locked. */
  private async lockTarget(id: string, tx: Queryable, forDelete = false) {
    const administrators = await this.repo.lockEnabledAdministrators(tx);
    const target = await this.repo.lock(id, tx, forDelete);
    if (!target) throw fail.notFound('That user does not exist.');
    return { target, administrators };
  }

  /** Permissions and the rest are audited apart, so a filter on permission changes finds exactly those. */
  private async recordUpdate(actor: AdminCaller, before: AdminUserRow, after: UserValues, tx: Queryable) {
    const permissions = changesBetween(permissionsOf(before), permissionsOf(after));
    const details = changesBetween(
      { displayName: before.displayName, email: before.email },
      { displayName: after.displayName, email: after.email },
    );
    const entry = { objectType: 'user' as const, objectId: before.id };
    if (Object.keys(permissions).length > 0) {
      await this.audit.record(
        actor,
        {
          ...entry,
          action: 'user.permissions-changed',
          summary: `${before.login}: ${describePermissions(permissionsOf(before))} → ${describePermissions(permissionsOf(after))}`,
          changes: permissions,
        },
        tx,
      );
    }
    if (Object.keys(details).length > 0 || Object.keys(permissions).length === 0) {
      const said = Object.entries(details).map(([field, { from, to }]) =>
        field === 'displayName'
          ? `name ${String(from)} → ${String(to)}`
          : `e-mail ${String(from ?? 'none')} → ${String(to ?? 'none')}`,
      );
      await this.audit.record(
        actor,
        {
          ...entry,
          action: 'user.updated',
          summary: `${before.login}: ${said.join(', ') || 'saved unchanged'}`,
          changes: details,
        },
        tx,
      );
    }
  }
}

function toSummary(row: AdminUserRow): UserSummary {
  return {
    id: row.id,
    login: row.login,
    displayName: row.displayName,
    email: row.email,
    role: row.role,
    office: row.office,
    inspect: row.inspect,
    websync: row.websync,
    review: row.review,
    disabled: row.disabled,
    hasPassword: row.hasPassword,
    singleSignOn: row.singleSignOn,
    lastSignIn: row.lastSignIn ? new Date(row.lastSignIn).toISOString() : null,
    version: row.version,
  };
}
