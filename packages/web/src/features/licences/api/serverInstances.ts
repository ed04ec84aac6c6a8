/**
 * GET api/server-instances and PUT api/server-instances/limit (administrators): the server processes
 * running over the database and the licence's limit on them. A stale version answers 409, left to
 * the page.
 */
import { ServerInstances, type InstanceLimitUpdate } from '@manway/core/api/licensing';
import { shellApi } from '../../../shell/request/api';

const INSTANCES_TAG = 'ServerInstances';

const serverInstancesApi = shellApi.enhanceEndpoints({ addTagTypes: [INSTANCES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getServerInstances: build.query<ServerInstances, void>({
      query: () => 'api/server-instances',
      transformResponse: (data: unknown) => ServerInstances.parse(data),
      providesTags: [INSTANCES_TAG],
    }),
    setInstanceLimit: build.mutation<ServerInstances, InstanceLimitUpdate>({
      query: (body) => ({ url: 'api/server-instances/limit', method: 'PUT', body }),
      transformResponse: (data: unknown) => ServerInstances.parse(data),
      invalidatesTags: [INSTANCES_TAG],
    }),
  }),
});

export const { useGetServerInstancesQuery, useSetInstanceLimitMutation } = serverInstancesApi;
