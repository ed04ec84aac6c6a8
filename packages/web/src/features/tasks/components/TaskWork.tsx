/**
 * One task as the crew works it: what start-info says of it (the asset, the project and its
 * standard, a section's end nodes to start from, the running session, what is still needed), then
 * the step its state allows: Start task, Create inspection, or the inspection itself, which the
 * edition renders from the forms and inspections features.
 */
import { useId, type ReactNode } from 'react';
import type { TaskStartInfo } from '@manway/core/api/work';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { useCreateTaskInspectionMutation, useGetTaskStartInfoQuery, useStartTaskMutation } from '../api/myWork';
import { TASK_TYPE_LABELS, taskStage } from '../taskLabels';
import './TaskWork.css';

export interface TaskWorkProps {
  taskId: number;
  /** The task's inspection, once created: its status and commands, header form and observations. */
  renderInspection(inspectionId: number): ReactNode;
  /** Tools beside the task's facts (the session manager, Show on map). */
  renderAside?(info: TaskStartInfo): ReactNode;
}

/** The words of a refused command (409, 403) for the crew; null for failures the shell reports. */
function refusal(error: unknown): string | null {
  const { status, data } = error as { status?: unknown; data?: { message?: unknown } | null };
  if (status !== 409 && status !== 403) return null;
  return typeof data?.message === 'string' ? data.message : 'The task cannot be changed now.';
}

function Facts({ info }: { info: TaskStartInfo }) {
  const { task } = info;
  return (
    <dl className="mw-task-work__facts">
      <dt>Project</dt>
      <dd>{info.project.name}</dd>
      <dt>Standard</dt>
      <dd>{info.standard.name}</dd>
      <dt>Asset</dt>
      <dd>
        {info.asset.type} {info.asset.readableId}
        {info.asset.subtype ? ` (${info.asset.subtype})` : ''}
      </dd>
      {info.startNodes.length > 0 && (
        <>
          <dt>Ends</dt>
          <dd>
            {info.startNodes.map((n) => `${n.readableId} (${n.end === 'from' ? 'upstream' : 'downstream'})`).join(', ')}
          </dd>
        </>
      )}
      <dt>Due</dt>
      <dd>{task.dueDate ? <DateTimeText value={task.dueDate} show="date" /> : '—'}</dd>
      <dt>Scheduled</dt>
      <dd>
        {task.assignment?.scheduledDate ? <DateTimeText value={task.assignment.scheduledDate} show="date" /> : '—'}
      </dd>
      <dt>Assigned to</dt>
      <dd>{task.assignment?.assignedTo?.displayName ?? 'Unassigned'}</dd>
    </dl>
  );
}

export function TaskWork({ taskId, renderInspection, renderAside }: TaskWorkProps) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const { currentData: info, isError } = useGetTaskStartInfoQuery(taskId, { refetchOnMountOrArgChange: true });
  const [startTask, starting] = useStartTaskMutation();
  const [createInspection, creating] = useCreateTaskInspectionMutation();

  if (isError) return <p role="alert">The task could not be loaded.</p>;
  if (!info) return <LoadingStatus className="mw-page-loading" />;
  const { task } = info;
  const stage = taskStage(task);
  const working = task.state === 'planned' || task.state === 'started';

  const run = async (command: () => Promise<unknown>, refusedTitle: string) => {
    try {
      await command();
    } catch (error) {
      const text = refusal(error);
      if (text) dispatch(showNotification({ type: 'warning', title: refusedTitle, text }));
    }
  };

  return (
    <article className="mw-task-work" aria-labelledby={titleId}>
      <header className="mw-task-work__header">
        <h1 id={titleId} className="mw-task-work__title">
          {TASK_TYPE_LABELS[task.taskType]} {task.assetReadableId}
        </h1>
        <span className="mw-task-work__stage" style={{ background: stage.colour }} data-testid="task-stage">
          {stage.text}
        </span>
      </header>
      <div className="mw-task-work__top">
        <Facts info={info} />
        {renderAside?.(info)}
      </div>
      {working && info.reason && (
        <p className="mw-task-work__refused" role="alert">
          {info.reason}
        </p>
      )}
      {working && info.canStart && info.needs.length > 0 && (
        <div className="mw-task-work__needs" role="status">
          <strong>Before the inspection:</strong>
          <ul>
            {info.needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </div>
      )}
      {task.state === 'planned' && info.canStart && (
        <Button
          variant="primary"
          className="mw-task-work__step"
          disabled={starting.isLoading}
          onClick={() => run(() => startTask({ id: task.id, version: task.version }).unwrap(), 'Task not started')}
        >
          Start task
        </Button>
      )}
      {task.state === 'started' && info.canStart && (
        <Button
          variant="primary"
          className="mw-task-work__step"
          disabled={creating.isLoading || info.needs.length > 0}
          onClick={() =>
            run(
              () => createInspection({ id: task.id, version: task.version, sessionId: info.openSession?.id }).unwrap(),
              'No inspection created',
            )
          }
        >
          Create inspection
        </Button>
      )}
      {task.inspection && renderInspection(task.inspection.id)}
    </article>
  );
}
