/** GET and POST api/locations/{type}/{id}: one object's location. */
import { LocationValue, type LocationUpdate } from '@manway/core/api/locations';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

export interface LocatedObject {
  type: string;
  id: number;
}

const locationUrl = ({ type, id }: LocatedObject) => `api/locations/${encodeURIComponent(type)}/${id}`;

/**
 * 'Object' tags what is read about one object by type and id (its details on the map), 'Location'
 * its location: a new location changes both.
 */
const locationApi = shellApi.enhanceEndpoints({ addTagTypes: ['Location', 'Object'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * Null when the object has no location at all, which the editor shows as such rather than as
     * a failure.
     */
    getLocation: build.query<LocationValue | null, LocatedObject>({
      async queryFn(object, _api, _extraOptions, baseQuery) {
        const answer = await baseQuery({ url: locationUrl(object), ignoreGlobal: true });
        if (answer.error) return answer.error.status === 404 ? { data: null } : { error: answer.error };
        return { data: LocationValue.parse(answer.data) };
      },
      providesTags: (_result, _error, { type, id }) => [{ type: 'Location', id: `${type}:${id}` }],
    }),
    /**
     * Saves with the version read. A stale version answers 409, which the global handling leaves
     * alone; this call shows the catalogue's message for it, and the location is read again to
     * show what the other user saved.
     */
    saveLocation: build.mutation<LocationValue, LocatedObject & { update: LocationUpdate }>({
      query: ({ update, ...object }) => ({
        url: locationUrl(object),
        method: 'POST',
        body: update,
        statusMessages: { 409: MODIFIED_BY_ANOTHER_USER },
      }),
      transformResponse: (data: unknown) => LocationValue.parse(data),
      async onQueryStarted({ type, id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Patched at once (an upsert lands later), so the editor closes on the saved location.
          dispatch(locationApi.util.updateQueryData('getLocation', { type, id }, () => data));
        } catch {
          // The request has told the user; a 409 rereads the location (invalidatesTags).
        }
      },
      invalidatesTags: (saved, error, { type, id }) => {
        const key = `${type}:${id}`;
        if (saved) return [{ type: 'Object', id: key }];
        return error?.status === 409 ? [{ type: 'Location', id: key }] : [];
      },
    }),
  }),
});

export const { useGetLocationQuery, useSaveLocationMutation } = locationApi;
