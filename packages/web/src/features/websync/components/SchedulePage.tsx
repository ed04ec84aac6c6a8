import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  SCENARIO_LABELS,
  SCENARIOS,
  SCHEDULABLE_SCENARIOS,
  type ScheduledTask,
  type ScheduleSortField,
  type SyncUser,
} from '@manway/core/api/websync';
import { hideSpinner, showSpinner } from '../../../shell/busy/busySlice';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DropdownMenu } from '../../../ui/controls/DropdownMenu';
import { LoginFilter } from './LoginFilter';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { VirtualTable, type VirtualTableColumn, type VirtualTableSort } from '../../../ui/virtual-table/VirtualTable';
import {
  deleteSchedule,
  getScheduleById,
  getScheduleIds,
  getScheduleNames,
  getSchedulesByIds,
  getSyncUsers,
  saveSchedule,
  type ScheduleQuery,
} from '../api/websyncApi';
import { DELETE_CONFIRM } from './deleteConfirm';
import { ScenarioIcon } from './ScenarioIcon';
import { formOfTask, newScheduleForm, saveBodyOf, type ScheduleForm } from './scheduleForm';
import { ScheduleTaskModal } from './ScheduleTaskModal';
import { useConsoleSession } from './ConsoleSession';
import { NO_FILTERS } from './FilterSelect';
import type { LogHandOver } from './LogPage';
import './websync.css';

export const SCHEDULE_SORT_DEBOUNCE_MS = 500;
const DEFAULT_QUERY: ScheduleQuery = { Path: 'NextStartTime', SortDirection: 'Ascending' };

const toSort = (q: ScheduleQuery): VirtualTableSort => ({
  columnId: q.Path,
  direction: q.SortDirection === 'Ascending' ? 'asc' : 'desc',
});

