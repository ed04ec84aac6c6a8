/**
 * PUT api/admin/settings/map: every value with the version read. Saved meanwhile by another
 * administrator answers 409, a bad basemap 400 at its field (basemaps.2.url; both left to the page);
 * either way the settings are read again.
 */
import { InstallationMap, type InstallationMapUpdate } from '@manway/core/api/installation-settings';
import { shellApi } from '../../../shell/request/api';
import { INSTALLATION_MAP_TAG, mapSettingsApi } from './mapSettings';

const saveMapSettingsApi = shellApi.enhanceEndpoints({ addTagTypes: [INSTALLATION_MAP_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    saveInstallationMap: build.mutation<InstallationMap, InstallationMapUpdate>({
      query: (update) => ({ url: 'api/admin/settings/map', method: 'PUT', body: update }),
      transformResponse: (data: unknown) => InstallationMap.parse(data),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (saved) dispatch(mapSettingsApi.util.upsertQueryData('getInstallationMap', undefined, saved));
      },
      invalidatesTags: [INSTALLATION_MAP_TAG],
    }),
  }),
});

export const { useSaveInstallationMapMutation } = saveMapSettingsApi;
