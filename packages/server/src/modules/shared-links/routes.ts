import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WidgetWithData } from '@manway/core/api/dashboards';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  CreateSharedLink,
  ResolvedSharedLink,
  SharedLink,
  SharedLinkExpiredBody,
  SharedLinkList,
  SharedLinkListQuery,
  SharedLinkParams,
  SharedLinkTokenParams,
  SharedWidgetParams,
} from '@manway/core/api/shared-links';
import { APPLICATION_EDITION_HEADER, isEdition, type Edition } from '@manway/core/editions';
import type { CurrentUser } from '../users/service';
import type { SharedLinksService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody };
/** Opening a link: 400 with shared-link/expired (and when) or shared-link/revoked; 404 for an unknown one. */
const opening = {
  400: z.union([SharedLinkExpiredBody, CodeBody, ModelStateBody]),
  401: MessageBody,
  403: MessageBody,
  404: CodeBody,
};
const Empty = z.null().describe('No content');

/** Links are made in the edition the page is of: the link opens in the same one. */
const editionOf = (request: FastifyRequest): Edition | undefined => {
  const edition = request.headers[APPLICATION_EDITION_HEADER];
  return isEdition(edition) ? edition : undefined;
};

/** Ours (issue #21): shared links to an object, a search or a dashboard, opened by signed-in users only. */
export function sharedLinksRoutes(links: SharedLinksService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['shared-links'];
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.post(
      '/api/shared-links',
      {
        schema: {
          summary: 'Share an object, a search as it ran or a dashboard as a link',
          description:
            'The target must exist and the caller must see it (400 at the target field otherwise). A search is kept ' +
            'as sent, with the ids it finds now. validityDays null: always valid. The answer holds the token and ' +
            'the path of the page that opens it, in the calling page’s edition.',
          tags,
          body: CreateSharedLink,
          response: { 201: SharedLink, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await links.create(user(request), editionOf(request), request.body)),
    );

    app.get(
      '/api/shared-links',
      {
        schema: {
          summary: "The caller's shared links, newest first, each with its status (active, expired or revoked)",
          description:
            'all=true: everyone’s (administrators). Tokens and paths are answered for the caller’s own only.',
          tags,
          querystring: SharedLinkListQuery,
          response: { 200: SharedLinkList, ...errors },
        },
      },
      async (request) => links.list(user(request), editionOf(request), request.query.all),
    );

    app.delete(
      '/api/shared-links/:id',
      {
        schema: {
          summary: 'Revoke a shared link (its owner, or an administrator)',
          description:
            'Another user’s link answers 404, as an unknown one does. Revoking a revoked link changes nothing.',
          tags,
          params: SharedLinkParams,
          response: { 204: Empty, ...errors, 404: CodeBody },
        },
      },
      async (request, reply) => {
        await links.revoke(user(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/shared-links/resolve/:token',
      {
        schema: {
          summary: 'What a shared link shares, for any signed-in user (guests included)',
          description:
            'Signed out: 401 (the page signs in and comes back). An expired link answers 400 shared-link/expired ' +
            'with expiredAt, a revoked one 400 shared-link/revoked, an unknown one 404.',
          tags,
          params: SharedLinkTokenParams,
          response: { 200: ResolvedSharedLink, ...opening },
        },
      },
      async (request) => links.resolve(request.params.token),
    );

    app.get(
      '/api/shared-links/resolve/:token/widgets/:widgetId',
      {
        schema: {
          summary: 'One widget of a shared dashboard with its data, computed now as its owner sees it',
          tags,
          params: SharedWidgetParams,
          response: { 200: WidgetWithData, ...opening },
        },
      },
      async (request) => links.widget(request.params.token, request.params.widgetId),
    );
  };
}
