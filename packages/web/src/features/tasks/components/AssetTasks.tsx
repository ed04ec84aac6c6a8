import { useId, type ReactNode } from 'react';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetAssetTasksQuery, type AssetTaskParent } from '../api/assetTasks';
import { NO_TASKS, TASK_STATE_LABELS, TASK_TYPE_LABELS } from '../taskLabels';
import './AssetTasks.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mw-asset-tasks__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The work planned on an asset, in its details: what, in which state, for which project, by whom and when. */
export function AssetTasks({ parent }: { parent: AssetTaskParent }) {
  const titleId = useId();
  const { currentData: list, isError: failed } = useGetAssetTasksQuery(parent, { refetchOnMountOrArgChange: true });
  const count = list ? (list.total > list.items.length ? `${list.items.length} of ${list.total}` : list.total) : null;

  return (
    <section className="mw-asset-tasks" aria-labelledby={titleId} data-testid="asset-tasks">
      <h3 id={titleId} className="mw-asset-tasks__title">
        Tasks{count === null ? '' : ` (${count})`}
      </h3>
      {failed ? (
        <p className="mw-asset-tasks__empty" role="alert">
          The tasks could not be loaded.
        </p>
      ) : !list ? (
        <LoadingStatus />
      ) : list.items.length === 0 ? (
        <p className="mw-asset-tasks__empty">{NO_TASKS}</p>
      ) : (
        <ul className="mw-asset-tasks__list">
          {list.items.map((task) => (
            <li key={task.id} className="mw-asset-tasks__item" data-testid="asset-task">
              <div className="mw-asset-tasks__heading">
                <strong>{TASK_TYPE_LABELS[task.taskType]}</strong>
                <span className={`mw-asset-tasks__state mw-asset-tasks__state--${task.state}`}>
                  {TASK_STATE_LABELS[task.state]}
                </span>
              </div>
              <dl className="mw-asset-tasks__facts">
                <Fact label="Project">{task.projectName}</Fact>
                <Fact label="Due">{task.dueDate ? <DateTimeText value={task.dueDate} show="date" /> : '—'}</Fact>
                <Fact label="Assigned to">{task.assignment?.assignedTo?.displayName ?? 'Unassigned'}</Fact>
                <Fact label="Scheduled">
                  {task.assignment?.scheduledDate ? (
                    <DateTimeText value={task.assignment.scheduledDate} show="date" />
                  ) : (
                    '—'
                  )}
                </Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
