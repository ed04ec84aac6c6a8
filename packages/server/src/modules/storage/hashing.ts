/**
 * The sha256 sums of resumable uploads, off the thread that takes the chunks: each chunk's, once it
 * is in the upload's file (resumable-files.ts, chunks at their places in any order), and the whole
 * file's, computed while the chunks arrive: as soon as the chunks from the start are verified and
 * recorded, a worker thread (hashing-worker.mjs) reads them and adds them to the sum. When the last
 * chunk arrives the sum is all but done, so finalizing a gigabyte reads nothing again. What this
 * process knows of an upload is a speed-up only: after a restart (or in another process) the sum is
 * taken up again from the file and the chunks recorded as held.
 */
import { Worker } from 'node:worker_threads';
import { chunkCount } from '@manway/core/api/media';
import type { ResumableFiles } from './resumable-files';

export interface UploadShape {
  id: string;
  sizeBytes: number;
  chunkSize: number;
}

/** The chunks recorded as held: what the sum may cover. */
export type HeldChunks = (uploadId: string) => Promise<number[]>;

/** One upload's sum in this process. */
interface Hashing {
  upload: UploadShape;
  /** Whether the worker holds the sum (of the chunks before `next`). */
  opened: boolean;
  /** The number of the first chunk not yet in the sum. */
  next: number;
  /** Chunks verified and recorded, known to this process. */
  held: Set<number>;
  /** The upload's operations, one after another. */
  queue: Promise<unknown>;
}

class HashingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class UploadHasher {
  private worker: Worker | undefined;
  private lastMessage = 0;
  private readonly answers = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  private readonly uploads = new Map<string, Hashing>();

  constructor(
    private readonly files: ResumableFiles,
    private readonly heldChunks: HeldChunks,
  ) {}

  /** Whether the chunk's bytes, all in the upload's file, have its sha256. */
  async verify(uploadId: string, place: { start: number; length: number; sha256: string }): Promise<boolean> {
    return (await this.call('verify', { path: this.files.file(uploadId), ...place })) as boolean;
  }

  /** Chunk n of the upload was verified and recorded: added to the sum when the chunks before it are. */
  chunkHeld(upload: UploadShape, n: number): void {
    const hashing = this.hashingOf(upload);
    hashing.held.add(n);
    void this.enqueue(hashing, () => this.advance(hashing)).catch(() => {
      // Taken up again from the file when the upload is finalized.
    });
  }

  /**
   * The whole file's sha256 once every chunk is held (`held`, as recorded), and where the file is;
   * the sha256 is undefined when the file lost bytes it should have (a power cut).
   */
  complete(upload: UploadShape, held: number[]): Promise<{ sha256: string | undefined; path: string }> {
    const hashing = this.hashingOf(upload);
    const path = this.files.file(upload.id);
    return this.enqueue(hashing, async () => {
      for (const n of held) hashing.held.add(n);
      try {
        await this.advance(hashing);
        return { sha256: (await this.call('digest', { uploadId: upload.id })) as string, path };
      } catch (error) {
        if (!(error instanceof HashingError && error.code === 'short')) throw error;
        return { sha256: undefined, path };
      } finally {
        this.uploads.delete(upload.id);
      }
    });
  }

  /** Drops what this process holds of the upload (cancelled, refused, purged). */
  async forget(uploadId: string): Promise<void> {
    const hashing = this.uploads.get(uploadId);
    this.uploads.delete(uploadId);
    if (hashing) await hashing.queue.catch(() => {});
    if (this.worker) await this.call('forget', { uploadId });
  }

  async close(): Promise<void> {
    this.uploads.clear();
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private hashingOf(upload: UploadShape): Hashing {
    let hashing = this.uploads.get(upload.id);
    if (!hashing) {
      hashing = { upload, opened: false, next: 1, held: new Set(), queue: Promise.resolve() };
      this.uploads.set(upload.id, hashing);
    }
    return hashing;
  }

  private enqueue<T>(hashing: Hashing, step: () => Promise<T>): Promise<T> {
    const run = hashing.queue.then(step, step);
    hashing.queue = run.catch(() => {});
    return run;
  }

  /** Adds the held chunks from `next` on, in order, to the sum. */
  private async advance(hashing: Hashing): Promise<void> {
    const { upload } = hashing;
    if (!hashing.opened) {
      // Taken up from the chunks recorded: this process may not have seen them arrive.
      for (const n of await this.heldChunks(upload.id)) hashing.held.add(n);
    }
    let next = hashing.next;
    while (hashing.held.has(next)) next += 1;
    const total = chunkCount(upload.sizeBytes, upload.chunkSize);
    const length = Math.min(upload.sizeBytes, (Math.min(next, total + 1) - 1) * upload.chunkSize);
    try {
      if (hashing.opened) await this.call('advance', { uploadId: upload.id, length });
      else await this.call('open', { uploadId: upload.id, path: this.files.file(upload.id), length });
    } catch (error) {
      hashing.opened = false;
      hashing.next = 1;
      throw error;
    }
    hashing.opened = true;
    hashing.next = next;
  }

  private call(op: string, message: Record<string, unknown>): Promise<unknown> {
    const worker = this.worker ?? this.startWorker();
    const id = ++this.lastMessage;
    return new Promise((resolve, reject) => {
      this.answers.set(id, { resolve, reject });
      worker.postMessage({ ...message, id, op });
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./hashing-worker.mjs', import.meta.url));
    // An idle hasher does not keep the process alive.
    worker.unref();
    worker.on('message', (m: { id: number; result?: unknown; error?: string; code?: string }) => {
      const answer = this.answers.get(m.id);
      this.answers.delete(m.id);
      if (m.error === undefined) answer?.resolve(m.result);
      else answer?.reject(new HashingError(m.code ?? 'io', m.error));
    });
    const gone = (error: Error) => {
      // Whatever it held is taken up again from the files.
      if (this.worker === worker) this.worker = undefined;
      for (const hashing of this.uploads.values()) {
        hashing.opened = false;
        hashing.next = 1;
      }
      for (const answer of this.answers.values()) answer.reject(error);
      this.answers.clear();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new HashingError('io', 'the hashing thread stopped')));
    this.worker = worker;
    return worker;
  }
}
