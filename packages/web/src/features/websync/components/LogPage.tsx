import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { JOB_STATUS_LABELS, SCENARIO_LABELS, type Scenario, type SyncAgentTask } from '@manway/core/api/websync';
import { useAppDispatch } from '../../../shell/store/hooks';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { VirtualTable, type VirtualTableColumn } from '../../../ui/virtual-table/VirtualTable';
import { getTaskIds, getTasksByIds, type TaskQuery } from '../api/websyncApi';
import { ScenarioIcon } from './ScenarioIcon';
import './websync.css';

/** The filter the schedule page's History hands over. */
export interface LogHandOver {
  login: string;
  scenario: Scenario;
  scheduleName: string;
}

const COLUMNS: VirtualTableColumn<SyncAgentTask, number>[] = [
  {
    id: 'Scenario',
    label: 'Tasks',
    width: 220,
    render: (t) => (
      <span className="mw-ws-scenario">
        <ScenarioIcon scenario={t.scenario} /> {SCENARIO_LABELS[t.scenario]}
      </span>
    ),
  },
  {
    id: 'Status',
    label: 'Status',
    width: 160,
    render: (t) => <span className={`mw-ws-status mw-ws-status--${t.status}`}>{JOB_STATUS_LABELS[t.status]}</span>,
  },
  {
    id: 'ScheduledFor',
    label: 'Scheduled for',
    width: 180,
    render: (t) => <DateTimeText value={t.scheduledFor} />,
  },
  { id: 'ScheduleName', label: 'Schedule name', width: 200, render: (t) => t.scheduleName ?? '' },
  { id: 'Login', label: 'Login', width: 140, render: (t) => t.login },
];

/**
 * The sync log, this version: the tasks the scheduler created, newest first, narrowed by the filter
 * History hands over. The full filter panel, sorting, deleting and logs come with the agent.
 */
export function LogPage() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const [filter] = useState<TaskQuery>(() => {
    const h = location.state as LogHandOver | null;
    return h ? { Login: h.login, Types: [h.scenario], ScheduleName: h.scheduleName } : {};
  });
  const [ids, setIds] = useState<number[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    dispatch(getTaskIds(filter))
      .then(
        (next) => live && setIds(next),
        () => {},
      )
      .finally(() => live && setLoading(false));
    // The handed-over filter is used once: a reload shows the whole log.
    if (location.state) void navigate('.', { replace: true, state: null });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once for the filter it opened with
  }, [dispatch, filter]);

  const loadDetails = useCallback(
    async (batch: number[]) =>
      Object.fromEntries((await dispatch(getTasksByIds(batch))).map((t) => [t.id, t])) as Record<number, SyncAgentTask>,
    [dispatch],
  );

  const caption = useMemo(
    () => (filter.ScheduleName ? `Schedule '${filter.ScheduleName}' of ${filter.Login ?? ''}` : 'All tasks'),
    [filter],
  );

  return (
    <section className="mw-ws-page" aria-labelledby="ws-log-title">
      <h1 id="ws-log-title">WebSync Log</h1>
      <section className="mw-ws-panel" aria-label="Filters">
        <p className="mw-ws-note" data-testid="log-filter">
          {caption}
        </p>
      </section>
      <section className="mw-ws-panel mw-ws-results" aria-label="Results">
        <VirtualTable<SyncAgentTask, number>
          label="Sync tasks"
          ids={ids}
          loading={loading}
          loadDetails={loadDetails}
          columns={COLUMNS}
          className="mw-ws-table"
        />
      </section>
    </section>
  );
}
