/** The users with the WebSync permission (api/settings/webSyncUsers), offered by the Login filters and the user settings. */
import { SyncUserList, type SyncUser } from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';

export const syncUsersApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    syncUsers: build.query<SyncUser[], void>({
      // Failures are only recorded in the request state (spec section 8).
      query: () => ({ url: 'api/settings/webSyncUsers', ignoreGlobal: true }),
      transformResponse: (answer) => SyncUserList.parse(answer),
    }),
  }),
});

export const { useSyncUsersQuery } = syncUsersApi;
