/**
 * PUT api/users/{id}: name, e-mail address, role and permissions, with the version read. A user
 * changed meanwhile answers 409 (left to the dialog, which says so and shows the user as it is now).
 */
import { UserSummary, type UserUpdateBody } from '@manway/core/api/users';
import { shellApi } from '../../../shell/request/api';
import { USERS_TAG } from './users';

const updateUserApi = shellApi.enhanceEndpoints({ addTagTypes: [USERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<UserSummary, { id: string; update: UserUpdateBody }>({
      query: ({ id, update }) => ({ url: `api/users/${encodeURIComponent(id)}`, method: 'PUT', body: update }),
      transformResponse: (data: unknown) => UserSummary.parse(data),
      // Saved or refused, the list is read again: after a 409 it shows what the other administrator saved.
      invalidatesTags: [USERS_TAG],
    }),
  }),
});

export const { useUpdateUserMutation } = updateUserApi;
