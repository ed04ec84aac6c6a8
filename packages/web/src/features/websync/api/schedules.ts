/**
 * The task schedules (websync spec section 7, "syncAgentScheduler"): the id-first list, a batch of
 * rows, one schedule to edit, the schedule names, saving and deleting. A save or delete refreshes
 * the list and the names. Failures are only recorded in the request state (spec section 8).
 */
import {
  IdList,
  NameList,
  ScheduledTask,
  ScheduledTaskList,
  type SaveScheduledTask,
  type SchedulerQuery,
} from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';

export type ScheduleQuery = Partial<Pick<SchedulerQuery, 'Login' | 'Name' | 'Scenario'>> &
  Pick<SchedulerQuery, 'Path' | 'SortDirection'>;

const SCHEDULE_LISTS = ['Schedule', 'ScheduleName'] as const;

export const schedulesApi = shellApi.enhanceEndpoints({ addTagTypes: SCHEDULE_LISTS }).injectEndpoints({
  endpoints: (build) => ({
    scheduleIds: build.query<number[], ScheduleQuery>({
      query: (q) => ({ url: 'api/syncAgentScheduler/getIdsByQuery', params: { ...q }, ignoreGlobal: true }),
      transformResponse: (answer) => IdList.parse(answer),
      providesTags: ['Schedule'],
      // The list of a filter the user has left is worthless.
      extraOptions: { supersede: true },
      // Every answer is a new list, even an equal one, so the table reloads its rows as before.
      structuralSharing: false,
    }),
    schedulesByIds: build.query<ScheduledTask[], number[]>({
      query: (ids) => ({
        url: 'api/syncAgentScheduler/getTaskInfoByIds',
        params: { ids: ids.join(',') },
        ignoreGlobal: true,
      }),
      transformResponse: (answer) => ScheduledTaskList.parse(answer),
    }),
    scheduleById: build.query<ScheduledTask, number>({
      query: (id) => ({ url: 'api/syncAgentScheduler/getTaskById', params: { id }, ignoreGlobal: true }),
      transformResponse: (answer) => ScheduledTask.parse(answer),
    }),
    /** The names of the schedules, of one login or of all. */
    scheduleNames: build.query<string[], string | undefined>({
      query: (login) => ({ url: 'api/syncAgentScheduler/getNames', params: { login }, ignoreGlobal: true }),
      transformResponse: (answer) => NameList.parse(answer),
      providesTags: ['ScheduleName'],
    }),
    /** Answers the payload: empty (null) means saved; only then is there something new to show. */
    saveSchedule: build.mutation<unknown, SaveScheduledTask>({
      query: (task) => ({ url: 'api/syncAgentScheduler/saveTask', method: 'POST', body: task, ignoreGlobal: true }),
      invalidatesTags: (payload, error) => (error || payload ? [] : [...SCHEDULE_LISTS]),
    }),
    /** Answers the payload: empty (null) means deleted. */
    deleteSchedule: build.mutation<unknown, number>({
      query: (taskId) => ({ url: 'api/syncAgentScheduler', method: 'DELETE', params: { taskId }, ignoreGlobal: true }),
      invalidatesTags: (_payload, error) => (error ? [] : [...SCHEDULE_LISTS]),
    }),
  }),
});

export const {
  useScheduleIdsQuery,
  useScheduleNamesQuery,
  useLazyScheduleByIdQuery,
  useSaveScheduleMutation,
  useDeleteScheduleMutation,
} = schedulesApi;

/** A batch of the table's rows, asked afresh each time and not kept. */
export const fetchSchedules = (ids: number[]) =>
  schedulesApi.endpoints.schedulesByIds.initiate(ids, { subscribe: false, forceRefetch: true });
