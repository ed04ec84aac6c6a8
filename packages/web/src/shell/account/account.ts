import { LogoffResponse } from '@manway/core/api/account';
import { UNEXPECTED_ERROR } from '../errors/catalogue';
import { hideSpinner, showSpinner } from '../busy/busySlice';
import { confirm } from '../confirm/confirm';
import { showNotification } from '../notifications/notificationsSlice';
import { shellApi } from '../request/api';
import type { AppThunk } from '../store/types';
import { DISCARD_CHANGES_CONFIRM } from '../unsaved/discardConfirm';
import { releaseAllLocks, selectHasUnsavedChanges } from '../unsaved/unsavedSlice';

export function loginUrl(apiBaseUrl: string, returnPath: string): string {
  return `${apiBaseUrl}api/account/login?returnUrl=${encodeURIComponent(returnPath)}`;
}

/** Sends the browser to sign in again and back here afterwards; unsaved work cannot be kept anyway. */
export const redirectToLogin =
  (): AppThunk =>
  (dispatch, _getState, { config, browser }) => {
    dispatch(releaseAllLocks());
    browser.assign(loginUrl(config.apiBaseUrl, browser.currentPath()));
  };

/**
 * Ends the session on the server, then follows its answer (the identity provider's log-off or the
 * sign-in page). Unsaved changes are confirmed first, in the app: once the server session is gone,
 * a browser "leave site?" prompt that the user cancels would strand them on a dead page.
 */
export const signOut =
  (): AppThunk<Promise<void>> =>
  async (dispatch, getState, { config, browser }) => {
    if (selectHasUnsavedChanges(getState())) {
      if (!(await dispatch(confirm(DISCARD_CHANGES_CONFIRM)))) return;
      dispatch(releaseAllLocks());
    }
    dispatch(showSpinner());
    const result = await dispatch(shellApi.endpoints.logoff.initiate({ returnUrl: config.baseUrl }));
    const answer = 'data' in result ? LogoffResponse.safeParse(result.data) : undefined;
    if (answer?.success) {
      browser.assign(answer.data.redirectUrl);
      return;
    }
    dispatch(hideSpinner());
    // A failed call was already announced by the global handling; an unreadable answer was not.
    if (answer)
      dispatch(showNotification({ type: 'error', title: UNEXPECTED_ERROR.title, text: UNEXPECTED_ERROR.text }));
  };

/** Restart Web App: a full reload, which also asks the server for fresh settings. */
export const restartWebApp =
  (): AppThunk =>
  (_dispatch, _getState, { browser }) => {
    browser.reload();
  };
