/**
 * Sends a file as the only `files` part of POST api/media/{type}/{id}: one request, so a lost
 * connection sends the whole file again. Files that fit in one chunk go this way (see
 * galleryTransport.ts); larger ones go in chunks (resumableTransport.ts).
 */
import { buildUrl } from '../../../shell/request/request';
import { AddedMedia, galleryPath } from '../api/media';
import { isWorthRetrying, type UploadTransport } from './transport';
import { sendXhr, type XhrContext } from './xhrRequest';

/** The part name the media route reads files from. */
const FILES_PART = 'files';

export function createXhrTransport(ctx: XhrContext): UploadTransport {
  return {
    send: async ({ file, target }, { onProgress, signal }) => {
      const body = new FormData();
      body.append(FILES_PART, file, file.name);
      const result = await sendXhr(ctx, {
        method: 'POST',
        url: buildUrl(ctx.config.apiBaseUrl, galleryPath(target)),
        body,
        // The multipart framing makes the body a little larger than the file; the share is what shows.
        onProgress: (loaded, total) => onProgress({ loaded, total: total ?? file.size }),
        signal,
      });
      switch (result.kind) {
        case 'aborted':
          return { kind: 'cancelled' };
        case 'failure':
          return { kind: isWorthRetrying(result.failure.status) ? 'failed' : 'refused', failure: result.failure };
        case 'success': {
          // The file is kept whatever the answer says; an answer off the contract only loses the ids.
          const added = AddedMedia.safeParse(result.data);
          return { kind: 'uploaded', added: added.success ? added.data.items : [] };
        }
      }
    },
  };
}
