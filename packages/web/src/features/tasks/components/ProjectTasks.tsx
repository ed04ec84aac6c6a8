import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TaskSummary } from '@manway/core/api/work';
import { DEFAULT_GRID_PAGE_SIZE } from '@manway/core/rules/grid-pages';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { Grid, type GridUpdate } from '../../../ui/grid/Grid';
import type { GridColumn } from '../../../ui/grid/columns';
import { useGetProjectsQuery } from '../api/projects';
import { useDeleteTasksMutation, useGetProjectTasksQuery, type TaskStateFilter } from '../api/projectTasks';
import { NO_TASKS, TASK_STATE_LABELS, TASK_TYPE_LABELS } from '../taskLabels';
import { ProjectProgress } from './ProjectProgress';
import { projectsSearch } from './projectsLocation';

const INSPECTION_LABELS: Record<NonNullable<TaskSummary['inspection']>['status'], string> = {
  incomplete: 'Incomplete',
  pending: 'Pending review',
  completed: 'Accepted',
};

/** The state filter's choices: every task, the open ones, or one state. */
export const STATE_FILTERS: { value: TaskStateFilter | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  ...(['planned', 'started', 'inspection-created', 'completed', 'deleted'] as const).map((s) => ({
    value: s,
    label: TASK_STATE_LABELS[s],
  })),
];

const date = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? <DateTimeText value={value} show="date" /> : '—';

const COLUMN_CONTENTS: GridColumn<TaskSummary>[] = [
  {
    propertyPath: 'assetReadableId',
    label: 'Asset',
    width: 170,
    cellRenderer: ({ row }) => (
      <>
        {row.assetReadableId} <span className="mw-projects__muted">{row.assetType}</span>
      </>
    ),
  },
  { propertyPath: 'taskType', label: 'Type', width: 120, cellRenderer: ({ row }) => TASK_TYPE_LABELS[row.taskType] },
  {
    propertyPath: 'state',
    label: 'State',
    width: 170,
    cellRenderer: ({ row }) => (
      <span className={`mw-projects__state mw-projects__state--${row.state}`}>{TASK_STATE_LABELS[row.state]}</span>
    ),
  },
  {
    propertyPath: 'assignment.assignedTo.displayName',
    label: 'Crew',
    width: 170,
    cellRenderer: ({ value }) => (typeof value === 'string' ? value : 'Unassigned'),
  },
  { propertyPath: 'assignment.scheduledDate', label: 'Scheduled', width: 130, cellRenderer: date },
  { propertyPath: 'dueDate', label: 'Due', width: 130, cellRenderer: date },
  {
    propertyPath: 'inspection.status',
    label: 'Inspection',
    width: 150,
    autoExpand: true,
    cellRenderer: ({ row }) => (row.inspection ? INSPECTION_LABELS[row.inspection.status] : '—'),
  },
];

/** The server lists a project's tasks by due date: no column sorts or filters a page of its own. */
const COLUMNS: GridColumn<TaskSummary>[] = COLUMN_CONTENTS.map((column) => ({
  ...column,
  disableSortBy: true,
  filter: false,
}));

