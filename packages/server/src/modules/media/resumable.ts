/**
 * Resumable uploads (main-app spec section 7: api/media-upload/resumable and pearpoint/{x}): a file
 * sent in numbered chunks, in any order, each verified by its sha256 before it counts; a chunk sent
 * again is answered as received, and of two senders of one chunk with different bytes exactly one is
 * kept (the first recorded). A dropped network, a reloaded page or a restarted server loses nothing
 * that arrived: a chunk whose send broke off keeps its bytes and the next send finishes it
 * (`resumableChunkOffset`). Each chunk is written at its place in the upload's file and the whole
 * file's sha256 is summed as the chunks arrive (storage/resumable-files.ts, storage/hashing.ts), so
 * finalizing checks it against the client's without reading the file again, then its content (as
 * an upload's), and keeps it by content address; `POST api/media/{type}/{id}/{uploadId}` attaches it
 * to an object.
 */
import type { Readable } from 'node:stream';
import {
  CHUNK_SHA256_HEADER,
  chunkCount,
  extensionOf,
  MEDIA_EXTENSIONS,
  type ChunkQuery,
  type MediaItem,
  type ResumableState,
} from '@manway/core/api/media';
import { fail } from '../../errors';
import type { UploadHasher } from '../storage/hashing';
import { looksLikeMarkup, sniffType, type MediaStore } from '../storage/service';
import type { CurrentUser } from '../users/service';
import type { ResumableRepository, UploadRow } from './resumable-repository';
import { safeFileName, type MediaService } from './service';

/** Uploads untouched for a day are removed with their files (the media.purge-uploads job). */
export const ABANDONED_UPLOAD_SECONDS = 24 * 3600;

export class ResumableUploads {
  private readonly hasher: UploadHasher;
  /** The chunks being received by this process, with their sha256: one sender of a chunk at a time. */
  private readonly receiving = new Map<string, string>();
  /** The finalizing uploads of this process: a second finalize of one waits for the first. */
  private readonly finalizing = new Map<string, Promise<unknown>>();

  constructor(
    private readonly repo: ResumableRepository,
    private readonly store: MediaStore,
    private readonly media: MediaService,
    private readonly maxFileBytes: number,
  ) {
    this.hasher = store.hasher((uploadId) => repo.heldChunks(uploadId));
  }

  close(): Promise<void> {
    return this.hasher.close();
  }

  async state(user: CurrentUser, identifier: string): Promise<ResumableState> {
    const upload = await this.repo.find(user.id, identifier);
    if (!upload) throw fail.notFound('No upload of this identifier.');
    return this.describe(identifier, upload);
  }

  /** What the server holds of the upload; `held`, the chunks held, when the caller knows them. */
  private async describe(identifier: string, upload: UploadRow, held?: number[]): Promise<ResumableState> {
    const size = Number(upload.size_bytes);
    const total = chunkCount(size, upload.chunk_size);
    const finalized = upload.storage_key !== null;
    const [chunks, partialChunks] = finalized
      ? [Array.from({ length: total }, (_, i) => i + 1), []]
      : await Promise.all([held ?? this.repo.heldChunks(upload.id), this.store.partialChunks(upload.id)]);
    const bytesReceived =
      chunks.reduce((sum, n) => sum + chunkLength(size, upload.chunk_size, n), 0) +
      partialChunks.reduce((sum, p) => sum + p.bytes, 0);
    return {
      identifier,
      fileName: upload.file_name,
      sizeBytes: size,
      chunkSize: upload.chunk_size,
      totalChunks: total,
      chunks,
      partialChunks,
      bytesReceived,
      finalized,
      uploadId: upload.id,
    };
  }

  /** Cancels an upload: its chunks, its partial file and, if finalized and never attached, its file. */
  async cancel(user: CurrentUser, identifier: string): Promise<void> {
    const upload = await this.repo.find(user.id, identifier);
    if (!upload) throw fail.notFound('No upload of this identifier.');
    await this.discard(upload);
  }

  private async discard(upload: UploadRow): Promise<void> {
    await this.repo.remove(upload.id);
    await this.hasher.forget(upload.id);
    await this.store.dropResumable(upload.id);
    if (upload.storage_key) await this.media.removeIfUnreferenced([upload.storage_key]);
  }

