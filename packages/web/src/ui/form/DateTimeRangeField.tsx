import { isValid, parseISO } from 'date-fns';
import { useId } from 'react';
import { endOfPeriod, type DatePeriod } from '@manway/core/rules/date-range';
import { DateTimeInput } from './DateTimeField';
import { FieldFrame } from './FieldFrame';
import type { FramedFieldProps } from './SelectField';

/** Spec section 3: a date range is its start and end as ISO date-times; either may still be missing. */
export interface DateTimeRangeFieldValue {
  start: string | null;
  end: string | null;
}

export interface DateTimeRangeFieldProps extends FramedFieldProps {
  value: DateTimeRangeFieldValue;
  onChange: (value: DateTimeRangeFieldValue) => void;
  /** The period whose end the end defaults to (spec section 5). */
  period?: DatePeriod;
  /** The user's IANA zone: periods are calendar periods where the user lives. */
  timeZone: string;
  startLabel?: string;
  endLabel?: string;
}

function defaultEnd(start: string, period: DatePeriod, timeZone: string): string | null {
  if (!isValid(parseISO(start))) return null;
  try {
    return endOfPeriod(start, period, { timeZone });
  } catch (error) {
    // A start without an offset has no instant to take the period of; the user picks the end.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** A start and an end; choosing a start with no end sets the end to the end of the start's period. */
export function DateTimeRangeField({
  value,
  onChange,
  period = 'day',
  timeZone,
  startLabel = 'From',
  endLabel = 'To',
  ...frame
}: DateTimeRangeFieldProps) {
  const id = useId();
  const startId = `${id}-start`;
  const endId = `${id}-end`;

  const changeStart = (start: string | null) => {
    const end = start && !value.end ? defaultEnd(start, period, timeZone) : value.end;
    onChange({ start, end });
  };

  return (
    <FieldFrame {...frame} layout="group">
      {(control) => (
        <div className="mw-form-field__range">
          <label className="mw-form-field__part-label" htmlFor={startId}>
            {startLabel}
          </label>
          <DateTimeInput
            value={value.start}
            onChange={changeStart}
            pickerLabel={`Choose ${startLabel.toLowerCase()}`}
            control={{ ...control, id: startId }}
          />
          <label className="mw-form-field__part-label" htmlFor={endId}>
            {endLabel}
          </label>
          <DateTimeInput
            value={value.end}
            onChange={(end) => onChange({ start: value.start, end })}
            pickerLabel={`Choose ${endLabel.toLowerCase()}`}
            control={{ ...control, id: endId }}
          />
        </div>
      )}
    </FieldFrame>
  );
}
