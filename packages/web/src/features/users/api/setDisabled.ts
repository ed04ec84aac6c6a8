/**
 * POST api/users/{id}/disable and …/enable. Disabling ends the user's sessions, and their seats, at
 * once; a refusal (an administrator's own account, the last administrator) answers 400 with its reason.
 */
import { UserSummary } from '@manway/core/api/users';
import { shellApi } from '../../../shell/request/api';
import { USERS_TAG } from './users';

const setDisabledApi = shellApi.enhanceEndpoints({ addTagTypes: [USERS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    setUserDisabled: build.mutation<UserSummary, { id: string; disabled: boolean }>({
      query: ({ id, disabled }) => ({
        url: `api/users/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`,
        method: 'POST',
      }),
      transformResponse: (data: unknown) => UserSummary.parse(data),
      invalidatesTags: [USERS_TAG],
    }),
  }),
});

export const { useSetUserDisabledMutation } = setDisabledApi;