  /**
   * Receives one chunk, or the rest of one from `resumableChunkOffset`. The file's declaration (name,
   * size, chunk size) must be the same on every chunk; the name's extension is checked on the first,
   * before any byte is kept.
   */
  async receiveChunk(user: CurrentUser, q: ChunkQuery, sha256: string, body: Readable): Promise<ResumableState> {
    const refuse = (error: Error) => {
      body.resume();
      return error;
    };
    const fileName = safeFileName(q.resumableFilename);
    if (!MEDIA_EXTENSIONS[extensionOf(fileName)]) {
      throw refuse(
        fail.coded('media/unsupported-extension', `The file "${fileName}" has an extension that cannot be added.`),
      );
    }
    if (q.resumableTotalSize > this.maxFileBytes) {
      const mb = Math.floor(this.maxFileBytes / (1024 * 1024));
      throw refuse(fail.field('resumableTotalSize', `The file "${fileName}" is larger than ${mb} MB.`));
    }
    const n = q.resumableChunkNumber;
    const total = chunkCount(q.resumableTotalSize, q.resumableChunkSize);
    if (n > total) throw refuse(fail.field('resumableChunkNumber', `The file has ${total} chunks.`));
    const length = chunkLength(q.resumableTotalSize, q.resumableChunkSize, n);
    if (q.resumableChunkOffset >= length) {
      throw refuse(fail.field('resumableChunkOffset', `Chunk ${n} has ${length} bytes.`));
    }
    const upload = await this.repo.declare(
      user.id,
      q.resumableIdentifier,
      { fileName, sizeBytes: q.resumableTotalSize, chunkSize: q.resumableChunkSize },
      n,
    );
    if (
      upload.file_name !== fileName ||
      Number(upload.size_bytes) !== q.resumableTotalSize ||
      upload.chunk_size !== q.resumableChunkSize
    ) {
      throw refuse(
        fail.conflict('An upload of this identifier declares another file; cancel it or choose another identifier.'),
      );
    }
    if (upload.storage_key !== null) {
      body.resume();
      return this.describe(q.resumableIdentifier, upload);
    }
    if (upload.chunk_sha256 !== null) {
      body.resume();
      // Held already: the same bytes are simply received; other bytes for the same place are a
      // conflict, and the first ones stay.
      if (upload.chunk_sha256 !== sha256) throw otherBytes(n);
      return this.describe(q.resumableIdentifier, upload);
    }
    const key = `${upload.id}:${n}`;
    const writer = this.receiving.get(key);
    if (writer !== undefined) {
      body.resume();
      if (writer !== sha256) throw otherBytes(n);
      throw fail.rateLimited(`Chunk ${n} is being received; send it again shortly.`, 5);
    }
    this.receiving.set(key, sha256);
    try {
      const place = { n, sha256, start: (n - 1) * q.resumableChunkSize, length };
      const receipt = await this.store.receiveChunk(upload.id, place, q.resumableChunkOffset, body);
      if (receipt.kind === 'offset') {
        throw fail.field(
          'resumableChunkOffset',
          `${receipt.held} bytes of chunk ${n} are held; send it from there or from the start.`,
        );
      }
      if (receipt.kind === 'length') {
        throw fail.field('body', `Chunk ${n} has ${length} bytes; ${receipt.received} arrived.`);
      }
      if (!(await this.hasher.verify(upload.id, place))) {
        throw fail.field(CHUNK_SHA256_HEADER, `Chunk ${n} arrived damaged (its sha256 differs); send it again.`);
      }
      // Recorded while this sender still holds the chunk: nobody writes over it before it counts.
      const recorded = await this.repo.written(upload.id, n, sha256);
      // Another process recorded other bytes for the chunk meanwhile; theirs stay, and the whole
      // file's sha256 will tell whose bytes the file has.
      if (recorded.sha256 !== sha256) throw otherBytes(n);
      this.hasher.chunkHeld(shapeOf(upload), n);
      return await this.describe(q.resumableIdentifier, upload, recorded.held);
    } finally {
      this.receiving.delete(key);
    }
  }

