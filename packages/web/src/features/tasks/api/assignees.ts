/** GET api/assignees: the users work may be assigned to, for a plan's crew. */
import { AssigneeList } from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';

const assigneesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getAssignees: build.query<AssigneeList, void>({
      query: () => ({ url: 'api/assignees' }),
      transformResponse: (data: unknown) => AssigneeList.parse(data),
    }),
  }),
});

export const { useGetAssigneesQuery } = assigneesApi;
