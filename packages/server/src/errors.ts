/**
 * The one error catalogue of the server. Services throw `AppError` with a typed problem; the HTTP
 * layer turns problems into statuses and bodies in `problemToHttp`, and database errors become
 * problems in `problemFromDatabaseError`. Nothing else decides a status code.
 */
import { DASHBOARD_EXISTS_CODE, WIDGET_EXISTS_CODE } from '@manway/core/api/dashboards';
import type { DbStateCode, KnownErrorCode, LicensingCode } from '@manway/core/api/errors';
import { FILTER_NAME_EXISTS_MESSAGE } from '@manway/core/api/filters';
import { REPORT_NAME_EXISTS_MESSAGE } from '@manway/core/api/reports';
import type { USER_HAS_WORK_CODE } from '@manway/core/api/users';
import { WORKFLOW_ILLEGAL_TRANSITION } from '@manway/core/api/work';

/**
 * 409s: a stale version (the default), a workflow command the object's state does not allow, or a
 * dashboard name or widget title taken (the client offers to rename or replace).
 */
type ConflictCode =
  | 'concurrency/modified-by-another-user'
  | typeof WORKFLOW_ILLEGAL_TRANSITION
  | typeof DASHBOARD_EXISTS_CODE
  | typeof WIDGET_EXISTS_CODE
  | typeof USER_HAS_WORK_CODE;

export type Problem =
  | { kind: 'validation'; message: string; fields: Record<string, string[]> }
  | { kind: 'unauthenticated' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string; code?: ConflictCode }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number }
  | {
      kind: 'coded';
      code: DbStateCode | LicensingCode | KnownErrorCode;
      message: string;
      /** Facts the client shows with the code's text (an expired link's date), sent beside it. */
      details?: Record<string, string>;
    };

export class AppError extends Error {
  constructor(readonly problem: Problem) {
    super('message' in problem ? problem.message : problem.kind);
    this.name = 'AppError';
  }
}

export const DASHBOARD_EXISTS_MESSAGE = 'A dashboard with this name already exists. Choose another name.';
export const WIDGET_EXISTS_MESSAGE = 'A widget with this title already exists.';
export const DUPLICATE_ASSET_MESSAGE = 'An asset with the same name and subtype already exists.';
export const FORBIDDEN_ACTION = 'You have no permissions to perform this action';
export const FORBIDDEN_PAGE = 'You have no permissions to access this page.';

export const fail = {
  validation: (fields: Record<string, string[]>, message = 'The request is invalid.') =>
    new AppError({ kind: 'validation', message, fields }),
  field: (field: string, text: string) => fail.validation({ [field]: [text] }),
  unauthenticated: () => new AppError({ kind: 'unauthenticated' }),
  forbidden: (message: string = FORBIDDEN_ACTION) => new AppError({ kind: 'forbidden', message }),
  notFound: (message = 'Object not found') => new AppError({ kind: 'not-found', message }),
  conflict: (message = 'Another user modified the same item. Reload it and try again.') =>
    new AppError({ kind: 'conflict', message }),
  /** The workflow (core's domain/workflow.ts) refused a command; `reason` says why, in words. */
  illegalTransition: (reason: string) =>
    new AppError({ kind: 'conflict', message: reason, code: WORKFLOW_ILLEGAL_TRANSITION }),
  /** A dashboard's name or a widget's title is taken. */
  taken: (code: typeof DASHBOARD_EXISTS_CODE | typeof WIDGET_EXISTS_CODE, message: string) =>
    new AppError({ kind: 'conflict', message, code }),
  /** The object is still named by recorded work, which must keep it (a user who inspected). */
  stillReferenced: (code: typeof USER_HAS_WORK_CODE, message: string) =>
    new AppError({ kind: 'conflict', message, code }),
  rateLimited: (message: string, retryAfterSeconds: number) =>
    new AppError({ kind: 'rate-limited', message, retryAfterSeconds }),
  coded: (code: DbStateCode | LicensingCode | KnownErrorCode, message: string, details?: Record<string, string>) =>
    new AppError({ kind: 'coded', code, message, ...(details ? { details } : {}) }),
};

/**
 * The one call whose db-state codes the spec's client reads from a 400: the settings load turns them
 * into the database pages (main-app section 8, "Settings load failures").
 */
export const SETTINGS_LOAD_ROUTE = '/api/settings/general';
/** How soon a caller may try again while the database server is away; start-up retries as often. */
export const DB_UNAVAILABLE_RETRY_SECONDS = 5;

