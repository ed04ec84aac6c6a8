import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  SCENARIO_LABELS,
  SCHEDULABLE_SCENARIOS,
  type ScheduledTask,
  type ScheduleDraft,
} from '@manway/core/api/websync';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DropdownMenu } from '../../../ui/controls/DropdownMenu';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { VirtualTable, type VirtualTableColumn, type VirtualTableSort } from '../../../ui/virtual-table/VirtualTable';
import { fetchSchedules, useDeleteScheduleMutation } from '../api/schedules';
import { DELETE_CONFIRM } from './deleteConfirm';
import type { LogHandOver } from './LogPage';
import { ScenarioIcon } from './ScenarioIcon';
import { useAnswerKey } from './useAnswerKey';

/**
 * The schedules of the filter in the id-first virtual table, with the row actions (edit, the
 * history in the log, delete) and adding a schedule of a task type.
 */
export function ScheduleResults({
  answer,
  loading,
  sort,
  onSortChange,
  onAdd,
  onEdit,
}: {
  answer: readonly number[];
  loading: boolean;
  sort: VirtualTableSort;
  onSortChange: (sort: VirtualTableSort) => void;
  onAdd: (scenario: ScheduleDraft['scenario']) => void;
  onEdit: (id: number) => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteSchedule] = useDeleteScheduleMutation();
  // A new id list reloads the rows.
  const answerKey = useAnswerKey(answer);

  const loadDetails = useCallback(
    async (batch: number[]) => {
      const found = await dispatch(fetchSchedules(batch)).unwrap();
      return Object.fromEntries(found.map((t) => [t.id, t])) as Record<number, ScheduledTask>;
    },
    [dispatch],
  );

  const columns = useMemo<VirtualTableColumn<ScheduledTask, number>[]>(() => {
    // The list and the names are asked again by the delete's tags.
    const remove = async (id: number) => {
      if (!(await dispatch(confirm(DELETE_CONFIRM)))) return;
      try {
        const payload = await deleteSchedule(id).unwrap();
        if (!payload) dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
      } catch {
        // Recorded in the request state only.
      }
    };
    const history = (task: ScheduledTask) => {
      const state: LogHandOver = { login: task.login, scenario: task.scenario, scheduleName: task.name };
      void navigate('/Home/Log', { state });
    };
    return [
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
            <Button variant="ghost" aria-label={`Edit ${t.name}`} onClick={() => onEdit(t.id)}>
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
    ];
  }, [dispatch, deleteSchedule, navigate, onEdit]);

  return (
    <section className="mw-ws-panel mw-ws-results" aria-label="Results">
      <div className="mw-ws-toolbar">
        <DropdownMenu
          trigger="add task schedule"
          triggerVariant="ghost"
          items={SCHEDULABLE_SCENARIOS.map((s) => ({ id: s, label: SCENARIO_LABELS[s], onSelect: () => onAdd(s) }))}
        />
      </div>
      <VirtualTable<ScheduledTask, number>
        key={answerKey}
        label="Task schedules"
        ids={answer}
        loading={loading}
        loadDetails={loadDetails}
        columns={columns}
        sort={sort}
        onSortChange={onSortChange}
        className="mw-ws-table"
      />
    </section>
  );
}
