/**
 * The bytes of resumable uploads in the staging area: a folder each, `incoming/resumable-<upload id>`,
 * holding `file`, the upload's file with each chunk written at its place as it arrives, and for each
 * chunk being received or broken off a marker `<n>-<sha256>.part` saying how many of its bytes are in
 * `file` (a count, rewritten as they arrive). A chunk whose send broke off, or whose server was
 * killed, is finished from there by the next send. Writing the chunks at their places, rather than
 * into files of their own, writes each byte once: the file is whole when the last chunk arrives.
 * What the bytes must be (each chunk's sha256, the whole file's) is checked by the callers.
 */
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How a chunk's receiving ended (the body broke off: an error instead, what arrived counted). */
export type ChunkReceipt =
  /** All of it is in the file, to be checked against its sha256 (hashing.ts `verify`). */
  | { kind: 'received' }
  /** Short or long: `received` bytes of the chunk arrived (one more than its length when too many). */
  | { kind: 'length'; received: number }
  /** The send began past the bytes held of the chunk. */
  | { kind: 'offset'; held: number };

/** Where a chunk goes: its number and sha256, its place in the file and its length. */
export interface ChunkPlace {
  n: number;
  sha256: string;
  start: number;
  length: number;
}

/**
 * A chunk's marker is rewritten once this share of the chunk more is in the file (at most a MiB): what
 * a killed server loses of a chunk on its way, besides what was still in the sockets.
 */
const MARK_EVERY_SHARE = 1 / 8;
const MARK_EVERY_MAX_BYTES = 1024 * 1024;
/** Bytes the receiving of a chunk gathers before writing them to the file at once. */
const WRITE_BATCH_BYTES = 1024 * 1024;

export class ResumableFiles {
  constructor(private readonly incoming: string) {}

  private dir(uploadId: string): string {
    return join(this.incoming, `resumable-${uploadId}`);
  }

  /** The upload's file, each chunk at its place. */
  file(uploadId: string): string {
    return join(this.dir(uploadId), 'file');
  }

  private marker(uploadId: string, n: number, sha256: string): string {
    return join(this.dir(uploadId), `${n}-${sha256}.part`);
  }

  /** The chunks being received or broken off: how many bytes of each are in the file. */
  async partialChunks(uploadId: string): Promise<{ number: number; sha256: string; bytes: number }[]> {
    const out: { number: number; sha256: string; bytes: number }[] = [];
    for (const { n, sha256, name } of await this.markers(uploadId)) {
      const bytes = await readMark(join(this.dir(uploadId), name));
      if (bytes > 0) out.push({ number: n, sha256, bytes });
    }
    return out.sort((a, b) => a.number - b.number);
  }

  private async markers(uploadId: string): Promise<{ n: number; sha256: string; name: string }[]> {
    let names: string[];
    try {
      names = await readdir(this.dir(uploadId));
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const m = /^(\d+)-([0-9a-f]{64})\.part$/.exec(name);
      return m ? [{ n: Number(m[1]), sha256: m[2]!, name }] : [];
    });
  }

  /**
   * Receives chunk `place.n` into the file from `offset` on (the bytes before it are those held of a
   * send that broke off). Once all of it arrived its marker goes: it is the caller's to check it
   * against its sha256 (off this thread) and record it. A short or long one answers so and its marker
   * goes (its bytes count for nothing); a body that breaks off leaves the marker at what arrived. One
   * writer per chunk at a time (the caller's): a marker of the same chunk with other bytes is
   * dropped, since this send writes over them.
   */
  async receiveChunk(uploadId: string, place: ChunkPlace, offset: number, body: Readable): Promise<ChunkReceipt> {
    await mkdir(this.dir(uploadId), { recursive: true });
    const marker = this.marker(uploadId, place.n, place.sha256);
    for (const other of await this.markers(uploadId)) {
      if (other.n === place.n && other.sha256 !== place.sha256) await rm(join(this.dir(uploadId), other.name));
    }
    const held = await readMark(marker);
    if (offset > held) {
      body.resume();
      return { kind: 'offset', held };
    }
    const file = await open(this.file(uploadId), constants.O_RDWR | constants.O_CREAT);
    let receiving: ChunkWriter | undefined;
    try {
      if (offset > 0 && (await file.stat()).size < place.start + offset) {
        // The marker counts bytes the file lost (a power cut): none are held.
        await rm(marker, { force: true });
        body.resume();
        return { kind: 'offset', held: 0 };
      }
      // From here on the bytes after `offset` are being replaced.
      await writeMark(marker, offset);
      receiving = new ChunkWriter(file, marker, place, offset);
      try {
        await pipeline(body, receiving);
      } catch (error) {
        if (!receiving.tooLong) {
          // Broken off: what reached the file stays marked, for the next send to finish.
          await receiving.settled();
          await writeMark(marker, receiving.position - place.start);
          throw error;
        }
        // Read to its end and dropped, so the sender gets the answer.
        body.resume();
      }
      const received = receiving.position - place.start;
      await rm(marker, { force: true });
      if (receiving.tooLong || received !== place.length) {
        return { kind: 'length', received: receiving.tooLong ? place.length + 1 : received };
      }
      return { kind: 'received' };
    } finally {
      await file.close();
    }
  }

  async drop(uploadId: string): Promise<void> {
    await rm(this.dir(uploadId), { recursive: true, force: true });
  }
}

/**
 * Writes a chunk's bytes at their place in the file as they come, in batches, and rewrites the
 * chunk's marker as they reach the file. Past the chunk's length it fails (`tooLong`).
 */
class ChunkWriter extends Writable {
  /** Where the next byte goes in the file. */
  position: number;
  tooLong = false;
  private marked: number;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: FileHandle,
    private readonly marker: string,
    private readonly place: ChunkPlace,
    offset: number,
  ) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
    this.position = place.start + offset;
    this.marked = this.position;
  }

  /** Resolves once no write is on its way (a broken-off body may leave one). */
  settled(): Promise<void> {
    return this.writing.catch(() => {});
  }

  override _writev(parts: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    const buffers = parts.map((p) => p.chunk);
    const bytes = buffers.reduce((sum, b) => sum + b.length, 0);
    if (this.position + bytes > this.place.start + this.place.length) {
      this.tooLong = true;
      done(new Error(`more than ${this.place.length} bytes`));
      return;
    }
    this.writing = this.writeAt(buffers, bytes);
    this.writing.then(() => done(), done);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this._writev([{ chunk }], done);
  }

  /** Writes the buffers at the next place, then rewrites the marker when enough more arrived. */
  private async writeAt(buffers: Buffer[], bytes: number): Promise<void> {
    for (let written = 0; written < bytes;) {
      const { bytesWritten } = await this.file.writev(
        written === 0 ? buffers : [Buffer.concat(buffers).subarray(written)],
        this.position + written,
      );
      written += bytesWritten;
    }
    this.position += bytes;
    if (this.position - this.marked >= Math.min(MARK_EVERY_MAX_BYTES, this.place.length * MARK_EVERY_SHARE)) {
      await writeMark(this.marker, this.position - this.place.start);
      this.marked = this.position;
    }
  }
}

async function readMark(marker: string): Promise<number> {
  try {
    return Number((await readFile(marker, 'utf8')).trim()) || 0;
  } catch {
    return 0;
  }
}

/** A marker is a count of bytes; one lost or left empty by a crash counts as none held. */
async function writeMark(marker: string, bytes: number): Promise<void> {
  await writeFile(marker, String(bytes).padStart(12, '0'));
}
