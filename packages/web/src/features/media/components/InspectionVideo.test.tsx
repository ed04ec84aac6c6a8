import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { MediaGallery as Gallery } from '@manway/core/api/media';
import type { ObservationItem } from '@manway/core/api/observations';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { FakeServer } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { InspectionVideo, InspectionVideoProvider, PlayObservationButton } from './InspectionVideo';
import { gallery, mediaItem, videoItem } from './mediaFixtures';
import { NO_VIDEO, VIDEO_CANNOT_BE_PLAYED, VIDEO_NOT_AVAILABLE } from './mediaText';

const INSPECTION_ID = 469;
const GALLERY = `/api/media/Inspection/${INSPECTION_ID}`;

const inspectionVideo = (id: number, links: { observationId: number; offsetMs: number }[]) =>
  videoItem({
    id,
    url: `api/media/Inspection/${INSPECTION_ID}/${id}`,
    thumbnailUrl: `api/media/Inspection/${INSPECTION_ID}/${id}/thumbnail`,
    links,
  });

function observation(id: number, sequence: number, code: string, distanceM: number, grade: number): ObservationItem {
  return { id, inspectionId: INSPECTION_ID, version: 1, values: { sequence, code, distanceM, grade }, media: [] };
}

const OBSERVATIONS = [
  observation(601, 1, 'SST', 0, 1),
  observation(602, 2, 'SCR', 3.25, 2),
  observation(603, 3, 'SDF', 12.5, 4),
  observation(604, 4, 'SJD', 12.5, 3),
  observation(605, 5, 'SFN', 20, 1),
];

// Linked out of order, two at one moment, and 605 to no moment of this video.
const SURVEY = inspectionVideo(31, [
  { observationId: 603, offsetMs: 83_000 },
  { observationId: 602, offsetMs: 21_500 },
  { observationId: 601, offsetMs: 0 },
  { observationId: 604, offsetMs: 83_000 },
]);

async function open(answer: Gallery, routes = (server: FakeServer) => server) {
  const server = routes(
    new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', GALLERY, { json: answer }),
  );
  await renderEdition({
    server,
    home: (
      <InspectionVideoProvider inspectionId={INSPECTION_ID}>
        <InspectionVideo observations={OBSERVATIONS} />
        {/* As the observations grid shows them in its rows. */}
        <PlayObservationButton observationId={603} name="observation 3" />
        <PlayObservationButton observationId={605} name="observation 5" />
      </InspectionVideoProvider>
    ),
  });
  return { server, user: userEvent.setup() };
}

const videoElement = () => screen.getByTestId('inspection-video').querySelector('video')!;
const momentList = () => screen.getByRole('list', { name: 'Observations in the video' });
const momentTexts = () =>
  within(momentList())
    .getAllByRole('button')
    .map((row) => row.textContent);
const playingTexts = () =>
  within(momentList())
    .getAllByRole('button')
    .filter((row) => row.getAttribute('aria-current') === 'true')
    .map((row) => row.textContent);

/** The video has played to a moment, as the browser tells it. */
function playTo(seconds: number) {
  const video = videoElement();
  video.currentTime = seconds;
  fireEvent.timeUpdate(video);
}

let play: Mock<() => Promise<void>>;
let pause: Mock<() => void>;
let scrollIntoView: Mock<(arg?: boolean | ScrollIntoViewOptions) => void>;

