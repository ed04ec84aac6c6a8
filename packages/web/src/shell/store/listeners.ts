import { redirectToLogin } from '../account/account';
import { registerSessionKeepAlive } from '../activity/activity';
import { applicationName } from '../config';
import { showErrorPage } from '../errors/errorPageSlice';
import { SESSION_EXPIRED_PAGE } from '../errors/errorPages';
import { showNotification } from '../notifications/notificationsSlice';
import { describeRequestFailure } from '../request/failures';
import { requestFailure, requestUnauthorized, stopRequest, stopRequests } from '../request/lifecycle';
import { registerSeatLifecycle } from '../seats/seats';
import type { AppStartListening } from './types';

/** Long enough to read 'Your current session has expired' before the sign-in page replaces it. */
export const SESSION_EXPIRED_REDIRECT_DELAY_MS = 2500;

export function registerShellListeners(startListening: AppStartListening): void {
  // First: a seat renewal on activity is a call, which spares the keep-alive its own.
  registerSeatLifecycle(startListening);
  registerSessionKeepAlive(startListening);

  startListening({
    actionCreator: stopRequest,
    effect: (action, { extra }) => {
      extra.requests.abort(action.payload);
    },
  });

  startListening({
    actionCreator: stopRequests,
    effect: (_action, { extra }) => {
      extra.requests.abortAll();
    },
  });

  startListening({
    actionCreator: requestUnauthorized,
    effect: async (_action, listenerApi) => {
      // Several calls usually fail together when a session ends; one redirect is enough.
      listenerApi.cancelActiveListeners();
      if (listenerApi.extra.config.edition !== 'web-settings') {
        listenerApi.dispatch(redirectToLogin());
        return;
      }
      // Administrators in Settings are told why they are leaving before they go.
      if (!listenerApi.getState().errorPage.errorOccurred) listenerApi.dispatch(showErrorPage(SESSION_EXPIRED_PAGE));
      await listenerApi.delay(SESSION_EXPIRED_REDIRECT_DELAY_MS);
      listenerApi.dispatch(redirectToLogin());
    },
  });

  startListening({
    actionCreator: requestFailure,
    effect: (action, { dispatch, extra }) => {
      if (action.payload.ignoreGlobal) return;
      const { error, statusMessages } = action.payload;
      const outcome = describeRequestFailure(error, applicationName(extra.config.edition), statusMessages);
      if (outcome.kind === 'notification') dispatch(showNotification(outcome.notification));
      else if (outcome.kind === 'error-page') dispatch(showErrorPage(outcome.info));
    },
  });
}
