/** GET api/users (administrators): every user, or those matching a search, with role and permissions. */
import { UserList, type UserSummary } from '@manway/core/api/users';
import { shellApi } from '../../../shell/request/api';

export const USERS_TAG = 'Users';

export const usersApi = shellApi.enhanceEndpoints({ addTagTypes: [USERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UserSummary[], string>({
      query: (search) => ({ url: 'api/users', params: { search: search || undefined } }),
      transformResponse: (data: unknown) => UserList.parse(data),
      providesTags: [USERS_TAG],
    }),
  }),
});

export const { useGetUsersQuery } = usersApi;
