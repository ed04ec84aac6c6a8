import { ObjectDetails } from '@manway/core/api/objects';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

const objectDetailsApi = shellApi.enhanceEndpoints({ addTagTypes: ['Object'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET api/objects/{type}/{id}: everything about one asset, for the details panel; 404 reads 'Object not found'. */
    getObjectDetails: build.query<ObjectDetails, { type: string; id: number }>({
      query: ({ type, id }) => ({
        url: `api/objects/${encodeURIComponent(type)}/${encodeURIComponent(String(id))}`,
        statusMessages: { 404: OBJECT_NOT_FOUND },
      }),
      transformResponse: (data: unknown) => ObjectDetails.parse(data),
      // The tag a change of the object elsewhere (its location, say) invalidates.
      providesTags: (_result, _error, { type, id }) => [{ type: 'Object', id: `${type}:${id}` }],
    }),
  }),
});

export const { useGetObjectDetailsQuery } = objectDetailsApi;
export const getObjectDetails = objectDetailsApi.endpoints.getObjectDetails;
