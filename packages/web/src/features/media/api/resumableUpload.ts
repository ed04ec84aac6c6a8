/**
 * The calls of a resumable upload besides its chunks (main-app spec section 7, "Media"): what the
 * server holds of an upload, cancelling it, finalizing it, and attaching the finalized file to an
 * object. The upload queue words their failures on the file's own row, so none is notified.
 */
import { ResumableState, type MediaItem } from '@manway/core/api/media';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import { isRequestError, performRequest, type RequestArgs, type RequestContext } from '../../../shell/request/request';
import { AddedMedia, galleryPath, type MediaObject } from './media';

/** Where the chunks go: PUT with the ChunkQuery, the chunk's bytes as the body. */
export const CHUNK_PATH = 'api/media-upload/pearpoint/chunk';
const RESUMABLE_PATH = 'api/media-upload/resumable';
const FINALIZE_PATH = 'api/media-upload/pearpoint/finalize';

export type CallResult<T> = { ok: true; data: T } | { ok: false; failure: RequestFailureDetails };

async function call<T>(ctx: RequestContext, args: RequestArgs, read: (data: unknown) => T): Promise<CallResult<T>> {
  try {
    return { ok: true, data: read(await performRequest({ ...args, ignoreGlobal: true }, ctx)) };
  } catch (error) {
    if (isRequestError(error)) return { ok: false, failure: error.toDetails() };
    throw error;
  }
}

/** GET: which chunks the server holds of the caller's upload of this identifier; 404 when it has none. */
export const getResumableUpload = (ctx: RequestContext, identifier: string, signal: AbortSignal) =>
  call(ctx, { url: RESUMABLE_PATH, params: { resumableIdentifier: identifier }, signal }, (data) =>
    ResumableState.parse(data),
  );

/** DELETE (204): the upload's chunks go, and its file if it was finalized and never attached. */
export const cancelResumableUpload = (ctx: RequestContext, identifier: string) =>
  call(ctx, { url: RESUMABLE_PATH, method: 'DELETE', params: { resumableIdentifier: identifier } }, () => null);

/**
 * POST: checks the whole file against its sha256 and keeps it; answers the upload, finalized, with
 * the id to attach it by. 400 names `sha256` when the file differs (the server forgot its chunks),
 * `resumableIdentifier` when chunks are missing; media/unsupported-file when the content is not what
 * the name says.
 */
export const finalizeResumableUpload = (
  ctx: RequestContext,
  body: { resumableIdentifier: string; sha256: string },
  signal: AbortSignal,
) => call(ctx, { url: FINALIZE_PATH, method: 'POST', body, signal }, (data) => ResumableState.parse(data));

/** POST api/media/{type}/{id}/{uploadId} (201): the finalized file becomes one of the object's media. */
export const attachResumableUpload = (
  ctx: RequestContext,
  target: MediaObject,
  uploadId: string,
  signal: AbortSignal,
) =>
  call(ctx, { url: `${galleryPath(target)}/${uploadId}`, method: 'POST', signal }, (data): readonly MediaItem[] => {
    // The file is attached whatever the answer says; an answer off the contract only loses the ids.
    const added = AddedMedia.safeParse(data);
    return added.success ? added.data.items : [];
  });