beforeEach(() => {
  // jsdom plays no media and lays nothing out.
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn(() => undefined);
  scrollIntoView = vi.fn(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the inspection's video", () => {
  it('shows the video with its poster, unfolded, and its linked observations by their moment: time, code, distance, grade', async () => {
    await open(gallery([mediaItem({ id: 30 }), SURVEY]));
    await screen.findByRole('list', { name: 'Observations in the video' });
    expect(screen.getByRole('button', { name: 'Video' })).toHaveAttribute('aria-expanded', 'true');
    const video = videoElement();
    expect(video).toHaveAttribute('src', `/api/media/Inspection/${INSPECTION_ID}/31`);
    expect(video).toHaveAttribute('poster', `/api/media/Inspection/${INSPECTION_ID}/31/thumbnail`);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(momentTexts()).toEqual([
      '0:00 SST 0 m Grade 1',
      '0:21 SCR 3.25 m Grade 2',
      '1:23 SDF 12.5 m Grade 4',
      '1:23 SJD 12.5 m Grade 3',
    ]);
  });

  it('choosing an observation plays the video from its moment', async () => {
    const { user } = await open(gallery([SURVEY]));
    await user.click(await screen.findByRole('button', { name: '0:21 SCR 3.25 m Grade 2' }));
    expect(videoElement().currentTime).toBe(21.5);
    expect(play).toHaveBeenCalledTimes(1);
    // Brought into view only when asked from outside the player.
    expect(scrollIntoView).not.toHaveBeenCalled();

    // Asked again after watching on: back to the moment again.
    playTo(40);
    await user.click(screen.getByRole('button', { name: '0:21 SCR 3.25 m Grade 2' }));
    expect(videoElement().currentTime).toBe(21.5);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('the observation being played is marked as the video runs: the latest moment reached, all of its observations', async () => {
    await open(gallery([SURVEY]));
    await screen.findByRole('list', { name: 'Observations in the video' });
    expect(playingTexts()).toEqual(['0:00 SST 0 m Grade 1']);

    playTo(21.4);
    expect(playingTexts()).toEqual(['0:00 SST 0 m Grade 1']);
    playTo(21.5);
    expect(playingTexts()).toEqual(['0:21 SCR 3.25 m Grade 2']);
    playTo(90);
    expect(playingTexts()).toEqual(['1:23 SDF 12.5 m Grade 4', '1:23 SJD 12.5 m Grade 3']);
    // Seeking back moves the mark back.
    playTo(10);
    expect(playingTexts()).toEqual(['0:00 SST 0 m Grade 1']);
  });

  it('the list keeps the observation being played in view by scrolling itself, not the page', async () => {
    // Rows 40 px high, one under another, in a list showing two of them.
    vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('li');
      return row ? Array.from(row.parentElement!.children).indexOf(row) * 40 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(80);
    await open(gallery([SURVEY]));
    const list = await screen.findByRole('list', { name: 'Observations in the video' });

    playTo(90);
    // The first of the moment's two rows (the third row) is at the list's bottom.
    expect(list.scrollTop).toBe(40);
    playTo(1);
    expect(list.scrollTop).toBe(0);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('the grid plays a linked observation at its moment, unfolding the video (folding it pauses); an observation without a moment has no Play', async () => {
    const { user } = await open(gallery([SURVEY]));
    const toggle = await screen.findByRole('button', { name: 'Video' });
    await screen.findByRole('list', { name: 'Observations in the video' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded away, a playing video would only be heard.
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Play at 1:23 observation 5' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play at 1:23 observation 3' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(videoElement().currentTime).toBe(83);
    expect(play).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('several videos are chosen between, the first shown first; the grid plays an observation in the video that links it', async () => {
    const second = inspectionVideo(32, [{ observationId: 605, offsetMs: 5_000 }]);
    const { user } = await open(gallery([SURVEY, { ...second, fileName: 'survey-2.mp4' }]));
    const choice = await screen.findByRole('combobox', { name: 'Video' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['survey-31.mp4', 'survey-2.mp4']);
    expect(choice).toHaveValue('31');

    await user.selectOptions(choice, 'survey-2.mp4');
    expect(videoElement()).toHaveAttribute('src', `/api/media/Inspection/${INSPECTION_ID}/32`);
    expect(momentTexts()).toEqual(['0:05 SFN 20 m Grade 1']);
    expect(play).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Play at 1:23 observation 3' }));
    expect(choice).toHaveValue('31');
    expect(videoElement()).toHaveAttribute('src', `/api/media/Inspection/${INSPECTION_ID}/31`);
    expect(videoElement().currentTime).toBe(83);
  });

  it('an inspection without a video says No video, folded until asked, and has nothing to play', async () => {
    const { user } = await open(gallery([mediaItem({ id: 30 })]));
    const toggle = await screen.findByRole('button', { name: 'Video' });
    await vi.waitFor(() => expect(screen.getByText(NO_VIDEO)).not.toBeVisible());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByText(NO_VIDEO)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Play at/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('inspection-video').querySelector('video')).toBeNull();
  });

  it('a video the browser cannot play says so and offers the download', async () => {
    const { server } = await open(gallery([SURVEY]), (s) =>
      s.on('GET', `${GALLERY}/31`, { status: 206, text: '\u0000' }),
    );
    await screen.findByRole('list', { name: 'Observations in the video' });
    fireEvent.error(videoElement());
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(VIDEO_CANNOT_BE_PLAYED);
    expect(within(problem).getByRole('link', { name: 'Download survey-31.mp4' })).toHaveAttribute(
      'href',
      `${GALLERY}/31?download=true`,
    );
    expect(server.callsTo('GET', `${GALLERY}/31`)[0]!.headers.get('range')).toBe('bytes=0-0');
  });

  it.each([
    ['deleted (404)', { status: 404, json: { code: 'object/not-found', message: 'Media not found' } }],
    ['lost from the store', { status: 400, json: { code: 'media/file-not-found', message: 'The file is missing' } }],
  ])('a video whose file is gone, %s, says Video not available', async (_case, answer) => {
    await open(gallery([SURVEY]), (s) => s.on('GET', `${GALLERY}/31`, answer));
    await screen.findByRole('list', { name: 'Observations in the video' });
    fireEvent.error(videoElement());
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(VIDEO_NOT_AVAILABLE);
    expect(problem).toHaveTextContent(KNOWN_ERROR_MESSAGES['media/file-not-found'].text);
  });
});
