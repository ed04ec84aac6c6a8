/** GET report-api/users: who created the reports the caller sees, for the list's Created by filter. */
import { ReportUserList, type ReportUser } from '@manway/core/api/reports';
import { shellApi } from '../../../shell/request/api';
import { REPORT_TASKS_TAG } from './reportTasks';

const reportUsersApi = shellApi.enhanceEndpoints({ addTagTypes: [REPORT_TASKS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getReportUsers: build.query<ReportUser[], void>({
      query: () => 'report-api/users',
      transformResponse: (data: unknown) => ReportUserList.parse(data),
      // A report published or deleted may add or remove a creator.
      providesTags: [REPORT_TASKS_TAG],
    }),
  }),
});

export const { useGetReportUsersQuery } = reportUsersApi;