/** The task schedule page: filters, the id-first table, and the 'Schedule task options' modal. */
export function SchedulePage() {
  const dispatch = useAppDispatch();
  const filters = useConsoleSession()?.filters ?? NO_FILTERS;
  const navigate = useNavigate();
  const [query, setQuery] = useState<ScheduleQuery>(DEFAULT_QUERY);
  const [shownSort, setShownSort] = useState<VirtualTableSort>(toSort(DEFAULT_QUERY));
  const [ids, setIds] = useState<number[]>([]);
  const [generation, setGeneration] = useState(0);
  const [loading, setLoading] = useState(true);
  const [names, setNames] = useState<string[]>([]);
  const [users, setUsers] = useState<SyncUser[]>([]);
  const [editing, setEditing] = useState<ScheduleForm | null>(null);
  const sortTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const loadNames = useCallback(
    (login?: string) =>
      dispatch(getScheduleNames(login)).then(setNames, () => {
        // Recorded in the request state only.
      }),
    [dispatch],
  );

  // Every query (and every reload) asks for the ids again; a new id list clears the rows.
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    dispatch(getScheduleIds(query))
      .then(
        (next) => {
          if (!live) return;
          setIds(next);
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

  useEffect(() => {
    void loadNames();
    dispatch(getSyncUsers()).then(setUsers, () => {});
    return () => clearTimeout(sortTimer.current);
  }, [dispatch, loadNames]);

  // A new query clears the rows: placeholders until its ids arrive.
  const changeQuery = (next: (q: ScheduleQuery) => ScheduleQuery) =>
    setQuery((q) => {
      const n = next(q);
      if (n !== q) setLoading(true);
      return n;
    });
  const changeFilter = (change: Partial<ScheduleQuery>) => changeQuery((q) => ({ ...q, ...change }));

  const reset = () => {
    setShownSort(toSort(DEFAULT_QUERY));
    changeQuery(() => ({ ...DEFAULT_QUERY }));
    void loadNames();
  };

  const changeSort = (sort: VirtualTableSort) => {
    setShownSort(sort);
    clearTimeout(sortTimer.current);
    sortTimer.current = setTimeout(() => {
      changeQuery((q) => {
        const Path = sort.columnId as ScheduleSortField;
        const SortDirection = sort.direction === 'asc' ? 'Ascending' : 'Descending';
        // Re-query only when the path or direction differs.
        return q.Path === Path && q.SortDirection === SortDirection ? q : { ...q, Path, SortDirection };
      });
    }, SCHEDULE_SORT_DEBOUNCE_MS);
  };

  const reload = useCallback(() => {
    setLoading(true);
    void loadNames();
    setReloads((r) => r + 1);
  }, [loadNames]);

  const edit = async (id: number) => {
    dispatch(showSpinner());
    try {
      setEditing(formOfTask(await dispatch(getScheduleById(id))));
    } catch {
      // Recorded in the request state only.
    } finally {
      dispatch(hideSpinner());
    }
  };

  const remove = async (id: number) => {
    if (!(await dispatch(confirm(DELETE_CONFIRM)))) return;
    try {
      const payload = await dispatch(deleteSchedule(id));
      if (!payload) dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
      reload();
    } catch {
      // Recorded in the request state only.
    }
  };

  const save = async (form: ScheduleForm) => {
    try {
      const payload = await dispatch(saveSchedule(saveBodyOf(form)));
      if (!payload) {
        dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
        setEditing(null);
        reload();
      }
    } catch {
      // Recorded in the request state only.
    }
  };

  const history = (task: ScheduledTask) => {
    const state: LogHandOver = { login: task.login, scenario: task.scenario, scheduleName: task.name };
    void navigate('/Home/Log', { state });
  };

  const columns = useMemo<VirtualTableColumn<ScheduledTask, number>[]>(
    () => [
      { id: 'Name', label: 'Name', width: 200, sortable: true, render: (t) => t.name },
      {
        id: 'Scenario',
        label: 'Tasks',
        width: 160,
        sortable: true,
        render: (t) => (
          <span className="mw-ws-scenario">
            <ScenarioIcon scenario={t.scenario} /> {SCENARIO_LABELS[t.scenario]}
          </span>
        ),
      },
      { id: 'Login', label: 'Login', width: 140, sortable: true, render: (t) => t.login },
      { id: 'Schedule', label: 'Schedule', width: 550, sortable: true, render: (t) => t.schedule },
      {
        id: 'LastStartTime',
        label: 'Last start time',
        width: 160,
        sortable: true,
        render: (t) => <DateTimeText value={t.lastStartTime} />,
      },
      {
        id: 'NextStartTime',
        label: 'Next start time',
        width: 160,
        sortable: true,
        render: (t) => <DateTimeText value={t.nextStartTime} />,
      },
      {
        id: 'Actions',
        label: 'Actions',
        width: 160,
        render: (t) => (
          <span className="mw-ws-row-actions">
            <Button variant="ghost" aria-label={`Edit ${t.name}`} onClick={() => void edit(t.id)}>
              Edit
            </Button>
            <Button variant="ghost" aria-label={`History of ${t.name}`} onClick={() => history(t)}>
              History
            </Button>
            <Button variant="ghost" aria-label={`Delete ${t.name}`} onClick={() => void remove(t.id)}>
              Delete
            </Button>
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the row actions read the latest state when clicked
    [query],
  );

  const loadDetails = useCallback(
    async (batch: number[]) => {
      const found = await dispatch(getSchedulesByIds(batch));
      return Object.fromEntries(found.map((t) => [t.id, t])) as Record<number, ScheduledTask>;
    },
    [dispatch],
  );

  return (
    <section className="mw-ws-page" aria-labelledby="ws-schedule-title">
      <h1 id="ws-schedule-title">WebSync task schedule</h1>
      <section className="mw-ws-panel" aria-label="Filters">
        <div className="mw-ws-filters">
          <LoginFilter users={users} value={query.Login} onChange={(Login) => changeFilter({ Login })} />
          <label className="mw-ws-field">
            <span>Name</span>
            <select value={query.Name ?? ''} onChange={(e) => changeFilter({ Name: e.target.value || undefined })}>
              <option value="" />
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="mw-ws-field">
            <span>Task type</span>
            <select
              value={query.Scenario ?? ''}
              onChange={(e) => changeFilter({ Scenario: (e.target.value || undefined) as ScheduleQuery['Scenario'] })}
            >
              <option value="" />
              {SCENARIOS.map((s) => (
                <option key={s} value={s}>
                  {SCENARIO_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <Button onClick={reset}>Reset</Button>
        </div>
      </section>
      <section className="mw-ws-panel mw-ws-results" aria-label="Results">
        <div className="mw-ws-toolbar">
          <DropdownMenu
            trigger="add task schedule"
            triggerVariant="ghost"
            items={SCHEDULABLE_SCENARIOS.map((s) => ({
              id: s,
              label: SCENARIO_LABELS[s],
              onSelect: () => setEditing(newScheduleForm(s)),
            }))}
          />
        </div>
        <VirtualTable<ScheduledTask, number>
          key={generation}
          label="Task schedules"
          ids={ids}
          loading={loading}
          loadDetails={loadDetails}
          columns={columns}
          sort={shownSort}
          onSortChange={changeSort}
          className="mw-ws-table"
        />
      </section>
      {editing && (
        <ScheduleTaskModal
          initial={editing}
          users={users}
          filters={filters}
          onSave={(form) => void save(form)}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
