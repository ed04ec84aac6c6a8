/**
 * POST api/users: a new user with a password, or without one for single sign-on only. A login taken
 * (in any case) and other bad fields answer 400 with ModelState keyed by field.
 */
import { UserSummary, type NewUserBody } from '@manway/core/api/users';
import { shellApi } from '../../../shell/request/api';
import { USERS_TAG } from './users';

const createUserApi = shellApi.enhanceEndpoints({ addTagTypes: [USERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    createUser: build.mutation<UserSummary, NewUserBody>({
      query: (body) => ({ url: 'api/users', method: 'POST', body }),
      transformResponse: (data: unknown) => UserSummary.parse(data),
      invalidatesTags: [USERS_TAG],
    }),
  }),
});

export const { useCreateUserMutation } = createUserApi;
