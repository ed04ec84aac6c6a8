import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { applicationName } from '../../../shell/config';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { reloadMediaGallery, type MediaObject } from '../api/media';
import { discardUnfinishedUpload, galleryUploadTransport } from './galleryTransport';
import { refusalMessage } from './refusal';
import { browserStorage, uploadIdentifier, UnfinishedUploads, type UnfinishedUpload } from './unfinishedUploads';
import { ACTIVE_UPLOAD_STATES, UploadQueue, type UploadRow } from './uploadQueue';

export interface GalleryUploads {
  queue: UploadQueue;
  rows: readonly UploadRow[];
  /** Chunked uploads begun earlier (another page load, or before leaving this page) whose file is not in the queue. */
  interrupted: readonly UnfinishedUpload[];
  /** Gives an interrupted upload up. */
  discardInterrupted(identifier: string): void;
}

/**
 * The upload queue of one object's gallery, for as long as the gallery is shown: leaving aborts
 * what is on its way, so while a file is, leaving the page or the route asks first (the
 * unsaved-changes lock). What the server holds of a chunked upload stays, to resume from when the
 * user picks the file again.
 */
export function useUploadQueue(target: MediaObject): GalleryUploads {
  const dispatch = useAppDispatch();
  const { edition } = useRuntimeConfig();
  const login = useAppSelector((state) => state.settings.data?.user.login ?? '');
  const [unfinished] = useState(() => new UnfinishedUploads(browserStorage(), login, target));
  const [queue] = useState(
    () =>
      new UploadQueue({
        transport: dispatch(galleryUploadTransport(unfinished)),
        target,
        describeRefusal: (failure) => refusalMessage(failure, applicationName(edition)),
        onUploaded: () => dispatch(reloadMediaGallery(target)),
      }),
  );
  const rows = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const unfinishedUploads = useSyncExternalStore(unfinished.subscribe, unfinished.getSnapshot);

  useEffect(() => () => queue.stopAll(), [queue]);

  const sending = rows.some((row) => ACTIVE_UPLOAD_STATES.includes(row.state));
  useEffect(() => {
    if (!sending) return;
    const lockName = `media-upload:${target.type}:${target.id}`;
    dispatch(acquireLock(lockName));
    return () => {
      dispatch(releaseLock(lockName));
    };
  }, [sending, target.type, target.id, dispatch]);

  const interrupted = useMemo(() => {
    const queued = new Set(rows.map((row) => uploadIdentifier(target, row.file)));
    return unfinishedUploads.filter((upload) => !queued.has(upload.identifier));
  }, [rows, unfinishedUploads, target]);

  return {
    queue,
    rows,
    interrupted,
    discardInterrupted: (identifier) => dispatch(discardUnfinishedUpload(unfinished, identifier)),
  };
}
