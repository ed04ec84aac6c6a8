import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UPLOAD_SETTINGS, MIN_CHUNK_BYTES, type MediaItem } from '@manway/core/api/media';
import { FakeServer } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { FakeResumableServer, letBlobsGiveTheirBytes, randomFileBytes, sha256Hex } from '../upload/fakeResumableServer';
import { FakeXhr } from '../upload/fakeXhr';
import { uploadIdentifier, UnfinishedUploads } from '../upload/unfinishedUploads';
import { FIRST_RETRY_DELAY_MS } from '../upload/uploadQueue';
import { MediaGallery } from './MediaGallery';
import { gallery, videoItem } from './mediaFixtures';
import { UPLOAD_INTERRUPTED, UPLOAD_STATE_TEXTS } from './mediaText';

letBlobsGiveTheirBytes();

const NODE_7 = { type: 'Node', id: 7 } as const;
const GALLERY = '/api/media/Node/7';
const RESUMABLE_PATH = '/api/media-upload/resumable';
/** Node 7's uploads go in chunks of the smallest size, so a video of a few chunks is small. */
const CHUNK = MIN_CHUNK_BYTES;

/** A video of three and a half chunks, as the same file is picked again after a reload. */
const bytes = randomFileBytes(Math.round(3.5 * CHUNK));
const survey = () => new File([bytes], 'survey.mp4', { lastModified: 1_714_723_200_000 });

/** The server, kept across page loads: what it stores the gallery lists. */
function serverSide() {
  const stored: MediaItem[] = [];
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', GALLERY, () => ({
      json: { ...gallery([...stored]), uploadSettings: { ...DEFAULT_UPLOAD_SETTINGS, chunkSizeBytes: CHUNK } },
    }));
  const resumable = new FakeResumableServer(server, NODE_7, (fileName) => {
    const item = videoItem({ id: 60 + stored.length, fileName });
    stored.push(item);
    return item;
  });
  return { server, resumable, stored };
}

/** Loads the page with Node 7's gallery. */
async function open(server: FakeServer) {
  const shell = await renderEdition({ server, home: <MediaGallery object={NODE_7} /> });
  await screen.findByRole('button', { name: 'Add files' });
  return shell;
}

const pick = (files: File[]) => userEvent.setup().upload(screen.getByLabelText('Files to add'), files);
const uploadRow = (name: string) =>
  screen
    .queryAllByTestId('upload-row')
    .find((r) => within(r).queryByText(name, { selector: '.mw-media-upload__name' }));
const interrupted = () => screen.queryAllByTestId('interrupted-upload');

/** Answers every chunk as the server does until the gallery lists the file. */
async function answerChunksUntilListed(resumable: FakeResumableServer, name: string) {
  await waitFor(
    async () => {
      for (const xhr of resumable.pendingChunks()) await resumable.receive(xhr);
      expect(screen.getByRole('button', { name: `Open ${name}` })).toBeInTheDocument();
    },
    { interval: 20 },
  );
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploading a file larger than a chunk', () => {
  it('goes in chunks and reaches the gallery; a photo that fits in a chunk goes in one request', async () => {
    const { server, resumable } = serverSide();
    await open(server);
    await pick([survey(), new File(['x'.repeat(2048)], 'manhole.jpg')]);

    expect(FakeXhr.sent.filter((xhr) => xhr.method === 'POST').map((xhr) => xhr.file.name)).toEqual(['manhole.jpg']);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    expect(uploadRow('survey.mp4')).toHaveTextContent(UPLOAD_STATE_TEXTS.uploading);

    await answerChunksUntilListed(resumable, 'survey.mp4');
    expect(resumable.chunksSent()).toEqual([1, 2, 3, 4]);
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
    await waitFor(() => expect(uploadRow('survey.mp4')).toBeUndefined());
    expect(localStorage.length).toBe(0);
  });

  it('a chunk the network drops says retrying; the next try sends only the chunks the server lacks', async () => {
    const { server, resumable } = serverSide();
    await open(server);
    await pick([survey()]);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    await resumable.receive(resumable.pendingChunks()[0]!);
    await act(async () => resumable.pendingChunks()[0]!.failNetwork());

    // The try ends once the chunks still on their way are stopped.
    await waitFor(() => expect(uploadRow('survey.mp4')).toHaveTextContent(UPLOAD_STATE_TEXTS.retrying));
    const firstTry = FakeXhr.sent.length;
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3), { timeout: FIRST_RETRY_DELAY_MS * 3 });
    expect(resumable.chunksSent().slice(firstTry)).toEqual([2, 3, 4]);
    // The row starts again from the share the server holds.
    expect(within(uploadRow('survey.mp4')!).getByRole('progressbar')).toHaveAttribute(
      'value',
      String(Math.round((CHUNK / bytes.length) * 100)),
    );
    await answerChunksUntilListed(resumable, 'survey.mp4');
  });

  it('Cancel aborts the chunks on their way and the server drops what it holds', async () => {
    const { server, resumable } = serverSide();
    const { store } = await open(server);
    await pick([survey()]);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    await resumable.receive(resumable.pendingChunks()[0]!);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel survey.mp4' }));

    expect(FakeXhr.sent.filter((xhr) => xhr.aborted)).toHaveLength(3);
    const [deleted] = server.callsTo('DELETE', RESUMABLE_PATH);
    expect(deleted!.url.searchParams.get('resumableIdentifier')).toBe(uploadIdentifier(NODE_7, survey()));
    await waitFor(() => expect(resumable.uploads.size).toBe(0));
    expect(uploadRow('survey.mp4')).toBeUndefined();
    expect(interrupted()).toHaveLength(0);
    expect(localStorage.length).toBe(0);
    expect(store.getState().unsaved.locks).toEqual([]);
  });
});

