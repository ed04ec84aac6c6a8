/** The log page's filter, as the ids request sends it. */
import type { TaskQuery } from '../api/tasks';

export type LogQuery = TaskQuery & Required<Pick<TaskQuery, 'Path' | 'SortDirection'>>;

export const DEFAULT_LOG_QUERY: LogQuery = { Path: 'ScheduledFor', SortDirection: 'Descending' };
