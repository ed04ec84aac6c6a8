import { UNEXPECTED_ERROR, type ErrorMessage } from '../../../shell/errors/catalogue';
import { describeRequestFailure } from '../../../shell/request/failures';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';

/**
 * What a refused file's row says: the words the global handling would notify (a known code's
 * message, a too-large file's ModelState, Access denied with the server's reason), shown on the
 * file's own row so several refusals do not stack up as notifications.
 */
export function refusalMessage(failure: RequestFailureDetails, applicationName: string): ErrorMessage {
  const outcome = describeRequestFailure(failure, applicationName);
  if (outcome.kind !== 'notification') return UNEXPECTED_ERROR;
  return { title: outcome.notification.title, text: outcome.notification.text ?? '' };
}
