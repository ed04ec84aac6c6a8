import type { ReportState, ReportTask } from '@manway/core/api/reports';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import type { GridColumn } from '../../../ui/grid/columns';
import type { ReportSortColumn } from '../api/reportTasks';

type Column = GridColumn<ReportTask>;

const STATE_LABELS: Record<ReportState, string> = {
  inProgress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** The server's sort column of each sortable grid column. */
export const SORT_COLUMNS: Record<string, ReportSortColumn> = {
  name: 'name',
  'createdBy.displayName': 'createdBy',
  createdAt: 'createdAt',
  lastDownloadedAt: 'lastDownloadedAt',
  format: 'format',
  state: 'state',
};

/** What a row's buttons do; the page owns the calls and the confirmations. */
export interface ReportRowActions {
  fileUrl(task: ReportTask): string;
  onDownload(task: ReportTask): void;
  publish(task: ReportTask): void;
  cancel(task: ReportTask): void;
  retry(task: ReportTask): void;
  remove(task: ReportTask): void;
  /** Reports with a command under way, whose buttons wait for it. */
  busy: ReadonlySet<number>;
}

const progressPercent = (progress: number) => Math.round(Math.min(1, Math.max(0, progress)) * 100);

function StateCell({ task }: { task: ReportTask }) {
  if (task.state === 'inProgress') {
    const percent = progressPercent(task.progress);
    return (
      <span className="mw-reports__progress">
        <progress max={100} value={percent} aria-label={`${task.name}: ${percent}% generated`} />
        <span>{percent}%</span>
      </span>
    );
  }
  const label = STATE_LABELS[task.state];
  const text = task.state === 'failed' && task.error ? `${label}: ${task.error}` : label;
  return (
    <span className={`mw-reports__state mw-reports__state--${task.state}`} title={text}>
      {text}
    </span>
  );
}

/** Only what the report's state and ownership allow (spec: users change only their own reports). */
function RowActions({ task, actions }: { task: ReportTask; actions: ReportRowActions }) {
  const busy = actions.busy.has(task.id);
  const { state, own, published, name } = task;
  return (
    <div className="mw-reports__row-actions">
      {state === 'completed' && (
        <a
          className="mw-button mw-button--secondary mw-reports__action"
          href={actions.fileUrl(task)}
          download={task.fileName}
          aria-label={`Download ${name}`}
          onClick={() => actions.onDownload(task)}
        >
          Download
        </a>
      )}
      {own && state === 'completed' && !published && (
        <Button
          className="mw-reports__action"
          disabled={busy}
          aria-label={`Publish ${name}`}
          onClick={() => actions.publish(task)}
        >
          Publish
        </Button>
      )}
      {own && state === 'inProgress' && (
        <Button
          className="mw-reports__action"
          disabled={busy}
          aria-label={`Cancel ${name}`}
          onClick={() => actions.cancel(task)}
        >
          Cancel
        </Button>
      )}
      {own && (state === 'failed' || state === 'canceled') && (
        <Button
          className="mw-reports__action"
          disabled={busy}
          aria-label={`Retry ${name}`}
          onClick={() => actions.retry(task)}
        >
          Retry
        </Button>
      )}
      {own && (
        <Button
          className="mw-reports__action mw-reports__action--delete"
          disabled={busy}
          aria-label={`Delete ${name}`}
          onClick={() => actions.remove(task)}
        >
          Delete
        </Button>
      )}
    </div>
  );
}

/** The list's columns; Visibility and the actions are not sortable (the server does not sort by them). */
export function reportColumns(actions: ReportRowActions): Column[] {
  const date = ({ value }: { value: unknown }) => <DateTimeText value={value as string | null} />;
  return [
    {
      propertyPath: 'name',
      label: 'Name',
      width: 200,
      autoExpand: true,
      cellRenderer: ({ row }) => (
        <span className="mw-reports__name">
          <span>{row.name}</span>
          <span className="mw-reports__kind">{row.title}</span>
        </span>
      ),
    },
    { propertyPath: 'createdBy.displayName', label: 'Created by', width: 130 },
    { propertyPath: 'createdAt', label: 'Created date', width: 175, cellRenderer: date },
    { propertyPath: 'lastDownloadedAt', label: 'Last downloaded', width: 175, cellRenderer: date },
    { propertyPath: 'format', label: 'Format', width: 100 },
    {
      propertyPath: 'published',
      label: 'Visibility',
      width: 100,
      disableSortBy: true,
      cellRenderer: ({ row }) => (row.published ? 'Published' : 'Personal'),
    },
    { propertyPath: 'state', label: 'State', width: 140, cellRenderer: ({ row }) => <StateCell task={row} /> },
    {
      propertyPath: 'actions',
      label: 'Actions',
      // Download, Publish and Delete side by side, the widest set a row shows.
      width: 290,
      isControlColumn: true,
      cellRenderer: ({ row }) => <RowActions task={row} actions={actions} />,
    },
  ];
}
