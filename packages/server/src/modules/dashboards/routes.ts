import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddToGalleryBody,
  AddToGalleryQuery,
  AddWidgetBody,
  CommitBody,
  CommitQuery,
  DashboardList,
  DashboardQuery,
  DashboardSummary,
  DashboardTemplate,
  DrillBody,
  DrillResult,
  EditingSession,
  EmptySessionQuery,
  GalleryWidget,
  GalleryWidgetList,
  GalleryWidgetParams,
  GlobalDashboardQuery,
  ImportDashboardQuery,
  PreviewBody,
  SessionParams,
  SessionWidgetParams,
  Widget,
  WidgetConfig,
  WidgetData,
  WidgetParams,
  WidgetTypeList,
  WidgetWithData,
} from '@manway/core/api/dashboards';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import type { CurrentUser } from '../users/service';
import type { DashboardsService } from './service';

const errors = { 400: z.union([ModelStateBody, CodeBody]), 401: MessageBody, 403: MessageBody };
const missing = { 404: CodeBody };
const conflict = { 409: CodeBody };
const Empty = z.null().describe('No content: an empty payload means success');

/**
 * The dashboard calls of main-app spec section 7 at the spec's paths: dashboards under
 * api/dashboard, the gallery under api/widgets-gallery, editing sessions under
 * api/dashboards/editing-sessions; and api/dashboard/drill, ours, for a chart's click.
 */
