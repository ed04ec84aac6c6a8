/**
 * How one file reaches an object's gallery. The queue (uploadQueue.ts) decides what to send when,
 * what to retry and what to tell the user; a transport only sends. A small file goes in one
 * multipart request (xhrTransport.ts); a larger one in chunks (resumableTransport.ts), which resumes
 * where the previous try stopped when the queue sends the file again.
 */
import type { MediaItem } from '@manway/core/api/media';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import type { MediaObject } from '../api/media';

export interface UploadRequest {
  file: File;
  target: MediaObject;
}

export interface UploadProgress {
  /** Bytes on their way so far, out of `total`. */
  loaded: number;
  total: number;
}

export interface UploadCallbacks {
  onProgress(progress: UploadProgress): void;
  /**
   * Aborting it ends the send as cancelled. What the server holds of the file stays, for a later
   * send to resume from: the user may only be leaving the page. `discard` gives it up.
   */
  signal: AbortSignal;
}

export type UploadOutcome =
  /** The server keeps the file; `added` is what the gallery lists for it. */
  | { kind: 'uploaded'; added: readonly MediaItem[] }
  /** The server will not take the file (4xx): sending it again would be refused again. */
  | { kind: 'refused'; failure: RequestFailureDetails }
  /** The network or the server failed (no answer, 5xx): another try may get through. */
  | { kind: 'failed'; failure: RequestFailureDetails }
  | { kind: 'cancelled' };

export interface UploadTransport {
  /** Resolves with how the send ended; it never rejects. */
  send(request: UploadRequest, callbacks: UploadCallbacks): Promise<UploadOutcome>;
  /** The user cancelled the file: what the server holds of it, waiting for a later send, goes. */
  discard?(request: UploadRequest): void;
}

/**
 * Whether a failure is the network's or the server's rather than the file's. No answer at all
 * (status 0), a server error, and the two 4xx that say "later" (timeout, too many requests).
 */
export function isWorthRetrying(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
