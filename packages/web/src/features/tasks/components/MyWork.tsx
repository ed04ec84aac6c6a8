/**
 * My work: the open tasks assigned to the signed-in crew member, nearest first from where they
 * stand (else by due date), numbered as their marks on the map are. A task opens its own page,
 * where it is started and inspected.
 */
import { useEffect, useId } from 'react';
import type { TaskSummary } from '@manway/core/api/work';
import { distanceText, type LonLatPoint } from '@manway/core/rules/nearest-first';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetMyWorkQuery } from '../api/myWork';
import { NO_TASKS, TASK_TYPE_LABELS, taskStage } from '../taskLabels';
import './MyWork.css';

export interface MyWorkProps {
  /** Where the user stands; null while the position is unknown. */
  near: LonLatPoint | null;
  onOpen(task: TaskSummary): void;
  onShowOnMap(task: TaskSummary): void;
  /** The tasks listed, in their order, each time the list changes (for the map's marks). */
  onListed?(tasks: readonly TaskSummary[]): void;
}

export function MyWork({ near, onOpen, onShowOnMap, onListed }: MyWorkProps) {
  const titleId = useId();
  const { currentData: list, isError, isFetching } = useGetMyWorkQuery({ near }, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (list) onListed?.(list.items);
  }, [list, onListed]);

  return (
    <section className="mw-my-work" aria-labelledby={titleId} aria-busy={isFetching}>
      <div className="mw-my-work__header">
        <h2 id={titleId} className="mw-my-work__title">
          My work
          {list ? ` (${list.total > list.items.length ? `${list.items.length} of ${list.total}` : list.total})` : ''}
        </h2>
        <span className="mw-my-work__order">{near ? 'Nearest first' : 'By due date'}</span>
      </div>
      {isError ? (
        <p role="alert" className="mw-my-work__empty">
          Your tasks could not be loaded.
        </p>
      ) : !list ? (
        <LoadingStatus />
      ) : list.items.length === 0 ? (
        <p className="mw-my-work__empty">{NO_TASKS}</p>
      ) : (
        <ol className="mw-my-work__list">
          {list.items.map((task, index) => {
            const stage = taskStage(task);
            return (
              <li key={task.id} className="mw-my-work__task" data-testid="my-work-task">
                <span className="mw-my-work__number" style={{ background: stage.colour }} aria-hidden="true">
                  {index + 1}
                </span>
                <div className="mw-my-work__body">
                  <div className="mw-my-work__line">
                    <strong>{task.assetReadableId}</strong>
                    <span className="mw-my-work__kind">
                      {TASK_TYPE_LABELS[task.taskType]} · {task.assetType}
                    </span>
                    {task.distanceM !== null && (
                      <span className="mw-my-work__distance">{distanceText(task.distanceM)}</span>
                    )}
                  </div>
                  <div className="mw-my-work__line mw-my-work__line--muted">
                    <span className="mw-my-work__stage" style={{ color: stage.colour }}>
                      {stage.text}
                    </span>
                    <span>{task.projectName}</span>
                    {task.dueDate && (
                      <span>
                        Due <DateTimeText value={task.dueDate} show="date" />
                      </span>
                    )}
                  </div>
                </div>
                <div className="mw-my-work__actions">
                  <Button
                    variant="ghost"
                    disabled={!task.position}
                    onClick={() => onShowOnMap(task)}
                    aria-label={`Show ${task.assetReadableId} on the map`}
                  >
                    Map
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => onOpen(task)}
                    aria-label={`Open the task on ${task.assetReadableId}`}
                  >
                    Open
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
