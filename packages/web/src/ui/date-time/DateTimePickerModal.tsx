import { format, isValid, parseISO } from 'date-fns';
import { useId, useState } from 'react';
import { Button } from '../controls/Button';
import { BoundedModal } from '../modal/Modal';
import { Calendar } from './Calendar';
import { useDateLocale } from './dateLocale';
import { DateTimeText } from './DateTimeText';
import {
  atMinutesOfDay,
  clampToPickerRange,
  minutesOfDay,
  roundDateUpToTimeStep,
  timeOptionsIncluding,
} from './dateTimeRules';
import './DateTimePickerModal.css';

export const DEFAULT_DATE_TIME_PICKER_TITLE = 'Choose date and time';

/** Where the picker opens: the given value, or now (optionally rounded up to the next 15 minutes). */
export function initialPickerDate(value: string | null | undefined, roundNowToTimeStep: boolean, now: Date): Date {
  const given = value ? parseISO(value) : null;
  if (given && isValid(given)) return clampToPickerRange(given);
  return clampToPickerRange(roundNowToTimeStep ? roundDateUpToTimeStep(now) : now);
}

export interface DateTimePickerModalProps {
  /** An ISO date-time; empty or unreadable opens on now. */
  value: string | null | undefined;
  /** Answers the chosen moment as an ISO string (UTC, toISOString). */
  onApply: (isoDateTime: string) => void;
  /** Closing without applying: Cancel, the close button, Escape or a click outside. */
  onClose: () => void;
  /** When opening on now, start at the next 15-minute mark (10:07 opens at 10:15). */
  roundNowToTimeStep?: boolean;
  title?: string;
  applyLabel?: string;
  cancelLabel?: string;
}

/** A modal with a month calendar and a time list in 15-minute steps plus 11:59 PM. */
export function DateTimePickerModal({
  value,
  onApply,
  onClose,
  roundNowToTimeStep = false,
  title = DEFAULT_DATE_TIME_PICKER_TITLE,
  applyLabel = 'Apply',
  cancelLabel = 'Cancel',
}: DateTimePickerModalProps) {
  const locale = useDateLocale();
  const timeId = useId();
  const [chosen, setChosen] = useState(() => initialPickerDate(value, roundNowToTimeStep, new Date()));
  const chosenMinutes = minutesOfDay(chosen);

  return (
    <BoundedModal
      title={title}
      maxWidth="24rem"
      onDismiss={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              onApply(chosen.toISOString());
              onClose();
            }}
          >
            {applyLabel}
          </Button>
        </>
      }
    >
      <div className="mw-date-time-picker">
        <Calendar
          selected={chosen}
          onSelect={(day) => setChosen(atMinutesOfDay(day, chosenMinutes))}
          label="Date"
          autoFocus
        />
        <div className="mw-date-time-picker__time">
          <label htmlFor={timeId}>Time</label>
          <select
            id={timeId}
            value={chosenMinutes}
            onChange={(event) => setChosen(atMinutesOfDay(chosen, Number(event.target.value)))}
          >
            {timeOptionsIncluding(chosenMinutes).map((minutes) => (
              <option key={minutes} value={minutes}>
                {format(atMinutesOfDay(chosen, minutes), 'p', { locale })}
              </option>
            ))}
          </select>
        </div>
        <p className="mw-date-time-picker__chosen" aria-live="polite">
          <DateTimeText value={chosen} />
        </p>
      </div>
    </BoundedModal>
  );
}
