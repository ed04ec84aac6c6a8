import { JOB_STATUS_LABELS, SCENARIO_LABELS, type JobStatus, type SyncAgentTask } from '@manway/core/api/websync';
import { TrashIcon } from '../../../ui/controls/icons';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import type { VirtualTableColumn } from '../../../ui/virtual-table/VirtualTable';
import { taskLogUrl } from '../api/tasks';
import { ScenarioIcon } from './ScenarioIcon';

const STATUS_GLYPHS: Record<JobStatus, string> = {
  Scheduled: '◷',
  InProgress: '↻',
  FinishedSuccessfully: '✓',
  FinishedWithErrors: '!',
  Failed: '✕',
  Cancelled: '⊘',
};

function StatusCell({ status }: { status: JobStatus }) {
  return (
    <span className={`mw-ws-status mw-ws-status--${status}`}>
      <span className="mw-ws-status__icon" aria-hidden="true">
        {STATUS_GLYPHS[status]}
      </span>{' '}
      {JOB_STATUS_LABELS[status]}
    </span>
  );
}

/** The log table's columns; the row actions open a task's media transfer and delete a task. */
export function taskColumns({
  apiBaseUrl,
  onOpenMedia,
  onDelete,
}: {
  apiBaseUrl: string;
  onOpenMedia: (taskId: number) => void;
  onDelete: (taskId: number) => void;
}): VirtualTableColumn<SyncAgentTask, number>[] {
  return [
    {
      id: 'Scenario',
      label: 'Tasks',
      // The longest type, 'Getting database structure and standards', takes two lines of the row.
      width: 280,
      sortable: true,
      render: (t) => (
        <span className="mw-ws-scenario">
          <ScenarioIcon scenario={t.scenario} /> {SCENARIO_LABELS[t.scenario]}
        </span>
      ),
    },
    { id: 'Status', label: 'Status', width: 190, sortable: true, render: (t) => <StatusCell status={t.status} /> },
    {
      id: 'CurrentOperation',
      label: 'Current operation',
      width: 180,
      render: (t) =>
        t.isTransferringMedia ? (
          <button
            type="button"
            className="mw-ws-progress-button"
            aria-label={`Media transfer ${t.percentageComplete}%`}
            onClick={() => onOpenMedia(t.id)}
          >
            <progress max={100} value={t.percentageComplete} />
          </button>
        ) : (
          <span className="mw-ws-operation" title={t.currentOperation ?? undefined}>
            {t.currentOperation ?? ''}
          </span>
        ),
    },
    { id: 'Started', label: 'Started', width: 165, sortable: true, render: (t) => <DateTimeText value={t.started} /> },
    {
      id: 'ScheduledFor',
      label: 'Scheduled for',
      width: 165,
      sortable: true,
      render: (t) => <DateTimeText value={t.scheduledFor} />,
    },
    {
      id: 'Finished',
      label: 'Finished',
      width: 165,
      sortable: true,
      render: (t) => <DateTimeText value={t.finished} />,
    },
    { id: 'ScheduleName', label: 'Schedule name', width: 140, sortable: true, render: (t) => t.scheduleName ?? '' },
    { id: 'Login', label: 'Login', width: 100, sortable: true, render: (t) => t.login },
    {
      id: 'Logs',
      label: 'Logs',
      width: 190,
      render: (t) => (
        <span className="mw-ws-row-actions mw-ws-logs">
          <a href={taskLogUrl(apiBaseUrl, t.id, 'Server')} target="_blank" rel="noopener noreferrer">
            Server log
          </a>
          <a href={taskLogUrl(apiBaseUrl, t.id, 'Client')} target="_blank" rel="noopener noreferrer">
            Client log
          </a>
          <button
            type="button"
            className="mw-ws-delete-icon"
            aria-label={`Delete task ${t.id}`}
            title={t.canBeDeleted ? 'Delete' : 'A running task cannot be deleted'}
            disabled={!t.canBeDeleted}
            onClick={() => onDelete(t.id)}
          >
            <TrashIcon />
          </button>
        </span>
      ),
    },
  ];
}
