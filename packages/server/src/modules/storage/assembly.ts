/**
 * Puts a resumable upload's chunks together while they arrive. Chunks come in any order, each
 * verified into a file of its own (files.ts); as soon as the next chunk in order is there, a worker
 * thread (assembly-worker.mjs) appends it to the upload's assembled file, hashing it on the way, and
 * removes its file. When the last chunk arrives the whole file is one piece with its sha256 known, so
 * finalizing a gigabyte costs no second read, and the hashing runs beside the thread that takes the
 * chunks. What this process knows of an upload is a speed-up only: after a restart (or in another
 * process) it is found again from the files and the chunks recorded as written.
 */
import { access } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { chunkCount } from '@manway/core/api/media';
import type { MediaFiles } from './files';

export interface UploadShape {
  id: string;
  sizeBytes: number;
  chunkSize: number;
}

export interface WrittenChunk {
  number: number;
  sha256: string;
}

/** What the assembler asks of the chunks' records. */
export interface ChunkRecords {
  written(uploadId: string): Promise<WrittenChunk[]>;
  /** Chunks recorded as written whose bytes are gone (a power cut before they reached the disk): sent again. */
  lost(uploadId: string, numbers: number[]): Promise<void>;
}

export type Assembled = { sha256: string; path: string } | { lost: number[] };

/** One upload's assembly in this process. */
interface Assembly {
  upload: UploadShape;
  /** Whether the worker holds the assembled file's state (the chunks before `next` hashed). */
  opened: boolean;
  /** The number of the next chunk to append. */
  next: number;
  /** Chunks verified and waiting for their turn, with their sha256 (which names their files). */
  waiting: Map<number, string>;
  /** The upload's operations, one after another. */
  queue: Promise<unknown>;
}

class AssemblyError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const chunkBytes = (u: UploadShape, n: number) => Math.min(u.chunkSize, u.sizeBytes - (n - 1) * u.chunkSize);

export class ChunkAssembler {
  private worker: Worker | undefined;
  private lastMessage = 0;
  private readonly answers = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  private readonly assemblies = new Map<string, Assembly>();

  constructor(
    private readonly files: MediaFiles,
    private readonly records: ChunkRecords,
  ) {}

  /** A chunk of the upload was verified and recorded: appended when its turn comes. */
  chunkWritten(upload: UploadShape, number: number, sha256: string): void {
    const assembly = this.assemblyOf(upload);
    assembly.waiting.set(number, sha256);
    void this.enqueue(assembly, () => this.advance(assembly)).catch(() => {
      // Found again from the files when the upload is finalized.
    });
  }

  /**
   * The whole file once every chunk is appended: its sha256 and where it is. Chunks whose bytes
   * turned out lost are answered instead (and their records removed).
   */
  complete(upload: UploadShape, written: WrittenChunk[]): Promise<Assembled> {
    const assembly = this.assemblyOf(upload);
    return this.enqueue(assembly, async () => {
      for (const chunk of written) if (chunk.number >= assembly.next) assembly.waiting.set(chunk.number, chunk.sha256);
      const lost = await this.advance(assembly);
      if (assembly.next <= chunkCount(upload.sizeBytes, upload.chunkSize)) {
        return { lost: lost.length > 0 ? lost : [assembly.next] };
      }
      const { sha256 } = (await this.call('digest', { uploadId: upload.id })) as { sha256: string };
      this.assemblies.delete(upload.id);
      return { sha256, path: this.files.assembled(upload.id) };
    });
  }

  /** Drops what this process holds of the upload (cancelled, finalized elsewhere, purged). */
  async forget(uploadId: string): Promise<void> {
    const assembly = this.assemblies.get(uploadId);
    this.assemblies.delete(uploadId);
    if (assembly) await assembly.queue.catch(() => {});
    if (this.worker) await this.call('forget', { uploadId });
  }

