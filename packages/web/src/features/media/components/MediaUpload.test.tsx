import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '@manway/core/api/media';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { FakeServer } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { FakeXhr } from '../upload/fakeXhr';
import { FIRST_RETRY_DELAY_MS } from '../upload/uploadQueue';
import { MediaGallery } from './MediaGallery';
import { gallery, mediaItem } from './mediaFixtures';
import { UPLOAD_STATE_TEXTS } from './mediaText';

const GALLERY = '/api/media/Node/7';

/** Node 7's gallery, listing whatever the test has "stored" so far. */
async function open() {
  const stored: MediaItem[] = [];
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', GALLERY, () => ({ json: gallery([...stored]) }));
  const shell = await renderEdition({ server, home: <MediaGallery object={{ type: 'Node', id: 7 }} /> });
  await screen.findByRole('button', { name: 'Add files' });
  return { ...shell, server, stored };
}

const file = (name: string, bytes = 2048) => new File(['x'.repeat(bytes)], name);
const picker = () => screen.getByLabelText('Files to add');
const rows = () => screen.queryAllByTestId('upload-row');
const row = (name: string) => rows().find((r) => within(r).queryByText(name, { selector: '.mw-media-upload__name' }))!;

/** Answers an upload as the server does: 201 with the gallery's items for what it added. */
async function store(xhr: FakeXhr, stored: MediaItem[], id: number) {
  const item = mediaItem({ id, fileName: xhr.file.name });
  stored.push(item);
  await act(async () => xhr.respond(201, { items: [item] }));
}

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding files to a gallery', () => {
  it('each file gets a row with its size, progress and state; two go at a time, the others wait', async () => {
    const { stored, config } = await open();
    await userEvent.setup().upload(picker(), [file('a.jpg', 3 * 1024 * 1024), file('b.mp4'), file('c.png')]);

    expect(rows()).toHaveLength(3);
    expect(row('a.jpg')).toHaveTextContent('3 MB');
    expect(row('a.jpg')).toHaveTextContent(UPLOAD_STATE_TEXTS.uploading);
    expect(row('b.mp4')).toHaveTextContent(UPLOAD_STATE_TEXTS.uploading);
    expect(row('c.png')).toHaveTextContent(UPLOAD_STATE_TEXTS.ready);
    expect(FakeXhr.sent.map((xhr) => xhr.file.name)).toEqual(['a.jpg', 'b.mp4']);

    const [first] = FakeXhr.sent;
    expect(first!.method).toBe('POST');
    expect(first!.url).toBe('/api/media/Node/7');
    expect(first!.headers.get(SESSION_ID_HEADER.toLowerCase())).toBe('session-under-test');
    expect(first!.headers.get(APPLICATION_EDITION_HEADER.toLowerCase())).toBe(config.edition);

    act(() => first!.progress(1024, 4096));
    expect(within(row('a.jpg')).getByRole('progressbar', { name: 'Upload of a.jpg' })).toHaveAttribute('value', '25');
    act(() => first!.progress(4096, 4096));
    expect(within(row('a.jpg')).getByRole('progressbar')).toHaveAttribute('value', '100');

    await store(first!, stored, 10);
    // The third file takes the freed place; the uploaded one leaves once the gallery lists it.
    expect(FakeXhr.sent.map((xhr) => xhr.file.name)).toEqual(['a.jpg', 'b.mp4', 'c.png']);
    expect(await screen.findByRole('button', { name: 'Open a.jpg' })).toBeInTheDocument();
    await waitFor(() => expect(row('a.jpg')).toBeUndefined());
    expect(rows()).toHaveLength(2);
  });

  it('a send the network failed says it is retrying and goes again a second later, then completes', async () => {
    const { stored, store: shellStore } = await open();
    await userEvent.setup().upload(picker(), [file('survey.mp4')]);
    expect(shellStore.getState().unsaved.locks).toEqual(['media-upload:Node:7']);

    act(() => FakeXhr.sent[0]!.progress(500, 2048));
    await act(async () => FakeXhr.sent[0]!.failNetwork());
    expect(row('survey.mp4')).toHaveTextContent('Something went wrong, retrying...');
    expect(FakeXhr.sent).toHaveLength(1);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2), { timeout: FIRST_RETRY_DELAY_MS * 3 });
    expect(row('survey.mp4')).toHaveTextContent(UPLOAD_STATE_TEXTS.uploading);
    expect(within(row('survey.mp4')).getByRole('progressbar')).toHaveAttribute('value', '0');

    await store(FakeXhr.sent[1]!, stored, 11);
    await screen.findByRole('button', { name: 'Open survey.mp4' });
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(shellStore.getState().unsaved.locks).toEqual([]);
  });

  it('a server error is retried as well', async () => {
    await open();
    await userEvent.setup().upload(picker(), [file('survey.mp4')]);
    await act(async () => FakeXhr.sent[0]!.respond(503, { message: 'Busy' }));
    expect(row('survey.mp4')).toHaveTextContent('Something went wrong, retrying...');
    // The row says it; no notification piles up for each try.
    expect(screen.queryByText('Something unexpected just happened')).not.toBeInTheDocument();
  });

  it("a file the server refuses shows the catalogue's words on its row and is not sent again", async () => {
    await open();
    await userEvent.setup().upload(picker(), [file('fake.jpg'), file('huge.mp4')]);
    await act(async () =>
      FakeXhr.sent[0]!.respond(400, { code: 'media/unsupported-file', message: 'Not a JPEG inside' }),
    );
    await act(async () =>
      FakeXhr.sent[1]!.respond(400, {
        Message: 'The request is invalid.',
        ModelState: { files: ['huge.mp4 is larger than 2048 MB.'] },
      }),
    );

    const unsupported = KNOWN_ERROR_MESSAGES['media/unsupported-file'];
    expect(within(row('fake.jpg')).getByRole('alert')).toHaveTextContent(`${unsupported.title} ${unsupported.text}`);
    expect(within(row('huge.mp4')).getByRole('alert')).toHaveTextContent(
      'The request is invalid huge.mp4 is larger than 2048 MB.',
    );
    // Said once, on the row, not again as a notification.
    expect(screen.getAllByText(unsupported.title)).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_DELAY_MS + 200));
    expect(FakeXhr.sent).toHaveLength(2);
    await userEvent.setup().click(within(row('fake.jpg')).getByRole('button', { name: 'Dismiss fake.jpg' }));
    expect(row('fake.jpg')).toBeUndefined();
  });

  it('an upload whose session has ended sends the user to sign in, as every call does', async () => {
    const { browser } = await open();
    await userEvent.setup().upload(picker(), [file('survey.mp4')]);
    await act(async () => FakeXhr.sent[0]!.respond(401));
    await waitFor(() => expect(browser.assigned).toEqual([expect.stringContaining('api/account/login') as string]));
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('Cancel aborts the file on its way and takes its row off; the next file starts', async () => {
    await open();
    const user = userEvent.setup();
    await user.upload(picker(), [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    await user.click(within(row('a.jpg')).getByRole('button', { name: 'Cancel a.jpg' }));

    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(row('a.jpg')).toBeUndefined();
    expect(FakeXhr.sent.map((xhr) => xhr.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('a file of a type the server does not take is refused here and never sent', async () => {
    await open();
    // The picker offers the supported types only; a drop or "All files" in the picker brings others.
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker(), [file('notes.txt'), file('plan.svg'), file('x.constructor')]);

    const unsupported = KNOWN_ERROR_MESSAGES['media/unsupported-extension'];
    expect(within(row('notes.txt')).getByRole('alert')).toHaveTextContent(`${unsupported.title} ${unsupported.text}`);
    expect(within(row('plan.svg')).getByRole('alert')).toHaveTextContent(unsupported.title);
    expect(within(row('x.constructor')).getByRole('alert')).toHaveTextContent(unsupported.title);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('files dropped on the gallery are added as picked ones are', async () => {
    await open();
    const files = [file('drop.jpg'), file('drop.exe')];
    fireEvent.dragOver(screen.getByTestId('media-gallery'), { dataTransfer: { files, types: ['Files'] } });
    expect(screen.getByTestId('media-gallery')).toHaveClass('mw-media-gallery--dropping');
    fireEvent.drop(screen.getByTestId('media-gallery'), { dataTransfer: { files, types: ['Files'] } });

    expect(FakeXhr.sent.map((xhr) => xhr.file.name)).toEqual(['drop.jpg']);
    expect(row('drop.exe')).toHaveTextContent(KNOWN_ERROR_MESSAGES['media/unsupported-extension'].title);
    expect(screen.getByTestId('media-gallery')).not.toHaveClass('mw-media-gallery--dropping');
  });
});
