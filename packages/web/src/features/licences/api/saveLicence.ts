/**
 * PUT api/licences/{application}: a licence's seat limit and expiry, with the version read. A change
 * made meanwhile answers 409 (left to the page, which says so and reads the licences again); bad
 * fields answer 400 with ModelState keyed by field. Either way the list is read again.
 */
import { Licence, type LicenceApplication, type LicenceUpdate } from '@manway/core/api/licensing';
import { shellApi } from '../../../shell/request/api';
import { LICENCES_TAG, licencesApi } from './licences';

const saveLicenceApi = shellApi.enhanceEndpoints({ addTagTypes: [LICENCES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    saveLicence: build.mutation<Licence, { application: LicenceApplication; update: LicenceUpdate }>({
      query: ({ application, update }) => ({ url: `api/licences/${application}`, method: 'PUT', body: update }),
      transformResponse: (data: unknown) => Licence.parse(data),
      // The saved licence replaces its row at once, so the form does not fall back to the old values
      // while the list is read again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (!saved) return;
        dispatch(
          licencesApi.util.updateQueryData('getLicences', undefined, (list) =>
            list.map((licence) => (licence.application === saved.application ? saved : licence)),
          ),
        );
      },
      invalidatesTags: [LICENCES_TAG],
    }),
  }),
});

export const { useSaveLicenceMutation } = saveLicenceApi;
