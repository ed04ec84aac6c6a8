import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_SHA256_HEADER, MIN_CHUNK_BYTES, type MediaItem } from '@manway/core/api/media';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import { FakeServer } from '../../../testing/fakeServer';
import { createTestShell } from '../../../testing/fixtures';
import type { AppThunk } from '../../../shell/store/types';
import { gallery, mediaItem } from '../components/mediaFixtures';
import { FakeResumableServer, letBlobsGiveTheirBytes, randomFileBytes, sha256Hex } from './fakeResumableServer';
import { FakeXhr } from './fakeXhr';
import { CHUNK_REQUESTS_PER_PAGE } from './galleryTransport';
import { RequestBudget } from './requestBudget';
import { createResumableTransport, PARALLEL_CHUNKS } from './resumableTransport';
import type { UploadOutcome, UploadProgress, UploadTransport } from './transport';
import { uploadIdentifier, UnfinishedUploads } from './unfinishedUploads';

letBlobsGiveTheirBytes();

const TARGET = { type: 'Node', id: 7 } as const;
const CHUNK = MIN_CHUNK_BYTES;
const RESUMABLE_PATH = '/api/media-upload/resumable';
const GALLERY_PATH = '/api/media/Node/7';

/** A video of `chunks` chunks, the last one shorter, of random bytes: a sum of the chunks out of order would differ. */
function video(chunks: number, name = 'survey.mp4') {
  const bytes = randomFileBytes(Math.round((chunks - 0.5) * CHUNK));
  return { bytes, file: new File([bytes], name, { lastModified: 1_714_723_200_000 }) };
}

/** What the gallery lists for a file attached as the `nth` (from 0). */
const attached = (nth: number, fileName: string, sizeBytes: number) => mediaItem({ id: 41 + nth, fileName, sizeBytes });

