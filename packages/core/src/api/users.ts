import { z } from 'zod';
import { ROLES, type Role } from '../roles';

/**
 * Users and their permissions, as administrators manage them from the settings edition (issue #21):
 * a role (administrator, editor, regular, guest) and the permissions granted besides it (office,
 * inspect, websync, review); a password, or single sign-on only; disabled or not. What crosses the
 * wire says whether a password is set, never the password or its hash.
 */

export const LOGIN_MAX_LENGTH = 200;
export const DISPLAY_NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 320;
export const PASSWORD_MIN_LENGTH = 10;
/** Long passphrases are fine; beyond this only hashing time grows. */
export const PASSWORD_MAX_LENGTH = 200;
export const USER_SEARCH_MAX_LENGTH = 200;

/** The permissions besides the role, in the order the settings edition shows them. */
export const USER_PERMISSIONS = ['office', 'inspect', 'websync', 'review'] as const;
export type UserPermission = (typeof USER_PERMISSIONS)[number];

export const USER_PERMISSION_LABELS: Record<UserPermission, string> = {
  office: 'Office',
  inspect: 'Inspect',
  websync: 'WebSync',
  review: 'Review',
};

export const ROLE_LABELS: Record<Role, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  regular: 'Regular user',
  guest: 'Guest',
};

/** 409 to DELETE api/users/{id}: the user's name is on recorded work, which must keep its author. */
export const USER_HAS_WORK_CODE = 'user/has-recorded-work';

export const LOGIN_RULE_MESSAGE = 'A login is letters, digits and . _ @ - only, without spaces.';
export const PASSWORD_RULE_MESSAGE = `A password has at least ${PASSWORD_MIN_LENGTH} characters.`;
export const LOGIN_TAKEN_MESSAGE = 'Another user already has this login (in any case).';

export const Login = z
  .string()
  .trim()
  .min(1, 'A login is required.')
  .max(LOGIN_MAX_LENGTH)
  .regex(/^[A-Za-z0-9._@-]+$/, LOGIN_RULE_MESSAGE);
export const DisplayName = z.string().trim().min(1, 'A name is required.').max(DISPLAY_NAME_MAX_LENGTH);
/** Empty is none. */
export const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), 'This is not an e-mail address.')
  .transform((value) => (value === '' ? null : value))
  .nullable();
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`);

const Permissions = {
  role: z.enum(ROLES),
  office: z.boolean(),
  inspect: z.boolean(),
  websync: z.boolean(),
  review: z.boolean(),
};

/** A user as the Users page lists it. */
export const UserSummary = z.object({
  id: z.string().uuid(),
  login: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  ...Permissions,
  disabled: z.boolean(),
  /** Whether the user may sign in with a password; the hash itself never leaves the server. */
  hasPassword: z.boolean(),
  /** Whether an identity provider's account is linked (single sign-on). */
  singleSignOn: z.boolean(),
  /** The latest sign-in that opened a session still on record; null when none is. */
  lastSignIn: z.string().datetime({ offset: true }).nullable(),
  version: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserList = z.array(UserSummary);

/** GET api/users: every user, or those whose login, name or e-mail address holds `search` (in any case). */
export const UserListQuery = z.object({ search: z.string().max(USER_SEARCH_MAX_LENGTH).optional() });
export type UserListQuery = z.infer<typeof UserListQuery>;

/** POST api/users. Without a password the user signs in through single sign-on only. */
export const NewUserBody = z.object({
  login: Login,
  displayName: DisplayName,
  email: Email.optional(),
  ...Permissions,
  password: Password.nullable().optional(),
});
export type NewUserBody = z.input<typeof NewUserBody>;
/** As the server reads it: trimmed, an empty e-mail address null. */
export type NewUser = z.output<typeof NewUserBody>;

/** PUT api/users/{id}, with the version read (a user changed meanwhile answers 409). */
export const UserUpdateBody = z.object({
  displayName: DisplayName,
  email: Email,
  ...Permissions,
  version: z.number().int().min(1).max(2_147_483_647),
});
export type UserUpdateBody = z.input<typeof UserUpdateBody>;
export type UserUpdate = z.output<typeof UserUpdateBody>;

/** PUT api/users/{id}/password: signs the user out everywhere. */
export const PasswordBody = z.object({ password: Password });
export type PasswordBody = z.infer<typeof PasswordBody>;

export const UserIdParams = z.object({ id: z.string().uuid() });
