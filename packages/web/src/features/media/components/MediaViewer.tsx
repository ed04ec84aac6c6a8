/**
 * One file of a gallery at a time, large: a photo, a video playing in the browser's own player, or
 * a document to open in a new tab. Previous and Next (and the arrow keys) step through the files
 * the gallery's filter shows.
 */
import { useEffect, useRef } from 'react';
import type { MediaItem } from '@manway/core/api/media';
import { buildUrl } from '../../../shell/request/request';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { Button } from '../../../ui/controls/Button';
import { IconButton } from '../../../ui/controls/IconButton';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/controls/icons';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { BoundedModal } from '../../../ui/modal/Modal';
import { MediaKindIcon } from './MediaKindIcon';
import { durationText, fileSizeText, observationText } from './mediaText';
import { VideoPlayer } from './VideoPlayer';

function Stage({ item, fileUrl, downloadUrl }: { item: MediaItem; fileUrl: string; downloadUrl: string }) {
  switch (item.kind) {
    case 'image':
      return <img className="mw-media-viewer__image" src={fileUrl} alt={item.fileName} />;
    case 'video':
      return <VideoPlayer key={item.id} item={item} src={fileUrl} downloadUrl={downloadUrl} />;
    case 'document':
      return (
        <div className="mw-media-viewer__document">
          <MediaKindIcon kind="document" className="mw-media-viewer__icon" />
          <a href={fileUrl} target="_blank" rel="noopener noreferrer">
            Open {item.fileName} in a new tab
          </a>
        </div>
      );
    case 'fusion':
      // No browser opens a survey camera's fusion file: it is downloaded for its own player.
      return (
        <div className="mw-media-viewer__document">
          <MediaKindIcon kind="fusion" className="mw-media-viewer__icon" />
        </div>
      );
  }
}

const MODAL = '[aria-modal="true"]';

/** Arrow keys inside these belong to them: a video seeks, a field moves its caret. */
const KEEPS_ARROW_KEYS = 'video, audio, input, select, textarea';

export function MediaViewer({
  items,
  current,
  mayChange,
  onShow,
  onDelete,
  onClose,
}: {
  /** The files the gallery shows, in its order. */
  items: readonly MediaItem[];
  current: MediaItem;
  mayChange: boolean;
  onShow(item: MediaItem): void;
  onDelete(item: MediaItem): void;
  onClose(): void;
}) {
  const { apiBaseUrl } = useRuntimeConfig();
  const bodyRef = useRef<HTMLDivElement>(null);
  const index = items.indexOf(current);
  const previous = index > 0 ? items[index - 1] : undefined;
  const next = items[index + 1];
  const fileUrl = buildUrl(apiBaseUrl, current.url);
  const downloadUrl = buildUrl(apiBaseUrl, current.url, { download: true });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (step === null || !(event.target instanceof Element)) return;
      // A question opened over the viewer (Delete) has the keys to itself. Keys from outside any
      // modal (focus fell to the page when Next at the end was disabled) go to the topmost one.
      const viewer = bodyRef.current?.closest(MODAL);
      const modals = document.querySelectorAll(MODAL);
      if (!viewer || (event.target.closest(MODAL) ?? modals[modals.length - 1]) !== viewer) return;
      if (event.target.closest(KEEPS_ARROW_KEYS)) return;
      event.preventDefault();
      if (step) onShow(step);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [previous, next, onShow]);

  return (
    <BoundedModal
      title={current.fileName}
      onDismiss={onClose}
      maxWidth="64rem"
      maxHeight="92vh"
      className="mw-media-viewer-dialog"
      footer={
        <div className="mw-media-viewer__actions">
          <div className="mw-media-viewer__steps">
            <IconButton
              label="Previous file"
              icon={<ChevronLeftIcon />}
              size="medium"
              disabled={!previous}
              onClick={() => previous && onShow(previous)}
            />
            <span className="mw-media-viewer__position">
              {index + 1} of {items.length}
            </span>
            <IconButton
              label="Next file"
              icon={<ChevronRightIcon />}
              size="medium"
              disabled={!next}
              onClick={() => next && onShow(next)}
            />
          </div>
          <a className="mw-button mw-button--secondary" href={downloadUrl}>
            Download
          </a>
          {mayChange && (
            <Button variant="danger" onClick={() => onDelete(current)}>
              Delete
            </Button>
          )}
        </div>
      }
    >
      <div ref={bodyRef} className="mw-media-viewer">
        <div className="mw-media-viewer__stage">
          <Stage item={current} fileUrl={fileUrl} downloadUrl={downloadUrl} />
        </div>
        <dl className="mw-media-viewer__facts">
          {current.observation && (
            <div>
              <dt>Observation</dt>
              <dd>{observationText(current.observation)}</dd>
            </div>
          )}
          <div>
            <dt>{current.capturedAt ? 'Taken' : 'Added'}</dt>
            <dd>
              <DateTimeText value={current.capturedAt ?? current.createdAt} />
            </dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{fileSizeText(current.sizeBytes)}</dd>
          </div>
          {current.durationMs !== null && (
            <div>
              <dt>Length</dt>
              <dd>{durationText(current.durationMs)}</dd>
            </div>
          )}
        </dl>
      </div>
    </BoundedModal>
  );
}
