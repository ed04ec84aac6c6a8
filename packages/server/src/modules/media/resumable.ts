/**
 * Resumable uploads (main-app spec section 7: api/media-upload/resumable and pearpoint/{x}): a file
 * sent in numbered chunks, in any order, each verified by its sha256 before a byte of it is kept;
 * a chunk sent again is answered as received, and of two senders of one chunk exactly one writes it
 * (its claim in the database decides). A dropped network, a reloaded page or a restarted server loses
 * at most the chunks in flight: the client asks what the server has and sends the rest. Finalizing
 * checks the whole file's sha256 and its content (as an upload's), keeps it by content address, and
 * `POST api/media/{type}/{id}/{uploadId}` attaches it to an object.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  chunkCount,
  extensionOf,
  MEDIA_EXTENSIONS,
  type ChunkQuery,
  type MediaItem,
  type ResumableState,
} from '@manway/core/api/media';
import { fail } from '../../errors';
import { looksLikeMarkup, sniffType, type MediaStore } from '../storage/service';
import type { CurrentUser } from '../users/service';
import type { ResumableRepository, UploadRow } from './resumable-repository';
import { safeFileName, type MediaService } from './service';

/**
 * A chunk claimed but not written for this long was left by a writer that died; another may take it.
 * Writing a chunk of at most 32 MB and flushing it takes a second or two.
 */
export const CHUNK_LEASE_SECONDS = 30;
/** Uploads untouched for a day are removed with their files (the media.purge-uploads job). */
export const ABANDONED_UPLOAD_SECONDS = 24 * 3600;

export class ResumableUploads {
  constructor(
    private readonly repo: ResumableRepository,
    private readonly store: MediaStore,
    private readonly media: MediaService,
    private readonly maxFileBytes: number,
  ) {}

  async state(user: CurrentUser, identifier: string): Promise<ResumableState> {
    const upload = await this.repo.find(user.id, identifier);
    if (!upload) throw fail.notFound('No upload of this identifier.');
    return this.describe(identifier, upload);
  }

