import { LICENSING_CODES, type LicensingCode } from '@manway/core/api/errors';
import type { ErrorInfo } from './errorPageSlice';

/** The error-page family (spec sections 2 and 8). Each is a record for showErrorPage. */

export const DEFAULT_CONTACT_MESSAGE = 'If the problem persists, contact support.';

export const SESSION_EXPIRED_PAGE: ErrorInfo = {
  title: 'Your current session has expired',
  description: 'Redirecting to login page...',
  contactMessage: null,
};

export const FATAL_ERROR_PAGE: ErrorInfo = {
  title: 'Application crashed',
  description: 'Manway ran into a problem it could not recover from. Changes you had not saved may be lost.',
  isFatalErrorOccured: true,
};

export const GENERIC_ERROR_PAGE: ErrorInfo = {
  title: 'Something unexpected just happened',
  description: 'Manway could not start. Please try refreshing the page and check your connection.',
  isRestartButton: true,
};

export const DATABASE_UNAVAILABLE_PAGE: ErrorInfo = {
  title: 'Database unavailable',
  description: 'Manway cannot reach its database server at the moment.',
  contactMessage: 'Try again in a few minutes. If the problem persists, contact your administrator.',
  isRestartButton: true,
};

export const UNSUPPORTED_DATABASE_VERSION_PAGE: ErrorInfo = {
  title: 'Unsupported database version',
  description: 'The database was created by a version of Manway that this server does not support.',
  contactMessage: 'Contact your administrator to upgrade the database or the server.',
};

export const BOM_VERSION_CHANGED_PAGE: ErrorInfo = {
  title: 'Structure or settings changed',
  description: 'The data structure or the settings were changed. This requires a server restart.',
  caution: 'Restarting the server closes all connections, including other users’ sessions.',
  contactMessage: 'Ask your administrator to restart the server, then restart the web app.',
  isRestartButton: true,
};

export const ACCESS_DENIED_PAGE: ErrorInfo = {
  title: 'Access denied',
  description: 'You have no permissions to access this page.',
  contactMessage: 'Sign in with another account, or ask your administrator for access.',
  showLogOffButton: true,
};

/** The spec's title, verbatim. The description says "seat", so the page never spells licence two ways. */
export const LICENSE_LIMIT_REACHED_TITLE = 'LICENSE LIMIT REACHED';

export const INSPECT_SEAT_LIMIT_PAGE: ErrorInfo = {
  title: LICENSE_LIMIT_REACHED_TITLE,
  description: 'Every Manway Inspect seat is in use right now.',
  caution: 'Close Manway Inspect on a device you no longer use, or wait until a colleague signs out.',
  isLimitReachedButton: true,
  showLogOffButton: true,
};

export const OFFICE_SEAT_LIMIT_PAGE: ErrorInfo = {
  title: LICENSE_LIMIT_REACHED_TITLE,
  description: 'Every Manway Office seat is in use right now.',
  caution: 'Close Manway Office in a browser you no longer use, or wait until a colleague signs out.',
  isLimitReachedButton: true,
  showLogOffButton: true,
};

export const OFFICE_EDITING_SEAT_LIMIT_PAGE: ErrorInfo = {
  title: LICENSE_LIMIT_REACHED_TITLE,
  description: 'Every Manway Office editing seat is in use right now.',
  caution: 'Close Manway Office in a browser you no longer edit in, or wait until a colleague who edits signs out.',
  isLimitReachedButton: true,
  showLogOffButton: true,
};

export const WEBSYNC_SEAT_LIMIT_PAGE: ErrorInfo = {
  title: LICENSE_LIMIT_REACHED_TITLE,
  description: 'Every Manway WebSync seat is in use right now.',
  caution: 'Close Manway WebSync in a browser you no longer use, or wait until a colleague signs out.',
  isLimitReachedButton: true,
  showLogOffButton: true,
};

export const OFFICE_EDITING_LICENCE_PAGE: ErrorInfo = {
  title: 'Office editing licence not found',
  description: 'Editing in Manway Office needs an editing licence, and none is assigned to this server.',
  contactMessage: 'Ask your administrator to add an Office editing licence.',
  showLogOffButton: true,
};

export function applicationNotRegisteredPage(applicationName: string): ErrorInfo {
  return {
    title: 'Application not registered',
    description: `${applicationName} is not registered on this server.`,
    contactMessage: 'Ask your administrator to register the application.',
    isFatalErrorOccured: true,
  };
}

export const INSTANCE_LIMIT_EXCEEDED_PAGE: ErrorInfo = {
  title: 'Instance limit exceeded',
  description: 'More Manway server instances are running than the licence allows.',
  contactMessage: 'Ask your administrator to stop an instance or extend the licence.',
  isFatalErrorOccured: true,
};

export function licenceExpiredPage(applicationName: string): ErrorInfo {
  return {
    title: 'Licence expired',
    description: `The licence for ${applicationName} has expired.`,
    contactMessage: 'Ask your administrator to renew the licence.',
    showLogOffButton: true,
  };
}

/** Every licensing code's page: the pages that need the application's name are functions of it. */
const LICENSING_PAGES: Record<LicensingCode, ErrorInfo | ((applicationName: string) => ErrorInfo)> = {
  'licensing/application-is-not-registered': applicationNotRegisteredPage,
  'licensing/instance-limit-exceeds': INSTANCE_LIMIT_EXCEEDED_PAGE,
  'licensing/inspect-seat-not-available': INSPECT_SEAT_LIMIT_PAGE,
  'licensing/office-seat-not-available': OFFICE_SEAT_LIMIT_PAGE,
  'licensing/office-editing-seat-not-available': OFFICE_EDITING_SEAT_LIMIT_PAGE,
  'licensing/websync-seat-not-available': WEBSYNC_SEAT_LIMIT_PAGE,
  'licensing/office-editing-licence-not-found': OFFICE_EDITING_LICENCE_PAGE,
  'licensing/licence-expired': licenceExpiredPage,
};

/** The licensing code of a 400's body, if it carries one. */
export function licensingCodeOf(data: unknown): LicensingCode | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as { code?: unknown }).code;
  return LICENSING_CODES.find((known) => known === code);
}

/** The page a licensing code leads to; `applicationName` is the page's product, e.g. 'Manway Inspect'. */
export function licensingPage(code: LicensingCode, applicationName: string): ErrorInfo {
  const page = LICENSING_PAGES[code];
  return typeof page === 'function' ? page(applicationName) : page;
}
