import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MediaGallery as Gallery } from '@manway/core/api/media';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { FakeServer } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { galleryPath, type MediaObject } from '../api/media';
import { deleteMediaConfirm, MediaGallery, THUMBNAIL_POLL_MS } from './MediaGallery';
import { gallery, mediaItem, videoItem } from './mediaFixtures';
import { NO_IMAGES, NO_MEDIA, NO_VIDEO, VIDEO_CANNOT_BE_PLAYED, VIDEO_NOT_AVAILABLE } from './mediaText';

const NODE: MediaObject = { type: 'Node', id: 7 };
const GALLERY = `/${galleryPath(NODE)}`;

async function open(
  answer: Gallery | (() => Gallery),
  routes = (server: FakeServer) => server,
  object: MediaObject = NODE,
) {
  const server = routes(
    new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', `/${galleryPath(object)}`, () => ({ json: typeof answer === 'function' ? answer() : answer })),
  );
  await renderEdition({ server, home: <MediaGallery object={object} /> });
  return { server, user: userEvent.setup() };
}

const tileNames = () => screen.getAllByTestId('media-tile').map((tile) => tile.textContent);
const filter = (name: string) => within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name });

describe('the media gallery', () => {
  it('an object without files says No media, whichever filter is chosen', async () => {
    const { user } = await open(gallery([]));
    expect(await screen.findByText(NO_MEDIA)).toBeInTheDocument();
    await user.click(filter('Video'));
    expect(screen.getByText(NO_MEDIA)).toBeInTheDocument();
    expect([NO_MEDIA, NO_IMAGES, NO_VIDEO]).toEqual(['No media', 'No images', 'No video']);
  });

  it('Images without photos says No images; Video without videos says No video', async () => {
    const { user } = await open(gallery([videoItem({ id: 2 })]));
    await screen.findByRole('button', { name: 'Open survey-2.mp4' });
    await user.click(filter('Images'));
    expect(screen.getByText(NO_IMAGES)).toBeInTheDocument();
    expect(screen.queryByTestId('media-tile')).not.toBeInTheDocument();

    await user.click(filter('All'));
    expect(tileNames()).toEqual(['1:05survey-2.mp4']);
  });

  it('Video without videos says No video', async () => {
    const { user } = await open(gallery([mediaItem({ id: 1 })]));
    await screen.findByRole('button', { name: 'Open photo-1.jpg' });
    await user.click(filter('Video'));
    expect(screen.getByText(NO_VIDEO)).toBeInTheDocument();
  });

  it('the filter shows all files, the photos only or the videos only, in the order they were added', async () => {
    const { user } = await open(
      gallery([
        mediaItem({ id: 1 }),
        videoItem({ id: 2 }),
        mediaItem({ id: 3, kind: 'document', fileName: 'report.pdf', thumbnail: 'none', thumbnailUrl: null }),
        mediaItem({ id: 4 }),
      ]),
    );
    await screen.findByRole('button', { name: 'Open photo-1.jpg' });
    expect(tileNames()).toEqual(['photo-1.jpg', '1:05survey-2.mp4', 'report.pdf', 'photo-4.jpg']);
    expect(filter('All')).toHaveAttribute('aria-pressed', 'true');

    await user.click(filter('Images'));
    expect(filter('Images')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('All')).toHaveAttribute('aria-pressed', 'false');
    expect(tileNames()).toEqual(['photo-1.jpg', 'photo-4.jpg']);

    await user.click(filter('Video'));
    expect(tileNames()).toEqual(['1:05survey-2.mp4']);
  });

  it("a tile shows the file's thumbnail, or its kind's icon when there is none", async () => {
    await open(
      gallery([
        mediaItem({ id: 1 }),
        videoItem({ id: 2, thumbnail: 'failed', thumbnailUrl: null }),
        mediaItem({ id: 3, kind: 'document', fileName: 'report.pdf', thumbnail: 'none', thumbnailUrl: null }),
      ]),
    );
    const [photo, video, document] = await screen.findAllByTestId('media-tile');
    expect(photo!.querySelector('img')).toHaveAttribute('src', '/api/media/Node/7/1/thumbnail');
    expect(video!.querySelector('svg[data-kind="video"]')).toBeInTheDocument();
    expect(document!.querySelector('svg[data-kind="document"]')).toBeInTheDocument();
  });

  it('a thumbnail being made shows a spinner, and the gallery is asked again until it is ready', async () => {
    let answers = 0;
    const { server } = await open(() => {
      answers += 1;
      return gallery([videoItem({ id: 2, ...(answers < 2 && { thumbnail: 'pending', thumbnailUrl: null }) })]);
    });
    const tile = await screen.findByRole('button', { name: 'Open survey-2.mp4' });
    expect(tile).toHaveAttribute('data-thumbnail', 'pending');
    expect(tile.querySelector('.mw-spinner')).toBeInTheDocument();
    expect(within(tile).getByText('Thumbnail being made')).toBeInTheDocument();

    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'Open survey-2.mp4' }).querySelector('img')).toHaveAttribute(
          'src',
          '/api/media/Node/7/2/thumbnail',
        ),
      { timeout: THUMBNAIL_POLL_MS * 2 },
    );
    expect(server.callsTo('GET', GALLERY)).toHaveLength(2);
    // Nothing pending any more: no more asking.
    await new Promise((resolve) => setTimeout(resolve, THUMBNAIL_POLL_MS + 500));
    expect(server.callsTo('GET', GALLERY)).toHaveLength(2);
  });

  it('the viewer shows a photo large with its name, date and size, and steps with Previous, Next and the arrow keys', async () => {
    const { user } = await open(
      gallery([mediaItem({ id: 1, capturedAt: '2024-04-30T07:00:00Z' }), videoItem({ id: 2 }), mediaItem({ id: 3 })]),
    );
    await user.click(await screen.findByRole('button', { name: 'Open photo-1.jpg' }));
    let viewer = screen.getByRole('dialog', { name: 'photo-1.jpg' });
    expect(within(viewer).getByRole('img', { name: 'photo-1.jpg' })).toHaveAttribute('src', '/api/media/Node/7/1');
    expect(within(viewer).getByText('Taken').nextSibling?.firstChild).toHaveAttribute(
      'datetime',
      '2024-04-30T07:00:00.000Z',
    );
    expect(within(viewer).getByText('2.3 MB')).toBeInTheDocument();
    expect(within(viewer).getByText('1 of 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/media/Node/7/1?download=true',
    );
    expect(within(viewer).getByRole('button', { name: 'Previous file' })).toBeDisabled();

    await user.click(within(viewer).getByRole('button', { name: 'Next file' }));
    viewer = screen.getByRole('dialog', { name: 'survey-2.mp4' });
    expect(viewer.querySelector('video')).toHaveAttribute('src', '/api/media/Node/7/2');
    expect(within(viewer).getByText('Added')).toBeInTheDocument();
    expect(within(viewer).getByText('1:05')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    viewer = screen.getByRole('dialog', { name: 'photo-3.jpg' });
    expect(within(viewer).getByRole('button', { name: 'Next file' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'survey-2.mp4' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous file' }));
    expect(screen.getByRole('dialog', { name: 'photo-1.jpg' })).toBeInTheDocument();
  });

  it('the viewer steps through the files the filter shows', async () => {
    const { user } = await open(gallery([mediaItem({ id: 1 }), videoItem({ id: 2 }), mediaItem({ id: 3 })]));
    await screen.findByRole('button', { name: 'Open photo-1.jpg' });
    await user.click(filter('Images'));
    await user.click(screen.getByRole('button', { name: 'Open photo-1.jpg' }));
    const viewer = screen.getByRole('dialog', { name: 'photo-1.jpg' });
    expect(within(viewer).getByText('1 of 2')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Next file' }));
    expect(screen.getByRole('dialog', { name: 'photo-3.jpg' })).toBeInTheDocument();
  });

  it('a document opens in a new tab from the viewer', async () => {
    const { user } = await open(
      gallery([mediaItem({ id: 3, kind: 'document', fileName: 'report.pdf', thumbnail: 'none', thumbnailUrl: null })]),
    );
    await user.click(await screen.findByRole('button', { name: 'Open report.pdf' }));
    const link = within(screen.getByRole('dialog', { name: 'report.pdf' })).getByRole('link', {
      name: 'Open report.pdf in a new tab',
    });
    expect(link).toHaveAttribute('href', '/api/media/Node/7/3');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('Delete asks first, then deletes the file and shows its neighbour', async () => {
    let items = [mediaItem({ id: 1 }), mediaItem({ id: 3 })];
    const { user, server } = await open(
      () => gallery(items),
      (s) =>
        s.on('DELETE', '/api/media/Node/7/1', () => {
          items = items.filter((item) => item.id !== 1);
          return { status: 204 };
        }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open photo-1.jpg' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: deleteMediaConfirm(items[0]!).title });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/api/media/Node/7/1')).toHaveLength(0);

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete photo-1.jpg?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/media/Node/7/1')).toHaveLength(1);
    expect(await screen.findByRole('dialog', { name: 'photo-3.jpg' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open photo-1.jpg' })).not.toBeInTheDocument());
  });

  it('without the right to change the files there is neither Delete nor Add files', async () => {
    const { user } = await open(gallery([mediaItem({ id: 1 })], false));
    await user.click(await screen.findByRole('button', { name: 'Open photo-1.jpg' }));
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add files' })).not.toBeInTheDocument();
  });

  it('a video the browser cannot play says so and offers the download', async () => {
    const { user, server } = await open(gallery([videoItem({ id: 2, fileName: 'survey.mpg' })]), (s) =>
      s.on('GET', '/api/media/Node/7/2', { status: 206, text: '\u0000' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open survey.mpg' }));
    const viewer = screen.getByRole('dialog');
    fireEvent.error(viewer.querySelector('video')!);
    const problem = await within(viewer).findByRole('alert');
    expect(problem).toHaveTextContent(VIDEO_CANNOT_BE_PLAYED);
    expect(problem).toHaveTextContent('Your browser cannot play this file.');
    expect(within(problem).getByRole('link', { name: 'Download survey.mpg' })).toHaveAttribute(
      'href',
      '/api/media/Node/7/2?download=true',
    );
    const [probe] = server.callsTo('GET', '/api/media/Node/7/2');
    expect(probe!.headers.get('range')).toBe('bytes=0-0');
  });

  it("an inspection's gallery names each observation's photo in its tile and viewer, and deletes it at its own address", async () => {
    const inspection: MediaObject = { type: 'Inspection', id: 5 };
    const ofObservation = (id: number, observation: { id: number; code: string; distanceM: number }) => ({
      url: `api/media/Observation/${observation.id}/${id}`,
      thumbnailUrl: `api/media/Observation/${observation.id}/${id}/thumbnail`,
      observation,
    });
    let items = [
      mediaItem({ id: 1, url: 'api/media/Inspection/5/1', thumbnailUrl: 'api/media/Inspection/5/1/thumbnail' }),
      mediaItem({ id: 2, ...ofObservation(2, { id: 31, code: 'BAB', distanceM: 12.4 }) }),
      videoItem({ id: 3, ...ofObservation(3, { id: 32, code: 'DEF', distanceM: 20 }) }),
    ];
    const { user, server } = await open(
      () => gallery(items),
      (s) =>
        s.on('DELETE', '/api/media/Observation/31/2', () => {
          items = items.filter((item) => item.id !== 2);
          return { status: 204 };
        }),
      inspection,
    );
    const tile = await screen.findByRole('button', { name: 'Open photo-2.jpg, BAB 12.40 m' });
    expect(tile.querySelector('img')).toHaveAttribute('src', '/api/media/Observation/31/2/thumbnail');
    expect(tileNames()).toEqual(['photo-1.jpg', 'BAB 12.40 mphoto-2.jpg', 'DEF 20.00 m1:05survey-3.mp4']);

    // The filter sorts them by kind as any file.
    await user.click(filter('Images'));
    expect(tileNames()).toEqual(['photo-1.jpg', 'BAB 12.40 mphoto-2.jpg']);
    await user.click(filter('Video'));
    expect(tileNames()).toEqual(['DEF 20.00 m1:05survey-3.mp4']);
    await user.click(filter('All'));

    await user.click(screen.getByRole('button', { name: 'Open photo-2.jpg, BAB 12.40 m' }));
    const viewer = screen.getByRole('dialog', { name: 'photo-2.jpg' });
    expect(within(viewer).getByText('Observation').nextSibling).toHaveTextContent('BAB 12.40 m');
    expect(within(viewer).getByRole('img', { name: 'photo-2.jpg' })).toHaveAttribute(
      'src',
      '/api/media/Observation/31/2',
    );
    expect(within(viewer).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/media/Observation/31/2?download=true',
    );
    await user.click(within(viewer).getByRole('button', { name: 'Previous file' }));
    expect(within(screen.getByRole('dialog', { name: 'photo-1.jpg' })).queryByText('Observation')).toBeNull();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next file' }));

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete photo-2.jpg?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/media/Observation/31/2')).toHaveLength(1);
    expect(server.callsTo('DELETE', '/api/media/Inspection/5/2')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open photo-2.jpg, BAB 12.40 m' })).not.toBeInTheDocument(),
    );
  });

  it.each([
    ['deleted (404)', { status: 404, json: { code: 'object/not-found', message: 'Media not found' } }],
    ['lost from the store', { status: 400, json: { code: 'media/file-not-found', message: 'The file is missing' } }],
  ])('a video whose file is gone, %s, says Video not available', async (_case, answer) => {
    const { user } = await open(gallery([videoItem({ id: 2 })]), (s) => s.on('GET', '/api/media/Node/7/2', answer));
    await user.click(await screen.findByRole('button', { name: 'Open survey-2.mp4' }));
    const viewer = screen.getByRole('dialog');
    fireEvent.error(viewer.querySelector('video')!);
    const problem = await within(viewer).findByRole('alert');
    expect(problem).toHaveTextContent(VIDEO_NOT_AVAILABLE);
    expect(problem).toHaveTextContent(KNOWN_ERROR_MESSAGES['media/file-not-found'].text);
    // Asked for its own answer: nothing else is notified.
    expect(screen.queryByText(KNOWN_ERROR_MESSAGES['media/file-not-found'].title)).not.toBeInTheDocument();
    expect(screen.queryByText('Something unexpected just happened')).not.toBeInTheDocument();
  });
});
