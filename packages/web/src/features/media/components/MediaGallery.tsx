/**
 * The photos, videos and documents of one object (main-app spec section 2, "Media gallery"): a grid
 * of thumbnails filtered to All, Images or Video, a viewer for one file at a time, and, where the
 * server says the user may change them, adding files (picked or dropped) and deleting them.
 * A thumbnail being made shows a spinner, and the gallery is asked again every 2 s until none is.
 * The files listed last stay on screen if a later ask fails. An inspection's gallery lists its
 * observations' photos as well, each captioned with its observation (code and distance).
 */
import { useEffect, useState, type DragEvent } from 'react';
import type { MediaItem } from '@manway/core/api/media';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { buildUrl } from '../../../shell/request/request';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus, Spinner } from '../../../ui/Spinner';
import {
  useCachedMediaGallery,
  useDeleteMediaFileMutation,
  useGetMediaGalleryQuery,
  type MediaObject,
} from '../api/media';
import { useUploadQueue } from '../upload/useUploadQueue';
import { MediaKindIcon } from './MediaKindIcon';
import { MediaUpload } from './MediaUpload';
import { MediaViewer } from './MediaViewer';
import { durationText, NO_IMAGES, NO_MEDIA, NO_VIDEO, observationText } from './mediaText';
import './MediaGallery.css';

/** How often the gallery is asked again while a thumbnail is being made. */
export const THUMBNAIL_POLL_MS = 2000;

type MediaFilter = 'all' | 'image' | 'video';

const FILTERS: readonly { id: MediaFilter; label: string; empty: string }[] = [
  { id: 'all', label: 'All', empty: NO_MEDIA },
  { id: 'image', label: 'Images', empty: NO_IMAGES },
  { id: 'video', label: 'Video', empty: NO_VIDEO },
];

export const deleteMediaConfirm = (item: MediaItem): ConfirmConfig => ({
  type: 'normal',
  title: `Delete ${item.fileName}?`,
  text: 'The file is removed from this object for everyone.',
  proceedButtonText: 'Delete',
});

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

function Thumbnail({ item, apiBaseUrl }: { item: MediaItem; apiBaseUrl: string }) {
  if (item.thumbnail === 'pending')
    return (
      <>
        <Spinner />
        <span className="mw-visually-hidden">Thumbnail being made</span>
      </>
    );
  if (item.thumbnail === 'ready' && item.thumbnailUrl)
    return <img className="mw-media-tile__image" src={buildUrl(apiBaseUrl, item.thumbnailUrl)} alt="" loading="lazy" />;
  return <MediaKindIcon kind={item.kind} className="mw-media-tile__icon" />;
}

function MediaTile({ item, apiBaseUrl, onOpen }: { item: MediaItem; apiBaseUrl: string; onOpen(): void }) {
  const observation = item.observation && observationText(item.observation);
  const name = observation ? `${item.fileName}, ${observation}` : item.fileName;
  return (
    <li className="mw-media-gallery__item" data-testid="media-tile">
      <button
        type="button"
        className="mw-media-tile"
        aria-label={`Open ${name}`}
        title={name}
        data-thumbnail={item.thumbnail}
        onClick={onOpen}
      >
        <span className="mw-media-tile__picture">
          <Thumbnail item={item} apiBaseUrl={apiBaseUrl} />
          {observation && <span className="mw-media-tile__observation">{observation}</span>}
          {item.durationMs !== null && <span className="mw-media-tile__duration">{durationText(item.durationMs)}</span>}
        </span>
        <span className="mw-media-tile__name">{item.fileName}</span>
      </button>
    </li>
  );
}

function Gallery({ object }: { object: MediaObject }) {
  const dispatch = useAppDispatch();
  const { apiBaseUrl } = useRuntimeConfig();
  const cached = useCachedMediaGallery(object);
  // A failed ask stops the polling: each failure is notified, and one notification says it.
  const pollForThumbnails =
    !cached.isError && (cached.data?.items.some((item) => item.thumbnail === 'pending') ?? false);
  const gallery = useGetMediaGalleryQuery(object, { pollingInterval: pollForThumbnails ? THUMBNAIL_POLL_MS : 0 });
  const [deleteFile] = useDeleteMediaFileMutation();
  const { queue, rows, interrupted, discardInterrupted } = useUploadQueue(object);
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [dropping, setDropping] = useState(false);

  const items = gallery.data?.items;
  const mayChange = gallery.data?.mayChange ?? false;
  const shown = (items ?? []).filter((item) => filter === 'all' || item.kind === filter);
  const viewing = shown.find((item) => item.id === viewingId);

  // An uploaded file's row stays until the gallery lists the file.
  const hasUploaded = rows.some((row) => row.state === 'uploaded');
  useEffect(() => {
    if (items && hasUploaded) queue.forgetListed(new Set(items.map((item) => item.id)));
  }, [items, hasUploaded, queue]);

  const remove = async (item: MediaItem) => {
    if (!(await dispatch(confirm(deleteMediaConfirm(item))))) return;
    try {
      await deleteFile({ gallery: object, item }).unwrap();
    } catch {
      return; // The global handling has told the user.
    }
    // The viewer stays open on a neighbour of the deleted file, or closes after the last one.
    const index = shown.indexOf(item);
    setViewingId((shown[index + 1] ?? shown[index - 1])?.id ?? null);
    dispatch(showNotification({ type: 'success', title: 'File deleted' }));
  };

  const onDragOver = (event: DragEvent) => {
    if (!mayChange || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!mayChange) return;
    event.preventDefault();
    setDropping(false);
    queue.add(event.dataTransfer.files);
  };

  let content;
  if (!items)
    content = gallery.isError ? (
      <p className="mw-media-gallery__empty" role="alert">
        The media could not be loaded.
      </p>
    ) : (
      <LoadingStatus />
    );
  else if (items.length === 0) content = <p className="mw-media-gallery__empty">{NO_MEDIA}</p>;
  else if (shown.length === 0)
    content = <p className="mw-media-gallery__empty">{FILTERS.find((f) => f.id === filter)?.empty}</p>;
  else
    content = (
      <ul className="mw-media-gallery__grid" aria-label="Files">
        {shown.map((item) => (
          <MediaTile key={item.id} item={item} apiBaseUrl={apiBaseUrl} onOpen={() => setViewingId(item.id)} />
        ))}
      </ul>
    );

  return (
    <div
      className={`mw-media-gallery${dropping ? ' mw-media-gallery--dropping' : ''}`}
      data-testid="media-gallery"
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <div className="mw-media-gallery__filter" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <Button
            key={f.id}
            variant="ghost"
            className="mw-media-gallery__filter-option"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
          >
            {f.label}
          </Button>
        ))}
      </div>
      {mayChange && (
        <MediaUpload
          rows={rows}
          interrupted={interrupted}
          onAdd={(files) => queue.add(files)}
          onRemove={(key) => queue.remove(key)}
          onDiscard={discardInterrupted}
        />
      )}
      {content}
      {viewing && (
        <MediaViewer
          items={shown}
          current={viewing}
          mayChange={mayChange}
          onShow={(item) => setViewingId(item.id)}
          onDelete={(item) => void remove(item)}
          onClose={() => setViewingId(null)}
        />
      )}
    </div>
  );
}

/** One object's gallery; another object is another gallery, with its own filter, viewer and uploads. */
export function MediaGallery({ object }: { object: MediaObject }) {
  return <Gallery key={`${object.type}:${object.id}`} object={object} />;
}
