/**
 * Adding files to a gallery: chosen with the picker (or dropped on the gallery, which hands them to
 * the same queue), then one row per file with its size, a progress bar and where it stands, until
 * the gallery lists it. A refused file says why on its row. A chunked upload interrupted earlier (a
 * reload, another page) has a row of its own until its file is picked again, which resumes it, or
 * the user discards it.
 */
import { useRef } from 'react';
import { MEDIA_ACCEPT } from '@manway/core/api/media';
import { Button } from '../../../ui/controls/Button';
import type { UnfinishedUpload } from '../upload/unfinishedUploads';
import type { UploadRow } from '../upload/uploadQueue';
import { fileSizeText, UPLOAD_INTERRUPTED, UPLOAD_STATE_TEXTS } from './mediaText';

function UploadRowView({ row, onRemove }: { row: UploadRow; onRemove(): void }) {
  const name = row.file.name;
  return (
    <li className={`mw-media-upload__row mw-media-upload__row--${row.state}`} data-testid="upload-row">
      <span className="mw-media-upload__name">{name}</span>
      <span className="mw-media-upload__size">{fileSizeText(row.file.size)}</span>
      {row.state === 'refused' ? (
        <p className="mw-media-upload__refusal" role="alert">
          <strong>{row.refusal?.title}</strong> {row.refusal?.text}
        </p>
      ) : (
        <>
          <progress
            className="mw-media-upload__progress"
            max={100}
            value={Math.round(row.progress * 100)}
            aria-label={`Upload of ${name}`}
          />
          <span className="mw-media-upload__state">{UPLOAD_STATE_TEXTS[row.state]}</span>
        </>
      )}
      {row.state !== 'uploaded' && (
        <Button variant="ghost" className="mw-media-upload__remove" onClick={onRemove}>
          {row.state === 'refused' ? 'Dismiss' : 'Cancel'}
          <span className="mw-visually-hidden"> {name}</span>
        </Button>
      )}
    </li>
  );
}

function InterruptedRowView({ upload, onDiscard }: { upload: UnfinishedUpload; onDiscard(): void }) {
  const name = upload.fileName;
  return (
    <li className="mw-media-upload__row mw-media-upload__row--interrupted" data-testid="interrupted-upload">
      <span className="mw-media-upload__name">{name}</span>
      <span className="mw-media-upload__size">{fileSizeText(upload.sizeBytes)}</span>
      <progress
        className="mw-media-upload__progress"
        max={100}
        value={Math.round(upload.progress * 100)}
        aria-label={`Upload of ${name}`}
      />
      <span className="mw-media-upload__state">{UPLOAD_INTERRUPTED}</span>
      <Button variant="ghost" className="mw-media-upload__remove" onClick={onDiscard}>
        Discard
        <span className="mw-visually-hidden"> {name}</span>
      </Button>
    </li>
  );
}

export function MediaUpload({
  rows,
  interrupted,
  onAdd,
  onRemove,
  onDiscard,
}: {
  rows: readonly UploadRow[];
  interrupted: readonly UnfinishedUpload[];
  onAdd(files: File[]): void;
  /** Cancels a file on its way, or takes a refused one off the list. */
  onRemove(key: string): void;
  /** Gives up an interrupted upload, by its identifier. */
  onDiscard(identifier: string): void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="mw-media-upload">
      <div className="mw-media-upload__pick">
        <Button onClick={() => inputRef.current?.click()}>Add files</Button>
        <span className="mw-media-upload__hint">or drop them here</span>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          hidden
          aria-label="Files to add"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            // The same file may be chosen again later: the input forgets what it held.
            event.target.value = '';
            onAdd(chosen);
          }}
        />
      </div>
      {rows.length + interrupted.length > 0 && (
        <ul className="mw-media-upload__list" aria-label="Uploads">
          {interrupted.map((upload) => (
            <InterruptedRowView
              key={upload.identifier}
              upload={upload}
              onDiscard={() => onDiscard(upload.identifier)}
            />
          ))}
          {rows.map((row) => (
            <UploadRowView key={row.key} row={row} onRemove={() => onRemove(row.key)} />
          ))}
        </ul>
      )}
    </div>
  );
}
