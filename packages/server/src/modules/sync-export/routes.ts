import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { EXPORT_KINDS, exportPage, ExportQuery } from '@manway/core/api/sync-export';
import type { CurrentUser } from '../users/service';
import type { SyncExportService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 404: MessageBody };

/** The Office system's export calls for the sync agent, one per kind (keyset-paged). */
export function syncExportRoutes(exports: SyncExportService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    for (const kind of EXPORT_KINDS) {
      app.get(
        `/api/sync/export/${kind}`,
        {
          schema: {
            summary: `A page of ${kind} for a Field system's sync agent`,
            description:
              "Pages in a stable order; pass the answer's next as after for the following page until next is null. " +
              'filter names a saved filter of the signed-in user (projects and assets only). Needs the websync permission.',
            tags: ['sync'],
            querystring: ExportQuery,
            response: { 200: exportPage(kind), ...errors },
          },
        },
        async (request) => exports.page(request.user as CurrentUser, kind, request.query),
      );
    }
  };
}
