/**
 * Sends a file in chunks (main-app spec section 7, resumable uploads), so a dropped connection, a
 * reloaded page or a restarted server costs at most the chunks on their way. Each try asks the
 * server which chunks it holds and sends the others, three at a time (fewer while the page's other
 * uploads hold the places of ctx.chunkRequests), each with its sha256; then it finalizes with the
 * whole file's sha256 and attaches the file to the object.
 *
 * The file is read once per try, in order: every chunk feeds the whole file's sum, and the chunks
 * the server lacks are sent as they are read. Chunks held from an earlier try are read and hashed
 * but not sent, since the server checks the whole file's bytes, not only the new ones. A chunk whose
 * send broke off is finished: only the bytes after those the server kept of it are sent.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import { CHUNK_SHA256_HEADER, chunkCount, type ChunkQuery, type ResumableState } from '@manway/core/api/media';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import { buildUrl, type RequestContext } from '../../../shell/request/request';
import type { AppDispatch } from '../../../shell/store/types';
import { fetchMediaGallery, type MediaObject } from '../api/media';
import {
  attachResumableUpload,
  cancelResumableUpload,
  CHUNK_PATH,
  finalizeResumableUpload,
  getResumableUpload,
} from '../api/resumableUpload';
import type { RequestBudget } from './requestBudget';
import { chunkSha256, FileSha256 } from './sha256';
import {
  isWorthRetrying,
  type UploadCallbacks,
  type UploadOutcome,
  type UploadRequest,
  type UploadTransport,
} from './transport';
import { unfinishedUploadOf, uploadIdentifier, type UnfinishedUploads } from './unfinishedUploads';
import { sendXhr } from './xhrRequest';

/** Chunks of one file on their way at once. */
export const PARALLEL_CHUNKS = 3;

/** The failure of a file the browser will not read any more: it changed or went away since it was picked. */
export const UNREADABLE_FILE_STATUS_TEXT = 'The file could not be read';

export interface ResumableContext extends RequestContext {
  /** Dispatches the gallery's own query too: whether a file the server no longer knows reached it. */
  dispatch: AppDispatch;
  unfinished: UnfinishedUploads;
  /** The chunk size of a new upload to the object (its upload settings). */
  chunkSizeFor(target: MediaObject): number;
  /** Places for chunk requests, shared with the other files on their way (each keeps PARALLEL_CHUNKS too). */
  chunkRequests: RequestBudget;
}

const CHUNK_OFFSET = 'resumableChunkOffset' satisfies keyof ChunkQuery;

type PartialChunk = ResumableState['partialChunks'][number];

const CANCELLED: UploadOutcome = { kind: 'cancelled' };

/** Whether a refusal (400) names the field, as ModelState does. */
function names(failure: RequestFailureDetails, field: string): boolean {
  if (failure.status !== 400 || typeof failure.data !== 'object' || failure.data === null) return false;
  const modelState = (failure.data as { ModelState?: unknown }).ModelState;
  return typeof modelState === 'object' && modelState !== null && field in modelState;
}

const failedOrRefused = (failure: RequestFailureDetails): UploadOutcome => ({
  kind: isWorthRetrying(failure.status) ? 'failed' : 'refused',
  failure,
});

/** RTK Query's error: the request's failure, or an error thrown reading the answer. */
const isRequestFailure = (error: RequestFailureDetails | SerializedError): error is RequestFailureDetails =>
  'status' in error;

/** Gives an upload up: it leaves the list of unfinished ones, and the server drops what it holds of it. */
export function discardResumableUpload(ctx: RequestContext & { unfinished: UnfinishedUploads }, identifier: string) {
  ctx.unfinished.forget(identifier);
  // A failure leaves the chunks to the server's clean-up of uploads untouched for a day.
  void cancelResumableUpload(ctx, identifier);
}

export function createResumableTransport(ctx: ResumableContext): Required<UploadTransport> {
  return {
    send: (request, callbacks) => new ResumableSend(ctx, request, callbacks).run(),
    discard: ({ file, target }) => discardResumableUpload(ctx, uploadIdentifier(target, file)),
  };
}

/** One try of one file. */
class ResumableSend {
  readonly #ctx: ResumableContext;
  readonly #file: File;
  readonly #target: MediaObject;
  readonly #callbacks: UploadCallbacks;
  readonly #identifier: string;
  /** Aborts the requests on their way: the caller's abort, or a chunk that failed. */
  readonly #halt = new AbortController();
  /** How the try ends when a chunk stopped it, and whether the server's upload must go first. */
  #stop: { outcome: UploadOutcome; startOver: boolean } | null = null;
  /** Bytes the server holds of the file: whole chunks, and the first bytes of chunks whose send broke off. */
  #heldBytes = 0;
  /** Bytes of its body sent so far of each chunk on its way, by number. */
  readonly #inFlight = new Map<number, number>();

