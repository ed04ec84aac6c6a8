/** PUT api/users/{id}/password: sets the user's password and signs them out everywhere. */
import { UserSummary } from '@manway/core/api/users';
import { shellApi } from '../../../shell/request/api';
import { USERS_TAG } from './users';

const setPasswordApi = shellApi.enhanceEndpoints({ addTagTypes: [USERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    setUserPassword: build.mutation<UserSummary, { id: string; password: string }>({
      query: ({ id, password }) => ({
        url: `api/users/${encodeURIComponent(id)}/password`,
        method: 'PUT',
        body: { password },
      }),
      transformResponse: (data: unknown) => UserSummary.parse(data),
      invalidatesTags: [USERS_TAG],
    }),
  }),
});

export const { useSetUserPasswordMutation } = setPasswordApi;
