/**
 * The media store, for both ends of a transfer (the Office's export and import, the Field's agent).
 * A file in transit grows as a partial file (its size is how much has arrived, which is what a
 * resumed transfer asks for), is checked against its declared size, sha256 and type signature, and
 * only then moves to its storage key. Storage keys and paths stay on this server: callers see global
 * ids and sizes.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { MEDIA_KINDS, MEDIA_TYPES, type MediaKind } from '@manway/core/api/sync-data';
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

  /** Where an uploaded file is kept: its content address, so the same bytes are stored once. */
  static contentKeyOf(sha256: string): string {
    return `sha256/${sha256.slice(0, 2)}/${sha256}`;
  }

  /** A set of files a form submission attaches, received to temporary files until the records are written. */
  uploads(limitBytes: number): UploadBatch {
    return new UploadBatch(this.files, limitBytes);
  }

  /** Removes a stored file; the caller has made sure no media row refers to it any more. */
  remove(storageKey: string): Promise<void> {
    return this.files.remove(storageKey);
  }
}

/** An uploaded file, received and checked, with the storage key it will have. */
export interface ReceivedFile {
  fileName: string;
  kind: MediaKind;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
}

/** Why an uploaded file is refused: over the size limit, or content of no allowed type. */
export type UploadRefusal = 'too-large' | 'type';

/**
 * The files of one request. Each is streamed to a temporary file while hashed and counted, its type
 * taken from its first bytes; only once the records naming them are committed does `keep` move them
 * to their content addresses. `discard` drops whatever was not kept, so a request that fails at any
 * point (a refused file, a malformed part, a form error, a failed transaction) leaves no file behind.
 */
export class UploadBatch {
  readonly files: ReceivedFile[] = [];
  /** Received files not yet moved to their storage keys. */
  private readonly pending: { temp: string; storageKey: string }[] = [];

  constructor(
    private readonly disk: MediaFiles,
    private readonly limitBytes: number,
  ) {}

  async receive(body: Readable, fileName: string, declaredType: string): Promise<ReceivedFile | UploadRefusal> {
    let received;
    try {
      received = await this.disk.receive(body, this.limitBytes, SIGNATURE_BYTES);
    } catch (error) {
      if (error instanceof ChunkTooLargeError) return 'too-large';
      throw error;
    }
    const type = sniffType(received.head, declaredType);
    if (!type) {
      await this.disk.dropTemp(received.temp);
      return 'type';
    }
    const file: ReceivedFile = {
      fileName,
      ...type,
      sizeBytes: received.size,
      sha256: received.sha256,
      storageKey: MediaStore.contentKeyOf(received.sha256),
    };
    this.files.push(file);
    this.pending.push({ temp: received.temp, storageKey: file.storageKey });
    return file;
  }

  /** Moves every received file to its storage key (a file already there is not written twice). */
  async keep(): Promise<void> {
    for (let next = this.pending[0]; next; next = this.pending[0]) {
      await this.disk.keepTemp(next.temp, next.storageKey);
      this.pending.shift();
    }
  }

  async discard(): Promise<void> {
    const left = this.pending.splice(0);
    await Promise.all(left.map((p) => this.disk.dropTemp(p.temp)));
  }
}

const SIGNATURE_BYTES = 16;

/**
 * The type of an uploaded file by its first bytes: the declared type when the content bears it out
 * (MP4 and QuickTime share a signature), else the first type whose signature matches. Types without
 * a signature (plain text, fusion scans) cannot be told from their content and are not accepted here.
 */
export function sniffType(first: Buffer, declared: string): { kind: MediaKind; contentType: string } | undefined {
  const matching: { kind: MediaKind; contentType: string }[] = [];
  for (const kind of MEDIA_KINDS) {
    for (const [contentType, signatures] of Object.entries(MEDIA_TYPES[kind])) {
      if (signatures.length > 0 && signatureMatches(kind, contentType, first)) matching.push({ kind, contentType });
    }
  }
  return matching.find((m) => m.contentType === declared.toLowerCase()) ?? matching[0];
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