  constructor(ctx: ResumableContext, { file, target }: UploadRequest, callbacks: UploadCallbacks) {
    this.#ctx = ctx;
    this.#file = file;
    this.#target = target;
    this.#callbacks = callbacks;
    this.#identifier = uploadIdentifier(target, file);
  }

  /** Resolves with how the try ended; it never rejects. */
  async run(): Promise<UploadOutcome> {
    const { signal } = this.#callbacks;
    if (signal.aborted) return CANCELLED;
    const halt = () => this.#halt.abort();
    signal.addEventListener('abort', halt, { once: true });
    let outcome: UploadOutcome;
    try {
      outcome = await this.#upload();
    } catch (error) {
      // An answer off the contract, or a fault of ours: the row says it is retrying, and another try may do better.
      outcome = { kind: 'failed', failure: { data: null, status: 0, statusText: String(error) } };
    } finally {
      signal.removeEventListener('abort', halt);
    }
    if (signal.aborted) return CANCELLED;
    if (outcome.kind === 'uploaded') this.#ctx.unfinished.forget(this.#identifier);
    // A refused file is given up; one refused because the session ended is resumed after signing in.
    if (outcome.kind === 'refused' && outcome.failure.status !== 401)
      discardResumableUpload(this.#ctx, this.#identifier);
    return outcome;
  }

  async #upload(): Promise<UploadOutcome> {
    const signal = this.#halt.signal;
    // Finalized by an earlier try whose attaching failed: attaching is all that is left.
    const finalizedBefore = this.#ctx.unfinished.get(this.#identifier)?.uploadId;
    if (finalizedBefore) return this.#attach(finalizedBefore);

    const held = await getResumableUpload(this.#ctx, this.#identifier, signal);
    if (!held.ok && held.failure.status !== 404) return failedOrRefused(held.failure);
    const state = held.ok ? held.data : null;
    if (state?.finalized) return this.#attach(state.uploadId);

    // An upload begun with another chunk size goes on with it.
    const chunkSize = state?.chunkSize ?? this.#ctx.chunkSizeFor(this.#target);
    this.#heldBytes = state?.bytesReceived ?? 0;
    this.#report();
    this.#remember();
    const partials = new Map(state?.partialChunks.map((partial) => [partial.number, partial]));
    const sha256 = await this.#sendChunks(chunkSize, new Set(state?.chunks), partials);
    if (sha256 === null) {
      if (!this.#stop) return CANCELLED;
      if (this.#stop.startOver) await cancelResumableUpload(this.#ctx, this.#identifier);
      return this.#stop.outcome;
    }

    const finalized = await finalizeResumableUpload(
      this.#ctx,
      { resumableIdentifier: this.#identifier, sha256 },
      signal,
    );
    if (!finalized.ok) {
      const { failure } = finalized;
      // The file differed (the server forgot its chunks), chunks are missing, or the upload is gone:
      // the next try sends what the server lacks.
      if (failure.status === 404 || names(failure, 'sha256') || names(failure, 'resumableIdentifier'))
        return { kind: 'failed', failure };
      return failedOrRefused(failure);
    }
    this.#remember(finalized.data.uploadId);
    return this.#attach(finalized.data.uploadId);
  }

  /**
   * Reads the file in order, hashing all of it and sending the chunks the server lacks, in order.
   * Answers the whole file's sha256, or null when the try stopped short (a chunk failed, or the
   * caller aborted).
   */
  async #sendChunks(
    chunkSize: number,
    held: ReadonlySet<number>,
    partials: ReadonlyMap<number, PartialChunk>,
  ): Promise<string | null> {
    const fileSha256 = new FileSha256();
    const sending = new Set<Promise<void>>();
    const total = chunkCount(this.#file.size, chunkSize);
    for (let n = 1; n <= total && !this.#halt.signal.aborted; n++) {
      const bytes = await this.#read(n, chunkSize);
      if (!bytes) break;
      await fileSha256.update(bytes);
      if (held.has(n)) continue;
      const sha256 = await chunkSha256(bytes);
      const partial = partials.get(n);
      // What the server kept of a send that broke off is built on only if it is of this very chunk;
      // other bytes it replaces, so they no longer count as held.
      const offset = partial?.sha256 === sha256 ? partial.bytes : 0;
      if (partial && offset === 0) this.#heldBytes -= partial.bytes;
      while (sending.size >= PARALLEL_CHUNKS) await Promise.race(sending);
      if (this.#halt.signal.aborted) break;
      const send: Promise<void> = this.#sendChunk(n, chunkSize, bytes.subarray(offset), offset, sha256).then(() => {
        sending.delete(send);
      });
      sending.add(send);
    }
    await Promise.all(sending);
    return this.#halt.signal.aborted ? null : fileSha256.hex();
  }

  async #read(n: number, chunkSize: number): Promise<Uint8Array<ArrayBuffer> | null> {
    try {
      return new Uint8Array(await this.#file.slice((n - 1) * chunkSize, n * chunkSize).arrayBuffer());
    } catch {
      // Browsers refuse to read a picked file that has changed or gone since: sending it again cannot help.
      this.#halted({
        outcome: { kind: 'refused', failure: { data: null, status: 0, statusText: UNREADABLE_FILE_STATUS_TEXT } },
        startOver: false,
      });
      return null;
    }
  }

  /** Sends chunk n from `offset` on (`body`), with the whole chunk's sha256. */
  async #sendChunk(
    n: number,
    chunkSize: number,
    body: Uint8Array<ArrayBuffer>,
    offset: number,
    sha256: string,
  ): Promise<void> {
    const result = await this.#ctx.chunkRequests.run(this.#halt.signal, () => {
      this.#inFlight.set(n, 0);
      return sendXhr(this.#ctx, {
        method: 'PUT',
        url: buildUrl(this.#ctx.config.apiBaseUrl, CHUNK_PATH, {
          resumableIdentifier: this.#identifier,
          resumableFilename: this.#file.name,
          resumableTotalSize: this.#file.size,
          resumableChunkSize: chunkSize,
          resumableChunkNumber: n,
          [CHUNK_OFFSET]: offset,
        }),
        headers: { 'content-type': 'application/octet-stream', [CHUNK_SHA256_HEADER]: sha256 },
        body,
        onProgress: (loaded) => {
          this.#inFlight.set(n, Math.min(loaded, body.length));
          this.#report();
        },
        signal: this.#halt.signal,
      });
    });
    this.#inFlight.delete(n);
    if (result?.kind === 'success') {
      this.#heldBytes += body.length;
      this.#remember();
    } else if (result?.kind === 'failure') {
      const { failure } = result;
      if (failure.status === 409) {
        // The identifier was declared for another file, or the chunk holds other bytes: the next
        // try starts the upload over.
        this.#halted({ outcome: { kind: 'failed', failure }, startOver: true });
      } else if (names(failure, CHUNK_SHA256_HEADER) || names(failure, CHUNK_OFFSET)) {
        // Damaged on its way, or the server holds less of the chunk than it said (it lost the tail
        // of a broken-off send): the bytes are right here, and the next try asks what it holds.
        this.#halted({ outcome: { kind: 'failed', failure }, startOver: false });
      } else {
        this.#halted({ outcome: failedOrRefused(failure), startOver: false });
      }
    }
    this.#report();
  }

  /** The first stop decides how the try ends; the chunks still on their way are aborted. */
  #halted(stop: { outcome: UploadOutcome; startOver: boolean }): void {
    if (this.#stop) return;
    this.#stop = stop;
    this.#halt.abort();
  }

  async #attach(uploadId: string): Promise<UploadOutcome> {
    const attached = await attachResumableUpload(this.#ctx, this.#target, uploadId, this.#halt.signal);
    if (attached.ok) return { kind: 'uploaded', added: attached.data };
    if (attached.failure.status !== 404) return failedOrRefused(attached.failure);
    // No upload of this id: attached already (by a try whose answer was lost, or by another tab),
    // or purged unattached after a day, or cancelled. Only the gallery tells which.
    const { data: gallery, error } = await this.#ctx.dispatch(fetchMediaGallery(this.#target));
    if (!gallery) {
      if (error && isRequestFailure(error)) return failedOrRefused(error);
      throw new Error(`The gallery's answer could not be read: ${error?.message}`);
    }
    const listed = gallery.items.findLast(
      (item) => item.fileName === this.#file.name && item.sizeBytes === this.#file.size,
    );
    if (listed) return { kind: 'uploaded', added: [listed] };
    // The finalized file is gone: without its id, the next try sends the file from the start.
    this.#ctx.unfinished.forget(this.#identifier);
    return { kind: 'failed', failure: attached.failure };
  }

  #report(): void {
    let loaded = this.#heldBytes;
    for (const sent of this.#inFlight.values()) loaded += sent;
    this.#callbacks.onProgress({ loaded, total: this.#file.size });
  }

  /** Keeps the upload in the list of unfinished ones, with the share the server holds. */
  #remember(uploadId?: string): void {
    // A cancelled file has left the list (discard); a later answer must not bring it back.
    if (this.#callbacks.signal.aborted) return;
    const progress = this.#file.size > 0 ? this.#heldBytes / this.#file.size : 0;
    const upload = unfinishedUploadOf(this.#target, this.#file, Math.min(progress, 1));
    const known = uploadId ?? this.#ctx.unfinished.get(this.#identifier)?.uploadId;
    this.#ctx.unfinished.remember(known ? { ...upload, uploadId: known } : upload);
  }
}
