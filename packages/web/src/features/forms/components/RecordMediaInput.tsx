import { useEffect, useId, useMemo } from 'react';
import type { RecordMedia } from '@manway/core/api/observations';
import { MAX_FILES_PER_REQUEST } from '@manway/core/api/observations';
import { Button } from '../../../ui/controls/Button';

/** Spec section 2, empty-state texts. */
export const NO_MEDIA = 'No media';

/** A preview of each chosen file, made once per file and let go when the file leaves the list. */
function usePreviewUrls(files: readonly File[]): ReadonlyMap<File, string> {
  const urls = useMemo(() => new Map(files.map((file) => [file, URL.createObjectURL(file)])), [files]);
  useEffect(
    () => () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * A record's photos: the media it has (each can be marked for removal, sent as FilesToRemove on
 * save) and the files chosen to add, with thumbnails, each removable before the save.
 */
export function RecordMediaInput({
  media,
  removed,
  onRemovedChange,
  files,
  onFilesChange,
  disabled = false,
}: {
  media: readonly RecordMedia[];
  removed: readonly number[];
  onRemovedChange(removed: number[]): void;
  files: readonly File[];
  onFilesChange(files: File[]): void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const previews = usePreviewUrls(files);
  const kept = media.filter((m) => !removed.includes(m.id));
  const room = MAX_FILES_PER_REQUEST - files.length;

  return (
    <fieldset className="mw-record-media">
      <legend>Photos</legend>
      {kept.length === 0 && files.length === 0 && <p className="mw-form__message">{NO_MEDIA}</p>}
      <ul className="mw-record-media__list" aria-label="Photos of this record">
        {kept.map((m) => (
          <li key={m.id} className="mw-record-media__item">
            <span className="mw-record-media__name">{m.fileName}</span>
            <Button variant="ghost" disabled={disabled} onClick={() => onRemovedChange([...removed, m.id])}>
              Remove {m.fileName}
            </Button>
          </li>
        ))}
        {files.map((file, index) => (
          <li key={`${file.name}:${index}`} className="mw-record-media__item">
            <img className="mw-record-media__thumbnail" src={previews.get(file)} alt="" />
            <span className="mw-record-media__name">{file.name}</span>
            <Button
              variant="ghost"
              disabled={disabled}
              onClick={() => onFilesChange(files.filter((_, i) => i !== index))}
            >
              Remove {file.name}
            </Button>
          </li>
        ))}
      </ul>
      <label htmlFor={inputId} className="mw-record-media__add">
        Add photos
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        disabled={disabled || room <= 0}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []).slice(0, Math.max(room, 0));
          // The same file may be chosen again after its removal: the input forgets what it held.
          event.target.value = '';
          if (chosen.length > 0) onFilesChange([...files, ...chosen]);
        }}
      />
    </fieldset>
  );
}
