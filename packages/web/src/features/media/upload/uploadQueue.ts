/**
 * The files being added to one object's gallery, one row each (main-app spec section 4, "Video
 * upload": ready to upload, uploading, retrying after failure, cancel). A file whose extension the
 * server does not take is refused here and never leaves the browser. Two files go at a time; the
 * others wait their turn. A send the network or the server failed is tried again after 1 s, 2 s,
 * 4 s… up to 30 s between tries, for as long as the page is open: a crew on a weak connection gets
 * its videos through without watching them. A refusal (4xx) is final and says why on its row.
 *
 * Framework-free so the rules are tested on their own; components read it through
 * useSyncExternalStore.
 */
import { extensionOf, MEDIA_EXTENSIONS } from '@manway/core/api/media';
import { KNOWN_ERROR_MESSAGES, type ErrorMessage } from '../../../shell/errors/catalogue';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import type { MediaObject } from '../api/media';
import type { UploadOutcome, UploadTransport } from './transport';

export const MAX_PARALLEL_UPLOADS = 2;
export const FIRST_RETRY_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** The wait before the given retry (1 for the first). */
export function retryDelayMs(retry: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (retry - 1), MAX_RETRY_DELAY_MS);
}

export type UploadState = 'ready' | 'uploading' | 'retrying' | 'uploaded' | 'refused';

/** The states in which a file still has to reach the server. */
export const ACTIVE_UPLOAD_STATES: readonly UploadState[] = ['ready', 'uploading', 'retrying'];

export interface UploadRow {
  key: string;
  file: File;
  state: UploadState;
  /** The share sent by the current try, 0 to 1. */
  progress: number;
  /** Why the file was refused (refused only). */
  refusal: ErrorMessage | null;
  /** The ids the gallery lists the file by (uploaded only): the row leaves once the gallery shows them. */
  mediaIds: readonly number[];
}

export interface UploadQueueOptions {
  transport: UploadTransport;
  target: MediaObject;
  /** The catalogue's words for a refusal. */
  describeRefusal(failure: RequestFailureDetails): ErrorMessage;
  /** A file reached the gallery: the gallery is asked again. */
  onUploaded(): void;
}

interface Send {
  controller: AbortController;
  /** Failed tries of this file so far. */
  failures: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
}

const UNSUPPORTED_EXTENSION = KNOWN_ERROR_MESSAGES['media/unsupported-extension'];

export class UploadQueue {
  readonly #options: UploadQueueOptions;
  #rows: readonly UploadRow[] = [];
  /** The files on their way or waiting to try again, by row key: each holds one of the parallel places. */
  readonly #sends = new Map<string, Send>();
  readonly #listeners = new Set<() => void>();
  #lastKey = 0;

  constructor(options: UploadQueueOptions) {
    this.#options = options;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly UploadRow[] => this.#rows;

  add(files: Iterable<File>): void {
    const rows = Array.from(files, (file): UploadRow => {
      // Own keys only: a name ending in .constructor is no media file.
      const supported = Object.hasOwn(MEDIA_EXTENSIONS, extensionOf(file.name));
      return {
        key: `upload-${++this.#lastKey}`,
        file,
        state: supported ? 'ready' : 'refused',
        progress: 0,
        refusal: supported ? null : UNSUPPORTED_EXTENSION,
        mediaIds: [],
      };
    });
    if (rows.length === 0) return;
    this.#setRows([...this.#rows, ...rows]);
    this.#startWaiting();
  }

  /**
   * Cancels a file on its way (its request is aborted and what the server holds of it goes) or takes
   * a finished row off the list.
   */
  remove(key: string): void {
    const row = this.#rows.find((r) => r.key === key);
    this.#stop(key);
    if (row && ACTIVE_UPLOAD_STATES.includes(row.state))
      this.#options.transport.discard?.({ file: row.file, target: this.#options.target });
    this.#setRows(this.#rows.filter((r) => r.key !== key));
    this.#startWaiting();
  }

  /** Takes off the uploaded files the gallery now lists. */
  forgetListed(listedIds: ReadonlySet<number>): void {
    const rows = this.#rows.filter((row) => row.state !== 'uploaded' || !row.mediaIds.every((id) => listedIds.has(id)));
    if (rows.length !== this.#rows.length) this.#setRows(rows);
  }

  /** Aborts every file on its way, keeping what the server holds of them: the gallery is leaving the page. */
  stopAll(): void {
    for (const key of [...this.#sends.keys()]) this.#stop(key);
    this.#setRows(this.#rows.filter((row) => !ACTIVE_UPLOAD_STATES.includes(row.state)));
  }

  #stop(key: string): void {
    const send = this.#sends.get(key);
    if (!send) return;
    this.#sends.delete(key);
    if (send.retryTimer !== null) clearTimeout(send.retryTimer);
    send.controller.abort();
  }

  #startWaiting(): void {
    for (const row of this.#rows) {
      if (this.#sends.size >= MAX_PARALLEL_UPLOADS) return;
      if (row.state === 'ready') this.#try(row, 0);
    }
  }

  #try(row: UploadRow, failures: number): void {
    const send: Send = { controller: new AbortController(), failures, retryTimer: null };
    this.#sends.set(row.key, send);
    this.#update(row.key, { state: 'uploading', progress: 0 });
    void this.#options.transport
      .send(
        { file: row.file, target: this.#options.target },
        {
          signal: send.controller.signal,
          onProgress: ({ loaded, total }) => {
            if (this.#sends.get(row.key) === send) this.#update(row.key, { progress: total > 0 ? loaded / total : 0 });
          },
        },
      )
      .then((outcome) => {
        // Cancelled by the user, or replaced by a later try: that one decides.
        if (this.#sends.get(row.key) === send) this.#settle(row, send, outcome);
      });
  }

  #settle(row: UploadRow, send: Send, outcome: UploadOutcome): void {
    switch (outcome.kind) {
      case 'uploaded':
        this.#sends.delete(row.key);
        this.#update(row.key, { state: 'uploaded', progress: 1, mediaIds: outcome.added.map((item) => item.id) });
        this.#options.onUploaded();
        break;
      case 'refused':
        this.#sends.delete(row.key);
        this.#update(row.key, { state: 'refused', refusal: this.#options.describeRefusal(outcome.failure) });
        break;
      case 'failed': {
        const failures = send.failures + 1;
        this.#update(row.key, { state: 'retrying' });
        // The file keeps its place while it waits: the next file would most likely fail the same way.
        send.retryTimer = setTimeout(() => this.#try(row, failures), retryDelayMs(failures));
        return;
      }
      case 'cancelled':
        // A row's own Cancel is settled already; a transport that gives up by itself drops the file alike.
        this.remove(row.key);
        return;
    }
    this.#startWaiting();
  }

  #update(key: string, change: Partial<UploadRow>): void {
    this.#setRows(this.#rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  #setRows(rows: readonly UploadRow[]): void {
    this.#rows = rows;
    for (const listener of this.#listeners) listener();
  }
}
