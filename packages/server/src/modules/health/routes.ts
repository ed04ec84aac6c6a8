import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from '../../platform';

const Health = z.object({
  status: z.enum(['ok', 'starting', 'failed']),
  code: z.string().optional(),
  database: z.enum(['pglite', 'postgres']),
});

/** 200 once migrations ran and the job queue started; 503 before that or when the database is unusable. */
export function healthRoutes(readiness: Readiness, databaseKind: 'pglite' | 'postgres') {
  return async (base: FastifyInstance) => {
    base.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        config: { withoutDatabase: true },
        schema: { summary: 'Readiness', tags: ['platform'], response: { 200: Health, 503: Health } },
      },
      async (_request, reply) => {
        const s = readiness.state;
        if (s.status === 'ready') return { status: 'ok' as const, database: databaseKind };
        return reply
          .status(503)
          .send({ status: s.status, code: s.status === 'failed' ? s.code : undefined, database: databaseKind });
      },
    );
  };
}
