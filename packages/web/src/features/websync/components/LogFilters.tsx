import { useState } from 'react';
import { JOB_STATUS_LABELS, JOB_STATUSES, SCENARIO_LABELS, SCENARIOS } from '@manway/core/api/websync';
import { Button } from '../../../ui/controls/Button';
import { useDebouncedCallback } from '../../../ui/grid/useDebouncedCallback';
import { useScheduleNamesQuery } from '../api/schedules';
import { useSyncUsersQuery } from '../api/syncUsers';
import { fromLocalInput, toLocalInput } from './localDateTime';
import type { LogQuery } from './logQuery';
import { LoginFilter } from './LoginFilter';
import { MultiSelect } from './MultiSelect';

export const LOG_KEYWORD_DEBOUNCE_MS = 1000;

const NO_NAMES: string[] = [];

const instantOf = (value: string) => fromLocalInput(value) ?? undefined;

const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join(',') === (b ?? []).join(',');

/** The log's filter panel: login and schedule name (each with its list), dates, types, statuses, keyword. */
export function LogFilters({
  query,
  loading,
  onChange,
  onReset,
}: {
  query: LogQuery;
  /** The list is loading: Reset waits for it. */
  loading: boolean;
  /** Answers the same query when nothing changes, so nothing is asked again. */
  onChange: (next: (q: LogQuery) => LogQuery) => void;
  onReset: () => void;
}) {
  const { data: users = [] } = useSyncUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: names = NO_NAMES } = useScheduleNamesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [keyword, setKeyword] = useState('');
  const changeFilter = (change: Partial<LogQuery>) => onChange((q) => ({ ...q, ...change }));

  // The keyword re-requests the ids only when its value changed.
  const sendKeyword = useDebouncedCallback((text: string) => {
    const Keyword = text.trim() || undefined;
    onChange((q) => (q.Keyword === Keyword ? q : { ...q, Keyword }));
  }, LOG_KEYWORD_DEBOUNCE_MS);

  const reset = () => {
    if (loading) return;
    setKeyword('');
    onReset();
  };

  return (
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
            onChange((q) => (same(q.Types, Types) ? q : { ...q, Types: Types.length ? Types : undefined }))
          }
        />
        <MultiSelect
          label="Status"
          options={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
          value={query.Statuses ?? []}
          onChange={(Statuses) =>
            onChange((q) =>
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
  );
}

/** datetime-local shows local time; the filter sends ISO instants. */
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
    if (instantOf(text) !== value) setText(toLocalInput(value));
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
            if (e.target.value === '' || !Number.isNaN(Date.parse(e.target.value))) onChange(instantOf(e.target.value));
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
