/**
 * The media calls (main-app spec section 7, "Media"). Files are served with byte ranges (video
 * seeking), the content's sha256 as ETag, and a Content-Disposition that downloads anything a
 * browser could run; uploads are multipart read as a stream, each file straight to a temporary file.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  AttachParams,
  CHUNK_SHA256_HEADER,
  ChunkHeaders,
  ChunkQuery,
  FinalizeBody,
  LinkBody,
  LinkParams,
  LinkQuery,
  MAX_MEDIA_FILES_PER_REQUEST,
  MediaItem,
  ResumableQuery,
  ResumableState,
  UploadSettings,
  MediaContentQuery,
  MediaCreationDate,
  MediaGallery,
  MediaItemParams,
  MediaMultipart,
  MediaParams,
} from '@manway/core/api/media';
import { AppError, fail } from '../../errors';
import type { CurrentUser } from '../users/service';
import type { ResumableUploads } from './resumable';
import type { MediaService, ServedFile } from './service';

/** The multipart body is read by the handler; the schema only documents it. */
const skipMultipartBody: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never);

const refusals = { 400: z.union([ModelStateBody, CodeBody]), 401: MessageBody, 403: MessageBody, 404: CodeBody };
const FileHeaders = z.object({
  range: z.string().max(200).optional(),
  'if-none-match': z.string().max(1000).optional(),
  'if-range': z.string().max(200).optional(),
});