describe('an upload interrupted by a reload', () => {
  it('is listed when the gallery opens again, and picking its file again resumes it where the server stopped', async () => {
    const { server, resumable } = serverSide();
    const first = await open(server);
    await pick([survey()]);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(3));
    const [one, two] = resumable.pendingChunks();
    await resumable.receive(one!);
    await resumable.receive(two!);
    first.view.unmount();

    await open(server);
    const held = String(Math.round(((2 * CHUNK) / bytes.length) * 100));
    expect(interrupted()).toHaveLength(1);
    const row = interrupted()[0]!;
    expect(row).toHaveTextContent('survey.mp4');
    expect(row).toHaveTextContent('896 KB');
    expect(row).toHaveTextContent(UPLOAD_INTERRUPTED);
    expect(within(row).getByRole('progressbar', { name: 'Upload of survey.mp4' })).toHaveAttribute('value', held);

    const sentBefore = FakeXhr.sent.length;
    await pick([survey()]);
    expect(interrupted()).toHaveLength(0);
    await waitFor(() => expect(resumable.pendingChunks()).toHaveLength(2));
    expect(within(uploadRow('survey.mp4')!).getByRole('progressbar')).toHaveAttribute('value', held);
    await answerChunksUntilListed(resumable, 'survey.mp4');
    expect(resumable.chunksSent().slice(sentBefore)).toEqual([3, 4]);
    expect(resumable.finalizedWith).toEqual([sha256Hex(bytes)]);
    await waitFor(() => expect(uploadRow('survey.mp4')).toBeUndefined());
    expect(interrupted()).toHaveLength(0);
    expect(localStorage.length).toBe(0);
  });

  it('Discard gives it up, on the server too', async () => {
    const { server, resumable } = serverSide();
    const identifier = uploadIdentifier(NODE_7, survey());
    resumable.hold(identifier, { name: 'survey.mp4', bytes }, CHUNK, [1]);
    new UnfinishedUploads(localStorage, generalSettings().user.login, NODE_7).remember({
      identifier,
      fileName: 'survey.mp4',
      sizeBytes: bytes.length,
      lastModified: survey().lastModified,
      progress: CHUNK / bytes.length,
    });
    await open(server);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Discard survey.mp4' }));
    expect(interrupted()).toHaveLength(0);
    await waitFor(() => expect(resumable.uploads.size).toBe(0));
    expect(server.callsTo('DELETE', RESUMABLE_PATH)).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('another user of the same browser does not see it', async () => {
    const { server, resumable } = serverSide();
    const identifier = uploadIdentifier(NODE_7, survey());
    resumable.hold(identifier, { name: 'survey.mp4', bytes }, CHUNK, [1]);
    new UnfinishedUploads(localStorage, 'someone-else', NODE_7).remember({
      identifier,
      fileName: 'survey.mp4',
      sizeBytes: bytes.length,
      lastModified: survey().lastModified,
      progress: CHUNK / bytes.length,
    });
    await open(server);
    expect(interrupted()).toHaveLength(0);
  });
});
