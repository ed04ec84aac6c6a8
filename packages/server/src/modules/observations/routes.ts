/**
 * The observation and connected-subject calls (main-app spec section 7). Creates and updates are
 * multipart: the parts are read as a stream, files going straight to temporary files of the media
 * store, so the body schema documents the request for OpenAPI and is not what validates it (the
 * service checks `Data` with the contract's schema and the form's rules).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  ConnectedSubjectItem,
  ConnectedSubjectList,
  FilesToRemove,
  MAX_FILES_PER_REQUEST,
  ObservationItem,
  ObservationList,
  RecordDeleted,
  RecordDeleteQuery,
  RecordKindQuery,
  RecordMultipart,
  RecordParams,
  RecordsQuery,
} from '@manway/core/api/observations';
import { AppError, fail } from '../../errors';
import type { UploadBatch } from '../storage/service';
import type { CurrentUser } from '../users/service';
import type { ObservationsService, Submission } from './service';

/** Each route validates its parameters with zod; the multipart body is read by the handler. */
const skipMultipartBody: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never);

const FILE_PARTS = new Set(['Files', 'Files[]']);
const REMOVE_PARTS = new Set(['FilesToRemove', 'FilesToRemove[]']);

/** The `FilesToRemove` part: a JSON array of media ids, or ids separated by commas. */
function mediaIds(text: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text.split(',').filter((t) => t.trim() !== '');
  }
  const parsed = FilesToRemove.safeParse(Array.isArray(value) ? value : [value]);
  if (!parsed.success) throw fail.field('FilesToRemove', 'Name the media to remove by their ids.');
  return parsed.data;
}

/**
 * Reads the parts in the order they come: each file into `uploads` (refused at once when it is too
 * large or of no allowed type), `Data` and `FilesToRemove` as text. A body that is not multipart or
 * cannot be read is a 400 on the part it concerns.
 */
async function readSubmission(
  request: FastifyRequest,
  service: ObservationsService,
  uploads: UploadBatch,
): Promise<Submission> {
  if (!request.isMultipart()) {
    throw fail.field('Data', 'Send multipart/form-data: the form as the Data part (JSON) and the files as Files[].');
  }
  let data: string | undefined;
  const filesToRemove: number[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!FILE_PARTS.has(part.fieldname)) throw fail.field(part.fieldname, 'Files go in the Files[] part.');
        await service.attach(uploads, part.file, part.filename, part.mimetype);
      } else if (part.fieldname === 'Data') {
        data = String(part.value);
      } else if (REMOVE_PARTS.has(part.fieldname)) {
        filesToRemove.push(...mediaIds(String(part.value)));
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The multipart plugin's and the parser's refusals: a truncated body, a part over a limit.
    const message = error instanceof Error ? error.message : 'The multipart body could not be read.';
    throw fail.validation({ Files: [message] }, 'The multipart body could not be read.');
  }
  return { data, filesToRemove, uploads };
}

/** What any write may answer besides its success: a refused form, no session, no permission, no object. */
const writeRefusals = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 404: MessageBody };

