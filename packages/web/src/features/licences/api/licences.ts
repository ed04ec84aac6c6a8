/** GET api/licences (administrators): every application's licence with its seats in use. */
import { LicenceList, type Licence } from '@manway/core/api/licensing';
import { shellApi } from '../../../shell/request/api';

export const LICENCES_TAG = 'Licences';

/** How often the Licences page reads the in-use figures, the seats and the instances again. */
export const POLL_MS = 30_000;

export const licencesApi = shellApi.enhanceEndpoints({ addTagTypes: [LICENCES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getLicences: build.query<Licence[], void>({
      query: () => 'api/licences',
      transformResponse: (data: unknown) => LicenceList.parse(data),
      providesTags: [LICENCES_TAG],
    }),
  }),
});

export const { useGetLicencesQuery } = licencesApi;