/** The content of a media or thumbnail address never changes (a new file gets a new id): caches keep it. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

function sendFile(reply: FastifyReply, file: ServedFile) {
  if (file.kind === 'not-modified') {
    return reply.code(304).header('etag', file.etag).header('cache-control', CACHE_CONTROL).send();
  }
  if (file.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${file.size}`)
      .send({ message: `The range is outside the file (${file.size} bytes).` });
  }
  void reply
    .header('content-type', file.contentType)
    .header('etag', file.etag)
    .header('cache-control', CACHE_CONTROL)
    .header('content-disposition', file.disposition)
    // A file is never a page: even a browser that opens it on its own runs nothing in it.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (file.size !== undefined) void reply.header('accept-ranges', 'bytes');
  if (file.range) {
    void reply
      .code(206)
      .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header('content-length', String(file.range.end - file.range.start + 1));
  } else if (file.size !== undefined) {
    void reply.header('content-length', String(file.size));
  }
  return reply.send(file.body);
}

export function mediaRoutes(service: MediaService, resumable: ResumableUploads) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // A chunk is bytes, streamed to the handler.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    // The thread summing uploads goes with the server.
    app.addHook('onClose', () => resumable.close());
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;
    const typeDoc = 'type: Node, Section, Lateral, Inspection or Observation (any case).';

    app.get(
      '/api/media/:type/:id',
      {
        schema: {
          summary: "An object's media gallery",
          description:
            `${typeDoc} Its images, videos and documents in the order added, each with its size, dates, the ` +
            "addresses of its file and thumbnail, a video's duration and linked observations; mayChange says " +
            "whether the caller may add and delete. An inspection's gallery lists its own files first, then " +
            "its observations' files by distance, each naming its observation (observation) and addressed " +
            'through it (api/media/Observation/{id}/{mediaId}).',
          tags: ['media'],
          params: MediaParams,
          response: { 200: MediaGallery, ...refusals },
        },
      },
      async (request) => service.gallery(user(request), request.params.type, request.params.id),
    );

    app.post(
      '/api/media/:type/:id',
      {
        validatorCompiler: skipMultipartBody,
        config: { multipartOptions: { limits: { files: MAX_MEDIA_FILES_PER_REQUEST, fields: 5, fieldSize: 1000 } } },
        schema: {
          summary: 'Add files to an object',
          description:
            `${typeDoc} Multipart, every file a part named files (up to ${MAX_MEDIA_FILES_PER_REQUEST}). A file ` +
            'name whose extension is not allowed answers 400 media/unsupported-extension before its bytes are ' +
            'read; content that is not what its extension says (or is also markup) answers 400 ' +
            'media/unsupported-file; a file over the size limit answers 400 naming files. Nothing is kept ' +
            'unless every file passes. Thumbnails and facts follow from jobs (thumbnail: pending).',
          tags: ['media'],
          params: MediaParams,
          consumes: ['multipart/form-data'],
          body: MediaMultipart,
          response: { 201: MediaGallery.pick({ items: true }), ...refusals },
        },
      },
      async (request, reply) => {
        const { object, batch } = await service.beginUpload(user(request), request.params.type, request.params.id);
        try {
          if (!request.isMultipart())
            throw fail.field('files', 'Send multipart/form-data with the files as files parts.');
          try {
            for await (const part of request.parts()) {
              if (part.type !== 'file') continue;
              if (part.fieldname !== 'files') throw fail.field(part.fieldname, 'Files go in parts named files.');
              await service.receive(batch, part.file, part.filename, part.mimetype);
            }
          } catch (error) {
            if (error instanceof AppError) throw error;
            // The multipart parser's refusals: a truncated body, too many parts, a part over its limit.
            const message = error instanceof Error ? error.message : 'The multipart body could not be read.';
            throw fail.validation({ files: [message] }, 'The multipart body could not be read.');
          }
          return reply.code(201).send({ items: await service.commitUpload(object, batch) });
        } finally {
          await batch.discard();
        }
      },
    );

    app.get(
      '/api/media/:type/:id/:mediaId',
      {
        schema: {
          summary: 'A media file',
          description:
            `${typeDoc} The bytes, with Range (one range; 206), ETag (the sha256; If-None-Match answers 304) ` +
            'and Content-Disposition: inline for images, videos and PDF, attachment with download=true. A file ' +
            'missing from the store answers 400 media/file-not-found.',
          tags: ['media'],
          params: MediaItemParams,
          querystring: MediaContentQuery,
          headers: FileHeaders,
          response: { 200: z.any(), 206: z.any(), 304: z.null(), 416: MessageBody, ...refusals },
        },
      },
      async (request, reply) => {
        const { type, id, mediaId } = request.params;
        const h = request.headers;
        const file = await service.content(
          type,
          id,
          mediaId,
          { range: h.range, ifNoneMatch: h['if-none-match'], ifRange: h['if-range'] },
          request.query.download === 'true',
        );
        return sendFile(reply, file);
      },
    );

    app.get(
      '/api/media/:type/:id/:mediaId/thumbnail',
      {
        schema: {
          summary: "A media file's thumbnail",
          description: `${typeDoc} A JPEG of at most 320 pixels a side (a video's poster frame); 404 until a job made it.`,
          tags: ['media'],
          params: MediaItemParams,
          headers: FileHeaders.pick({ 'if-none-match': true }),
          response: { 200: z.any(), 304: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        const { type, id, mediaId } = request.params;
        return sendFile(reply, await service.thumbnail(type, id, mediaId, request.headers['if-none-match']));
      },
    );

    app.get(
      '/api/media/:type/:id/:mediaId/creation-date',
      {
        schema: {
          summary: 'When a media file was added and when it was taken',
          description: `${typeDoc} capturedAt comes from the file's metadata (EXIF, the video container) once processed.`,
          tags: ['media'],
          params: MediaItemParams,
          response: { 200: MediaCreationDate, ...refusals },
        },
      },
      async (request) => {
        const { type, id, mediaId } = request.params;
        return service.creationDate(type, id, mediaId);
      },
    );

    app.delete(
      '/api/media/:type/:id/:mediaId',
      {
        schema: {
          summary: 'Delete a media file',
          description: `${typeDoc} The file is removed from the store once no other media names the same bytes.`,
          tags: ['media'],
          params: MediaItemParams,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        const { type, id, mediaId } = request.params;
        await service.delete(user(request), type, id, mediaId);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/media/:type/:id/duc2-settings',
      {
        schema: {
          summary: "An object's upload settings",
          description:
            `${typeDoc} The chunk size of its resumable uploads, and whether a video added to an inspection links ` +
            'its observations without a moment at distance ÷ crawler speed. Whoever may change its media may change them.',
          tags: ['media'],
          params: MediaParams,
          body: UploadSettings,
          response: { 200: UploadSettings, ...refusals },
        },
      },
      async (request) =>
        service.saveUploadSettings(user(request), request.params.type, request.params.id, request.body),
    );

    app.put(
      '/api/media/:type/:id/:videoId/link',
      {
        schema: {
          summary: 'Link observations to a moment of a video',
          description:
            `${typeDoc} offset: milliseconds from the video's start; body: the observations coded at that moment ` +
            "(one or several), all of the video's inspection. Answers the video with its links.",
          tags: ['media'],
          params: LinkParams,
          querystring: LinkQuery,
          body: LinkBody,
          response: { 200: MediaItem, ...refusals },
        },
      },
      async (request) => {
        const { type, id, videoId } = request.params;
        return service.link(user(request), type, id, videoId, request.query.offset, request.body.observationIds);
      },
    );

    app.post(
      '/api/media/:type/:id/:uploadId',
      {
        schema: {
          summary: 'Attach a finalized resumable upload to an object',
          description: `${typeDoc} The upload becomes one of the object's media (processed by a job) and is gone.`,
          tags: ['media'],
          params: AttachParams,
          response: { 201: MediaGallery.pick({ items: true }), ...refusals },
        },
      },
      async (request, reply) => {
        const { type, id, uploadId } = request.params;
        return reply.code(201).send({ items: await resumable.attach(user(request), type, id, uploadId) });
      },
    );

    app.get(
      '/api/media-upload/resumable',
      {
        schema: {
          summary: 'What the server holds of a resumable upload',
          description: "The caller's upload of this identifier: the chunks written, whether it is finalized.",
          tags: ['media'],
          querystring: ResumableQuery,
          response: { 200: ResumableState, ...refusals },
        },
      },
      async (request) => resumable.state(user(request), request.query.resumableIdentifier),
    );

    app.delete(
      '/api/media-upload/resumable',
      {
        schema: {
          summary: 'Cancel a resumable upload',
          description: 'Its chunks and partial file go; a finalized file that was never attached goes too.',
          tags: ['media'],
          querystring: ResumableQuery,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        await resumable.cancel(user(request), request.query.resumableIdentifier);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/media-upload/pearpoint/chunk',
      {
        schema: {
          summary: 'One chunk of a resumable upload (application/octet-stream)',
          description:
            `Chunks are numbered from 1, each resumableChunkSize bytes but the last, in any order; ${CHUNK_SHA256_HEADER} ` +
            'is its sha256 (lowercase hex): a damaged chunk is refused (400) and nothing of it kept. A chunk sent ' +
            'again with the same bytes is answered as received; other bytes for a held chunk answer 409, and a chunk ' +
            'another request is sending answers 429. A send that breaks off keeps what arrived (partialChunks in the ' +
            "state): resumableChunkOffset sends the rest from there, the header staying the whole chunk's sha256. The " +
            "first chunk declares the upload (the name's extension is checked then); every chunk must declare the same.",
          tags: ['media'],
          querystring: ChunkQuery,
          headers: ChunkHeaders,
          response: { 200: ResumableState, ...refusals, 409: CodeBody, 429: MessageBody },
        },
      },
      async (request) => {
        if (!(request.body instanceof Readable)) {
          throw fail.field('content-type', 'Send the chunk as application/octet-stream.');
        }
        return resumable.receiveChunk(user(request), request.query, request.headers[CHUNK_SHA256_HEADER], request.body);
      },
    );

    app.post(
      '/api/media-upload/pearpoint/finalize',
      {
        schema: {
          summary: 'Finish a resumable upload',
          description:
            "Every chunk must have arrived; the whole file's sha256 must be the one given (else its chunks are " +
            'forgotten, to be sent again) and its content what its name says (media/unsupported-file, and the ' +
            'upload is removed). Answers the upload, finalized, with the uploadId to attach it with.',
          tags: ['media'],
          body: FinalizeBody,
          response: { 200: ResumableState, ...refusals },
        },
      },
      async (request) => resumable.finalize(user(request), request.body.resumableIdentifier, request.body.sha256),
    );
  };
}