  async close(): Promise<void> {
    this.assemblies.clear();
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private assemblyOf(upload: UploadShape): Assembly {
    let assembly = this.assemblies.get(upload.id);
    if (!assembly) {
      assembly = { upload, opened: false, next: 1, waiting: new Map(), queue: Promise.resolve() };
      this.assemblies.set(upload.id, assembly);
    }
    return assembly;
  }

  private enqueue<T>(assembly: Assembly, step: () => Promise<T>): Promise<T> {
    const run = assembly.queue.then(step, step);
    assembly.queue = run.catch(() => {});
    return run;
  }

  /** Appends the waiting chunks that are next in order; answers the chunks found lost. */
  private async advance(assembly: Assembly): Promise<number[]> {
    const { upload } = assembly;
    const lost = assembly.opened ? [] : await this.open(assembly);
    for (let sha256 = assembly.waiting.get(assembly.next); sha256; sha256 = assembly.waiting.get(assembly.next)) {
      try {
        await this.call('append', {
          uploadId: upload.id,
          source: this.files.chunkFile(upload.id, assembly.next, sha256),
          size: chunkBytes(upload, assembly.next),
        });
      } catch (error) {
        assembly.waiting.delete(assembly.next);
        if (!(error instanceof AssemblyError && error.code === 'lost')) {
          assembly.opened = false;
          throw error;
        }
        lost.push(assembly.next);
        await this.records.lost(upload.id, [assembly.next]);
        break;
      }
      assembly.waiting.delete(assembly.next);
      assembly.next += 1;
    }
    return lost;
  }

  /**
   * Takes up the assembled file as the files and records left it: the chunks recorded as written
   * whose files are gone, from the first on, are in it (a chunk file is removed only once appended);
   * anything past them is cut off. A file shorter than that lost its end to a power cut: those
   * chunks are sent again.
   */
  private async open(assembly: Assembly): Promise<number[]> {
    const { upload } = assembly;
    const written = new Map((await this.records.written(upload.id)).map((c) => [c.number, c.sha256]));
    let next = 1;
    for (let sha = written.get(next); sha && !(await exists(this.files.chunkFile(upload.id, next, sha)));) {
      next += 1;
      sha = written.get(next);
    }
    const path = this.files.assembled(upload.id);
    let lost: number[] = [];
    await this.files.ensureResumableDir(upload.id);
    try {
      await this.call('open', {
        uploadId: upload.id,
        path,
        length: Math.min(upload.sizeBytes, (next - 1) * upload.chunkSize),
      });
    } catch (error) {
      if (!(error instanceof AssemblyError && error.code === 'short')) throw error;
      lost = Array.from({ length: next - 1 }, (_, i) => i + 1);
      await this.records.lost(upload.id, lost);
      next = 1;
      await this.call('open', { uploadId: upload.id, path, length: 0 });
    }
    assembly.opened = true;
    assembly.next = next;
    for (const [number, sha256] of written)
      if (number >= next && !lost.includes(number)) assembly.waiting.set(number, sha256);
    return lost;
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
    const worker = new Worker(new URL('./assembly-worker.mjs', import.meta.url));
    // An idle assembler does not keep the process alive.
    worker.unref();
    worker.on('message', (m: { id: number; result?: unknown; error?: string; code?: string }) => {
      const answer = this.answers.get(m.id);
      this.answers.delete(m.id);
      if (m.error === undefined) answer?.resolve(m.result);
      else answer?.reject(new AssemblyError(m.code ?? 'io', m.error));
    });
    const gone = (error: Error) => {
      // Whatever it held is found again from the files.
      if (this.worker === worker) this.worker = undefined;
      for (const assembly of this.assemblies.values()) assembly.opened = false;
      for (const answer of this.answers.values()) answer.reject(error);
      this.answers.clear();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new AssemblyError('io', 'the assembler stopped')));
    this.worker = worker;
    return worker;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
