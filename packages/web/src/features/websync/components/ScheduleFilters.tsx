import { SCENARIO_LABELS, SCENARIOS } from '@manway/core/api/websync';
import { Button } from '../../../ui/controls/Button';
import { useScheduleNamesQuery, type ScheduleQuery } from '../api/schedules';
import { useSyncUsersQuery } from '../api/syncUsers';
import { LoginFilter } from './LoginFilter';

const NO_NAMES: string[] = [];

/** The schedule page's filter panel: login, name (with the schedule names) and task type. */
export function ScheduleFilters({
  query,
  onChange,
  onReset,
}: {
  query: ScheduleQuery;
  onChange: (change: Partial<ScheduleQuery>) => void;
  onReset: () => void;
}) {
  const { data: users = [] } = useSyncUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const names = useScheduleNamesQuery(undefined, { refetchOnMountOrArgChange: true });

  const reset = () => {
    onReset();
    void names.refetch();
  };

  return (
    <section className="mw-ws-panel" aria-label="Filters">
      <div className="mw-ws-filters">
        <LoginFilter users={users} value={query.Login} onChange={(Login) => onChange({ Login })} />
        <label className="mw-ws-field">
          <span>Name</span>
          <select value={query.Name ?? ''} onChange={(e) => onChange({ Name: e.target.value || undefined })}>
            <option value="" />
            {(names.data ?? NO_NAMES).map((n) => (
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
            onChange={(e) => onChange({ Scenario: (e.target.value || undefined) as ScheduleQuery['Scenario'] })}
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
  );
}
