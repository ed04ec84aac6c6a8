/**
 * Where complete media files live: the object store behind the media store. Files are written to a
 * local staging area first (partials of transfers, temporary files of uploads, see files.ts), checked
 * there, and only a complete, verified file is put here, so no reader ever sees a truncated one.
 * Keys are content addresses or global ids: an object under a key always has the same bytes, which
 * is why putting a key that exists is harmless.
 *
 * Two drivers: the disk under DATA_DIR/media (the default, one server process) and S3-compatible
 * object storage (s3.ts, for several processes or terabytes of video).
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** A byte range, both ends included (as HTTP's Range header counts). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStore {
  readonly driver: 'disk' | 's3';
  /**
   * Puts the complete local file under `key` and removes the local file. When an object is there
   * already it has the same bytes and the local file is just dropped.
   */
  putFile(localPath: string, key: string, contentType: string): Promise<void>;
  /** The stored object's size, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** The object's bytes, or the range of them; rejects with `ObjectMissingError` when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; removing one that is not there is no error. */
  remove(key: string): Promise<void>;
  /**
   * A path on this machine holding the object's bytes, for tools that read files (ffmpeg): the file
   * itself on disk, else undefined (the caller copies the object to a temporary file).
   */
  localPath(key: string): string | undefined;
  /** Fails when the storage cannot be reached or written (start-up, the health call). */
  check(): Promise<void>;
}

export class ObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = 'ObjectMissingError';
  }
}

/** Keys are relative paths of safe segments; anything else would let a key name a file outside the store. */
export function assertKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  }
}

/** The disk driver: objects are files under the media root, named by their keys. */
export class DiskObjectStore implements ObjectStore {
  readonly driver = 'disk';

  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    const path = join(this.root, key);
    if (relative(this.root, path).startsWith(`..${sep}`)) throw new Error(`invalid storage key ${key}`);
    return path;
  }

  async putFile(localPath: string, key: string): Promise<void> {
    const target = this.file(key);
    if ((await this.size(key)) !== undefined) {
      await rm(localPath, { force: true });
      return;
    }
    await mkdir(dirname(target), { recursive: true });
    try {
      // The staging area is under the same root, so this is a rename within one file system: the
      // object appears whole or not at all.
      await rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Staging on another file system: copy beside the target, then rename into place.
      const beside = `${target}.${process.pid}.tmp`;
      await copyFile(localPath, beside);
      await rename(beside, target);
      await rm(localPath, { force: true });
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.file(key))).size;
    } catch {
      return undefined;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.file(key);
    const stream = createReadStream(path, { start: range?.start, end: range?.end, highWaterMark: 1024 * 1024 });
    // Opening fails asynchronously; wait for it so a missing file is a rejection here, not a stream error later.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) => {
        reject(error.code === 'ENOENT' ? new ObjectMissingError(key) : error);
      });
    });
    return stream;
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  localPath(key: string): string {
    return this.file(key);
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}
