import { useState, type Ref, type SyntheticEvent } from 'react';
import type { MediaItem } from '@manway/core/api/media';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { useAppDispatch } from '../../../shell/store/hooks';
import { checkMediaFile } from '../api/media';
import { MediaKindIcon } from './MediaKindIcon';
import { VIDEO_CANNOT_BE_PLAYED, VIDEO_CANNOT_BE_PLAYED_TEXT, VIDEO_NOT_AVAILABLE } from './mediaText';
import './MediaGallery.css';

type VideoProblem = 'cannot-be-played' | 'not-available';

/** No media by that id any more (404), or a media row whose bytes the store has lost. */
function isGone(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: unknown };
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
  return status === 404 || code === 'media/file-not-found';
}

/**
 * A video in the browser's own player, for the gallery's viewer and the inspection's video alike.
 * A <video> fails alike when the browser cannot decode the file and when the file is gone, so a
 * failure asks the file's address which of the two it is.
 */
export function VideoPlayer({
  item,
  src,
  downloadUrl,
  poster,
  className = 'mw-media-viewer__video',
  videoRef,
  onTimeUpdate,
}: {
  item: MediaItem;
  src: string;
  downloadUrl: string;
  poster?: string;
  className?: string;
  videoRef?: Ref<HTMLVideoElement>;
  /** The playing moment has moved: by playing, or by a seek. */
  onTimeUpdate?(event: SyntheticEvent<HTMLVideoElement>): void;
}) {
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<VideoProblem | null>(null);

  const onError = () => {
    void dispatch(checkMediaFile(item.url)).then((result) =>
      setProblem(isGone(result.error) ? 'not-available' : 'cannot-be-played'),
    );
  };

  if (problem === 'not-available')
    return (
      <div className="mw-media-viewer__problem" role="alert">
        <MediaKindIcon kind="video" className="mw-media-viewer__icon" />
        <p className="mw-media-viewer__problem-title">{VIDEO_NOT_AVAILABLE}</p>
        <p>{KNOWN_ERROR_MESSAGES['media/file-not-found'].text}</p>
      </div>
    );
  if (problem === 'cannot-be-played')
    return (
      <div className="mw-media-viewer__problem" role="alert">
        <MediaKindIcon kind="video" className="mw-media-viewer__icon" />
        <p className="mw-media-viewer__problem-title">{VIDEO_CANNOT_BE_PLAYED}</p>
        <p>{VIDEO_CANNOT_BE_PLAYED_TEXT}</p>
        <a className="mw-button mw-button--primary" href={downloadUrl}>
          Download {item.fileName}
        </a>
      </div>
    );
  return (
    <video
      ref={videoRef}
      className={className}
      src={src}
      poster={poster}
      controls
      preload="metadata"
      onError={onError}
      onTimeUpdate={onTimeUpdate}
      onSeeked={onTimeUpdate}
    >
      {/* Only browsers without <video> show this. */}
      {VIDEO_CANNOT_BE_PLAYED}
    </video>
  );
}
