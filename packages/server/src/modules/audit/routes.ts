import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery } from '@manway/core/api/audit';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import type { AuditService } from './service';

/** Ours: the audit list of the settings edition. */
export function auditRoutes(audit: AuditService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/audit',
      {
        schema: {
          summary: 'Who changed a user, a permission, a licence, a setting or a shared link, and when; newest first',
          tags: ['audit'],
          querystring: AuditQuery,
          response: { 200: AuditPage, 400: ModelStateBody, 401: MessageBody, 403: MessageBody },
        },
      },
      async (request) => audit.list(request.query),
    );
  };
}
