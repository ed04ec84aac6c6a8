import { UserSettings } from '@manway/core/api/settings';
import { shellApi } from '../request/api';

const userSettingsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET api/settings/user: the user's remembered basemap and visible layers among their preferences. */
    getUserSettings: build.query<UserSettings, void>({
      query: () => 'api/settings/user',
      transformResponse: (data: unknown) => UserSettings.parse(data),
    }),
    /**
     * PUT api/settings/user: replaces the user's preferences as a whole. The settings read are
     * updated as the request starts rather than read again after it: a reread answering before a
     * later choice was saved would put the older choices back.
     */
    saveUserSettings: build.mutation<UserSettings, UserSettings>({
      query: (settings) => ({ url: 'api/settings/user', method: 'PUT', body: settings }),
      transformResponse: (data: unknown) => UserSettings.parse(data),
      onQueryStarted(settings, { dispatch }) {
        dispatch(userSettingsApi.util.upsertQueryData('getUserSettings', undefined, settings));
      },
    }),
  }),
});

export const { useGetUserSettingsQuery, useSaveUserSettingsMutation } = userSettingsApi;

/** Changes the user's settings on this page only, as for a guest, who has none kept. */
export const keepUserSettingsHere = (settings: UserSettings) =>
  userSettingsApi.util.upsertQueryData('getUserSettings', undefined, settings);
