/**
 * PUT api/admin/settings/general: every value with the version read. Saved meanwhile by another
 * administrator answers 409, bad values 400 at their fields (both left to the page); either way the
 * settings are read again.
 */
import { InstallationGeneral, type InstallationGeneralUpdate } from '@manway/core/api/installation-settings';
import { shellApi } from '../../../shell/request/api';
import { generalSettingsApi, INSTALLATION_GENERAL_TAG } from './generalSettings';

const saveGeneralSettingsApi = shellApi.enhanceEndpoints({ addTagTypes: [INSTALLATION_GENERAL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    saveInstallationGeneral: build.mutation<InstallationGeneral, InstallationGeneralUpdate>({
      query: (update) => ({ url: 'api/admin/settings/general', method: 'PUT', body: update }),
      transformResponse: (data: unknown) => InstallationGeneral.parse(data),
      // The saved settings show at once, so the form does not fall back to the old ones meanwhile.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (saved) dispatch(generalSettingsApi.util.upsertQueryData('getInstallationGeneral', undefined, saved));
      },
      invalidatesTags: [INSTALLATION_GENERAL_TAG],
    }),
  }),
});

export const { useSaveInstallationGeneralMutation } = saveGeneralSettingsApi;
