/**
 * The server's side of resumable uploads for tests in jsdom, as packages/server's
 * media-resumable.test.ts pins it down: the JSON calls answer through a FakeServer, and the chunks,
 * which go through XMLHttpRequest (FakeXhr), are answered when the test says so. Chunks are checked
 * against their sha256 and the whole file against the finalize's, with node's own crypto, so a wrong
 * sum computed in the browser fails the test. A chunk whose send breaks off leaves its first bytes
 * held (partialChunks), which a later send at `resumableChunkOffset` finishes.
 */
// eslint-disable-next-line no-restricted-imports -- tests run in Node, and the server checks sums with this one
import { createHash, randomBytes } from 'node:crypto';
import { act } from '@testing-library/react';
import { CHUNK_SHA256_HEADER, chunkCount, type MediaItem, type ResumableState } from '@manway/core/api/media';
import type { FakeServer } from '../../../testing/fakeServer';
import type { MediaObject } from '../api/media';
import { FakeXhr } from './fakeXhr';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Bytes no two chunks of which are alike, so a sum of chunks out of order differs. */
export const randomFileBytes = (size: number) => new Uint8Array(randomBytes(size));

interface HeldUpload {
  fileName: string;
  sizeBytes: number;
  chunkSize: number;
  chunks: Map<number, Uint8Array>;
  /** The first bytes of chunks whose send broke off, with the whole chunk's sha256 that send named. */
  partials: Map<number, { sha256: string; bytes: Uint8Array }>;
  uploadId: string;
  finalized: boolean;
}

const CHUNK_URL = '/api/media-upload/pearpoint/chunk';

export class FakeResumableServer {
  readonly uploads = new Map<string, HeldUpload>();
  /** The sums finalizing was asked to check, in order. */
  readonly finalizedWith: string[] = [];
  readonly #server: FakeServer;
  readonly #target: MediaObject;
  #lastUploadId = 0;
  /** What attaching adds to the object's gallery. */
  readonly #attachedItem: (fileName: string, sizeBytes: number) => MediaItem;
  #loseAttachAnswer = false;
  #dropAttach = false;

