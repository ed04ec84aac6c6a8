import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  JOB_STATUS_LABELS,
  JOB_STATUSES,
  SCENARIO_LABELS,
  SCENARIOS,
  type JobStatus,
  type Scenario,
  type SyncAgentTask,
  type SyncUser,
} from '@manway/core/api/websync';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { TrashIcon } from '../../../ui/controls/icons';
import { LoginFilter } from './LoginFilter';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { useDebouncedCallback } from '../../../ui/grid/useDebouncedCallback';
import { BoundedModal } from '../../../ui/modal/Modal';
import { VirtualTable, type VirtualTableColumn, type VirtualTableSort } from '../../../ui/virtual-table/VirtualTable';
import {
  deleteTasks,
  getScheduleNames,
  getSyncUsers,
  getTaskIds,
  getTaskMedia,
  getTasksByIds,
  taskLogUrl,
  type TaskMedia,
  type TaskQuery,
} from '../api/websyncApi';
import { MultiSelect } from './MultiSelect';
import { ScenarioIcon } from './ScenarioIcon';
import { DELETE_CONFIRM } from './deleteConfirm';
import './websync.css';

/** The filter the schedule page's History hands over. */
export interface LogHandOver {
  login: string;
  scenario: Scenario;
  scheduleName: string;
}

export const LOG_KEYWORD_DEBOUNCE_MS = 1000;
export const UPLOADING_PROGRESS_TITLE = 'Uploading progress';
/** getByIds takes at most 1,000 ids a call. */
const DETAILS_PER_REQUEST = 1000;

type LogQuery = TaskQuery & Required<Pick<TaskQuery, 'Path' | 'SortDirection'>>;
const DEFAULT_QUERY: LogQuery = { Path: 'ScheduledFor', SortDirection: 'Descending' };

const STATUS_GLYPHS: Record<JobStatus, string> = {
  Scheduled: '◷',
  InProgress: '↻',
  FinishedSuccessfully: '✓',
  FinishedWithErrors: '!',
  Failed: '✕',
  Cancelled: '⊘',
};

/** The confirmation of a delete, with how many tasks it covers (the count warning). */
export function deleteConfirmOf(count: number) {
  return {
    ...DELETE_CONFIRM,
    text: `${DELETE_CONFIRM.text} ${count} task(s) will be deleted.`,
  };
}

/** datetime-local shows local time; the filter sends ISO instants. */
const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join(',') === (b ?? []).join(',');

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

/**
 * The sync log (websync spec, "Log page (tasks)"): the filter panel, and the id-first virtual
 * table of the matching tasks with their logs, deleting and the media transfer progress.
 */
