import { TaskList, type TasksQuery } from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';

/** An asset's details show its recent work; more than this is a project's list, not a details panel. */
export const ASSET_TASKS_LIMIT = 50;

export type AssetTaskParent = { type: NonNullable<TasksQuery['parentObjectType']>; id: number };

/** Planning or working a task elsewhere makes the list stale: it carries this tag. */
const assetTasksApi = shellApi.enhanceEndpoints({ addTagTypes: ['AssetTasks'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET api/tasks?parentObjectType&parentObjectId&limit: the asset's tasks. */
    getAssetTasks: build.query<TaskList, AssetTaskParent>({
      query: ({ type, id }) => ({
        url: 'api/tasks',
        params: { parentObjectType: type, parentObjectId: id, limit: ASSET_TASKS_LIMIT },
      }),
      transformResponse: (data: unknown) => TaskList.parse(data),
      providesTags: (_answer, _error, { type, id }) => [{ type: 'AssetTasks', id: `${type}:${id}` }],
    }),
  }),
});

export const { useGetAssetTasksQuery } = assetTasksApi;
