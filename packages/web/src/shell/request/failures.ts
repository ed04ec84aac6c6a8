import { isDbStateCode, isModelStateBody, KNOWN_ERROR_CODES, type KnownErrorCode } from '@manway/core/api/errors';
import {
  ACCESS_DENIED_TITLE,
  KNOWN_ERROR_MESSAGES,
  NO_PERMISSIONS_TEXT,
  OFFICE_EDITING_LICENCE_NOT_FOUND,
  UNEXPECTED_ERROR,
  type ErrorMessage,
} from '../errors/catalogue';
import type { ErrorInfo } from '../errors/errorPageSlice';
import { licensingCodeOf, licensingPage } from '../errors/errorPages';
import type { NotificationInput } from '../notifications/notificationsSlice';
import type { RequestFailureDetails } from './lifecycle';

/** What the user is shown for a failed call. 401 never gets here: it is a redirect, not a failure. */
export type FailureOutcome =
  | { kind: 'nothing' }
  | { kind: 'notification'; notification: NotificationInput }
  | { kind: 'error-page'; info: ErrorInfo };

const NOTHING: FailureOutcome = { kind: 'nothing' };

const errorNotification = (title: string, text: string): FailureOutcome => ({
  kind: 'notification',
  notification: { type: 'error', title, text },
});

const UNEXPECTED = errorNotification(UNEXPECTED_ERROR.title, UNEXPECTED_ERROR.text);

function codeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function isKnownErrorCode(code: string | undefined): code is KnownErrorCode {
  return (KNOWN_ERROR_CODES as readonly (string | undefined)[]).includes(code);
}

/** A server reason opening with the notification's own title, as the edit-denied one does. */
const LEADING_ACCESS_DENIED = /^access denied[.:!]?\s*/i;

/**
 * 403 carries its reason either as { message } or as plain text. The title already says 'Access
 * denied', so a reason that starts with it ('Access denied. You have no permissions to edit
 * object.') loses that opening rather than saying it twice.
 */
function forbiddenText(data: unknown): string {
  let reason = '';
  if (typeof data === 'string') reason = data;
  else if (typeof data === 'object' && data !== null) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string') reason = message;
  }
  reason = reason.trim().replace(LEADING_ACCESS_DENIED, '');
  return reason === '' ? NO_PERMISSIONS_TEXT : reason;
}

function describeBadRequest(data: unknown, applicationName: string): FailureOutcome {
  // The settings loader routes these to their own pages; a notification on top would repeat it.
  if (isDbStateCode(data)) return NOTHING;
  if (isModelStateBody(data)) {
    const messages = Object.values(data.ModelState).flat();
    return errorNotification(data.Message.replace(/\.$/, ''), messages.join('\n'));
  }
  const code = codeOf(data);
  if (isKnownErrorCode(code))
    return errorNotification(KNOWN_ERROR_MESSAGES[code].title, KNOWN_ERROR_MESSAGES[code].text);
  const licensingCode = licensingCodeOf(data);
  if (licensingCode === 'licensing/office-editing-licence-not-found')
    return errorNotification(OFFICE_EDITING_LICENCE_NOT_FOUND.title, OFFICE_EDITING_LICENCE_NOT_FOUND.text);
  if (licensingCode) return { kind: 'error-page', info: licensingPage(licensingCode, applicationName) };
  return UNEXPECTED;
}

/**
 * The global failure catalogue of spec section 8, as a pure decision. `statusMessages` is the
 * call's own wording for some statuses (RequestArgs.statusMessages), which comes first.
 */
export function describeRequestFailure(
  error: RequestFailureDetails,
  applicationName: string,
  statusMessages?: Partial<Record<number, ErrorMessage>>,
): FailureOutcome {
  const own = statusMessages?.[error.status];
  if (own) return errorNotification(own.title, own.text);
  switch (error.status) {
    case 400:
      return describeBadRequest(error.data, applicationName);
    case 403:
      return errorNotification(ACCESS_DENIED_TITLE, forbiddenText(error.data));
    case 409:
      // A concurrent edit: the caller decides, e.g. by asking whether to overwrite.
      return NOTHING;
    default:
      return UNEXPECTED;
  }
}