export function observationsRoutes(service: ObservationsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    /** Runs a write with the request's files; whatever was received and not kept is dropped. */
    async function withUploads<T>(request: FastifyRequest, write: (s: Submission) => Promise<T>): Promise<T> {
      const uploads = service.uploads();
      try {
        return await write(await readSubmission(request, service, uploads));
      } finally {
        await uploads.discard();
      }
    }

    const multipart = <S extends FastifySchema>(summary: string, description: string, extra: S) => ({
      validatorCompiler: skipMultipartBody,
      config: { multipartOptions: { limits: { files: MAX_FILES_PER_REQUEST, fields: 10, fieldSize: 1_000_000 } } },
      schema: {
        summary,
        description:
          `${description} Multipart: Data (JSON text of the submission), Files[] (up to ${MAX_FILES_PER_REQUEST} ` +
          'files, their type taken from their content; a file of another type answers 400 media/unsupported-file ' +
          'and nothing is kept).',
        consumes: ['multipart/form-data'],
        body: RecordMultipart,
        ...extra,
      },
    });

    const kindDoc =
      'kind: Observation or ConnectedSubject (optional; a kind that is not the list of the path answers 400).';

    // ---- observations ----

    app.get(
      '/api/observations',
      {
        schema: {
          summary: "An inspection's observations",
          description: 'parentObjectType is Inspection; each observation with its form values and media.',
          tags: ['observations'],
          querystring: RecordsQuery,
          response: { 200: ObservationList, 400: ModelStateBody, 401: MessageBody, 404: MessageBody },
        },
      },
      async (request) => service.listObservations(request.query),
    );

    app.post(
      '/api/observations',
      multipart(
        'Record an observation',
        'Data: InspectionId (or ParentObjectType Inspection and ParentObjectId) and FormValues. The grade is ' +
          "calculated and the inspection's scores recomputed.",
        {
          tags: ['observations'],
          response: { 201: ObservationItem, ...writeRefusals },
        },
      ),
      async (request, reply) =>
        reply.status(201).send(await withUploads(request, (s) => service.createObservation(user(request), s))),
    );

    app.put(
      '/api/observations/:id',
      multipart(
        'Change an observation',
        `Data: FormValues and Version (the version read; a stale one answers 409); FilesToRemove: media ids. ${kindDoc}`,
        {
          tags: ['observations'],
          params: RecordParams,
          querystring: RecordKindQuery,
          response: { 200: ObservationItem, ...writeRefusals, 409: CodeBody },
        },
      ),
      async (request) =>
        withUploads(request, (s) => service.updateObservation(user(request), request.params.id, request.query.kind, s)),
    );

    app.delete(
      '/api/observations/:id',
      {
        schema: {
          summary: 'Delete an observation',
          description: `With its media; version (optional): the version read, a stale one answers 409. ${kindDoc}`,
          tags: ['observations'],
          params: RecordParams,
          querystring: RecordDeleteQuery,
          response: { 200: RecordDeleted, ...writeRefusals, 409: CodeBody },
        },
      },
      async (request) =>
        service.deleteObservation(user(request), request.params.id, request.query.kind, request.query.version),
    );

    // ---- connected subjects ----

    app.get(
      '/api/connected-subjects',
      {
        schema: {
          summary: 'The subjects connected to an object',
          description:
            'parentObjectType: Node, Section, Lateral, Inspection or Observation; each with its subject, location and values.',
          tags: ['observations'],
          querystring: RecordsQuery,
          response: { 200: ConnectedSubjectList, 400: ModelStateBody, 401: MessageBody, 404: MessageBody },
        },
      },
      async (request) => service.listConnected(request.query),
    );

    app.post(
      '/api/connected-subjects',
      multipart(
        'Connect a subject to an object',
        'Data: ParentObjectType, ParentObjectId, SubjectId (an existing subject) or Subject (a new one: kind and ' +
          'label), and FormValues (the connection with its location).',
        {
          tags: ['observations'],
          response: { 201: ConnectedSubjectItem, ...writeRefusals },
        },
      ),
      async (request, reply) =>
        reply.status(201).send(await withUploads(request, (s) => service.createConnected(user(request), s))),
    );

    app.put(
      '/api/connected-subjects/:id',
      multipart(
        'Change a connected subject',
        `Data: FormValues and Version (the version read; a stale one answers 409); FilesToRemove: media ids. ${kindDoc}`,
        {
          tags: ['observations'],
          params: RecordParams,
          querystring: RecordKindQuery,
          response: { 200: ConnectedSubjectItem, ...writeRefusals, 409: CodeBody },
        },
      ),
      async (request) =>
        withUploads(request, (s) => service.updateConnected(user(request), request.params.id, request.query.kind, s)),
    );

    app.delete(
      '/api/connected-subjects/:id',
      {
        schema: {
          summary: 'Remove a connected subject',
          description: `The connection and its media (the subject stays); version (optional) as for the others. ${kindDoc}`,
          tags: ['observations'],
          params: RecordParams,
          querystring: RecordDeleteQuery,
          response: { 200: RecordDeleted, ...writeRefusals, 409: CodeBody },
        },
      },
      async (request) =>
        service.deleteConnected(user(request), request.params.id, request.query.kind, request.query.version),
    );
  };
}