export interface HttpProblem {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * `route` is the matched route's path. An unreachable database is a passing condition: every call but
 * the settings load answers 503 with Retry-After (the client's catalogue then shows its "check your
 * connection" notification instead of silently dropping a failed save, and the sync agent retries),
 * with the same `{ code }` body. Unsupported or changed structures stay 400 everywhere: they last
 * until an operator acts, and the client leaves them to the settings loader.
 */
export function problemToHttp(problem: Problem, route?: string): HttpProblem {
  switch (problem.kind) {
    case 'validation':
      return { status: 400, body: { Message: problem.message, ModelState: problem.fields } };
    case 'unauthenticated':
      return { status: 401, body: { message: 'Authentication required' } };
    case 'forbidden':
      return { status: 403, body: { message: problem.message } };
    case 'not-found':
      return { status: 404, body: { code: 'object/not-found', message: problem.message } };
    case 'conflict':
      return {
        status: 409,
        body: { code: problem.code ?? 'concurrency/modified-by-another-user', message: problem.message },
      };
    case 'rate-limited':
      return {
        status: 429,
        body: { message: problem.message },
        headers: { 'retry-after': String(problem.retryAfterSeconds) },
      };
    case 'coded':
      if (problem.code === 'db-state/db-server-unavailable' && route !== SETTINGS_LOAD_ROUTE) {
        return {
          status: 503,
          body: { code: problem.code, message: problem.message },
          headers: { 'retry-after': String(DB_UNAVAILABLE_RETRY_SECONDS) },
        };
      }
      return { status: 400, body: { ...problem.details, code: problem.code, message: problem.message } };
    default: {
      const unreachable: never = problem;
      throw new Error(`Unhandled problem ${JSON.stringify(unreachable)}`);
    }
  }
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
]);

/** The errors behind an error: Drizzle wraps the driver's error as the `cause` of its own. */
function* causeChain(
  error: unknown,
): Generator<{ code?: string; message?: string; constraint?: string; column?: string }> {
  for (
    let e = error as { cause?: unknown } | null | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    yield e as never;
  }
}

/** True when the database could not be reached at all, as opposed to refusing a statement. */
export function isConnectionError(error: unknown): boolean {
  for (const e of causeChain(error)) if (isConnectionFailure(e)) return true;
  return false;
}

function isConnectionFailure(e: { code?: string; message?: string }): boolean {
  if (
    e.code &&
    (CONNECTION_ERROR_CODES.has(e.code) || e.code.startsWith('08') || e.code === '57P01' || e.code === '57P03')
  ) {
    return true;
  }
  return /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed|Cannot use a pool after calling end/i.test(
    e.message ?? '',
  );
}

/** Maps the PostgreSQL errors a user can cause to problems they can act on; others stay 500s. */
export function problemFromDatabaseError(error: unknown): Problem | undefined {
  if (isConnectionError(error)) {
    return { kind: 'coded', code: 'db-state/db-server-unavailable', message: 'The database server is unavailable.' };
  }
  const e = [...causeChain(error)].find((c) => typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code));
  if (!e) return undefined;
  switch (e.code) {
    case '23505':
      // Two saves of the same name racing past the service's check.
      if (e.constraint === 'saved_filters_owner_name_key') {
        return { kind: 'coded', code: 'filter/name-exists', message: FILTER_NAME_EXISTS_MESSAGE };
      }
      if (e.constraint === 'reports_owner_name_key') {
        return { kind: 'coded', code: 'report/name-duplicate', message: REPORT_NAME_EXISTS_MESSAGE };
      }
      if (e.constraint === 'dashboards_personal_name_key' || e.constraint === 'dashboards_global_name_key') {
        return { kind: 'conflict', code: DASHBOARD_EXISTS_CODE, message: DASHBOARD_EXISTS_MESSAGE };
      }
      if (e.constraint === 'dashboard_gallery_title_key') {
        return { kind: 'conflict', code: WIDGET_EXISTS_CODE, message: WIDGET_EXISTS_MESSAGE };
      }
      // Asset ids are unique within their type (migration 0002, assets_code_key).
      if (e.constraint === 'assets_code_key') {
        return { kind: 'coded', code: 'asset/duplicate-name-and-subtype', message: DUPLICATE_ASSET_MESSAGE };
      }
      return {
        kind: 'validation',
        message: 'The value already exists.',
        fields: { [fieldOf(e)]: ['The value already exists.'] },
      };
    case '23503':
      return {
        kind: 'validation',
        message: 'A referenced object does not exist or is still in use.',
        fields: { [fieldOf(e)]: ['The referenced object does not exist or is still in use.'] },
      };
    case '23514':
    case '23502':
    case '22P02':
      return {
        kind: 'validation',
        message: 'The value is not allowed.',
        fields: { [fieldOf(e)]: ['The value is not allowed.'] },
      };
    default:
      return undefined;
  }
}

function fieldOf(e: { constraint?: string; column?: string }): string {
  return e.column ?? e.constraint ?? 'value';
}
