/**
 * A project's tasks a page at a time (GET api/tasks with parent Project, limit and offset), and
 * deleting a selection of them (POST api/tasks). Deleting changes the projects' progress, an
 * asset's tasks and a crew's work list too.
 */
import { DeletedIds, TaskList, type DeleteTasksRequest, type TASK_STATE_FILTERS } from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';
import { PROJECTS_TAG } from './projects';

export const PROJECT_TASKS_TAG = 'ProjectTasks';

export type TaskStateFilter = (typeof TASK_STATE_FILTERS)[number];

export interface ProjectTasksArgs {
  projectId: number;
  pageIndex: number;
  pageSize: number;
  /** Without it, tasks in every state. */
  state?: TaskStateFilter;
}

const projectTasksApi = shellApi
  .enhanceEndpoints({ addTagTypes: [PROJECT_TASKS_TAG, PROJECTS_TAG, 'AssetTasks', 'MyWork'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProjectTasks: build.query<TaskList, ProjectTasksArgs>({
        query: ({ projectId, pageIndex, pageSize, state }) => ({
          url: 'api/tasks',
          params: {
            parentObjectType: 'Project',
            parentObjectId: projectId,
            limit: pageSize,
            offset: pageIndex * pageSize,
            taskState: state,
          },
        }),
        transformResponse: (data: unknown) => TaskList.parse(data),
        providesTags: (_answer, _error, { projectId }) => [{ type: PROJECT_TASKS_TAG, id: projectId }],
      }),

      /** All or nothing: a task the workflow keeps (its inspection exists) refuses the request with 409. */
      deleteTasks: build.mutation<DeletedIds, { ids: number[]; versions?: number[] }>({
        query: ({ ids, versions }) => ({
          url: 'api/tasks',
          method: 'POST',
          body: { TaskIds: ids, Versions: versions } satisfies DeleteTasksRequest,
        }),
        transformResponse: (data: unknown) => DeletedIds.parse(data),
        // A refusal (409) means the list was out of date: it is read again too.
        invalidatesTags: (_answer, error) =>
          !error || (error as { status?: unknown }).status === 409
            ? [PROJECT_TASKS_TAG, PROJECTS_TAG, 'AssetTasks', 'MyWork']
            : [],
      }),
    }),
  });

export const { useGetProjectTasksQuery, useDeleteTasksMutation } = projectTasksApi;
