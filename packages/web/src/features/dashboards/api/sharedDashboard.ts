/**
 * A dashboard opened through a shared link: each widget's data from
 * GET api/shared-links/resolve/{token}/widgets/{id}, computed as the dashboard's owner sees it, so a
 * user who could not open the dashboard itself sees what was shared.
 */
import { WidgetWithData } from '@manway/core/api/dashboards';
import { shellApi } from '../../../shell/request/api';

const sharedDashboardApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getSharedWidgetData: build.query<WidgetWithData, { token: string; widgetId: string; version: number }>({
      query: ({ token, widgetId }) => ({
        url: `api/shared-links/resolve/${encodeURIComponent(token)}/widgets/${encodeURIComponent(widgetId)}`,
      }),
      transformResponse: (data: unknown) => WidgetWithData.parse(data),
    }),
  }),
});

export const { useGetSharedWidgetDataQuery } = sharedDashboardApi;
