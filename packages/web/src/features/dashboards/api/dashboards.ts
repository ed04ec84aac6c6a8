/**
 * The dashboard calls of spec section 7 "Dashboards": the list, a dashboard's template, its widgets
 * with their data, and the commands on a dashboard (delete, copy, import, make global or personal).
 * Every command reads the list and the templates again; a widget's data is read by its own call so
 * each widget loads, fails and retries on its own.
 */
import { z } from 'zod';
import {
  DashboardList,
  DashboardTemplate,
  WidgetTypeList,
  WidgetWithData,
  type DashboardSummary,
} from '@manway/core/api/dashboards';
import { shellApi } from '../../../shell/request/api';

export const DASHBOARDS_TAG = 'Dashboards';

/** A dashboard as the calls name it: no name is the default dashboard. */
export interface DashboardRef {
  dashboardName?: string;
}

export const refOf = (summary: Pick<DashboardSummary, 'name' | 'isDefault'>): DashboardRef =>
  summary.isDefault ? {} : { dashboardName: summary.name };

const params = ({ dashboardName }: DashboardRef) => ({ dashboardName, isGallery: 'false' });

/** What copy and import answer: at least the name of the dashboard made. */
const Made = z.object({ name: z.string().optional() });

export const dashboardsApi = shellApi.enhanceEndpoints({ addTagTypes: [DASHBOARDS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboards: build.query<DashboardSummary[], void>({
      query: () => 'api/dashboard',
      transformResponse: (data: unknown) => DashboardList.parse(data),
      providesTags: [DASHBOARDS_TAG],
    }),
    getDashboardTemplate: build.query<DashboardTemplate, DashboardRef>({
      query: (ref) => ({ url: 'api/dashboard/template', params: params(ref) }),
      transformResponse: (data: unknown) => DashboardTemplate.parse(data),
      providesTags: [DASHBOARDS_TAG],
    }),
    getWidgetData: build.query<WidgetWithData, DashboardRef & { widgetId: string; version: number }>({
      query: ({ widgetId, ...ref }) => ({
        url: `api/dashboard/widgets/${encodeURIComponent(widgetId)}`,
        params: params(ref),
      }),
      transformResponse: (data: unknown) => WidgetWithData.parse(data),
      providesTags: [DASHBOARDS_TAG],
    }),
    getWidgetTypes: build.query<z.infer<typeof WidgetTypeList>, void>({
      query: () => 'api/dashboard/widget-types',
      transformResponse: (data: unknown) => WidgetTypeList.parse(data),
    }),
    deleteDashboard: build.mutation<void, DashboardRef>({
      query: (ref) => ({ url: 'api/dashboard', method: 'DELETE', params: params(ref) }),
      invalidatesTags: [DASHBOARDS_TAG],
    }),
    copyDashboard: build.mutation<{ name?: string }, DashboardRef>({
      query: (ref) => ({ url: 'api/dashboard/copy', method: 'POST', params: params(ref) }),
      transformResponse: (data: unknown) => Made.catch({}).parse(data ?? {}),
      invalidatesTags: [DASHBOARDS_TAG],
    }),
    importDashboard: build.mutation<{ name?: string }, { dashboardName: string; newDashboardName: string }>({
      query: (query) => ({ url: 'api/dashboard/import', method: 'POST', params: query }),
      transformResponse: (data: unknown) => Made.catch({}).parse(data ?? {}),
      invalidatesTags: [DASHBOARDS_TAG],
    }),
    setDashboardGlobal: build.mutation<void, { dashboardName: string; global: boolean }>({
      query: ({ dashboardName, global }) => ({
        url: 'api/dashboard',
        method: 'PUT',
        params: { dashboardName, global: String(global) },
      }),
      invalidatesTags: [DASHBOARDS_TAG],
    }),
  }),
});

export const {
  useGetDashboardsQuery,
  useGetDashboardTemplateQuery,
  useGetWidgetDataQuery,
  useGetWidgetTypesQuery,
  useDeleteDashboardMutation,
  useCopyDashboardMutation,
  useImportDashboardMutation,
  useSetDashboardGlobalMutation,
} = dashboardsApi;
