/**
 * DELETE api/users/{id}. A user whose name is on recorded work answers 409 with the reason (the
 * page shows it: the global handling shows nothing for a 409) and is to be disabled instead.
 */
import { shellApi } from '../../../shell/request/api';
import { USERS_TAG } from './users';

const deleteUserApi = shellApi.enhanceEndpoints({ addTagTypes: [USERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    deleteUser: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ url: `api/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [USERS_TAG],
    }),
  }),
});

export const { useDeleteUserMutation } = deleteUserApi;