  private async describe(identifier: string, upload: UploadRow): Promise<ResumableState> {
    const size = Number(upload.size_bytes);
    const total = chunkCount(size, upload.chunk_size);
    const finalized = upload.storage_key !== null;
    const chunks = finalized
      ? Array.from({ length: total }, (_, i) => i + 1)
      : (await this.repo.writtenChunks(upload.id)).map((c) => c.chunk_number);
    const bytesReceived = chunks.reduce((sum, n) => sum + chunkLength(size, upload.chunk_size, n), 0);
    return {
      identifier,
      fileName: upload.file_name,
      sizeBytes: size,
      chunkSize: upload.chunk_size,
      totalChunks: total,
      chunks,
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
    await this.store.dropResumable(upload.id);
    if (upload.storage_key) await this.media.removeIfUnreferenced([upload.storage_key]);
  }

  /**
   * Receives one chunk. The file's declaration (name, size, chunk size) must be the same on every
   * chunk; the name's extension is checked on the first, before any byte is kept.
   */
  async receiveChunk(user: CurrentUser, q: ChunkQuery, sha256: string, body: Readable): Promise<ResumableState> {
    const fileName = safeFileName(q.resumableFilename);
    if (!MEDIA_EXTENSIONS[extensionOf(fileName)]) {
      body.resume();
      throw fail.coded('media/unsupported-extension', `The file "${fileName}" has an extension that cannot be added.`);
    }
    if (q.resumableTotalSize > this.maxFileBytes) {
      body.resume();
      const mb = Math.floor(this.maxFileBytes / (1024 * 1024));
      throw fail.field('resumableTotalSize', `The file "${fileName}" is larger than ${mb} MB.`);
    }
    const total = chunkCount(q.resumableTotalSize, q.resumableChunkSize);
    if (q.resumableChunkNumber > total) {
      body.resume();
      throw fail.field('resumableChunkNumber', `The file has ${total} chunks.`);
    }
    const upload = await this.repo.declare(user.id, q.resumableIdentifier, {
      fileName,
      sizeBytes: q.resumableTotalSize,
      chunkSize: q.resumableChunkSize,
    });
    if (
      upload.file_name !== fileName ||
      Number(upload.size_bytes) !== q.resumableTotalSize ||
      upload.chunk_size !== q.resumableChunkSize
    ) {
      body.resume();
      throw fail.conflict(
        'An upload of this identifier declares another file; cancel it or choose another identifier.',
      );
    }
    if (upload.storage_key !== null) {
      body.resume();
      return this.describe(q.resumableIdentifier, upload);
    }
    const expected = chunkLength(q.resumableTotalSize, q.resumableChunkSize, q.resumableChunkNumber);
    const bytes = await readChunk(body, expected);
    if (bytes.length !== expected) {
      throw fail.field('body', `Chunk ${q.resumableChunkNumber} has ${expected} bytes; ${bytes.length} arrived.`);
    }
    if (sha256Of(bytes) !== sha256) {
      throw fail.field(
        'x-chunk-sha256',
        `Chunk ${q.resumableChunkNumber} arrived damaged (its sha256 differs); send it again.`,
      );
    }
    if (await this.repo.claim(upload.id, q.resumableChunkNumber, sha256, CHUNK_LEASE_SECONDS)) {
      try {
        await this.store.writeChunk(upload.id, (q.resumableChunkNumber - 1) * q.resumableChunkSize, bytes);
      } catch (error) {
        await this.repo.release(upload.id, q.resumableChunkNumber);
        throw error;
      }
      await this.repo.written(upload.id, q.resumableChunkNumber);
    } else {
      // Another sender has this chunk (or is writing it): the same bytes are simply received; other
      // bytes for the same place are a conflict, and the first ones stay.
      const held = await this.repo.chunk(upload.id, q.resumableChunkNumber);
      if (held && held.sha256 !== sha256) {
        throw fail.conflict(`Chunk ${q.resumableChunkNumber} was received with other bytes; the first ones stay.`);
      }
      // Claimed and not yet written: its writer is at work, or died with it (a server killed), in
      // which case the claim lapses after the lease. Either way the sender tries again later.
      if (held && !held.written) {
        throw fail.rateLimited(`Chunk ${q.resumableChunkNumber} is being written; send it again shortly.`, 5);
      }
    }
    return this.describe(q.resumableIdentifier, upload);
  }

  /**
   * Checks the complete file: every chunk written, the whole file's sha256 as the client computed
   * it, and its content what its name says (an upload's checks). A file whose sha256 differs is
   * forgotten, to be sent again; a refused one is removed.
   */
  async finalize(user: CurrentUser, identifier: string, sha256: string): Promise<ResumableState> {
    const upload = await this.repo.find(user.id, identifier);
    if (!upload) throw fail.notFound('No upload of this identifier.');
    if (upload.storage_key !== null) {
      if (upload.sha256 !== sha256) throw fail.field('sha256', 'The upload was finalized with another sha256.');
      return this.describe(identifier, upload);
    }
    const state = await this.describe(identifier, upload);
    if (state.chunks.length < state.totalChunks) {
      const have = new Set(state.chunks);
      const missing = Array.from({ length: state.totalChunks }, (_, i) => i + 1).filter((n) => !have.has(n));
      throw fail.field('resumableIdentifier', `Chunks ${missing.slice(0, 20).join(', ')} have not arrived.`);
    }
    const file = await this.store.readResumable(upload.id);
    if (!file) {
      // Another finalize of the same upload took the file meanwhile.
      const now = await this.repo.find(user.id, identifier);
      if (now?.storage_key) return this.finalize(user, identifier, sha256);
    }
    if (!file || file.size !== state.sizeBytes || file.sha256 !== sha256) {
      await this.repo.forgetChunks(upload.id);
      await this.store.dropResumable(upload.id);
      throw fail.field('sha256', 'The file received does not have this sha256; send it again.');
    }
    const allowed = MEDIA_EXTENSIONS[extensionOf(upload.file_name)]!;
    const type = sniffType(file.head, allowed.contentTypes[0]!);
    if (!type || looksLikeMarkup(file.head) || !allowed.contentTypes.includes(type.contentType)) {
      await this.discard(upload);
      throw fail.coded(
        'media/unsupported-file',
        `The content of "${upload.file_name}" is not a ${allowed.contentTypes.join(' or ')} file, as its extension says.`,
      );
    }
    const storageKey = await this.store.keepResumable(upload.id, sha256, type.contentType);
    await this.repo.finalized(upload.id, { sha256, kind: type.kind, contentType: type.contentType, storageKey });
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
      await this.store.dropResumable(upload.id);
      if (upload.storage_key) await this.media.removeIfUnreferenced([upload.storage_key]);
    }
    return stale.length;
  }
}

function chunkLength(size: number, chunkSize: number, n: number): number {
  return Math.max(0, Math.min(chunkSize, size - (n - 1) * chunkSize));
}

/**
 * Reads a chunk's body into memory (chunks are at most 32 MB); past what it should be, the rest is
 * read and dropped, so the answer still reaches the sender, and the length says it was too long.
 */
async function readChunk(body: Readable, expected: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let kept = 0;
  let length = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    length += part.length;
    if (kept <= expected) {
      parts.push(part);
      kept += part.length;
    }
  }
  return length === kept ? Buffer.concat(parts, kept) : Buffer.alloc(Math.min(length, expected + 1));
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
