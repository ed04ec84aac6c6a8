/** The files of a task's media transfer (spec section 3, "Task media"), shown from the log's progress bar. */
import { TaskMediaList, type TaskMediaItem } from '@manway/core/api/sync-data';
import { shellApi } from '../../../shell/request/api';

export type TaskMedia = TaskMediaItem;

export const taskMediaApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    syncTaskMedia: build.query<TaskMedia[], number>({
      query: (taskId) => ({ url: 'api/syncAgentTask/media', params: { taskId } }),
      transformResponse: (answer) => TaskMediaList.parse(answer),
    }),
  }),
});

export const { useSyncTaskMediaQuery } = taskMediaApi;
