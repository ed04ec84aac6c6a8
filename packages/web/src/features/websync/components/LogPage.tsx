import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Scenario } from '@manway/core/api/websync';
import type { VirtualTableSort } from '../../../ui/virtual-table/VirtualTable';
import { useSyncTaskIdsQuery } from '../api/tasks';
import { LogFilters } from './LogFilters';
import { DEFAULT_LOG_QUERY, type LogQuery } from './logQuery';
import { sameRequest } from './sameRequest';
import { TaskResults } from './TaskResults';
import { useAnswerKey } from './useAnswerKey';
import './websync.css';

export { LOG_KEYWORD_DEBOUNCE_MS } from './LogFilters';

/** The filter the schedule page's History hands over. */
export interface LogHandOver {
  login: string;
  scenario: Scenario;
  scheduleName: string;
}

const NO_IDS: number[] = [];

/**
 * The sync log (websync spec, "Log page (tasks)"): the filter panel, and the id-first list of the
 * filter's tasks. A filter change asks for the ids again; the rows keep showing until they arrive.
 */
export function LogPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<LogQuery>(() => {
    const h = location.state as LogHandOver | null;
    return h
      ? { ...DEFAULT_LOG_QUERY, Login: h.login, Types: [h.scenario], ScheduleName: h.scheduleName }
      : DEFAULT_LOG_QUERY;
  });
  // Failures are recorded in the request state only (spec section 8): the last list stays.
  const list = useSyncTaskIdsQuery(query, { refetchOnMountOrArgChange: true });
  const answer = list.data ?? NO_IDS;
  const answerKey = useAnswerKey(list.data);
  const loading = list.isFetching || list.isUninitialized;

  // The ids above use the handed-over filter; then the hand-over is cleared.
  useEffect(() => {
    if (location.state) void navigate('.', { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);

  const reset = () => {
    // Reset reloads the list even when the filter is already the default.
    if (sameRequest(query, DEFAULT_LOG_QUERY)) void list.refetch();
    else setQuery(DEFAULT_LOG_QUERY);
  };

  // Sort re-requests the ids only when the path or direction changed.
  const changeSort = (sort: VirtualTableSort) => {
    const Path = sort.columnId as LogQuery['Path'];
    const SortDirection = sort.direction === 'asc' ? 'Ascending' : 'Descending';
    setQuery((q) => (q.Path === Path && q.SortDirection === SortDirection ? q : { ...q, Path, SortDirection }));
  };

  return (
    <section className="mw-ws-page" aria-labelledby="ws-log-title">
      <h1 id="ws-log-title">WebSync Log</h1>
      <LogFilters query={query} loading={loading} onChange={setQuery} onReset={reset} />
      <TaskResults
        key={answerKey}
        query={query}
        answer={answer}
        loading={loading}
        sort={{ columnId: query.Path, direction: query.SortDirection === 'Ascending' ? 'asc' : 'desc' }}
        onSortChange={changeSort}
        onReload={() => void list.refetch()}
      />
    </section>
  );
}