function setup() {
  /** The files attached to the object, as its gallery lists them. */
  const stored: MediaItem[] = [];
  const server = new FakeServer().on('GET', GALLERY_PATH, () => ({ json: gallery([...stored]) }));
  const resumable = new FakeResumableServer(server, TARGET, (fileName, sizeBytes) => {
    const item = attached(stored.length, fileName, sizeBytes);
    stored.push(item);
    return item;
  });
  const { store, config } = createTestShell({ server });
  const unfinished = new UnfinishedUploads(localStorage, 'jdoe', TARGET);
  const chunkRequests = new RequestBudget(CHUNK_REQUESTS_PER_PAGE);
  const build: AppThunk<UploadTransport> = (dispatch, _getState, extra) =>
    createResumableTransport({ dispatch, ...extra, unfinished, chunkSizeFor: () => CHUNK, chunkRequests });
  const transport = store.dispatch(build);

  /** One try of the file, as the queue makes it. */
  function send(file: File) {
    const controller = new AbortController();
    const progress: UploadProgress[] = [];
    let ended = false;
    const outcome = transport
      .send({ file, target: TARGET }, { signal: controller.signal, onProgress: (p) => progress.push(p) })
      .then((end) => {
        ended = true;
        return end;
      });
    /** Answers every chunk as the server does until the try ends. */
    const complete = async (): Promise<UploadOutcome> => {
      while (!ended) {
        for (const xhr of resumable.pendingChunks()) await resumable.receive(xhr);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return outcome;
    };
    return { outcome, controller, progress, complete };
  }

  return { server, resumable, unfinished, transport, config, send };
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a chunked upload', () => {
  it('sends only the chunks the server does not hold, then finalizes and attaches the file', async () => {
    const { resumable, send, config } = setup();
    const { bytes, file } = video(6);
    resumable.hold(uploadIdentifier(TARGET, file), { name: file.name, bytes }, CHUNK, [1, 3, 6]);

    const upload = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(PARALLEL_CHUNKS));
    const [first] = resumable.pendingChunks();
    expect(first!.method).toBe('PUT');
    expect(first!.headers.get('content-type')).toBe('application/octet-stream');
    expect(first!.headers.get(CHUNK_SHA256_HEADER)).toBe(sha256Hex(bytes.subarray(CHUNK, 2 * CHUNK)));
    expect(first!.headers.get(SESSION_ID_HEADER.toLowerCase())).toBe('session-under-test');
    expect(first!.headers.get(APPLICATION_EDITION_HEADER.toLowerCase())).toBe(config.edition);
    expect({
      name: first!.param('resumableFilename'),
      size: first!.param('resumableTotalSize'),
      chunkSize: first!.param('resumableChunkSize'),
    }).toEqual({ name: 'survey.mp4', size: String(bytes.length), chunkSize: String(CHUNK) });

    const outcome = await upload.complete();
    expect(outcome).toEqual({ kind: 'uploaded', added: [attached(0, 'survey.mp4', bytes.length)] });
    expect(resumable.chunksSent()).toEqual([2, 4, 5]);
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
  });

  it('the sha256 it finalizes with is of the whole file in order, though chunks go three at a time and arrive out of order', async () => {
    const { resumable, send } = setup();
    const { bytes, file } = video(8);
    const upload = send(file);
    const answered: string[] = [];
    for (const inFlight of [PARALLEL_CHUNKS, PARALLEL_CHUNKS, 2]) {
      await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(inFlight));
      // The latest first.
      for (const xhr of resumable.pendingChunks().reverse()) {
        answered.push(xhr.param('resumableChunkNumber')!);
        await resumable.receive(xhr);
      }
    }
    expect(answered).toEqual(['3', '2', '1', '6', '5', '4', '8', '7']);
    expect(await upload.outcome).toMatchObject({ kind: 'uploaded' });
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
  });

  it('counts as sent the bytes the server holds and those of the chunks on their way', async () => {
    const { resumable, send } = setup();
    const { bytes, file } = video(4);
    resumable.hold(uploadIdentifier(TARGET, file), { name: file.name, bytes }, CHUNK, [1]);
    const upload = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    expect(upload.progress.at(-1)).toEqual({ loaded: CHUNK, total: bytes.length });

    const [second, third] = resumable.pendingChunks();
    second!.progress(1000, CHUNK);
    third!.progress(3000, CHUNK);
    expect(upload.progress.at(-1)).toEqual({ loaded: CHUNK + 4000, total: bytes.length });
    await resumable.receive(second!);
    expect(upload.progress.at(-1)).toEqual({ loaded: 2 * CHUNK + 3000, total: bytes.length });
    await upload.complete();
    expect(upload.progress.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length });
  });

  it('a chunk that fails fails the try and stops the others; the next try sends only what the server lacks', async () => {
    const { resumable, send, unfinished } = setup();
    const { bytes, file } = video(6);
    const identifier = uploadIdentifier(TARGET, file);
    const first = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    await resumable.receive(resumable.pendingChunks()[0]!);
    await waitFor(() => expect(resumable.chunksSent()).toEqual([1, 2, 3, 4]));
    const [, two, three, four] = FakeXhr.sent;
    two!.respond(503, { message: 'Busy' });

    expect(await first.outcome).toEqual({
      kind: 'failed',
      failure: { data: { message: 'Busy' }, status: 503, statusText: '503' },
    });
    expect([three!.aborted, four!.aborted]).toEqual([true, true]);
    expect(unfinished.get(identifier)?.progress).toBeCloseTo(CHUNK / bytes.length);

    FakeXhr.reset();
    const second = send(file);
    expect(await second.complete()).toMatchObject({ kind: 'uploaded' });
    expect(resumable.chunksSent()).toEqual([2, 3, 4, 5, 6]);
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
    expect(unfinished.get(identifier)).toBeUndefined();
  });

  it('goes on with the chunk size an upload was begun with', async () => {
    const { resumable, send } = setup();
    const { bytes, file } = video(6);
    resumable.hold(uploadIdentifier(TARGET, file), { name: file.name, bytes }, 2 * CHUNK, [1]);
    const upload = send(file);
    expect(await upload.complete()).toMatchObject({ kind: 'uploaded' });
    expect(resumable.chunksSent()).toEqual([2, 3]);
    expect(FakeXhr.sent.map((xhr) => xhr.param('resumableChunkSize'))).toEqual([String(2 * CHUNK), String(2 * CHUNK)]);
  });

  it('when the finalized file differs from the one here, the next try sends all of it again', async () => {
    const { resumable, send } = setup();
    const { bytes, file } = video(3);
    const damaged = bytes.slice();
    damaged[10] = damaged[10]! ^ 0xff;
    resumable.hold(uploadIdentifier(TARGET, file), { name: file.name, bytes: damaged }, CHUNK, [1]);

    const first = send(file);
    expect(await first.complete()).toMatchObject({ kind: 'failed', failure: { status: 400 } });
    expect(resumable.chunksSent()).toEqual([2, 3]);

    FakeXhr.reset();
    expect(await send(file).complete()).toMatchObject({ kind: 'uploaded' });
    expect(resumable.chunksSent()).toEqual([1, 2, 3]);
  });

  it('a file attached by a try whose answer was lost is not sent again: the gallery lists it', async () => {
    const { resumable, send, server, unfinished } = setup();
    const { file } = video(2);
    resumable.loseNextAttachAnswer();
    expect(await send(file).complete()).toMatchObject({ kind: 'failed', failure: { status: 0 } });
    expect(unfinished.get(uploadIdentifier(TARGET, file))?.uploadId).toBeDefined();

    FakeXhr.reset();
    const asked = server.callsTo('GET', RESUMABLE_PATH).length;
    expect(await send(file).complete()).toEqual({ kind: 'uploaded', added: [attached(0, file.name, file.size)] });
    expect(server.callsTo('GET', RESUMABLE_PATH)).toHaveLength(asked);
    expect(server.callsTo('GET', GALLERY_PATH)).toHaveLength(1);
    expect(FakeXhr.sent).toHaveLength(0);
    expect(unfinished.get(uploadIdentifier(TARGET, file))).toBeUndefined();
  });

  it('a finalized upload the server purged before it was attached is sent again, not shown as uploaded', async () => {
    const { resumable, send, server, unfinished } = setup();
    const { bytes, file } = video(2);
    const identifier = uploadIdentifier(TARGET, file);
    resumable.dropNextAttach();
    expect(await send(file).complete()).toMatchObject({ kind: 'failed', failure: { status: 0 } });
    expect(unfinished.get(identifier)?.uploadId).toBeDefined();
    resumable.purge(identifier);

    FakeXhr.reset();
    expect(await send(file).complete()).toMatchObject({ kind: 'failed', failure: { status: 404 } });
    expect(server.callsTo('GET', GALLERY_PATH)).toHaveLength(1);
    expect(unfinished.get(identifier)).toBeUndefined();

    expect(await send(file).complete()).toEqual({ kind: 'uploaded', added: [attached(0, file.name, file.size)] });
    expect(resumable.chunksSent()).toEqual([1, 2]);
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes), sha256Hex(bytes)]);
  });

  it('when the gallery cannot be asked whether a finalized upload reached it, the next try asks again', async () => {
    const { resumable, send, server, unfinished } = setup();
    const { file } = video(2);
    const identifier = uploadIdentifier(TARGET, file);
    resumable.loseNextAttachAnswer();
    await send(file).complete();
    server.unreachable('GET', GALLERY_PATH);

    FakeXhr.reset();
    expect(await send(file).complete()).toMatchObject({ kind: 'failed', failure: { status: 0 } });
    expect(unfinished.get(identifier)?.uploadId).toBeDefined();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('a chunk whose send broke off is finished from the bytes the server holds', async () => {
    const { resumable, send } = setup();
    const { bytes, file } = video(3);
    const first = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    const [one, two] = resumable.pendingChunks();
    await resumable.receive(one!);
    two!.progress(5000, CHUNK);
    expect(first.progress.at(-1)).toEqual({ loaded: CHUNK + 5000, total: bytes.length });
    await resumable.breakOff(two!, 5000);
    expect(await first.outcome).toMatchObject({ kind: 'failed', failure: { status: 0 } });

    FakeXhr.reset();
    const second = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(2));
    // The bar does not go back: the bytes held of chunk 2 count from the start.
    expect(second.progress[0]).toEqual({ loaded: CHUNK + 5000, total: bytes.length });
    const [rest, three] = resumable.pendingChunks();
    expect(rest!.param('resumableChunkNumber')).toBe('2');
    expect(rest!.param('resumableChunkOffset')).toBe('5000');
    expect(sha256Hex(rest!.bytes)).toBe(sha256Hex(bytes.subarray(CHUNK + 5000, 2 * CHUNK)));
    expect(rest!.headers.get(CHUNK_SHA256_HEADER)).toBe(sha256Hex(bytes.subarray(CHUNK, 2 * CHUNK)));
    expect(three!.param('resumableChunkOffset')).toBe('0');
    rest!.progress(1000, CHUNK - 5000);
    expect(second.progress.at(-1)).toEqual({ loaded: CHUNK + 6000, total: bytes.length });

    expect(await second.complete()).toMatchObject({ kind: 'uploaded' });
    expect(second.progress.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length });
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
  });

  it('the bytes held of a chunk with another sha256 are not built on: the chunk goes whole', async () => {
    const { resumable, send } = setup();
    const { bytes, file } = video(3);
    const identifier = uploadIdentifier(TARGET, file);
    const otherChunk = randomFileBytes(CHUNK);
    resumable.hold(identifier, { name: file.name, bytes }, CHUNK, [1]);
    resumable.holdPartial(identifier, 2, otherChunk.subarray(0, 5000), sha256Hex(otherChunk));

    const upload = send(file);
    expect(await upload.complete()).toMatchObject({ kind: 'uploaded' });
    const [two] = FakeXhr.sent;
    expect(two!.param('resumableChunkNumber')).toBe('2');
    expect(two!.param('resumableChunkOffset')).toBe('0');
    expect(sha256Hex(two!.bytes)).toBe(sha256Hex(bytes.subarray(CHUNK, 2 * CHUNK)));
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
  });

  it('an offset beyond what the server holds is asked again, not given up', async () => {
    const { resumable, send, server, unfinished } = setup();
    const { bytes, file } = video(3);
    const identifier = uploadIdentifier(TARGET, file);
    const chunkTwo = bytes.subarray(CHUNK, 2 * CHUNK);
    resumable.hold(identifier, { name: file.name, bytes }, CHUNK, [1, 3]);
    resumable.holdPartial(identifier, 2, chunkTwo.subarray(0, 5000), sha256Hex(chunkTwo));

    const first = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(1));
    expect(resumable.pendingChunks()[0]!.param('resumableChunkOffset')).toBe('5000');
    resumable.losePartialTail(identifier, 2, 1000);
    await resumable.receive(resumable.pendingChunks()[0]!);
    expect(await first.outcome).toMatchObject({ kind: 'failed', failure: { status: 400 } });
    expect(server.callsTo('DELETE', RESUMABLE_PATH)).toHaveLength(0);
    expect(unfinished.get(identifier)).toBeDefined();

    FakeXhr.reset();
    const asked = server.callsTo('GET', RESUMABLE_PATH).length;
    const second = send(file);
    expect(await second.complete()).toMatchObject({ kind: 'uploaded' });
    expect(server.callsTo('GET', RESUMABLE_PATH)).toHaveLength(asked + 1);
    expect(FakeXhr.sent.map((xhr) => xhr.param('resumableChunkOffset'))).toEqual(['1000']);
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
  });

  it('two large files never have more than four chunks on their way together, nor one file more than three', async () => {
    const { resumable, send } = setup();
    const files = [video(6, 'a.mp4'), video(6, 'b.mp4')];
    const uploads = files.map(({ file }) => send(file));
    let ended = false;
    const outcomes = Promise.all(uploads.map((upload) => upload.outcome)).finally(() => {
      ended = true;
    });
    const onTheirWay = (fileName?: string) =>
      resumable.pendingChunks().filter((xhr) => !fileName || xhr.param('resumableFilename') === fileName).length;
    await waitFor(() => expect(onTheirWay()).toBe(CHUNK_REQUESTS_PER_PAGE));

    // Chunks are only answered here, one at a time, so the most on their way is seen just before each answer.
    const most = { together: 0, 'a.mp4': 0, 'b.mp4': 0 };
    while (!ended) {
      most.together = Math.max(most.together, onTheirWay());
      most['a.mp4'] = Math.max(most['a.mp4'], onTheirWay('a.mp4'));
      most['b.mp4'] = Math.max(most['b.mp4'], onTheirWay('b.mp4'));
      const [oldest] = resumable.pendingChunks();
      if (oldest) await resumable.receive(oldest);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(most.together).toBe(CHUNK_REQUESTS_PER_PAGE);
    expect(Math.max(most['a.mp4'], most['b.mp4'])).toBeLessThanOrEqual(PARALLEL_CHUNKS);
    expect(await outcomes).toMatchObject([{ kind: 'uploaded' }, { kind: 'uploaded' }]);
    expect(resumable.finalizedWith.toSorted()).toEqual(files.map(({ bytes }) => sha256Hex(bytes)).toSorted());
  });

  it("a name's extension the server refuses refuses the file, and the upload is forgotten", async () => {
    const { resumable, send, server, unfinished } = setup();
    const { file } = video(2, 'survey.mp4');
    const upload = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(2));
    resumable.pendingChunks()[0]!.respond(400, { code: 'media/unsupported-extension', message: 'No' });
    expect(await upload.outcome).toMatchObject({ kind: 'refused', failure: { status: 400 } });
    expect(resumable.pendingChunks()).toEqual([]);
    expect(unfinished.get(uploadIdentifier(TARGET, file))).toBeUndefined();
    expect(server.callsTo('DELETE', RESUMABLE_PATH)).toHaveLength(1);
  });

  it('aborting without discarding (the page is left) keeps what the server holds, to resume from', async () => {
    const { resumable, send, server, unfinished } = setup();
    const { file } = video(4);
    const upload = send(file);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    await resumable.receive(resumable.pendingChunks()[0]!);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    upload.controller.abort();

    expect(await upload.outcome).toEqual({ kind: 'cancelled' });
    expect(FakeXhr.sent.filter((xhr) => xhr.aborted)).toHaveLength(3);
    expect(server.callsTo('DELETE', RESUMABLE_PATH)).toHaveLength(0);
    expect(unfinished.get(uploadIdentifier(TARGET, file))?.progress).toBeCloseTo(CHUNK / file.size);
  });
});

describe('the identifier of an upload', () => {
  const file = (name: string, lastModified = 1) => new File(['x'], name, { lastModified });

  it('is the same for the same file and object on every page load, and differs for another file or object', () => {
    expect(uploadIdentifier(TARGET, file('a.mp4'))).toBe(uploadIdentifier(TARGET, file('a.mp4')));
    expect(uploadIdentifier(TARGET, file('a.mp4'))).not.toBe(uploadIdentifier(TARGET, file('a.mp4', 2)));
    expect(uploadIdentifier(TARGET, file('a.mp4'))).not.toBe(uploadIdentifier({ type: 'Node', id: 8 }, file('a.mp4')));
    // Names that read alike once the characters the server takes are left are still told apart.
    expect(uploadIdentifier(TARGET, file('Schacht ä.mp4'))).not.toBe(uploadIdentifier(TARGET, file('Schacht ö.mp4')));
  });

  it('holds only the characters the server takes, and at most 200 of them', () => {
    const long = uploadIdentifier(TARGET, file(`${'Kanal Süd '.repeat(30)}.mp4`));
    expect(long).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(long.length).toBe(200);
  });
});