  constructor(
    server: FakeServer,
    target: MediaObject,
    attachedItem: (fileName: string, sizeBytes: number) => MediaItem,
  ) {
    this.#server = server;
    this.#target = target;
    this.#attachedItem = attachedItem;
    server
      .on('GET', '/api/media-upload/resumable', (call) => {
        const identifier = call.url.searchParams.get('resumableIdentifier')!;
        const upload = this.uploads.get(identifier);
        return upload ? { json: this.#state(identifier, upload) } : { status: 404, json: { message: 'No upload' } };
      })
      .on('DELETE', '/api/media-upload/resumable', (call) => {
        const deleted = this.uploads.delete(call.url.searchParams.get('resumableIdentifier')!);
        return deleted ? { status: 204 } : { status: 404, json: { message: 'No upload' } };
      })
      .on('POST', '/api/media-upload/pearpoint/finalize', (call) => {
        const { resumableIdentifier, sha256 } = JSON.parse(call.body as string) as Record<string, string>;
        this.finalizedWith.push(sha256!);
        const upload = this.uploads.get(resumableIdentifier!);
        if (!upload) return { status: 404, json: { message: 'No upload' } };
        const whole = this.fileOf(resumableIdentifier!);
        if (!whole) return modelState('resumableIdentifier', 'Chunks have not arrived.');
        if (sha256Hex(whole) !== sha256) {
          upload.chunks.clear();
          upload.partials.clear();
          return modelState('sha256', 'The file received does not have this sha256; send it again.');
        }
        upload.finalized = true;
        this.#server.on('POST', `/api/media/${this.#target.type}/${this.#target.id}/${upload.uploadId}`, () => {
          if (this.#dropAttach) {
            this.#dropAttach = false;
            throw new TypeError('Failed to fetch');
          }
          // Attached, the upload is gone.
          if (!this.uploads.delete(resumableIdentifier!))
            return { status: 404, json: { message: 'No upload of this id.' } };
          const items = [this.#attachedItem(upload.fileName, upload.sizeBytes)];
          if (this.#loseAttachAnswer) {
            this.#loseAttachAnswer = false;
            throw new TypeError('Failed to fetch');
          }
          return { status: 201, json: { items } };
        });
        return { json: this.#state(resumableIdentifier!, upload) };
      });
  }

  /** An upload the server already holds some chunks of, as a try before a reload left it. */
  hold(identifier: string, file: { name: string; bytes: Uint8Array }, chunkSize: number, chunks: number[]): void {
    const upload = this.#declare(identifier, file.name, file.bytes.length, chunkSize);
    for (const n of chunks) upload.chunks.set(n, file.bytes.subarray((n - 1) * chunkSize, n * chunkSize));
  }

  /**
   * The first `bytes` of chunk n, whose whole sha256 is `sha256`, held from a send that broke off, as
   * a try before a reload left them. The upload must be held already (hold).
   */
  holdPartial(identifier: string, n: number, bytes: Uint8Array, sha256: string): void {
    this.uploads.get(identifier)!.partials.set(n, { sha256, bytes: bytes.slice() });
  }

  /** The server lost the tail of a partial chunk after it said it held it (a restart before it reached the disk). */
  losePartialTail(identifier: string, n: number, kept: number): void {
    const partial = this.uploads.get(identifier)!.partials.get(n)!;
    partial.bytes = partial.bytes.slice(0, kept);
  }

  /** The next attaching is done, but its answer never reaches the browser. */
  loseNextAttachAnswer(): void {
    this.#loseAttachAnswer = true;
  }

  /** The next attaching never reaches the server: the network drops it. */
  dropNextAttach(): void {
    this.#dropAttach = true;
  }

  /** The server's clean-up of uploads finalized and never attached for a day, or a cancel from another tab. */
  purge(identifier: string): void {
    this.uploads.delete(identifier);
  }

  /** The chunk requests sent and not answered yet. */
  pendingChunks(): FakeXhr[] {
    return FakeXhr.sent.filter((xhr) => xhr.url.startsWith(CHUNK_URL) && !xhr.settled && !xhr.aborted);
  }

  /** The numbers of every chunk sent, in the order sent. */
  chunksSent(): number[] {
    return FakeXhr.sent
      .filter((xhr) => xhr.url.startsWith(CHUNK_URL))
      .map((xhr) => Number(xhr.param('resumableChunkNumber')));
  }

  /**
   * Answers a chunk as the server does: the bytes held of it up to the request's offset and the body
   * are checked against the sha256, kept, and answered 200 with the upload's state.
   */
  async receive(xhr: FakeXhr): Promise<void> {
    const whole = this.#afterHeld(xhr, xhr.bytes);
    if (!whole) {
      await this.#refuseOffset(xhr);
      return;
    }
    if (sha256Hex(whole) !== xhr.headers.get(CHUNK_SHA256_HEADER)) {
      await act(async () =>
        xhr.respond(400, { Message: 'Invalid', ModelState: { [CHUNK_SHA256_HEADER]: ['Damaged'] } }),
      );
      return;
    }
    const identifier = xhr.param('resumableIdentifier')!;
    const n = Number(xhr.param('resumableChunkNumber'));
    const upload = this.#declareOf(xhr);
    upload.chunks.set(n, whole);
    upload.partials.delete(n);
    await act(async () => xhr.respond(200, this.#state(identifier, upload)));
  }

  /**
   * The connection drops after `arrived` bytes of the chunk's body reached the server: it keeps them
   * after those it held up to the request's offset, under the sha256 the request named.
   */
  async breakOff(xhr: FakeXhr, arrived: number): Promise<void> {
    const kept = this.#afterHeld(xhr, xhr.bytes.subarray(0, arrived));
    if (!kept) {
      await this.#refuseOffset(xhr);
      return;
    }
    const n = Number(xhr.param('resumableChunkNumber'));
    this.#declareOf(xhr).partials.set(n, { sha256: xhr.headers.get(CHUNK_SHA256_HEADER)!, bytes: kept });
    await act(async () => xhr.failNetwork());
  }

  /** The file as the server would assemble it, once every chunk has arrived. */
  fileOf(identifier: string): Uint8Array | null {
    const upload = this.uploads.get(identifier);
    if (!upload) return null;
    const total = chunkCount(upload.sizeBytes, upload.chunkSize);
    if (upload.chunks.size < total) return null;
    const whole = new Uint8Array(upload.sizeBytes);
    for (const [n, bytes] of upload.chunks) whole.set(bytes, (n - 1) * upload.chunkSize);
    return whole;
  }

  /**
   * The bytes held of the request's chunk up to its offset, then `body`; null when the offset is
   * beyond the bytes held.
   */
  #afterHeld(xhr: FakeXhr, body: Uint8Array): Uint8Array | null {
    const offset = Number(xhr.param('resumableChunkOffset') ?? 0);
    const n = Number(xhr.param('resumableChunkNumber'));
    const held = this.uploads.get(xhr.param('resumableIdentifier')!)?.partials.get(n)?.bytes ?? new Uint8Array(0);
    if (offset > held.length) return null;
    const joined = new Uint8Array(offset + body.length);
    joined.set(held.subarray(0, offset));
    joined.set(body, offset);
    return joined;
  }

  async #refuseOffset(xhr: FakeXhr): Promise<void> {
    const { status, json } = modelState('resumableChunkOffset', 'More than the server holds of this chunk.');
    await act(async () => xhr.respond(status, json));
  }

  #declareOf(xhr: FakeXhr): HeldUpload {
    return this.#declare(
      xhr.param('resumableIdentifier')!,
      xhr.param('resumableFilename')!,
      Number(xhr.param('resumableTotalSize')),
      Number(xhr.param('resumableChunkSize')),
    );
  }

  #declare(identifier: string, fileName: string, sizeBytes: number, chunkSize: number): HeldUpload {
    let upload = this.uploads.get(identifier);
    if (!upload) {
      const uploadId = `00000000-0000-4000-8000-${String(++this.#lastUploadId).padStart(12, '0')}`;
      upload = { fileName, sizeBytes, chunkSize, chunks: new Map(), partials: new Map(), uploadId, finalized: false };
      this.uploads.set(identifier, upload);
    }
    return upload;
  }

  #state(identifier: string, upload: HeldUpload): ResumableState {
    const chunks = [...upload.chunks.keys()].sort((a, b) => a - b);
    const partialChunks = [...upload.partials].map(([number, { sha256, bytes }]) => ({
      number,
      sha256,
      bytes: bytes.length,
    }));
    return {
      identifier,
      fileName: upload.fileName,
      sizeBytes: upload.sizeBytes,
      chunkSize: upload.chunkSize,
      totalChunks: chunkCount(upload.sizeBytes, upload.chunkSize),
      chunks,
      partialChunks,
      bytesReceived:
        chunks.reduce((sum, n) => sum + upload.chunks.get(n)!.length, 0) +
        partialChunks.reduce((sum, partial) => sum + partial.bytes, 0),
      finalized: upload.finalized,
      uploadId: upload.uploadId,
    };
  }
}

function modelState(field: string, message: string) {
  return { status: 400, json: { Message: 'The request is invalid.', ModelState: { [field]: [message] } } };
}

/**
 * jsdom's Blob cannot hand over its bytes as a promise (Blob.arrayBuffer), which every browser can
 * and the transport reads files with; in tests the bytes come through jsdom's FileReader.
 */
export function letBlobsGiveTheirBytes(): void {
  if ('arrayBuffer' in Blob.prototype) return;
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    configurable: true,
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error ?? new Error('read failed'));
        reader.readAsArrayBuffer(this);
      });
    },
  });
}
