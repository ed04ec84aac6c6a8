/**
 * The changes to report tasks under report-api/reports/queues/{queueId}/tasks: generate one (POST),
 * cancel or generate again (PUT), publish (PUT …/{id}/share), delete chosen ones (DELETE ?ids) or
 * all that match the list's filters (DELETE …/bulk-delete). Each makes the list stale, a refused
 * one too: a 403 on delete still removed the caller's own reports, and a 409 means the list's copy
 * was out of date.
 */
import {
  ReportTask,
  ReportsDeleted,
  type CreateReportTask,
  type ReportFilters,
  type ReportSource,
  type UpdateReportTask,
} from '@manway/core/api/reports';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';
import { filterParams, REPORT_TASKS_TAG, tasksUrl } from './reportTasks';

/**
 * A source as sent. Core's schema reads a filter's JSON text into a definition, so its inferred
 * type is the definition, not the text that goes on the wire.
 */
export type ReportSourceBody =
  | Extract<ReportSource, { kind: 'ids' | 'saved-filter' }>
  | { kind: 'filter'; filter: string; additionalRestrictions?: string };

export type CreateReportTaskBody = Omit<CreateReportTask, 'Source'> & { Source: ReportSourceBody };

interface InQueue {
  queueId: string;
}

const reportTaskCommandsApi = shellApi.enhanceEndpoints({ addTagTypes: [REPORT_TASKS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** 201 with the task, in progress. A taken name answers 400 'report/name-duplicate' (the catalogue's). */
    createReportTask: build.mutation<ReportTask, InQueue & { body: CreateReportTaskBody }>({
      query: ({ queueId, body }) => ({ url: tasksUrl(queueId), method: 'POST', body }),
      transformResponse: (data: unknown) => ReportTask.parse(data),
      invalidatesTags: [REPORT_TASKS_TAG],
    }),

    /** Cancel one in progress (State 'canceled') or generate a failed or canceled one again ('inProgress'). */
    updateReportTask: build.mutation<ReportTask, InQueue & { body: UpdateReportTask }>({
      query: ({ queueId, body }) => ({
        url: tasksUrl(queueId),
        method: 'PUT',
        body,
        statusMessages: { 409: MODIFIED_BY_ANOTHER_USER },
      }),
      transformResponse: (data: unknown) => ReportTask.parse(data),
      invalidatesTags: [REPORT_TASKS_TAG],
    }),

    /** Personal to published, for every user to see; there is no way back. */
    shareReportTask: build.mutation<ReportTask, InQueue & { id: number }>({
      query: ({ queueId, id }) => ({ url: `${tasksUrl(queueId)}/${id}/share`, method: 'PUT' }),
      transformResponse: (data: unknown) => ReportTask.parse(data),
      invalidatesTags: [REPORT_TASKS_TAG],
    }),

    /** Others' reports among them answer 403 with the spec's 'Only your own reports were deleted (n of m).' */
    deleteReportTasks: build.mutation<ReportsDeleted, InQueue & { ids: readonly number[] }>({
      query: ({ queueId, ids }) => ({ url: tasksUrl(queueId), method: 'DELETE', params: { ids: ids.join(',') } }),
      transformResponse: (data: unknown) => ReportsDeleted.parse(data),
      invalidatesTags: [REPORT_TASKS_TAG],
    }),

    bulkDeleteReportTasks: build.mutation<ReportsDeleted, InQueue & { filters: ReportFilters }>({
      query: ({ queueId, filters }) => ({
        url: `${tasksUrl(queueId)}/bulk-delete`,
        method: 'DELETE',
        params: filterParams(filters),
      }),
      transformResponse: (data: unknown) => ReportsDeleted.parse(data),
      invalidatesTags: [REPORT_TASKS_TAG],
    }),
  }),
});

export const {
  useCreateReportTaskMutation,
  useUpdateReportTaskMutation,
  useShareReportTaskMutation,
  useDeleteReportTasksMutation,
  useBulkDeleteReportTasksMutation,
} = reportTaskCommandsApi;
