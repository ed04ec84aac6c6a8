/** The websync console's calls (websync spec section 7), each a thunk through the shell's request layer. */
import type {
  SaveScheduledTask,
  ScheduledTask,
  SchedulerQuery,
  SyncAgentTask,
  SyncUser,
  TaskRequestFilter,
} from '@manway/core/api/websync';
import { performRequest, type RequestArgs } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

const call =
  <T>(args: RequestArgs): AppThunk<Promise<T>> =>
  (dispatch, _getState, extra) =>
    performRequest<T>(args, { dispatch, ...extra });

export type ScheduleQuery = Partial<Pick<SchedulerQuery, 'Login' | 'Name' | 'Scenario'>> &
  Pick<SchedulerQuery, 'Path' | 'SortDirection'>;

export const getScheduleIds = (q: ScheduleQuery) =>
  call<number[]>({ url: 'api/syncAgentScheduler/getIdsByQuery', params: { ...q } });

export const getSchedulesByIds = (ids: number[]) =>
  call<ScheduledTask[]>({ url: 'api/syncAgentScheduler/getTaskInfoByIds', params: { ids: ids.join(',') } });

export const getScheduleById = (id: number) =>
  call<ScheduledTask>({ url: 'api/syncAgentScheduler/getTaskById', params: { id } });

export const getScheduleNames = (login?: string) =>
  call<string[]>({ url: 'api/syncAgentScheduler/getNames', params: { login } });

/** Resolves with the payload: empty (null) means saved. */
export const saveSchedule = (task: SaveScheduledTask) =>
  call<unknown>({ url: 'api/syncAgentScheduler/saveTask', method: 'POST', body: task });

export const deleteSchedule = (taskId: number) =>
  call<unknown>({ url: 'api/syncAgentScheduler', method: 'DELETE', params: { taskId } });

export const getSyncUsers = () => call<SyncUser[]>({ url: 'api/settings/webSyncUsers' });

export const getSettingsUrl = () => call<string>({ url: 'api/settings/go' });

export type TaskQuery = Partial<Omit<TaskRequestFilter, 'Statuses' | 'Types'>> & {
  Statuses?: string[];
  Types?: string[];
};

export const getTaskIds = (q: TaskQuery) =>
  call<number[]>({
    url: 'api/syncAgentTask/getIds',
    params: { ...q, Statuses: q.Statuses?.join(','), Types: q.Types?.join(',') },
  });

export const getTasksByIds = (ids: number[]) =>
  call<SyncAgentTask[]>({ url: 'api/syncAgentTask/getByIds', params: { ids: ids.join(',') } });
