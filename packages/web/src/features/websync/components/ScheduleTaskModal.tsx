import { useId, useState } from 'react';
import {
  isStartTimeInPast,
  SCENARIO_LABELS,
  scheduleSaveDisabled,
  START_TIME_IN_PAST,
  type FilterChoices,
  type SyncUser,
} from '@manway/core/api/websync';
import { DAYS_OF_WEEK, MAX_RECUR } from '@manway/core/rules/schedule';
import { normaliseTimeSpan } from '@manway/core/rules/time-span';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { BoundedModal } from '../../../ui/modal/Modal';
import { fromLocalInput, toLocalInput } from './localDateTime';
import { nextMinute, type ScheduleForm } from './scheduleForm';
import { FilterSelect } from './FilterSelect';
import { ScenarioIcon } from './ScenarioIcon';

export const SCHEDULE_MODAL_TITLE = 'Schedule task options';

const KINDS = [
  { kind: 'OneTime', label: 'Specific date' },
  { kind: 'Daily', label: 'Daily' },
  { kind: 'Weekly', label: 'Weekly' },
] as const;

export interface ScheduleTaskModalProps {
  initial: ScheduleForm;
  users: readonly SyncUser[];
  /** The saved filters the settings block offers (/api/filter). */
  filters: FilterChoices;
  onSave: (form: ScheduleForm) => void;
  onClose: () => void;
  now?: () => Date;
}

/** The 'Schedule task options' modal: every field of spec section 2 in order, the rules of section 5. */
export function ScheduleTaskModal({
  initial,
  users,
  filters,
  onSave,
  onClose,
  now = () => new Date(),
}: ScheduleTaskModalProps) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState(initial);
  const id = useId();
  const set = (change: Partial<ScheduleForm>) => setForm((f) => ({ ...f, ...change }));
  const disabled = scheduleSaveDisabled(form);

  const normaliseOnBlur = (field: 'repeatEvery' | 'repeatDuration') => () => {
    const normal = normaliseTimeSpan(form[field]);
    if (normal !== null) set({ [field]: normal });
  };

  const save = () => {
    if (disabled) return;
    if (form.startTime && isStartTimeInPast(form.startTime, now())) {
      dispatch(showNotification({ type: 'error', title: SCHEDULE_MODAL_TITLE, text: START_TIME_IN_PAST }));
      return;
    }
    onSave(form);
  };

  const settings = () => {
    switch (form.scenario) {
      case 'GettingPlannedTasks':
      case 'SendingCompletedTasks':
        return (
          <FilterSelect
            label={form.scenario === 'GettingPlannedTasks' ? 'Filter *' : 'Scheduled tasks filter *'}
            choices={filters.jobs}
            value={form.filterName || null}
            required
            onChange={(name) => set({ filterName: name ?? '' })}
          />
        );
      case 'GettingAssets':
      case 'GettingProjects': {
        const what = form.scenario === 'GettingAssets' ? 'assets' : 'projects';
        return (
          <>
            <label className="mw-ws-check">
              <input
                type="checkbox"
                checked={form.allExport}
                onChange={(e) =>
                  set({ allExport: e.target.checked, filterName: e.target.checked ? '' : form.filterName })
                }
              />
              <span>All {what}</span>
            </label>
            <FilterSelect
              label={what === 'assets' ? 'Assets filter' : 'Projects filter'}
              choices={what === 'assets' ? filters.subjects : filters.projects}
              value={form.filterName || null}
              required={!form.allExport}
              disabled={form.allExport}
              onChange={(name) => set({ filterName: name ?? '' })}
            />
          </>
        );
      }
      case 'GettingUsers':
        return <p className="mw-ws-note">Getting users has no settings.</p>;
    }
  };

  return (
    <BoundedModal
      title={
        <>
          <ScenarioIcon scenario={form.scenario} /> {SCHEDULE_MODAL_TITLE}
        </>
      }
      onDismiss={onClose}
      footer={
        <div className="mw-ws-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={disabled} onClick={save}>
            Save
          </Button>
        </div>
      }
    >
      <form
        className="mw-ws-form"
        aria-label={`${SCHEDULE_MODAL_TITLE}: ${SCENARIO_LABELS[form.scenario]}`}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="mw-ws-field">
          <span>Name *</span>
          <input value={form.name} required aria-required="true" onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="mw-ws-field">
          <span>Login *</span>
          <select
            value={form.userId ?? ''}
            required
            aria-required="true"
            onChange={(e) => set({ userId: e.target.value || null })}
          >
            <option value="" />
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.login}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="mw-ws-radios">
          <legend>Schedule type</legend>
          {KINDS.map(({ kind, label }) => (
            <label key={kind}>
              <input type="radio" name={`${id}-kind`} checked={form.kind === kind} onChange={() => set({ kind })} />
              {label}
            </label>
          ))}
        </fieldset>
        <label className="mw-ws-field">
          <span>Start time *</span>
          <input
            type="datetime-local"
            step={60}
            required
            aria-required="true"
            value={toLocalInput(form.startTime)}
            // An empty field starts at the next minute after now (its default focus).
            onFocus={() => {
              if (!form.startTime) set({ startTime: nextMinute(now()) });
            }}
            onChange={(e) => set({ startTime: fromLocalInput(e.target.value) })}
          />
        </label>
        {form.kind !== 'OneTime' && (
          <label className="mw-ws-field">
            <span>{form.kind === 'Daily' ? 'Recur every (days)' : 'Recur every (weeks)'}</span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_RECUR}
              step={1}
              value={form.recurEvery ?? ''}
              onChange={(e) => {
                const n = Number.parseInt(e.target.value, 10);
                set({ recurEvery: Number.isNaN(n) ? null : Math.min(MAX_RECUR, Math.max(1, n)) });
              }}
            />
          </label>
        )}
        {form.kind === 'Weekly' && (
          <fieldset className="mw-ws-days">
            <legend>Days of the week</legend>
            {DAYS_OF_WEEK.map((day) => (
              <label key={day}>
                <input
                  type="checkbox"
                  checked={form.daysOfWeek.includes(day)}
                  onChange={(e) =>
                    set({
                      daysOfWeek: e.target.checked
                        ? DAYS_OF_WEEK.filter((d) => d === day || form.daysOfWeek.includes(d))
                        : form.daysOfWeek.filter((d) => d !== day),
                    })
                  }
                />
                {day}
              </label>
            ))}
          </fieldset>
        )}
        <label className="mw-ws-field">
          <span>Repeat every (e.g. 1d 12h 30m)</span>
          <input
            value={form.repeatEvery}
            onChange={(e) => set({ repeatEvery: e.target.value })}
            onBlur={normaliseOnBlur('repeatEvery')}
          />
        </label>
        <label className="mw-ws-field">
          <span>Duration (e.g. 1d 12h 30m)</span>
          <input
            value={form.repeatDuration}
            onChange={(e) => set({ repeatDuration: e.target.value })}
            onBlur={normaliseOnBlur('repeatDuration')}
          />
        </label>
        <fieldset className="mw-ws-settings">
          <legend>{SCENARIO_LABELS[form.scenario]}</legend>
          {settings()}
        </fieldset>
      </form>
    </BoundedModal>
  );
}
