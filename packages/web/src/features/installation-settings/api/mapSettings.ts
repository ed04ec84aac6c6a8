/**
 * GET api/admin/settings/map (administrators): the basemaps, the default one and the start extent,
 * with their version and the network's extent.
 */
import { InstallationMap } from '@manway/core/api/installation-settings';
import { shellApi } from '../../../shell/request/api';

export const INSTALLATION_MAP_TAG = 'InstallationMap';

export const mapSettingsApi = shellApi.enhanceEndpoints({ addTagTypes: [INSTALLATION_MAP_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getInstallationMap: build.query<InstallationMap, void>({
      query: () => 'api/admin/settings/map',
      transformResponse: (data: unknown) => InstallationMap.parse(data),
      providesTags: [INSTALLATION_MAP_TAG],
    }),
  }),
});

export const { useGetInstallationMapQuery } = mapSettingsApi;