  /**
   * Checks the complete file: every chunk held, the whole file's sha256 as the client computed it,
   * and its content what its name says (an upload's checks). A file whose sha256 differs is
   * forgotten, to be sent again; a refused one is removed.
   */
  async finalize(user: CurrentUser, identifier: string, sha256: string): Promise<ResumableState> {
    const upload = await this.repo.find(user.id, identifier);
    if (!upload) throw fail.notFound('No upload of this identifier.');
    const before = this.finalizing.get(upload.id);
    if (before) {
      // This process is finalizing it already: the outcome is the first one's.
      await before.catch(() => {});
      return this.finalize(user, identifier, sha256);
    }
    const run = this.finalizeOnce(user, identifier, upload, sha256);
    this.finalizing.set(upload.id, run);
    try {
      return await run;
    } finally {
      this.finalizing.delete(upload.id);
    }
  }

  private async finalizeOnce(
    user: CurrentUser,
    identifier: string,
    upload: UploadRow,
    sha256: string,
  ): Promise<ResumableState> {
    if (upload.storage_key !== null) {
      if (upload.sha256 !== sha256) throw fail.field('sha256', 'The upload was finalized with another sha256.');
      return this.describe(identifier, upload);
    }
    const held = await this.repo.heldChunks(upload.id);
    const total = chunkCount(Number(upload.size_bytes), upload.chunk_size);
    const have = new Set(held);
    const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !have.has(n));
    if (missing.length > 0) throw chunksMissing(missing);
    const whole = await this.hasher.complete(shapeOf(upload), held);
    if (whole.sha256 !== sha256) {
      await this.repo.forgetChunks(upload.id);
      await this.store.dropResumable(upload.id);
      throw fail.field('sha256', 'The file received does not have this sha256; send it again.');
    }
    const head = await this.store.uploadHead(whole.path);
    const allowed = MEDIA_EXTENSIONS[extensionOf(upload.file_name)]!;
    const type = sniffType(head, allowed.contentTypes[0]!);
    if (!type || looksLikeMarkup(head) || !allowed.contentTypes.includes(type.contentType)) {
      await this.discard(upload);
      throw fail.coded(
        'media/unsupported-file',
        `The content of "${upload.file_name}" is not a ${allowed.contentTypes.join(' or ')} file, as its extension says.`,
      );
    }
    const storageKey = await this.store.keepUpload(whole.path, sha256, type.contentType);
    await this.repo.finalized(upload.id, { sha256, kind: type.kind, contentType: type.contentType, storageKey });
    await this.store.dropResumable(upload.id);
    return this.describe(identifier, (await this.repo.find(user.id, identifier))!);
  }

  /** Attaches a finalized upload to an object: it becomes one of its media, and the upload is gone. */
  async attach(user: CurrentUser, type: string, id: number, uploadId: string): Promise<MediaItem[]> {
    const upload = await this.repo.byId(user.id, uploadId);
    if (!upload) throw fail.notFound('No upload of this id.');
    if (upload.storage_key === null) throw fail.field('uploadId', 'Finalize the upload before attaching it.');
    const items = await this.media.attachStored(user, type, id, {
      fileName: upload.file_name,
      kind: upload.kind!,
      contentType: upload.content_type!,
      sizeBytes: Number(upload.size_bytes),
      sha256: upload.sha256!,
      storageKey: upload.storage_key,
    });
    await this.repo.remove(upload.id);
    return items;
  }

  /** Removes uploads abandoned for a day, with their partial files; answers how many. */
  async purgeAbandoned(): Promise<number> {
    const stale = await this.repo.stale(ABANDONED_UPLOAD_SECONDS);
    for (const upload of stale) {
      await this.hasher.forget(upload.id);
      await this.store.dropResumable(upload.id);
      if (upload.storage_key) await this.media.removeIfUnreferenced([upload.storage_key]);
    }
    return stale.length;
  }
}

function chunkLength(size: number, chunkSize: number, n: number): number {
  return Math.max(0, Math.min(chunkSize, size - (n - 1) * chunkSize));
}

function otherBytes(n: number) {
  return fail.conflict(`Chunk ${n} was received with other bytes; the first ones stay.`);
}

function chunksMissing(numbers: number[]) {
  return fail.field('resumableIdentifier', `Chunks ${numbers.slice(0, 20).join(', ')} have not arrived.`);
}

const shapeOf = (upload: UploadRow) => ({
  id: upload.id,
  sizeBytes: Number(upload.size_bytes),
  chunkSize: upload.chunk_size,
});
