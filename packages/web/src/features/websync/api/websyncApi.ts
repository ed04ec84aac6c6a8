/** The websync console's calls (websync spec section 7), each a thunk through the shell's request layer. */
import type {
  ConsoleUser,
  FilterChoices,
  SaveScheduledTask,
  ScheduledTask,
  SchedulerQuery,
  SyncAgentTask,
  SyncUser,
  SyncUserSettings,
  TaskRequestFilter,
} from '@manway/core/api/websync';
import { buildUrl, performRequest, type RequestArgs } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

const call =
  <T>(args: RequestArgs): AppThunk<Promise<T>> =>
  (dispatch, _getState, extra) =>
    performRequest<T>(args, { dispatch, ...extra });

/**
 * Failures of the list, name, edit, save, delete and settings requests are only recorded in the
 * request state; no user-facing message is shown for them (websync spec section 8).
 */
const quietCall = <T>(args: RequestArgs) => call<T>({ ...args, ignoreGlobal: true });

export type ScheduleQuery = Partial<Pick<SchedulerQuery, 'Login' | 'Name' | 'Scenario'>> &
  Pick<SchedulerQuery, 'Path' | 'SortDirection'>;

export const getScheduleIds = (q: ScheduleQuery) =>
  quietCall<number[]>({ url: 'api/syncAgentScheduler/getIdsByQuery', params: { ...q } });

export const getSchedulesByIds = (ids: number[]) =>
  quietCall<ScheduledTask[]>({ url: 'api/syncAgentScheduler/getTaskInfoByIds', params: { ids: ids.join(',') } });

export const getScheduleById = (id: number) =>
  quietCall<ScheduledTask>({ url: 'api/syncAgentScheduler/getTaskById', params: { id } });

export const getScheduleNames = (login?: string) =>
  quietCall<string[]>({ url: 'api/syncAgentScheduler/getNames', params: { login } });

/** Resolves with the payload: empty (null) means saved. */
export const saveSchedule = (task: SaveScheduledTask) =>
  quietCall<unknown>({ url: 'api/syncAgentScheduler/saveTask', method: 'POST', body: task });

export const deleteSchedule = (taskId: number) =>
  quietCall<unknown>({ url: 'api/syncAgentScheduler', method: 'DELETE', params: { taskId } });

export const getSyncUsers = () => quietCall<SyncUser[]>({ url: 'api/settings/webSyncUsers' });

export const getSettingsUrl = () => call<string>({ url: 'api/settings/go' });

export type TaskQuery = Partial<Omit<TaskRequestFilter, 'Statuses' | 'Types'>> & {
  Statuses?: string[];
  Types?: string[];
};

export const getTaskIds = (q: TaskQuery) =>
  quietCall<number[]>({
    url: 'api/syncAgentTask/getIds',
    params: { ...q, Statuses: q.Statuses?.join(','), Types: q.Types?.join(',') },
  });

export const getTasksByIds = (ids: number[]) =>
  quietCall<SyncAgentTask[]>({ url: 'api/syncAgentTask/getByIds', params: { ids: ids.join(',') } });

/** Resolves with the payload: empty (null) means deleted. */
export const deleteTasks = (TaskIds: number[]) =>
  quietCall<unknown>({ url: 'api/syncAgentTask/deleteTasks', method: 'PUT', body: { TaskIds } });

/** One file of a task's media transfer (spec section 3, "Task media"). */
export interface TaskMedia {
  jobName: string;
  fileName: string;
  status: string;
  percentsComplete: number;
}

export const getTaskMedia = (taskId: number) =>
  call<TaskMedia[]>({ url: 'api/syncAgentTask/media', params: { taskId } });

/** The address of a task's Server or Client log, opened by a link in a new tab. */
export const taskLogUrl = (apiBaseUrl: string, taskId: number, type: 'Server' | 'Client') =>
  buildUrl(apiBaseUrl, 'api/syncAgentTask/log', { taskId, type });

/** Loaded at start-up, whose failures become pages of their own (so no global handling). */
export const getUserByLogin = (login?: string) =>
  call<ConsoleUser>({ url: 'api/settings/userByLogin', params: { login }, ignoreGlobal: true });

/** Loaded at start-up, whose failures become pages of their own (so no global handling). */
export const getFilterChoices = () => call<FilterChoices>({ url: 'api/filter', ignoreGlobal: true });

export const getSyncUserSettings = (userId: string) =>
  quietCall<SyncUserSettings>({ url: 'api/syncUserSettings', params: { userId } });

/** Resolves with the payload: empty (null) means saved. */
export const saveSyncUserSettings = (settings: SyncUserSettings) =>
  quietCall<unknown>({ url: 'api/syncUserSettings', method: 'POST', body: settings });
