/** GET api/admin/settings/general (administrators): the installation's defaults, with their version. */
import { InstallationGeneral } from '@manway/core/api/installation-settings';
import { shellApi } from '../../../shell/request/api';

export const INSTALLATION_GENERAL_TAG = 'InstallationGeneral';

export const generalSettingsApi = shellApi
  .enhanceEndpoints({ addTagTypes: [INSTALLATION_GENERAL_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      getInstallationGeneral: build.query<InstallationGeneral, void>({
        query: () => 'api/admin/settings/general',
        transformResponse: (data: unknown) => InstallationGeneral.parse(data),
        providesTags: [INSTALLATION_GENERAL_TAG],
      }),
    }),
  });

export const { useGetInstallationGeneralQuery } = generalSettingsApi;
