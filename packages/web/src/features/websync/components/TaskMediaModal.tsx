import { BoundedModal } from '../../../ui/modal/Modal';
import { useSyncTaskMediaQuery } from '../api/taskMedia';

export const UPLOADING_PROGRESS_TITLE = 'Uploading progress';

/**
 * The media files of a task's transfer: task name, file name and progress out of 100. Opens once
 * the files of this opening have arrived; a failed load opens nothing.
 */
export function TaskMediaModal({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const {
    currentData: media,
    isFetching,
    isError,
  } = useSyncTaskMediaQuery(taskId, {
    refetchOnMountOrArgChange: true,
  });
  if (isFetching || isError || !media) return null;
  return (
    <BoundedModal title={UPLOADING_PROGRESS_TITLE} maxWidth="44rem" onDismiss={onClose}>
      <div role="table" aria-label="Media files" className="mw-ws-media">
        <div role="row" className="mw-ws-media__row mw-ws-media__head">
          <span role="columnheader">Task name</span>
          <span role="columnheader">File name</span>
          <span role="columnheader">Progress</span>
        </div>
        {media.length === 0 ? (
          <div role="row" className="mw-ws-media__row">
            <span role="cell">No results</span>
          </div>
        ) : (
          media.map((m, i) => (
            <div role="row" key={`${m.jobName}/${m.fileName}/${i}`} className="mw-ws-media__row">
              <span role="cell">{m.jobName}</span>
              <span role="cell">{m.fileName}</span>
              <span role="cell">
                <progress
                  max={100}
                  value={m.percentsComplete}
                  title={m.status}
                  aria-label={`${m.fileName}: ${m.status}`}
                />
              </span>
            </div>
          ))
        )}
      </div>
    </BoundedModal>
  );
}
