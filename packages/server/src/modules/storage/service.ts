/**
 * Media files on disk under DATA_DIR/media, for both ends of a transfer. A file in transit grows as
 * `incoming/<global id>.part` (its size is how much has arrived, which is what a resumed transfer
 * asks for), is checked against its declared size, sha256 and type signature, and only then moves to
 * its storage key. Storage keys and paths stay on this server: callers see global ids and sizes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_TYPES, type MediaKind } from '@manway/core/api/sync-data';

export class ChunkTooLargeError extends Error {}

export interface Declared {
  globalId: string;
  kind: MediaKind;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** Why a complete file is refused, or undefined when it is what was declared. */
export type Verdict = undefined | 'size' | 'checksum' | 'type';

export class MediaStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'media');
  }

  /** Where a synced media file is kept, relative to the media root (the `storage_key` column). */
  static keyOf(globalId: string): string {
    return `sync/${globalId.slice(0, 2)}/${globalId}`;
  }

  private partial(globalId: string): string {
    return join(this.root, 'incoming', `${globalId}.part`);
  }

  path(storageKey: string): string {
    return join(this.root, storageKey);
  }

  /** Bytes of the file received so far. */
  async received(globalId: string): Promise<number> {
    try {
      return (await stat(this.partial(globalId))).size;
    } catch {
      return 0;
    }
  }

  async exists(storageKey: string, size: number): Promise<boolean> {
    try {
      return (await stat(this.path(storageKey))).size === size;
    } catch {
      return false;
    }
  }

  /**
   * Appends what `body` carries to the partial file at `offset` (which must be what has arrived),
   * at most `limit` bytes; a body that goes past the limit fails with what fitted kept.
   * Answers the size after writing and, when the body began the file, the sha256 of what it
   * carried, so a file sent in one go is not read back to be verified.
   */
  async append(
    globalId: string,
    offset: number,
    body: Readable,
    limit: number,
    onBytes: (n: number) => void = () => {},
  ): Promise<{ size: number; sha256?: string }> {
    const file = this.partial(globalId);
    await mkdir(dirname(file), { recursive: true });
    const size = await this.received(globalId);
    if (size !== offset) {
      body.resume();
      return { size };
    }
    let written = 0;
    let tooLarge = false;
    const hash = offset === 0 ? createHash('sha256') : undefined;
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
    return { size: offset + written, sha256: hash?.digest('hex') };
  }

  /**
   * Checks the complete partial file against its declaration; `sha256` is the whole file's hash
   * when `append` computed it on the way in, otherwise the file is read again.
   */
  async verify(d: Declared, sha256?: string): Promise<Verdict> {
    const file = this.partial(d.globalId);
    const size = await this.received(d.globalId);
    if (size !== d.sizeBytes) return 'size';
    if (!signatureMatches(d.kind, d.contentType, await head(file, 16))) return 'type';
    if (sha256 !== undefined) return sha256 === d.sha256 ? undefined : 'checksum';
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    return hash.digest('hex') === d.sha256 ? undefined : 'checksum';
  }

  /** Moves a verified file to its storage key; answers the key. */
  async commit(globalId: string): Promise<string> {
    const key = MediaStore.keyOf(globalId);
    await mkdir(dirname(this.path(key)), { recursive: true });
    await rename(this.partial(globalId), this.path(key));
    return key;
  }

  async discard(globalId: string): Promise<void> {
    await rm(this.partial(globalId), { force: true });
  }

  /** The files in transit, by global id, with when each last grew. */
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

  read(storageKey: string, start = 0): Readable {
    return createReadStream(this.path(storageKey), { start, highWaterMark: 1024 * 1024 });
  }
}

/** Whether the content type belongs to the kind (the upload's type check before any byte is kept). */
export function typeAllowed(kind: MediaKind, contentType: string): boolean {
  return Object.hasOwn(MEDIA_TYPES[kind], contentType);
}

function signatureMatches(kind: MediaKind, contentType: string, first: Buffer): boolean {
  const signatures = MEDIA_TYPES[kind][contentType];
  if (!signatures) return false;
  if (signatures.length === 0) return true;
  return signatures.some((sig) => sig.every((byte, i) => byte === null || first[i] === byte));
}

async function head(file: string, n: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
