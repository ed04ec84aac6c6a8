/**
 * An inspection's survey video beside the observations linked to its moments: the office watches
 * each defect at the moment it was coded. Choosing an observation plays the video from there, and
 * the observation being played is marked as the video runs. The player lives in a provider the
 * edition puts around the inspection's views, so the observations grid can play an observation
 * too (`PlayObservationButton`) without the two features knowing each other.
 */
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { MediaItem } from '@manway/core/api/media';
import type { ObservationItem } from '@manway/core/api/observations';
import { buildUrl } from '../../../shell/request/request';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { Button } from '../../../ui/controls/Button';
import { ChevronDownIcon, ChevronRightIcon } from '../../../ui/controls/icons';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetMediaGalleryQuery } from '../api/media';
import { durationText, NO_VIDEO } from './mediaText';
import { VideoPlayer } from './VideoPlayer';
import './MediaGallery.css';
import './InspectionVideo.css';

type VideoLink = MediaItem['links'][number];

/** A request to play a video from a moment; a new one each time, so asking twice seeks twice. */
interface Seek {
  videoId: number;
  offsetMs: number;
  /** Asked from outside the player (the observations grid): the player is brought into view. */
  reveal: boolean;
}

/** What the observations grid may ask of the inspection's video. */
export interface InspectionVideoControl {
  /** Whether any observation of the inspection is linked to a moment of one of its videos. */
  hasLinks: boolean;
  /** The moment an observation plays from: in the video shown if it links it, else in the first that does. */
  offsetOf(observationId: number): number | undefined;
  /** Shows the video that links the observation, unfolded, and plays it from the observation's moment. */
  playAt(observationId: number): void;
}

interface InspectionVideoState extends InspectionVideoControl {
  /** The inspection's videos in the order they were added; undefined until the gallery answers. */
  videos: readonly MediaItem[] | undefined;
  failed: boolean;
  shown: MediaItem | undefined;
  show(videoId: number): void;
  open: boolean;
  setOpen(open: boolean): void;
  seek: Seek | null;
  seekTo(videoId: number, offsetMs: number): void;
}

const InspectionVideoContext = createContext<InspectionVideoState | null>(null);

/** The inspection's video as the provider around the page holds it; null where there is none. */
export function useInspectionVideo(): InspectionVideoControl | null {
  return useContext(InspectionVideoContext);
}

/** The video and link that play an observation: the shown video's link first. */
function findLink(videos: readonly MediaItem[], shown: MediaItem | undefined, observationId: number) {
  for (const video of shown ? [shown, ...videos] : videos) {
    const link = video.links.find((l) => l.observationId === observationId);
    if (link) return { video, link };
  }
  return undefined;
}

/** Loads the inspection's videos once for the player and the grid's Play buttons under it. */
export function InspectionVideoProvider({ inspectionId, children }: { inspectionId: number; children: ReactNode }) {
  const gallery = useGetMediaGalleryQuery({ type: 'Inspection', id: inspectionId });
  const [chosenId, setChosenId] = useState<number | null>(null);
  // Unfolded when the inspection has a video, until the user folds or unfolds it.
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const [seek, setSeek] = useState<Seek | null>(null);

  const items = gallery.data?.items;
  const failed = gallery.isError;
  const value = useMemo((): InspectionVideoState => {
    // The inspection's own videos (the survey): its gallery lists its observations' clips too.
    const videos = items?.filter((item) => item.kind === 'video' && !item.observation);
    const shown = videos?.find((video) => video.id === chosenId) ?? videos?.[0];
    return {
      videos,
      failed,
      shown,
      show: (videoId) => {
        setChosenId(videoId);
        setSeek(null);
      },
      open: openChoice ?? (videos !== undefined && videos.length > 0),
      setOpen: setOpenChoice,
      seek,
      seekTo: (videoId, offsetMs) => setSeek({ videoId, offsetMs, reveal: false }),
      hasLinks: videos?.some((video) => video.links.length > 0) ?? false,
      offsetOf: (observationId) => findLink(videos ?? [], shown, observationId)?.link.offsetMs,
      playAt: (observationId) => {
        const found = findLink(videos ?? [], shown, observationId);
        if (!found) return;
        setChosenId(found.video.id);
        setOpenChoice(true);
        setSeek({ videoId: found.video.id, offsetMs: found.link.offsetMs, reveal: true });
      },
    };
  }, [items, failed, chosenId, openChoice, seek]);

  return <InspectionVideoContext.Provider value={value}>{children}</InspectionVideoContext.Provider>;
}

/** A "Play at m:ss" for an observation linked to the inspection's video; nothing for the others. */
export function PlayObservationButton({ observationId, name }: { observationId: number; name: string }) {
  const video = useInspectionVideo();
  const offsetMs = video?.offsetOf(observationId);
  if (!video || offsetMs === undefined) return null;
  return (
    <Button variant="ghost" onClick={() => video.playAt(observationId)}>
      Play at {durationText(offsetMs)}
      <span className="mw-visually-hidden"> {name}</span>
    </Button>
  );
}

interface Moment {
  link: VideoLink;
  observation: ObservationItem;
  /** Its place in the inspection's recorded order. */
  index: number;
}

/** The video's observations by their moment, those of one moment in their recorded order. */
function momentsOf(video: MediaItem, observations: readonly ObservationItem[]): Moment[] {
  const recorded = new Map(observations.map((observation, index) => [observation.id, { observation, index }]));
  return video.links
    .flatMap((link) => {
      const found = recorded.get(link.observationId);
      return found ? [{ link, ...found }] : [];
    })
    .sort((a, b) => a.link.offsetMs - b.link.offsetMs || a.index - b.index);
}