export function dashboardsRoutes(dashboards: DashboardsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;
    const tags = ['dashboards'];
    const sessions = '/api/dashboards/editing-sessions';
    const nameRule =
      'Names are unique among the caller’s dashboards (409 dashboard/name-exists); a name over the limit ' +
      'answers 400 dashboard/name-too-long.';

    app.get(
      '/api/dashboard',
      {
        schema: {
          summary: 'The dashboards the caller sees: the default first, then global ones, then their own, by name',
          tags,
          response: { 200: DashboardList, ...errors },
        },
      },
      async (request) => dashboards.list(user(request)),
    );

    app.get(
      '/api/dashboard/template',
      {
        schema: {
          summary: "A dashboard's document (no name: the default one), or with isGallery the gallery's widgets",
          tags,
          querystring: DashboardQuery,
          response: { 200: DashboardTemplate, ...errors, ...missing },
        },
      },
      async (request) => dashboards.template(user(request), request.query),
    );

    app.delete(
      '/api/dashboard',
      {
        schema: {
          summary:
            'Deletes a dashboard (its owner; a global one: an administrator), or with isGallery empties the gallery',
          description: 'Deleting the default dashboard makes the oldest remaining global one the default. Answers 204.',
          tags,
          querystring: DashboardQuery,
          response: { 204: Empty, ...errors, ...missing },
        },
      },
      async (request, reply) => {
        await dashboards.delete(user(request), request.query);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/dashboard/copy',
      {
        schema: {
          summary: 'Copies a dashboard the caller sees as their own, named "<name> (copy)", "(copy 2)", …',
          description: `With isGallery: a personal dashboard named dashboardName with the gallery's widgets. ${nameRule}`,
          tags,
          querystring: DashboardQuery,
          response: { 201: DashboardSummary, ...errors, ...missing, ...conflict },
        },
      },
      async (request, reply) => reply.code(201).send(await dashboards.copy(user(request), request.query)),
    );

    app.post(
      '/api/dashboard/import',
      {
        schema: {
          summary: 'Copies a dashboard the caller sees as their own under newDashboardName',
          description: nameRule,
          tags,
          querystring: ImportDashboardQuery,
          response: { 201: DashboardSummary, ...errors, ...missing, ...conflict },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await dashboards.import(user(request), request.query.dashboardName, request.query.newDashboardName)),
    );

    app.put(
      '/api/dashboard',
      {
        schema: {
          summary: 'Makes a dashboard global (seen by everyone) or personal again (its owner’s); administrators only',
          description: 'A name another global dashboard has answers 409; the default dashboard stays global (400).',
          tags,
          querystring: GlobalDashboardQuery,
          response: { 200: DashboardSummary, ...errors, ...missing, ...conflict },
        },
      },
      async (request) => dashboards.setGlobal(user(request), request.query.dashboardName, request.query.global),
    );

    app.get(
      '/api/dashboard/widgets/:widgetId',
      {
        schema: {
          summary: 'One widget of a dashboard (or of the gallery) with its data, computed now',
          tags,
          params: WidgetParams,
          querystring: DashboardQuery,
          response: { 200: WidgetWithData, ...errors, ...missing },
        },
      },
      async (request) => dashboards.widget(user(request), request.query, request.params.widgetId),
    );

    app.get(
      '/api/dashboard/widget-types',
      {
        schema: {
          summary: 'The widget types: bar, column, pie, gauge, total and table',
          tags,
          response: { 200: WidgetTypeList, ...errors },
        },
      },
      async () => dashboards.widgetTypes(),
    );

    app.post(
      '/api/dashboard/drill',
      {
        schema: {
          summary: 'A group drawn on a widget as a search, for the map to show the assets behind it',
          tags,
          body: DrillBody,
          response: { 200: DrillResult, ...errors, ...missing },
        },
      },
      async (request) => dashboards.drill(user(request), request.body.Widget, request.body.Key),
    );

    app.get(
      '/api/widgets-gallery',
      {
        schema: {
          summary: 'The widget gallery: widgets anyone may add to a dashboard',
          tags,
          response: { 200: GalleryWidgetList, ...errors },
        },
      },
      async (request) => dashboards.gallery(user(request)),
    );

    app.delete(
      '/api/widgets-gallery/:id',
      {
        schema: {
          summary: 'Removes a widget from the gallery: whoever added it, or an administrator. Answers 204',
          tags,
          params: GalleryWidgetParams,
          response: { 204: Empty, ...errors, ...missing },
        },
      },
      async (request, reply) => {
        await dashboards.deleteGalleryWidget(user(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    // Editing sessions ---------------------------------------------------------------------------

    app.post(
      `${sessions}/empty`,
      {
        schema: {
          summary: 'Starts an editing session for a new dashboard, with no widgets',
          description:
            'With isGallery (administrators): for new gallery widgets, which the commit adds to the gallery.',
          tags,
          querystring: EmptySessionQuery,
          response: { 201: EditingSession, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await dashboards.startEmpty(user(request), request.query.isGallery)),
    );

    app.post(
      `${sessions}/start`,
      {
        schema: {
          summary: 'Starts an editing session on a dashboard (no name: the default one), or with isGallery the gallery',
          description:
            'Only who may edit it: the owner of a personal dashboard, an administrator for a global one and the ' +
            'gallery (others copy it instead: 403).',
          tags,
          querystring: DashboardQuery,
          response: { 201: EditingSession, ...errors, ...missing },
        },
      },
      async (request, reply) => reply.code(201).send(await dashboards.start(user(request), request.query)),
    );

    app.get(
      `${sessions}/:id`,
      {
        schema: {
          summary: "The caller's editing session with its widgets",
          description: "Another user's session, and one idle too long, answer 404.",
          tags,
          params: SessionParams,
          response: { 200: EditingSession, ...errors, ...missing },
        },
      },
      async (request) => dashboards.session(user(request), request.params.id),
    );

    app.delete(
      `${sessions}/:id`,
      {
        schema: {
          summary: 'Discards an editing session: the dashboard stays as it was. Answers 204',
          tags,
          params: SessionParams,
          response: { 204: Empty, ...errors, ...missing },
        },
      },
      async (request, reply) => {
        await dashboards.discard(user(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      `${sessions}/:id/widgets/:widgetId`,
      {
        schema: {
          summary: 'One widget of the session with its data, computed now',
          tags,
          params: SessionWidgetParams,
          response: { 200: WidgetWithData, ...errors, ...missing },
        },
      },
      async (request) => dashboards.sessionWidget(user(request), request.params.id, request.params.widgetId),
    );

    app.post(
      `${sessions}/:id/widgets`,
      {
        schema: {
          summary: 'Adds a widget: a duplicate of one (WidgetId), a new one (Widget), or one from the gallery',
          description:
            'A gallery widget whose title is on the dashboard answers 409 dashboard/widget-exists unless ' +
            'ForceRename (added as "Title (2)") or ForceReplace (takes the place of the one so titled). ' +
            'Answers the widget added.',
          tags,
          params: SessionParams,
          body: AddWidgetBody,
          response: { 201: Widget, ...errors, ...missing, ...conflict },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await dashboards.addWidget(user(request), request.params.id, request.body)),
    );

    app.put(
      `${sessions}/:id/widgets/:widgetId`,
      {
        schema: {
          summary: 'Replaces a widget of the session: its configuration and layout',
          description: 'A title another widget of the session has answers 409 dashboard/widget-exists.',
          tags,
          params: SessionWidgetParams,
          body: Widget,
          response: { 200: Widget, ...errors, ...missing, ...conflict },
        },
      },
      async (request) =>
        dashboards.updateWidget(user(request), request.params.id, request.params.widgetId, request.body),
    );

    app.delete(
      `${sessions}/:id/widgets/:widgetId`,
      {
        schema: {
          summary: 'Removes a widget from the session; answers the session',
          tags,
          params: SessionWidgetParams,
          response: { 200: EditingSession, ...errors, ...missing },
        },
      },
      async (request) => dashboards.deleteWidget(user(request), request.params.id, request.params.widgetId),
    );

    app.post(
      `${sessions}/:id/widgets/add-to-gallery`,
      {
        schema: {
          summary: 'Saves a widget of the session in the widget gallery',
          description:
            'A title the gallery has answers 409 dashboard/widget-exists unless forceReplace (only whoever ' +
            'added that one, or an administrator, may replace it).',
          tags,
          params: SessionParams,
          querystring: AddToGalleryQuery,
          body: AddToGalleryBody,
          response: { 201: GalleryWidget, ...errors, ...missing, ...conflict },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await dashboards.addToGallery(
              user(request),
              request.params.id,
              request.body.WidgetId,
              request.query.forceReplace,
            ),
          ),
    );

    app.get(
      `${sessions}/:id/widgets/:widgetId/config`,
      {
        schema: {
          summary: "What the widget's configuration dialog offers: types, sources, periods, saved filters",
          tags,
          params: SessionWidgetParams,
          response: { 200: WidgetConfig, ...errors, ...missing },
        },
      },
      async (request) => dashboards.config(user(request), request.params.id, request.params.widgetId),
    );

    app.post(
      `${sessions}/:id/widgets/prefill-data-items`,
      {
        schema: {
          summary: 'The widget sent, with one item setting per group its data has now (those set kept)',
          tags,
          params: SessionParams,
          body: PreviewBody,
          response: { 200: Widget, ...errors, ...missing },
        },
      },
      async (request) => dashboards.prefill(user(request), request.params.id, request.body),
    );

    app.post(
      `${sessions}/:id/widgets/preview`,
      {
        schema: {
          summary: 'The data of the widget sent, as it would be drawn; nothing is saved',
          tags,
          params: SessionParams,
          body: PreviewBody,
          response: { 200: WidgetData, ...errors, ...missing },
        },
      },
      async (request) => dashboards.preview(user(request), request.params.id, request.body),
    );

    app.post(
      `${sessions}/:id/commit`,
      {
        schema: {
          summary: 'Saves the template sent and ends the session; answers the dashboard saved',
          description:
            'Over the dashboard the session started from, as its next version: 409 ' +
            'concurrency/modified-by-another-user when someone committed since, unless force. With ' +
            'newDashboardName: a new personal dashboard of that name. An empty session: a new personal ' +
            `dashboard named dashboardName. ${nameRule}`,
          tags,
          params: SessionParams,
          querystring: CommitQuery,
          body: CommitBody,
          response: { 200: DashboardSummary, ...errors, ...missing, ...conflict },
        },
      },
      async (request) => dashboards.commit(user(request), request.params.id, request.query, request.body.widgets),
    );
  };
}
