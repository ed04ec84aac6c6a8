import { UserSettings, type UserSettings as UserSettingsType } from '@manway/core/api/settings';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/settings/user: the user's remembered basemap and visible layers among their preferences. */
export const getUserSettings = (): AppThunk<Promise<UserSettingsType>> => async (dispatch, _getState, extra) =>
  UserSettings.parse(await performRequest({ url: 'api/settings/user' }, { dispatch, ...extra }));
