/** What the user dialogs share: the form's values, its client-side checks and the server's answers. */
import { isModelStateBody } from '@manway/core/api/errors';
import { NewUserBody, PasswordBody, UserUpdateBody, type UserSummary } from '@manway/core/api/users';
import type { Role } from '@manway/core/roles';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';

export type SignIn = 'password' | 'single-sign-on';

export interface UserFormValues {
  login: string;
  displayName: string;
  email: string;
  role: Role;
  office: boolean;
  inspect: boolean;
  websync: boolean;
  review: boolean;
  signIn: SignIn;
  password: string;
}

export type UserField = Exclude<keyof UserFormValues, 'signIn'>;
export type FieldErrors = Partial<Record<UserField | 'form', string>>;

/** A new user opens both editions (as every user did before the permissions existed) and signs in with a password. */
export const NEW_USER_VALUES: UserFormValues = {
  login: '',
  displayName: '',
  email: '',
  role: 'regular',
  office: true,
  inspect: true,
  websync: false,
  review: false,
  signIn: 'password',
  password: '',
};

export function valuesOf(user: UserSummary): UserFormValues {
  return {
    login: user.login,
    displayName: user.displayName,
    email: user.email ?? '',
    role: user.role,
    office: user.office,
    inspect: user.inspect,
    websync: user.websync,
    review: user.review,
    signIn: user.hasPassword ? 'password' : 'single-sign-on',
    password: '',
  };
}

export const sameValues = (a: UserFormValues, b: UserFormValues) =>
  (Object.keys(a) as (keyof UserFormValues)[]).every((key) => a[key] === b[key]);

export function newUserBody(values: UserFormValues): NewUserBody {
  return {
    login: values.login,
    displayName: values.displayName,
    email: values.email,
    role: values.role,
    office: values.office,
    inspect: values.inspect,
    websync: values.websync,
    review: values.review,
    password: values.signIn === 'password' ? values.password : null,
  };
}

export function updateBody(values: UserFormValues, version: number) {
  return {
    displayName: values.displayName,
    email: values.email,
    role: values.role,
    office: values.office,
    inspect: values.inspect,
    websync: values.websync,
    review: values.review,
    version,
  };
}

const FIELDS: readonly string[] = [
  'login',
  'displayName',
  'email',
  'role',
  'office',
  'inspect',
  'websync',
  'review',
  'password',
] satisfies UserField[];

function add(errors: FieldErrors, key: string, text: string) {
  const at = (FIELDS.includes(key) ? key : 'form') as UserField | 'form';
  errors[at] = errors[at] ? `${errors[at]} ${text}` : text;
}

function fromZod(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined) {
  const errors: FieldErrors = {};
  for (const issue of error?.issues ?? []) add(errors, String(issue.path[0] ?? 'form'), issue.message);
  return errors;
}

/** The contract's own checks, so a wrong field is told before anything is sent. */
export const checkNewUser = (values: UserFormValues) => fromZod(NewUserBody.safeParse(newUserBody(values)).error);
export const checkUpdate = (values: UserFormValues) => fromZod(UserUpdateBody.safeParse(updateBody(values, 1)).error);
export const checkPassword = (password: string) => fromZod(PasswordBody.safeParse({ password }).error);

export function isFailure(error: unknown): error is RequestFailureDetails {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** A 400's messages at the fields they name; anything else's under the form. Null when it is no 400 with fields. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isFailure(error) || error.status !== 400 || !isModelStateBody(error.data)) return null;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(error.data.ModelState)) add(errors, key, messages.join(' '));
  return errors;
}

/** The message of a refusal that has one (a 409's reason). */
export function refusalMessage(error: unknown): string | null {
  if (!isFailure(error)) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}