/** The moment being played: the latest that the video has reached. Several observations may share it. */
function playingOffset(moments: readonly Moment[], currentMs: number): number | null {
  let playing: number | null = null;
  for (const { link } of moments) if (link.offsetMs <= currentMs) playing = link.offsetMs;
  return playing;
}

const valueText = (value: unknown, unit = '') =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? `${value}${unit}` : '';

/** Scrolls the list alone, never the page: reading the grid below is not pulled back up as the video runs. */
function keepInView(list: HTMLElement, row: HTMLElement) {
  const top = row.offsetTop;
  const bottom = top + row.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function useSeek(
  seek: Seek | null,
  videoId: number,
  videoRef: RefObject<HTMLVideoElement | null>,
  stage: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const video = videoRef.current;
    if (seek?.videoId !== videoId || !video) return;
    video.currentTime = seek.offsetMs / 1000;
    // A newer seek or a pause interrupts the start, which is what the user asked for.
    video.play().catch(() => undefined);
    if (seek.reveal) stage.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [seek, videoId, videoRef, stage]);
}

function VideoWithObservations({
  video,
  observations,
  open,
  seek,
  seekTo,
}: {
  video: MediaItem;
  observations: readonly ObservationItem[] | undefined;
  open: boolean;
  seek: Seek | null;
  seekTo(videoId: number, offsetMs: number): void;
}) {
  const { apiBaseUrl } = useRuntimeConfig();
  const stageRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [currentMs, setCurrentMs] = useState(0);
  const moments = useMemo(() => (observations ? momentsOf(video, observations) : undefined), [video, observations]);
  const playing = moments ? playingOffset(moments, currentMs) : null;

  useSeek(seek, video.id, videoRef, stageRef);

  // Folded away is out of sight: a video playing on there would only be heard.
  useEffect(() => {
    if (!open) videoRef.current?.pause();
  }, [open]);

  useEffect(() => {
    const list = listRef.current;
    const row = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (list && row) keepInView(list, row);
  }, [playing]);

  let list;
  if (!moments) list = <LoadingStatus />;
  else if (moments.length === 0)
    list = <p className="mw-inspection-video__empty">No observations are linked to this video.</p>;
  else
    list = (
      <ol ref={listRef} className="mw-inspection-video__moments" aria-label="Observations in the video">
        {moments.map(({ link, observation: { values } }) => (
          <li key={link.observationId}>
            <button
              type="button"
              className="mw-inspection-video__moment"
              data-testid={`video-observation-${link.observationId}`}
              aria-current={link.offsetMs === playing || undefined}
              onClick={() => seekTo(video.id, link.offsetMs)}
            >
              {/* Spaced for the button's spoken name; the grid lays the facts out. */}
              <span className="mw-inspection-video__time">{durationText(link.offsetMs)}</span>{' '}
              <span className="mw-inspection-video__code">{valueText(values.code)}</span>{' '}
              <span>{valueText(values.distanceM, ' m')}</span>{' '}
              <span>{valueText(values.grade) && `Grade ${valueText(values.grade)}`}</span>
            </button>
          </li>
        ))}
      </ol>
    );

  return (
    <div className="mw-inspection-video__body">
      <div ref={stageRef} className="mw-inspection-video__stage">
        <VideoPlayer
          item={video}
          src={buildUrl(apiBaseUrl, video.url)}
          downloadUrl={buildUrl(apiBaseUrl, video.url, { download: true })}
          poster={video.thumbnailUrl ? buildUrl(apiBaseUrl, video.thumbnailUrl) : undefined}
          className="mw-inspection-video__video"
          videoRef={videoRef}
          onTimeUpdate={(event) => setCurrentMs(event.currentTarget.currentTime * 1000)}
        />
      </div>
      {list}
    </div>
  );
}

/**
 * The inspection's video under a heading that folds it away, unfolded when there is one; several
 * videos are chosen between, the first shown first. Needs an InspectionVideoProvider around it.
 */
export function InspectionVideo({ observations }: { observations: readonly ObservationItem[] | undefined }) {
  const state = useContext(InspectionVideoContext);
  const bodyId = useId();
  const choiceId = useId();
  if (!state) throw new Error('InspectionVideo is shown inside an InspectionVideoProvider');
  const { videos, failed, shown, open } = state;

  let body;
  if (!videos)
    body = failed ? (
      <p className="mw-inspection-video__empty" role="alert">
        The videos could not be loaded.
      </p>
    ) : (
      <LoadingStatus />
    );
  else if (!shown) body = <p className="mw-inspection-video__empty">{NO_VIDEO}</p>;
  else
    body = (
      <>
        {videos.length > 1 && (
          <div className="mw-inspection-video__choice">
            <label htmlFor={choiceId}>Video</label>
            <select id={choiceId} value={shown.id} onChange={(event) => state.show(Number(event.target.value))}>
              {videos.map((video) => (
                <option key={video.id} value={video.id}>
                  {video.fileName}
                </option>
              ))}
            </select>
          </div>
        )}
        <VideoWithObservations
          key={shown.id}
          video={shown}
          observations={observations}
          open={open}
          seek={state.seek}
          seekTo={state.seekTo}
        />
      </>
    );

  return (
    <section className="mw-media-section mw-inspection-video" aria-label="Video" data-testid="inspection-video">
      <h3 className="mw-media-section__title">
        <button
          type="button"
          className="mw-media-section__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => state.setOpen(!open)}
        >
          {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          Video
        </button>
      </h3>
      <div id={bodyId} hidden={!open}>
        {body}
      </div>
    </section>
  );
}
