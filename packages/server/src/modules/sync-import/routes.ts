import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  ChunkQuery,
  InspectionsImport,
  InspectionsImportResult,
  MediaParams,
  MediaRecord,
  MediaState,
} from '@manway/core/api/sync-data';
import { fail } from '../../errors';
import type { CurrentUser } from '../users/service';
import type { SyncImportService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody };

/** The Office system's import calls for a Field system's sync agent (WebSync scenario 2 and media). */
export function syncImportRoutes(imports: SyncImportService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;
    const tags = ['sync'];
    // Chunks stream to disk as they arrive; the service bounds their size.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

    app.post(
      '/api/sync/import/inspections',
      {
        bodyLimit: 64 * 1024 * 1024,
        schema: {
          summary: "A page of a Field system's completed inspections with their observations, written by global id",
          description:
            "WebSync scenario 2; the whole page is one transaction. options carry the sync user's settings " +
            '(skip rules, ExistingTasksAction, auto-accept). Needs the websync permission; auto-accept is honoured ' +
            'for an account that may review only (others deliver pending review; see accepted and notice). ' +
            'An inspection the Office rejected is written only as the answer to that rejection (officeReview names ' +
            'it; then even under Skip) and is pending review again; any other copy of it is left as it is. ' +
            'Assets sent along are only created when the Office lacks them, never changed.',
          tags,
          body: InspectionsImport,
          response: { 200: InspectionsImportResult, ...errors },
        },
      },
      async (request) => imports.importInspections(user(request), request.body),
    );

    app.put(
      '/api/sync/media/:globalId',
      {
        schema: {
          summary: 'Declares a media file a Field agent uploads; answers how many bytes the Office holds',
          description:
            'Answers the upload token its chunks carry. Declaring the same content again joins the upload (same token); ' +
            'other content is refused (409) while another upload of the file has been active in the last ten minutes.',
          tags,
          params: MediaParams,
          body: MediaRecord,
          response: { 200: MediaState, ...errors },
        },
      },
      async (request) => imports.declareMedia(user(request), request.params.globalId, request.body),
    );

    app.put(
      '/api/sync/media/:globalId/content',
      {
        schema: {
          summary: 'One chunk of a declared media file at offset (application/octet-stream)',
          description:
            'A chunk at another offset than the Office holds writes nothing; the answer says where to go on. ' +
            "token is the declaration's; one chunk of a file writes at a time (409 for a concurrent one, or for a " +
            'token whose declaration another sender replaced).',
          tags,
          params: MediaParams,
          querystring: ChunkQuery,
          response: { 200: MediaState, ...errors },
        },
      },
      async (request) => {
        // Any other content type was parsed (JSON, a form): a chunk is bytes.
        if (!(request.body instanceof Readable)) {
          throw fail.field('content-type', 'Send the chunk as application/octet-stream.');
        }
        return imports.receiveChunk(
          user(request),
          request.params.globalId,
          request.query.offset,
          request.query.token,
          request.body,
        );
      },
    );
  };
}
