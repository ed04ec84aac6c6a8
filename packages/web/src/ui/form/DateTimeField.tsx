import { isValid, parse, parseISO, type Locale } from 'date-fns';
import { useState } from 'react';
import { IconButton } from '../controls/IconButton';
import { CalendarIcon } from '../controls/icons';
import { useDateLocale } from '../date-time/dateLocale';
import { DateTimePickerModal } from '../date-time/DateTimePickerModal';
import { formatDateTime } from '../date-time/DateTimeText';
import { FieldFrame, type FramedControlProps } from './FieldFrame';
import type { FramedFieldProps } from './SelectField';

/** The locale's short date and time, as DateTimeText writes them. */
function dateTimeText(value: string | null, locale: Locale): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? formatDateTime(date, locale) : value;
}

/**
 * The ISO date-time a typed text stands for: the locale's short form or ISO itself. Text that is
 * neither is kept as typed, so validation says 'Invalid date/time format' instead of losing it.
 */
export function typedDateTime(text: string, locale: Locale, now: Date): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const local = parse(trimmed, 'P p', now, { locale });
  if (isValid(local)) return local.toISOString();
  const iso = parseISO(trimmed);
  return isValid(iso) ? iso.toISOString() : trimmed;
}

interface DateTimeInputProps {
  value: string | null;
  onChange: (iso: string | null) => void;
  /** The accessible name of the picker button. */
  pickerLabel: string;
  control: FramedControlProps;
}

/** A date-time typed in the locale's short form or chosen in the picker; reports ISO text. */
export function DateTimeInput({ value, onChange, pickerLabel, control }: DateTimeInputProps) {
  const locale = useDateLocale();
  const [text, setText] = useState(() => dateTimeText(value, locale));
  const [valueShown, setValueShown] = useState(value);
  const [picking, setPicking] = useState(false);

  if (value !== valueShown) {
    setValueShown(value);
    if (typedDateTime(text, locale, new Date()) !== value) setText(dateTimeText(value, locale));
  }

  const settle = () => {
    const typed = typedDateTime(text, locale, new Date());
    if (typed !== value) onChange(typed);
    else setText(dateTimeText(value, locale));
  };

  return (
    <div className="mw-form-field__with-button">
      <input
        {...control}
        type="text"
        className="mw-field__input"
        value={text}
        placeholder={dateTimeText(new Date(2024, 11, 31, 13, 45).toISOString(), locale)}
        onChange={(event) => setText(event.target.value)}
        onBlur={settle}
        onKeyDown={(event) => {
          if (event.key === 'Enter') settle();
        }}
      />
      {/* An icon, so that the typed date keeps the width in a narrow column; the label names it. */}
      <IconButton
        label={pickerLabel}
        icon={<CalendarIcon />}
        size="medium"
        variant="secondary"
        onClick={() => setPicking(true)}
      />
      {picking && (
        <DateTimePickerModal
          value={value}
          onApply={(iso) => {
            setText(dateTimeText(iso, locale));
            if (iso !== value) onChange(iso);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}

export interface DateTimeFieldProps extends FramedFieldProps {
  value: string | null;
  onChange: (iso: string | null) => void;
}

export function DateTimeField({ value, onChange, ...frame }: DateTimeFieldProps) {
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <DateTimeInput value={value} onChange={onChange} pickerLabel={`Choose ${frame.label}`} control={control} />
      )}
    </FieldFrame>
  );
}
