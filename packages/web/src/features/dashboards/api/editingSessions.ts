/**
 * The editing session calls (spec section 7 "Editing sessions", base api/dashboards/editing-sessions):
 * a dashboard is changed only through a session, which is committed with the widgets as laid out on
 * the client, or deleted. The session's widgets live in the editor's own state, so these are
 * mutations; the preview is a query keyed by what it draws (not where), so moving a widget does not
 * compute it again.
 */
import {
  EditingSession,
  GalleryWidgetList,
  Widget,
  WidgetConfig,
  WidgetData,
  type AddWidgetBody,
  type GalleryWidget,
} from '@manway/core/api/dashboards';
import type { Widget as DomainWidget } from '@manway/core/domain/widgets';
import { shellApi } from '../../../shell/request/api';
import { DASHBOARDS_TAG, type DashboardRef } from './dashboards';

const BASE = 'api/dashboards/editing-sessions';
const GALLERY_TAG = 'WidgetGallery';

export interface CommitArgs extends DashboardRef {
  sessionId: string;
  widgets: DomainWidget[];
  force?: boolean;
  newDashboardName?: string;
}

export interface PreviewArgs {
  sessionId: string;
  widget: DomainWidget;
}

/** The widget without its place on the grid: what its data depends on. */
export function drawnPart(widget: DomainWidget): string {
  const { layout: _layout, id: _id, ...rest } = widget;
  return JSON.stringify(rest);
}

const sessionUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const editingSessionsApi = shellApi
  .enhanceEndpoints({ addTagTypes: [DASHBOARDS_TAG, GALLERY_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      startSession: build.mutation<EditingSession, DashboardRef>({
        query: ({ dashboardName }) => ({
          url: `${BASE}/start`,
          method: 'POST',
          params: { dashboardName, isGallery: 'false' },
        }),
        transformResponse: (data: unknown) => EditingSession.parse(data),
      }),
      startEmptySession: build.mutation<EditingSession, void>({
        query: () => ({ url: `${BASE}/empty`, method: 'POST', params: { isGallery: 'false' } }),
        transformResponse: (data: unknown) => EditingSession.parse(data),
      }),
      getSession: build.query<EditingSession, string>({
        query: (id) => sessionUrl(id),
        transformResponse: (data: unknown) => EditingSession.parse(data),
        keepUnusedDataFor: 0,
      }),
      discardSession: build.mutation<void, string>({
        query: (id) => ({ url: sessionUrl(id), method: 'DELETE' }),
      }),
      commitSession: build.mutation<unknown, CommitArgs>({
        query: ({ sessionId, widgets, dashboardName, force, newDashboardName }) => ({
          url: `${sessionUrl(sessionId)}/commit`,
          method: 'POST',
          params: {
            dashboardName,
            isGallery: 'false',
            force: force ? 'true' : undefined,
            newDashboardName,
          },
          body: { widgets },
        }),
        invalidatesTags: [DASHBOARDS_TAG],
      }),
      addWidget: build.mutation<DomainWidget, { sessionId: string; body: AddWidgetBody }>({
        query: ({ sessionId, body }) => ({ url: `${sessionUrl(sessionId)}/widgets`, method: 'POST', body }),
        transformResponse: (data: unknown) => Widget.parse(data),
      }),
      updateWidget: build.mutation<DomainWidget, { sessionId: string; widget: DomainWidget }>({
        query: ({ sessionId, widget }) => ({
          url: `${sessionUrl(sessionId)}/widgets/${encodeURIComponent(widget.id)}`,
          method: 'PUT',
          body: widget,
        }),
        transformResponse: (data: unknown, _meta, { widget }) => {
          const answer = Widget.safeParse(data);
          return answer.success ? answer.data : widget;
        },
      }),
      deleteWidget: build.mutation<void, { sessionId: string; widgetId: string }>({
        query: ({ sessionId, widgetId }) => ({
          url: `${sessionUrl(sessionId)}/widgets/${encodeURIComponent(widgetId)}`,
          method: 'DELETE',
        }),
      }),
      addToGallery: build.mutation<void, { sessionId: string; widgetId: string; forceReplace?: boolean }>({
        query: ({ sessionId, widgetId, forceReplace }) => ({
          url: `${sessionUrl(sessionId)}/widgets/add-to-gallery`,
          method: 'POST',
          params: { forceReplace: forceReplace ? 'true' : undefined },
          body: { WidgetId: widgetId },
        }),
        invalidatesTags: [GALLERY_TAG],
      }),
      getWidgetConfig: build.query<WidgetConfig, { sessionId: string; widgetId: string }>({
        query: ({ sessionId, widgetId }) => `${sessionUrl(sessionId)}/widgets/${encodeURIComponent(widgetId)}/config`,
        transformResponse: (data: unknown) => WidgetConfig.parse(data),
        keepUnusedDataFor: 0,
      }),
      prefillDataItems: build.mutation<DomainWidget, PreviewArgs>({
        query: ({ sessionId, widget }) => ({
          url: `${sessionUrl(sessionId)}/widgets/prefill-data-items`,
          method: 'POST',
          body: widget,
        }),
        transformResponse: (data: unknown) => Widget.parse(data),
      }),
      previewWidget: build.query<WidgetData, PreviewArgs>({
        query: ({ sessionId, widget }) => ({
          url: `${sessionUrl(sessionId)}/widgets/preview`,
          method: 'POST',
          body: widget,
        }),
        serializeQueryArgs: ({ queryArgs }) => `${queryArgs.sessionId}:${drawnPart(queryArgs.widget)}`,
        transformResponse: (data: unknown) => WidgetData.parse(data),
        keepUnusedDataFor: 30,
      }),
      getGallery: build.query<GalleryWidget[], void>({
        query: () => 'api/widgets-gallery',
        transformResponse: (data: unknown) => GalleryWidgetList.parse(data),
        providesTags: [GALLERY_TAG],
      }),
      deleteGalleryWidget: build.mutation<void, number>({
        query: (id) => ({ url: `api/widgets-gallery/${id}`, method: 'DELETE' }),
        invalidatesTags: [GALLERY_TAG],
      }),
    }),
  });

export const {
  useStartSessionMutation,
  useStartEmptySessionMutation,
  useLazyGetSessionQuery,
  useDiscardSessionMutation,
  useCommitSessionMutation,
  useAddWidgetMutation,
  useUpdateWidgetMutation,
  useDeleteWidgetMutation,
  useAddToGalleryMutation,
  useGetWidgetConfigQuery,
  usePrefillDataItemsMutation,
  usePreviewWidgetQuery,
  useGetGalleryQuery,
  useDeleteGalleryWidgetMutation,
} = editingSessionsApi;
