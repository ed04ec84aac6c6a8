import { DEFAULT_CHUNK_BYTES } from '@manway/core/api/media';
import type { AppThunk } from '../../../shell/store/types';
import { selectCachedMediaGallery, type MediaObject } from '../api/media';
import { RequestBudget } from './requestBudget';
import { createResumableTransport, discardResumableUpload } from './resumableTransport';
import type { UploadRequest, UploadTransport } from './transport';
import { uploadIdentifier, type UnfinishedUploads } from './unfinishedUploads';
import { createXhrTransport } from './xhrTransport';

/** Chunk requests on their way at once, of every upload the page makes. */
export const CHUNK_REQUESTS_PER_PAGE = 4;

/**
 * Over HTTP/1.1 a browser opens six connections to a host, and two files of PARALLEL_CHUNKS chunks
 * each would take them all: the map and the lists would wait behind 8 MiB chunks. The connections are
 * the page's, not a gallery's, so the budget is the module's, one for every gallery and queue the
 * page shows. Files that fit in a chunk go in one request each and the queue sends two files at
 * once, so uploads of any kind never hold more than four connections.
 */
const pageChunkRequests = new RequestBudget(CHUNK_REQUESTS_PER_PAGE);

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
    const chunked = createResumableTransport({
      dispatch,
      ...extra,
      unfinished,
      chunkSizeFor,
      chunkRequests: pageChunkRequests,
    });
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