const tasks = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'task' : 'tasks'}`;

function deleteConfirm(count: number): ConfirmConfig {
  const text = 'Deleted tasks stay in the project as history; crews no longer see them in their work.';
  // Several at once: the user types how many, as the spec asks before acting on a selection.
  return count > 1
    ? { type: 'massDelete', count, title: `Delete ${count} tasks?`, text, proceedButtonText: 'Delete' }
    : { type: 'normal', title: 'Delete 1 task?', text, proceedButtonText: 'Delete' };
}

/** The words of a refused delete (409), which the global handling leaves to the screen. */
function refusal(error: unknown): string | null {
  const failure = error as { status?: unknown; data?: { code?: unknown; message?: unknown } | null } | undefined;
  if (failure?.status !== 409) return null;
  if (failure.data?.code === 'concurrency/modified-by-another-user') {
    return `${MODIFIED_BY_ANOTHER_USER.title}. The list is shown as it is now.`;
  }
  return typeof failure.data?.message === 'string' ? failure.data.message : 'The tasks cannot be deleted.';
}

/**
 * One project's tasks on the shared grid, a page at a time from the server, narrowed to a state;
 * an editor selects tasks and deletes them in one request.
 */
export function ProjectTasks({
  projectId,
  state,
  canDelete,
}: {
  projectId: number;
  state: TaskStateFilter | null;
  canDelete: boolean;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const filterId = useId();
  const [page, setPage] = useState({ index: 0, size: DEFAULT_GRID_PAGE_SIZE });
  const [selected, setSelected] = useState<string[]>([]);
  const versions = useRef(new Map<number, number>());
  const project = useGetProjectsQuery().data?.find((p) => p.id === projectId);
  const {
    currentData: list,
    data: lastList,
    isError,
  } = useGetProjectTasksQuery(
    { projectId, pageIndex: page.index, pageSize: page.size, state: state ?? undefined },
    { refetchOnMountOrArgChange: true },
  );
  const [deleteTasks, { isLoading: deleting }] = useDeleteTasksMutation();
  // The versions read, so a delete of a task someone changed since is refused rather than done blind.
  useEffect(() => {
    for (const t of list?.items ?? []) versions.current.set(t.id, t.version);
  }, [list]);

  const total = lastList?.total;
  const params = useMemo(
    () => ({
      manualPagination: true,
      page: {
        pageIndex: page.index,
        pageSize: page.size,
        pageCount: total === undefined ? undefined : Math.max(1, Math.ceil(total / page.size)),
      },
    }),
    [page, total],
  );
  const onUpdate = useCallback((update: GridUpdate) => setPage(update.page), []);

  const chooseState = (next: string) => {
    setSelected([]);
    setPage((p) => ({ ...p, index: 0 }));
    void navigate(projectsSearch({ project: projectId, state: (next || null) as TaskStateFilter | null }));
  };

  const deleteSelected = async () => {
    const ids = selected.map(Number);
    if (ids.length === 0 || !(await dispatch(confirm(deleteConfirm(ids.length))))) return;
    const known = ids.map((id) => versions.current.get(id));
    try {
      const answer = await deleteTasks({
        ids,
        versions: known.every((v) => v !== undefined) ? (known as number[]) : undefined,
      }).unwrap();
      setSelected([]);
      dispatch(showNotification({ type: 'success', title: `${tasks(answer.Deleted.length)} deleted` }));
    } catch (error) {
      const words = refusal(error);
      if (words) dispatch(showNotification({ type: 'error', title: 'Nothing was deleted', text: words }));
    }
  };

  const name = project?.name ?? `Project ${projectId}`;
  return (
    <div className="mw-projects__tasks">
      <Link className="mw-projects__back" to={projectsSearch({ project: null, state: null })}>
        ← All projects
      </Link>
      <h1 className="mw-projects__title">{name}</h1>
      {list || lastList ? <ProjectProgress name={name} counts={(list ?? lastList)!.counts} /> : null}
      <div className="mw-projects__toolbar">
        <label className="mw-projects__filter" htmlFor={filterId}>
          <span>State</span>
          <select
            id={filterId}
            className="mw-compact-input"
            value={state ?? ''}
            onChange={(e) => chooseState(e.target.value)}
          >
            {STATE_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        {canDelete && (
          <Button variant="danger" disabled={selected.length === 0 || deleting} onClick={() => void deleteSelected()}>
            {selected.length === 0 ? 'Delete tasks' : `Delete ${tasks(selected.length)}`}
          </Button>
        )}
      </div>
      <Grid<TaskSummary>
        label={`Tasks of ${name}`}
        columns={COLUMNS}
        data={list?.items ?? []}
        rowIdPath="id"
        params={params}
        onUpdate={onUpdate}
        loading={!list && !isError}
        error={isError}
        emptyMessage={NO_TASKS}
        enableRowSelection={canDelete}
        selectedRowIds={canDelete ? selected : undefined}
        onSelectedRowIdsChange={canDelete ? setSelected : undefined}
      />
    </div>
  );
}
