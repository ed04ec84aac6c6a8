import { GeneralSettings } from '@manway/core/api/settings';
import type { Edition } from '@manway/core/editions';
import { applicationName } from '../config';
import type { ErrorInfo } from '../errors/errorPageSlice';
import { showErrorPage } from '../errors/errorPageSlice';
import {
  ACCESS_DENIED_PAGE,
  BOM_VERSION_CHANGED_PAGE,
  DATABASE_UNAVAILABLE_PAGE,
  FATAL_ERROR_PAGE,
  GENERIC_ERROR_PAGE,
  licensingCodeOf,
  licensingPage,
  UNSUPPORTED_DATABASE_VERSION_PAGE,
} from '../errors/errorPages';
import { showNotification } from '../notifications/notificationsSlice';
import type { RequestFailureDetails } from '../request/lifecycle';
import { isRequestError, performRequest } from '../request/request';
import type { AppThunk } from '../store/types';
import { settingsFailed, settingsReceived, settingsRequested } from './settingsSlice';

export const LICENCE_WARNING_TITLE = 'Licence warning';

const DB_STATE_PAGES = new Map<unknown, ErrorInfo>([
  ['db-state/db-server-unavailable', DATABASE_UNAVAILABLE_PAGE],
  ['db-state/unsupported-db-version', UNSUPPORTED_DATABASE_VERSION_PAGE],
  ['db-state/bom-version-changed', BOM_VERSION_CHANGED_PAGE],
]);

/**
 * The page for a start-up failure nothing more specific explains. The WebSync console's spec says
 * any unexpected failure during its start-up shows the fatal error page.
 */
function unexplainedFailurePage(edition: Edition): ErrorInfo {
  return edition === 'web-websync' ? FATAL_ERROR_PAGE : GENERIC_ERROR_PAGE;
}

/**
 * Which page a failed settings load leads to (spec section 8); null when a redirect is under way.
 * The licensing codes come with this call, so their pages are decided here too: the load skips the
 * global handling, which would otherwise have shown them.
 */
export function settingsFailurePage(error: RequestFailureDetails, edition: Edition): ErrorInfo | null {
  if (error.status === 401) return null;
  if (error.status === 403) return ACCESS_DENIED_PAGE;
  if (error.status === 400 && typeof error.data === 'object' && error.data !== null) {
    const code = (error.data as { code?: unknown }).code;
    const dbStatePage = DB_STATE_PAGES.get(code);
    if (dbStatePage) return dbStatePage;
    const licensingCode = licensingCodeOf(error.data);
    if (licensingCode) return licensingPage(licensingCode, applicationName(edition));
  }
  return unexplainedFailurePage(edition);
}

/**
 * Loads the general settings the whole edition depends on. Nothing else renders until it is done,
 * so its failures become pages of their own instead of the usual notifications.
 */
export const loadGeneralSettings = (): AppThunk<Promise<void>> => async (dispatch, _getState, extra) => {
  dispatch(settingsRequested());
  let response: unknown;
  try {
    response = await performRequest({ url: 'api/settings/general', ignoreGlobal: true }, { dispatch, ...extra });
  } catch (error) {
    if (!isRequestError(error)) throw error;
    dispatch(settingsFailed(error.data));
    const page = settingsFailurePage(error, extra.config.edition);
    if (page) dispatch(showErrorPage(page));
    return;
  }

  const settings = GeneralSettings.safeParse(response);
  if (!settings.success) {
    dispatch(settingsFailed(response));
    dispatch(showErrorPage(unexplainedFailurePage(extra.config.edition)));
    return;
  }
  dispatch(settingsReceived(settings.data));
  if (settings.data.licenseWarning) {
    dispatch(showNotification({ type: 'warning', title: LICENCE_WARNING_TITLE, text: settings.data.licenseWarning }));
  }
};
