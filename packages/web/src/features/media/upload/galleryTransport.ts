import { DEFAULT_CHUNK_BYTES } from '@manway/core/api/media';
import type { AppThunk } from '../../../shell/store/types';
import { selectCachedMediaGallery, type MediaObject } from '../api/media';
import { createResumableTransport, discardResumableUpload } from './resumableTransport';
import type { UploadRequest, UploadTransport } from './transport';
import { uploadIdentifier, type UnfinishedUploads } from './unfinishedUploads';
import { createXhrTransport } from './xhrTransport';

/**
 * How a gallery's files travel, of the store's configuration and session. A file larger than one
 * chunk goes in chunks and can resume; one that fits in a chunk goes in one request, since resuming
 * it would mean sending it whole again anyway, and the chunked way costs three calls more (asking,
 * finalizing, attaching). A file already begun in chunks goes on in chunks, whatever its size.
 */
export const galleryUploadTransport =
  (unfinished: UnfinishedUploads): AppThunk<UploadTransport> =>
  (dispatch, getState, extra) => {
    const chunkSizeFor = (target: MediaObject) =>
      selectCachedMediaGallery(target)(getState()).data?.uploadSettings.chunkSizeBytes ?? DEFAULT_CHUNK_BYTES;
    const whole = createXhrTransport({ dispatch, ...extra });
    const chunked = createResumableTransport({ dispatch, ...extra, unfinished, chunkSizeFor });
    const transportOf = ({ file, target }: UploadRequest): UploadTransport =>
      file.size > chunkSizeFor(target) || unfinished.get(uploadIdentifier(target, file)) ? chunked : whole;
    return {
      send: (request, callbacks) => transportOf(request).send(request, callbacks),
      discard: (request) => transportOf(request).discard?.(request),
    };
  };

/** The user gives up an interrupted upload without picking its file again. */
export const discardUnfinishedUpload =
  (unfinished: UnfinishedUploads, identifier: string): AppThunk =>
  (dispatch, _getState, extra) =>
    discardResumableUpload({ dispatch, ...extra, unfinished }, identifier);
