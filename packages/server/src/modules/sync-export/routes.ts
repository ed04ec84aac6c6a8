import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { EXPORT_KINDS, exportPage, ExportQuery } from '@manway/core/api/sync-export';
import {
  MediaParams,
  PlannedTasksPage,
  TaskDecisions,
  TaskDecisionsRequest,
  TasksExportQuery,
} from '@manway/core/api/sync-data';
import { z } from 'zod';
import { fail } from '../../errors';
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

    app.get(
      '/api/sync/export/planned-tasks',
      {
        schema: {
          summary: "A page of open tasks, with their assets' data and media list, for a Field system's sync agent",
          description:
            'WebSync scenario 1: the work to do in the Field (planned or started tasks). filter names a saved filter ' +
            'of the signed-in user: the tasks on the assets it matches. Pages by global id like the other exports. ' +
            "What became of the tasks a Field already holds (the Office's review, completed or deleted) is asked " +
            'with POST /api/sync/export/planned-tasks/decisions. Needs the websync permission.',
          tags: ['sync'],
          querystring: TasksExportQuery,
          response: { 200: PlannedTasksPage, ...errors },
        },
      },
      async (request) => exports.plannedTasks(request.user as CurrentUser, request.query),
    );

    app.post(
      '/api/sync/export/planned-tasks/decisions',
      {
        schema: {
          summary:
            "The Office's word on the tasks and the inspections outside tasks a Field system holds: states and reviews",
          description:
            'WebSync scenario 1, after the pages of open tasks: the Field names the open tasks it holds (globalIds) ' +
            'and the inspections it recorded outside any task that are not accepted yet (inspectionGlobalIds), at ' +
            'most 2000 global ids a request in all. The Office answers, for each task it has, its state and its ' +
            'latest inspection with the review (items), and for each inspection it has, the same review ' +
            '(inspections): status, accepted or rejected, the reason, when and by whom. The Field closes the copies ' +
            'the Office completed or deleted, accepts what it accepted and hands rejected inspections back to its ' +
            'crew. A task or inspection the Office never had is left out of the answer. Reads only. Needs the ' +
            'websync permission.',
          tags: ['sync'],
          body: TaskDecisionsRequest,
          response: { 200: TaskDecisions, ...errors },
        },
      },
      async (request) => exports.taskDecisions(request.body),
    );

    app.get(
      '/api/sync/media/:globalId/content',
      {
        schema: {
          summary: "A media file's bytes for a Field system's sync agent; a Range of bytes=N- resumes a download",
          tags: ['sync'],
          params: MediaParams,
          headers: z.object({ range: z.string().max(100).optional() }),
          response: { 200: z.any(), 206: z.any(), ...errors, 416: MessageBody },
        },
      },
      async (request, reply) => {
        const range = request.headers.range;
        let start: number | undefined;
        if (range !== undefined) {
          const m = /^bytes=(\d+)-$/.exec(range.trim());
          if (!m) throw fail.field('range', 'Use bytes=N- to continue from byte N.');
          start = Number(m[1]);
        }
        const file = await exports.mediaContent(
          request.user as CurrentUser,
          request.params.globalId,
          start === undefined ? undefined : { start },
        );
        if (file.kind === 'unsatisfiable') {
          return reply
            .code(416)
            .header('content-range', `bytes */${file.size}`)
            .send({ message: `The range starts at or after the end of the file (${file.size} bytes).` });
        }
        void reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store');
        void reply.header('content-length', String(file.size - file.start));
        if (range !== undefined) {
          void reply.code(206).header('content-range', `bytes ${file.start}-${file.size - 1}/${file.size}`);
        }
        return reply.send(file.body);
      },
    );
  };
}
