import { UserSettings, type UserSettings as UserSettingsType } from '@manway/core/api/settings';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** PUT api/settings/user: replaces the user's preferences as a whole. */
export const saveUserSettings =
  (settings: UserSettingsType): AppThunk<Promise<UserSettingsType>> =>
  async (dispatch, _getState, extra) =>
    UserSettings.parse(
      await performRequest({ url: 'api/settings/user', method: 'PUT', body: settings }, { dispatch, ...extra }),
    );