export function LogPage() {
  const dispatch = useAppDispatch();
  const config = useRuntimeConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<LogQuery>(() => {
    const h = location.state as LogHandOver | null;
    return h ? { ...DEFAULT_QUERY, Login: h.login, Types: [h.scenario], ScheduleName: h.scheduleName } : DEFAULT_QUERY;
  });
  const [keyword, setKeyword] = useState('');
  const [ids, setIds] = useState<number[]>([]);
  const [generation, setGeneration] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [names, setNames] = useState<string[]>([]);
  const [users, setUsers] = useState<SyncUser[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [deletingByFilter, setDeletingByFilter] = useState(false);
  const [media, setMedia] = useState<TaskMedia[] | null>(null);

  // A filter change clears the list: placeholders until the new ids arrive, then their details.
  useEffect(() => {
    let live = true;
    dispatch(getTaskIds(query))
      .then(
        (next) => {
          if (!live) return;
          setIds(next);
          setSelected([]);
          setGeneration((g) => g + 1);
        },
        () => {
          // Recorded in the request state only (spec section 8).
        },
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dispatch, query, reloads]);

  // Opening: the ids above use the handed-over filter; then the names, then the hand-over is cleared.
  useEffect(() => {
    dispatch(getScheduleNames()).then(setNames, () => {});
    dispatch(getSyncUsers()).then(setUsers, () => {});
    if (location.state) void navigate('.', { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, [dispatch]);

  const changeQuery = (next: (q: LogQuery) => LogQuery) =>
    setQuery((q) => {
      const n = next(q);
      if (n !== q) setLoading(true);
      return n;
    });
  const changeFilter = (change: Partial<LogQuery>) => changeQuery((q) => ({ ...q, ...change }));

  // Keyword and sort re-request the ids only when the value changed.
  const sendKeyword = useDebouncedCallback((text: string) => {
    const Keyword = text.trim() || undefined;
    changeQuery((q) => (q.Keyword === Keyword ? q : { ...q, Keyword }));
  }, LOG_KEYWORD_DEBOUNCE_MS);

  const changeSort = (sort: VirtualTableSort) => {
    const Path = sort.columnId as LogQuery['Path'];
    const SortDirection = sort.direction === 'asc' ? 'Ascending' : 'Descending';
    changeQuery((q) => (q.Path === Path && q.SortDirection === SortDirection ? q : { ...q, Path, SortDirection }));
  };

  const reset = () => {
    if (loading) return;
    setKeyword('');
    changeQuery(() => ({ ...DEFAULT_QUERY }));
  };

  const loadDetails = useCallback(
    async (batch: number[]) =>
      Object.fromEntries((await dispatch(getTasksByIds(batch))).map((t) => [t.id, t])) as Record<number, SyncAgentTask>,
    [dispatch],
  );

  /** Deletes after the critical confirmation; resolves with whether the tasks went. */
  const confirmAndDelete = async (taskIds: number[]) => {
    if (!(await dispatch(confirm(deleteConfirmOf(taskIds.length))))) return false;
    try {
      const payload = await dispatch(deleteTasks(taskIds));
      if (payload) return false;
      dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
      return true;
    } catch {
      // Recorded in the request state only.
      return false;
    }
  };

  const removeFromList = (gone: number[]) => {
    const set = new Set(gone);
    setIds((current) => current.filter((id) => !set.has(id)));
    setSelected((current) => current.filter((id) => !set.has(id)));
  };

  const deleteSelected = async () => {
    if (selected.length === 0) return;
    // Select all also ticks rows not loaded yet; only those the server says can go are sent.
    let taskIds: number[];
    try {
      taskIds = await deletableOf(selected);
    } catch {
      return; // Recorded in the request state only.
    }
    if (taskIds.length === 0) return;
    if (await confirmAndDelete(taskIds)) removeFromList(taskIds);
  };

  const deletableOf = async (candidates: number[]) => {
    const found: number[] = [];
    for (let i = 0; i < candidates.length; i += DETAILS_PER_REQUEST) {
      const tasks = await dispatch(getTasksByIds(candidates.slice(i, i + DETAILS_PER_REQUEST)));
      found.push(...tasks.filter((t) => t.canBeDeleted).map((t) => t.id));
    }
    return found;
  };

  const deleteOne = async (id: number) => {
    if (await confirmAndDelete([id])) removeFromList([id]);
  };

  const deleteAll = async () => {
    if (ids.length === 0 || deletingByFilter) return;
    setDeletingByFilter(true);
    try {
      const covered = await dispatch(getTaskIds({ ...query, QueryForDelete: true }));
      if (covered.length > 0 && (await confirmAndDelete(covered))) {
        setLoading(true);
        setReloads((r) => r + 1);
      }
    } catch {
      // Recorded in the request state only.
    } finally {
      setDeletingByFilter(false);
    }
  };

  const openMedia = async (taskId: number) => {
    try {
      setMedia(await dispatch(getTaskMedia(taskId)));
    } catch {
      // Recorded in the request state only.
    }
  };

  const columns = useMemo<VirtualTableColumn<SyncAgentTask, number>[]>(
    () => [
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
              onClick={() => void openMedia(t.id)}
            >
              <progress max={100} value={t.percentageComplete} />
            </button>
          ) : (
            <span className="mw-ws-operation" title={t.currentOperation ?? undefined}>
              {t.currentOperation ?? ''}
            </span>
          ),
      },
      {
        id: 'Started',
        label: 'Started',
        width: 165,
        sortable: true,
        render: (t) => <DateTimeText value={t.started} />,
      },
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
            <a href={taskLogUrl(config.apiBaseUrl, t.id, 'Server')} target="_blank" rel="noopener noreferrer">
              Server log
            </a>
            <a href={taskLogUrl(config.apiBaseUrl, t.id, 'Client')} target="_blank" rel="noopener noreferrer">
              Client log
            </a>
            <button
              type="button"
              className="mw-ws-delete-icon"
              aria-label={`Delete task ${t.id}`}
              title={t.canBeDeleted ? 'Delete' : 'A running task cannot be deleted'}
              disabled={!t.canBeDeleted}
              onClick={() => void deleteOne(t.id)}
            >
              <TrashIcon />
            </button>
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the row actions read the latest state when clicked
    [config.apiBaseUrl, ids],
  );

  const sort: VirtualTableSort = {
    columnId: query.Path,
    direction: query.SortDirection === 'Ascending' ? 'asc' : 'desc',
  };

  return (
    <section className="mw-ws-page" aria-labelledby="ws-log-title">
      <h1 id="ws-log-title">WebSync Log</h1>
      <section className="mw-ws-panel" aria-label="Filters">
        <div className="mw-ws-filters">
          <LoginFilter users={users} value={query.Login} onChange={(Login) => changeFilter({ Login })} />
          <label className="mw-ws-field">
            <span>Schedule name</span>
            <select
              value={query.ScheduleName ?? ''}
              onChange={(e) => changeFilter({ ScheduleName: e.target.value || undefined })}
            >
              <option value="" />
              {/* A handed-over name stays choosable even before the names arrive. */}
              {[...new Set([...(query.ScheduleName ? [query.ScheduleName] : []), ...names])].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <DateTimeFilter label="From" value={query.FromDate} onChange={(FromDate) => changeFilter({ FromDate })} />
          <DateTimeFilter label="To" value={query.ToDate} onChange={(ToDate) => changeFilter({ ToDate })} />
          <MultiSelect
            label="Task type"
            options={SCENARIOS.map((s) => ({ value: s, label: SCENARIO_LABELS[s] }))}
            value={query.Types ?? []}
            onChange={(Types) =>
              changeQuery((q) => (same(q.Types, Types) ? q : { ...q, Types: Types.length ? Types : undefined }))
            }
          />
          <MultiSelect
            label="Status"
            options={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
            value={query.Statuses ?? []}
            onChange={(Statuses) =>
              changeQuery((q) =>
                same(q.Statuses, Statuses) ? q : { ...q, Statuses: Statuses.length ? Statuses : undefined },
              )
            }
          />
          <label className="mw-ws-field">
            <span>Keyword</span>
            <input
              type="search"
              value={keyword}
              onChange={(e) => {
                setKeyword(e.target.value);
                sendKeyword(e.target.value);
              }}
            />
          </label>
          <Button onClick={reset} aria-disabled={loading || undefined}>
            Reset
          </Button>
        </div>
      </section>
      <section className="mw-ws-panel mw-ws-results" aria-label="Results">
        <div className="mw-ws-toolbar">
          <Button onClick={() => void deleteAll()} disabled={deletingByFilter}>
            Delete All
          </Button>
          <Button onClick={() => void deleteSelected()}>Delete</Button>
        </div>
        <VirtualTable<SyncAgentTask, number>
          key={generation}
          label="Sync tasks"
          ids={ids}
          loading={loading}
          loadDetails={loadDetails}
          columns={columns}
          sort={sort}
          onSortChange={changeSort}
          selectedIds={selected}
          onSelectedIdsChange={setSelected}
          isRowSelectable={(t) => t.canBeDeleted}
          className="mw-ws-table"
        />
      </section>
      {media && <UploadingProgressModal media={media} onClose={() => setMedia(null)} />}
    </section>
  );
}

function DateTimeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (iso: string | undefined) => void;
}) {
  const [text, setText] = useState(() => toLocalInput(value));
  // A reset from outside (the Reset button) empties the field.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (fromLocalInput(text) !== value) setText(toLocalInput(value));
  }
  return (
    <div className="mw-ws-field">
      <label htmlFor={`ws-log-${label}`}>{label}</label>
      <span className="mw-ws-resettable">
        <input
          id={`ws-log-${label}`}
          type="datetime-local"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // Only a whole date and time is sent; a half-typed one waits.
            if (e.target.value === '' || !Number.isNaN(Date.parse(e.target.value)))
              onChange(fromLocalInput(e.target.value));
          }}
        />
        <button
          type="button"
          className="mw-ws-clear"
          aria-label={`Clear ${label}`}
          disabled={!value}
          onClick={() => {
            setText('');
            onChange(undefined);
          }}
        >
          ×
        </button>
      </span>
    </div>
  );
}

/** The media files of a task's transfer: task name, file name and progress out of 100. */
function UploadingProgressModal({ media, onClose }: { media: TaskMedia[]; onClose: () => void }) {
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
