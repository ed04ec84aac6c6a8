/**
 * The media store, for both ends of a transfer (the Office's export and import, the Field's agent).
 * A file in transit grows as a partial file (its size is how much has arrived, which is what a
 * resumed transfer asks for), is checked against its declared size, sha256 and type signature, and
 * only then moves to its storage key. Storage keys and paths stay on this server: callers see global
 * ids and sizes.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_KINDS, MEDIA_TYPES, type MediaKind } from '@manway/core/api/sync-data';
import { ChunkTooLargeError, MediaFiles } from './files';
import { UploadHasher, type HeldChunks } from './hashing';
import { DiskObjectStore, type ByteRange, type ObjectStore } from './objects';
import { ResumableFiles, type ChunkPlace, type ChunkReceipt } from './resumable-files';

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
  private readonly resumable: ResumableFiles;
  /** Where complete files are kept: the disk under DATA_DIR/media unless another driver is given. */
  readonly objects: ObjectStore;

  constructor(dataDir: string, objects?: ObjectStore) {
    const root = join(dataDir, 'media');
    this.files = new MediaFiles(root);
    this.resumable = new ResumableFiles(join(root, 'incoming'));
    this.objects = objects ?? new DiskObjectStore(root);
  }

  /** Where a synced media file is kept, relative to the media root (the `storage_key` column). */
  static keyOf(globalId: string): string {
    return `sync/${globalId.slice(0, 2)}/${globalId}`;
  }

  /** Bytes of the file received so far. */
  received(globalId: string): Promise<number> {
    return this.files.partialSize(globalId);
  }

  async exists(storageKey: string, size: number): Promise<boolean> {
    return (await this.objects.size(storageKey)) === size;
  }

  /** The stored object's size, or undefined when there is none. */
  storedSize(storageKey: string): Promise<number | undefined> {
    return this.objects.size(storageKey);
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
  async commit(globalId: string, contentType: string): Promise<string> {
    const key = MediaStore.keyOf(globalId);
    await this.objects.putFile(this.files.partial(globalId), key, contentType);
    return key;
  }

  discard(globalId: string): Promise<void> {
    return this.files.dropPartial(globalId);
  }

  /** The files in transit, by global id, with when each last grew. */
  partials(): Promise<{ globalId: string; modifiedMs: number }[]> {
    return this.files.partials();
  }

  /** The stored file's bytes, or a range of them. */
  read(storageKey: string, range?: ByteRange): Promise<Readable> {
    return this.objects.read(storageKey, range);
  }

  /** Stores a complete local file (made on this server: a thumbnail) under `storageKey`. */
  putFile(localPath: string, storageKey: string, contentType: string): Promise<void> {
    return this.objects.putFile(localPath, storageKey, contentType);
  }

  /** A staging file name for something made on this server before it is stored. */
  tempPath(suffix: string): string {
    return this.files.tempPath(suffix);
  }

  /**
   * Runs `use` with a path on this machine holding the stored file (for ffmpeg and sharp): the file
   * itself on disk, else a temporary copy removed afterwards.
   */
  async withLocalFile<T>(storageKey: string, use: (path: string) => Promise<T>): Promise<T> {
    const local = this.objects.localPath(storageKey);
    if (local) return use(local);
    const copy = this.files.tempPath('');
    await mkdir(dirname(copy), { recursive: true });
    try {
      await pipeline(await this.objects.read(storageKey), createWriteStream(copy, { flags: 'wx' }));
      return await use(copy);
    } finally {
      await this.files.dropTemp(copy);
    }
  }

  // ---- resumable uploads: chunks in any order at their places in one file (resumable-files.ts) ----

  /** Receives a chunk into its upload's file (resumable-files.ts `receiveChunk`). */
  receiveChunk(uploadId: string, place: ChunkPlace, offset: number, body: Readable): Promise<ChunkReceipt> {
    return this.resumable.receiveChunk(uploadId, place, offset, body);
  }

  /** The chunks of an upload whose send broke off, with the bytes held of each. */
  partialChunks(uploadId: string): Promise<{ number: number; sha256: string; bytes: number }[]> {
    return this.resumable.partialChunks(uploadId);
  }

  /** What sums up the uploads' files as their chunks arrive, asking `heldChunks` which are recorded. */
  hasher(heldChunks: HeldChunks): UploadHasher {
    return new UploadHasher(this.resumable, heldChunks);
  }

  /** The first bytes of a complete upload's file (what its content is checked by). */
  uploadHead(path: string): Promise<Buffer> {
    return this.files.head(path, SCANNED_BYTES);
  }

  /** Moves a verified upload's file to its content address; answers the key. */
  async keepUpload(path: string, sha256: string, contentType: string): Promise<string> {
    const key = MediaStore.contentKeyOf(sha256);
    await this.objects.putFile(path, key, contentType);
    return key;
  }

  dropResumable(uploadId: string): Promise<void> {
    return this.resumable.drop(uploadId);
  }

  /** Where an uploaded file is kept: its content address, so the same bytes are stored once. */
  static contentKeyOf(sha256: string): string {
    return `sha256/${sha256.slice(0, 2)}/${sha256}`;
  }

  /** A set of files a form submission attaches, received to temporary files until the records are written. */
  uploads(limitBytes: number): UploadBatch {
    return new UploadBatch(this.files, this.objects, limitBytes);
  }

  /** Removes a stored file; the caller has made sure no media row refers to it any more. */
  remove(storageKey: string): Promise<void> {
    return this.objects.remove(storageKey);
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

/**
 * Why an uploaded file is refused: over the size limit, content of no allowed type, or content that
 * is also markup a browser would run (a polyglot: a valid signature followed by a page or a script).
 */
export type UploadRefusal = 'too-large' | 'type' | 'markup';

/**
 * The files of one request. Each is streamed to a temporary file while hashed and counted, its type
 * taken from its first bytes; only once the records naming them are committed does `keep` move them
 * to their content addresses. `discard` drops whatever was not kept, so a request that fails at any
 * point (a refused file, a malformed part, a form error, a failed transaction) leaves no file behind.
 */
export class UploadBatch {
  readonly files: ReceivedFile[] = [];
  /** Received files not yet moved to their storage keys. */
  private readonly pending: { temp: string; storageKey: string; contentType: string }[] = [];

  constructor(
    private readonly disk: MediaFiles,
    private readonly objects: ObjectStore,
    private readonly limitBytes: number,
  ) {}

  async receive(body: Readable, fileName: string, declaredType: string): Promise<ReceivedFile | UploadRefusal> {
    let received;
    try {
      received = await this.disk.receive(body, this.limitBytes, SCANNED_BYTES);
    } catch (error) {
      if (error instanceof ChunkTooLargeError) return 'too-large';
      throw error;
    }
    const type = sniffType(received.head, declaredType);
    const refusal = !type ? 'type' : looksLikeMarkup(received.head) ? 'markup' : undefined;
    if (refusal || !type) {
      await this.disk.dropTemp(received.temp);
      return refusal ?? 'type';
    }
    const file: ReceivedFile = {
      fileName,
      ...type,
      sizeBytes: received.size,
      sha256: received.sha256,
      storageKey: MediaStore.contentKeyOf(received.sha256),
    };
    this.files.push(file);
    this.pending.push({ temp: received.temp, storageKey: file.storageKey, contentType: file.contentType });
    return file;
  }

  /** Moves every received file to its storage key (a file already there is not written twice). */
  async keep(): Promise<void> {
    for (let next = this.pending[0]; next; next = this.pending[0]) {
      await this.objects.putFile(next.temp, next.storageKey, next.contentType);
      this.pending.shift();
    }
  }

  async discard(): Promise<void> {
    const left = this.pending.splice(0);
    await Promise.all(left.map((p) => this.disk.dropTemp(p.temp)));
  }
}

const SIGNATURE_BYTES = 16;
/** How much of an upload is searched for markup: more than any browser sniffs before deciding. */
const SCANNED_BYTES = 64 * 1024;
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)[\s>/]/i;

/** Whether the first bytes hold markup a browser would parse as a page or an image with scripts. */
export function looksLikeMarkup(first: Buffer): boolean {
  return MARKUP.test(first.toString('latin1'));
}

/**
 * The type of an uploaded file by its first bytes: the declared type when the content bears it out
 * (MP4 and QuickTime share a signature), else the first type whose signature matches. Types without
 * a signature (plain text, fusion scans) cannot be told from their content and are not accepted here.
 */
export function sniffType(head: Buffer, declared: string): { kind: MediaKind; contentType: string } | undefined {
  const first = head.subarray(0, SIGNATURE_BYTES);
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
