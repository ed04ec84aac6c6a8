/**
 * The sync tasks of the log (websync spec section 7, "syncAgentTask"): the id-first list, the
 * details of a batch of rows, and deleting. Failures are only recorded in the request state: no
 * user-facing message is shown for them (spec section 8), hence ignoreGlobal.
 */
import { IdList, SyncAgentTaskList, type SyncAgentTask, type TaskRequestFilter } from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';
import { buildUrl } from '../../../shell/request/request';

export type TaskQuery = Partial<Omit<TaskRequestFilter, 'Statuses' | 'Types'>> & {
  Statuses?: string[];
  Types?: string[];
};

const idsRequest = (q: TaskQuery) => ({
  url: 'api/syncAgentTask/getIds',
  params: { ...q, Statuses: q.Statuses?.join(','), Types: q.Types?.join(',') },
  ignoreGlobal: true,
});

export const tasksApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** The ids of the filter, in the list's order. */
    syncTaskIds: build.query<number[], TaskQuery>({
      query: idsRequest,
      transformResponse: (answer) => IdList.parse(answer),
      // The list of a filter the user has left is worthless.
      extraOptions: { supersede: true },
      // Every answer is a new list, even an equal one, so the table reloads its rows as before.
      structuralSharing: false,
    }),
    /** The ids a delete by filter covers (QueryForDelete): only those that can go. */
    deletableSyncTaskIds: build.query<number[], TaskQuery>({
      query: (q) => idsRequest({ ...q, QueryForDelete: true }),
      transformResponse: (answer) => IdList.parse(answer),
    }),
    /** getByIds takes at most 1,000 ids a call. */
    syncTasksByIds: build.query<SyncAgentTask[], number[]>({
      query: (ids) => ({ url: 'api/syncAgentTask/getByIds', params: { ids: ids.join(',') }, ignoreGlobal: true }),
      transformResponse: (answer) => SyncAgentTaskList.parse(answer),
    }),
    /**
     * Answers the payload: empty (null) means deleted. No tags: the log takes deleted rows out in
     * place without asking the list again, and a delete by filter reloads the list itself.
     */
    deleteSyncTasks: build.mutation<unknown, number[]>({
      query: (TaskIds) => ({
        url: 'api/syncAgentTask/deleteTasks',
        method: 'PUT',
        body: { TaskIds },
        ignoreGlobal: true,
      }),
    }),
  }),
});

export const { useSyncTaskIdsQuery, useDeleteSyncTasksMutation } = tasksApi;

/** Asked afresh every time (a row's status moves on) and not kept: for the table's batches and the delete checks. */
const FRESH_ONCE = { subscribe: false, forceRefetch: true } as const;

export const fetchSyncTasks = (ids: number[]) => tasksApi.endpoints.syncTasksByIds.initiate(ids, FRESH_ONCE);

export const fetchDeletableSyncTaskIds = (q: TaskQuery) =>
  tasksApi.endpoints.deletableSyncTaskIds.initiate(q, FRESH_ONCE);

/** The address of a task's Server or Client log, opened by a link in a new tab. */
export const taskLogUrl = (apiBaseUrl: string, taskId: number, type: 'Server' | 'Client') =>
  buildUrl(apiBaseUrl, 'api/syncAgentTask/log', { taskId, type });
