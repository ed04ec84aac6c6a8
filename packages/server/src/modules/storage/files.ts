/**
 * The media store's staging area on this machine, `DATA_DIR/media/incoming`: the partial files of
 * transfers (`<global id>.part`) and the temporary files of uploads, until they are complete and
 * verified and go to the object store (objects.ts). Only bytes and paths here; what a file must be
 * is the service's.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class ChunkTooLargeError extends Error {}

export class MediaFiles {
  constructor(readonly root: string) {}

  /** The partial file of a transfer; the object store takes it from here once it is complete. */
  partial(globalId: string): string {
    return join(this.root, 'incoming', `${globalId}.part`);
  }

  /** Bytes of the partial file so far (0 when there is none). */
  async partialSize(globalId: string): Promise<number> {
    try {
      return (await stat(this.partial(globalId))).size;
    } catch {
      return 0;
    }
  }

  /**
   * Appends at most `limit` bytes of `body` to the partial file; past the limit it fails with
   * `ChunkTooLargeError`, what fitted kept. Answers how many bytes it wrote and, when `hashing`, their sha256.
   */
  async append(
    globalId: string,
    body: Readable,
    limit: number,
    hashing: boolean,
    onBytes: (n: number) => void,
  ): Promise<{ written: number; sha256?: string }> {
    const file = this.partial(globalId);
    await mkdir(dirname(file), { recursive: true });
    let written = 0;
    let tooLarge = false;
    const hash = hashing ? createHash('sha256') : undefined;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        if (written > limit) {
          tooLarge = true;
          return done(new ChunkTooLargeError(`more than ${limit} bytes`));
        }
        hash?.update(chunk);
        onBytes(written);
        done(null, chunk);
      },
    });
    // What arrived before a broken-off body is a valid prefix of the file and stays: the next
    // attempt asks for the size and continues from there.
    try {
      await pipeline(body, counter, createWriteStream(file, { flags: 'a' }));
    } catch (error) {
      // The pipeline may report the request's premature close rather than the limit that caused it.
      if (tooLarge) throw new ChunkTooLargeError(`more than ${limit} bytes`);
      throw error;
    }
    return { written, sha256: hash?.digest('hex') };
  }

  /** The first `n` bytes of the partial file (its type signature). */
  async partialHead(globalId: string, n: number): Promise<Buffer> {
    return this.head(this.partial(globalId), n);
  }

  async head(path: string, n: number): Promise<Buffer> {
    const handle = await open(path, 'r');
    try {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buf, 0, n, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async partialSha256(globalId: string): Promise<string> {
    return this.sha256Of(this.partial(globalId));
  }

  async sha256Of(path: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), hash);
    return hash.digest('hex');
  }

  async sizeOf(path: string): Promise<number | undefined> {
    try {
      return (await stat(path)).size;
    } catch {
      return undefined;
    }
  }

  async dropPartial(globalId: string): Promise<void> {
    await rm(this.partial(globalId), { force: true });
  }

  /** The partial files, by global id, with when each last grew. */
  async partials(): Promise<{ globalId: string; modifiedMs: number }[]> {
    const dir = join(this.root, 'incoming');
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const out: { globalId: string; modifiedMs: number }[] = [];
    for (const name of names) {
      const m = /^([0-9a-f-]{36})\.part$/.exec(name);
      if (!m) continue;
      try {
        out.push({ globalId: m[1]!, modifiedMs: (await stat(join(dir, name))).mtimeMs });
      } catch {
        // Gone meanwhile (completed or discarded).
      }
    }
    return out;
  }

  /**
   * Streams a whole upload to a temporary file of its own while hashing and counting it, and keeps its
   * first `headBytes` (the type signature). Past `limit` bytes it fails with `ChunkTooLargeError`;
   * on any failure the temporary file is gone. Temporary names never look like a transfer's partial.
   */
  async receive(
    body: Readable,
    limit: number,
    headBytes: number,
  ): Promise<{ temp: string; sha256: string; size: number; head: Buffer }> {
    const temp = join(this.root, 'incoming', `upload-${randomUUID()}.tmp`);
    await mkdir(dirname(temp), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limit) return done(new ChunkTooLargeError(`more than ${limit} bytes`));
        if (head.length < headBytes) head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await rm(temp, { force: true });
      throw size > limit ? new ChunkTooLargeError(`more than ${limit} bytes`) : error;
    }
    return { temp, sha256: hash.digest('hex'), size, head };
  }

  /** A fresh temporary file name in the staging area (for a copy of an object a tool must read). */
  tempPath(suffix: string): string {
    return join(this.root, 'incoming', `copy-${randomUUID()}${suffix}`);
  }

  async dropTemp(temp: string): Promise<void> {
    await rm(temp, { force: true });
  }
}
