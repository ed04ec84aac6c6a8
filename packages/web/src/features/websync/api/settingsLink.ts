/** Where the user dropdown's Settings item goes (api/settings/go): the address of the Settings edition. */
import { SettingsGoUrl } from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';

export const settingsLinkApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    settingsUrl: build.query<string, void>({
      query: () => 'api/settings/go',
      transformResponse: (answer) => SettingsGoUrl.parse(answer),
    }),
  }),
});

export const { useLazySettingsUrlQuery } = settingsLinkApi;
