/**
 * GET report-api/reports/queues/{queueId}/tasks: the reports the caller may see (their own and the
 * published ones), a page at a time for the list, or a few by id for the watch on this browser's
 * reports in progress. The commands (reportTaskCommands.ts) tag the list stale by name.
 */
import { ReportTaskPage, type REPORT_SORT_COLUMNS, type ReportFilters } from '@manway/core/api/reports';
import { GRID_PAGE_SIZES } from '@manway/core/rules/grid-pages';
import { shellApi } from '../../../shell/request/api';

export type ReportSortColumn = (typeof REPORT_SORT_COLUMNS)[number];

export const REPORT_TASKS_TAG = 'ReportTasks';

export const tasksUrl = (queueId: string) => `report-api/reports/queues/${queueId}/tasks`;

export interface ReportListArgs {
  queueId: string;
  pageIndex: number;
  pageSize: number;
  sortBy: ReportSortColumn;
  sortDesc: boolean;
  filters: ReportFilters;
}

export interface ReportsByIdArgs {
  queueId: string;
  ids: readonly number[];
}

/** The most tasks one call by id answers: the server takes only the grid's page sizes. */
export const MAX_IDS_PER_CALL = GRID_PAGE_SIZES[GRID_PAGE_SIZES.length - 1]!;

/** The smallest page that holds them all. */
const pageSizeFor = (count: number) => GRID_PAGE_SIZES.find((size) => size >= count) ?? MAX_IDS_PER_CALL;

/** Empty filters are left out of the query string. */
export function filterParams(filters: ReportFilters) {
  return {
    format: filters.format,
    nameFilter: filters.nameFilter || undefined,
    createdBy: filters.createdBy || undefined,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
  };
}

export const reportTasksApi = shellApi.enhanceEndpoints({ addTagTypes: [REPORT_TASKS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getReportTasks: build.query<ReportTaskPage, ReportListArgs>({
      query: ({ queueId, pageIndex, pageSize, sortBy, sortDesc, filters }) => ({
        url: tasksUrl(queueId),
        params: { pageIndex, pageSize, sortBy, sortDesc: String(sortDesc), ...filterParams(filters) },
      }),
      transformResponse: (data: unknown) => ReportTaskPage.parse(data),
      providesTags: [REPORT_TASKS_TAG],
    }),

    /**
     * The watch's look at the reports it follows. It runs in the background every few seconds, so a
     * failure is not told each time (the list says it if the user looks); nothing is kept either.
     */
    getReportTasksById: build.query<ReportTaskPage, ReportsByIdArgs>({
      query: ({ queueId, ids }) => ({
        url: tasksUrl(queueId),
        params: { ids: ids.join(','), pageSize: pageSizeFor(ids.length), pageIndex: 0 },
        ignoreGlobal: true,
      }),
      transformResponse: (data: unknown) => ReportTaskPage.parse(data),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetReportTasksQuery } = reportTasksApi;
