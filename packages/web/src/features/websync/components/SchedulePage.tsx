import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScheduleSortField } from '@manway/core/api/websync';
import { hideSpinner, showSpinner } from '../../../shell/busy/busySlice';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import type { VirtualTableSort } from '../../../ui/virtual-table/VirtualTable';
import {
  useLazyScheduleByIdQuery,
  useSaveScheduleMutation,
  useScheduleIdsQuery,
  type ScheduleQuery,
} from '../api/schedules';
import { useSyncUsersQuery } from '../api/syncUsers';
import { useConsoleSession } from './ConsoleSession';
import { NO_FILTERS } from './FilterSelect';
import { sameRequest } from './sameRequest';
import { formOfTask, newScheduleForm, saveBodyOf, type ScheduleForm } from './scheduleForm';
import { ScheduleFilters } from './ScheduleFilters';
import { ScheduleResults } from './ScheduleResults';
import { ScheduleTaskModal } from './ScheduleTaskModal';
import './websync.css';

export const SCHEDULE_SORT_DEBOUNCE_MS = 500;
const DEFAULT_QUERY: ScheduleQuery = { Path: 'NextStartTime', SortDirection: 'Ascending' };
const NO_IDS: number[] = [];

const toSort = (q: ScheduleQuery): VirtualTableSort => ({
  columnId: q.Path,
  direction: q.SortDirection === 'Ascending' ? 'asc' : 'desc',
});

/** The task schedule page: filters, the id-first table, and the 'Schedule task options' modal. */
export function SchedulePage() {
  const dispatch = useAppDispatch();
  const filters = useConsoleSession()?.filters ?? NO_FILTERS;
  const [query, setQuery] = useState<ScheduleQuery>(DEFAULT_QUERY);
  const [shownSort, setShownSort] = useState<VirtualTableSort>(toSort(DEFAULT_QUERY));
  const [editing, setEditing] = useState<ScheduleForm | null>(null);
  const sortTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Every query asks for the ids again; a save or delete does too, by its tags. Failures are
  // recorded in the request state only (spec section 8): the last list stays.
  const list = useScheduleIdsQuery(query, { refetchOnMountOrArgChange: true });
  const { data: users = [] } = useSyncUsersQuery();
  const [fetchSchedule] = useLazyScheduleByIdQuery();
  const [saveSchedule] = useSaveScheduleMutation();

  useEffect(() => () => clearTimeout(sortTimer.current), []);

  const reset = () => {
    setShownSort(toSort(DEFAULT_QUERY));
    // Reset reloads the list even when the filter is already the default.
    if (sameRequest(query, DEFAULT_QUERY)) void list.refetch();
    else setQuery(DEFAULT_QUERY);
  };

  const changeSort = (sort: VirtualTableSort) => {
    setShownSort(sort);
    clearTimeout(sortTimer.current);
    sortTimer.current = setTimeout(() => {
      setQuery((q) => {
        const Path = sort.columnId as ScheduleSortField;
        const SortDirection = sort.direction === 'asc' ? 'Ascending' : 'Descending';
        // Re-query only when the path or direction differs.
        return q.Path === Path && q.SortDirection === SortDirection ? q : { ...q, Path, SortDirection };
      });
    }, SCHEDULE_SORT_DEBOUNCE_MS);
  };

  const edit = useCallback(
    (id: number) => {
      dispatch(showSpinner());
      fetchSchedule(id)
        .unwrap()
        .then(
          (task) => setEditing(formOfTask(task)),
          () => {
            // Recorded in the request state only.
          },
        )
        .finally(() => dispatch(hideSpinner()));
    },
    [dispatch, fetchSchedule],
  );

  const save = async (form: ScheduleForm) => {
    try {
      const payload = await saveSchedule(saveBodyOf(form)).unwrap();
      if (!payload) {
        dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
        setEditing(null);
      }
    } catch {
      // Recorded in the request state only.
    }
  };

  return (
    <section className="mw-ws-page" aria-labelledby="ws-schedule-title">
      <h1 id="ws-schedule-title">WebSync task schedule</h1>
      <ScheduleFilters query={query} onChange={(change) => setQuery((q) => ({ ...q, ...change }))} onReset={reset} />
      <ScheduleResults
        answer={list.data ?? NO_IDS}
        loading={list.isFetching || list.isUninitialized}
        sort={shownSort}
        onSortChange={changeSort}
        onAdd={(scenario) => setEditing(newScheduleForm(scenario))}
        onEdit={edit}
      />
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
