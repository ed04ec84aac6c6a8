/**
 * The media store, for both ends of a transfer (the Office's export and import, the Field's agent).
 * A file in transit grows as a partial file (its size is how much has arrived, which is what a
 * resumed transfer asks for), is checked against its declared size, sha256 and type signature, and
 * only then moves to its storage key. Storage keys and paths stay on this server: callers see global
 * ids and sizes.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_TYPES, type MediaKind } from '@manway/core/api/sync-data';
import { ChunkTooLargeError, MediaFiles } from './files';

export { ChunkTooLargeError };

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
  private readonly files: MediaFiles;

  constructor(dataDir: string) {
    this.files = new MediaFiles(join(dataDir, 'media'));
  }

  /** Where a synced media file is kept, relative to the media root (the `storage_key` column). */
  static keyOf(globalId: string): string {
    return `sync/${globalId.slice(0, 2)}/${globalId}`;
  }

  path(storageKey: string): string {
    return this.files.path(storageKey);
  }

  /** Bytes of the file received so far. */
  received(globalId: string): Promise<number> {
    return this.files.partialSize(globalId);
  }

  async exists(storageKey: string, size: number): Promise<boolean> {
    return (await this.files.storedSize(storageKey)) === size;
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
    const size = await this.received(globalId);
    if (size !== offset) {
      body.resume();
      return { size };
    }
    const { written, sha256 } = await this.files.append(globalId, body, limit, offset === 0, onBytes);
    return { size: offset + written, sha256 };
  }

  /**
   * Checks the complete partial file against its declaration; `sha256` is the whole file's hash
   * when `append` computed it on the way in, otherwise the file is read again.
   */
  async verify(d: Declared, sha256?: string): Promise<Verdict> {
    const size = await this.received(d.globalId);
    if (size !== d.sizeBytes) return 'size';
    if (!signatureMatches(d.kind, d.contentType, await this.files.partialHead(d.globalId, 16))) return 'type';
    const actual = sha256 ?? (await this.files.partialSha256(d.globalId));
    return actual === d.sha256 ? undefined : 'checksum';
  }

  /** Moves a verified file to its storage key; answers the key. */
  async commit(globalId: string): Promise<string> {
    const key = MediaStore.keyOf(globalId);
    await this.files.keep(globalId, key);
    return key;
  }

  discard(globalId: string): Promise<void> {
    return this.files.dropPartial(globalId);
  }

  /** The files in transit, by global id, with when each last grew. */
  partials(): Promise<{ globalId: string; modifiedMs: number }[]> {
    return this.files.partials();
  }

  read(storageKey: string, start = 0): Readable {
    return this.files.read(storageKey, start);
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
