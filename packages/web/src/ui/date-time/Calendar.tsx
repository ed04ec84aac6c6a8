import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  endOfWeek,
  format,
  isAfter,
  isBefore,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
  type Day,
} from 'date-fns';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PICKER_YEARS } from '@manway/core/rules/time-rounding';
import { IconButton } from '../controls/IconButton';
import { ChevronLeftIcon, ChevronRightIcon } from '../controls/icons';
import { useDateLocale } from './dateLocale';
import { clampToPickerRange, EARLIEST_DATE, LATEST_DATE } from './dateTimeRules';
import './Calendar.css';

/** Six weeks always: the grid keeps its height from month to month, so nothing jumps under the pointer. */
const WEEKS_SHOWN = 6;

const MONTHS = Array.from({ length: 12 }, (_, index) => index);

function inRange(day: Date): boolean {
  return !isBefore(day, startOfDay(EARLIEST_DATE)) && !isAfter(day, LATEST_DATE);
}

/** Where each navigation key moves the focused day; Shift with Page keys moves a year. */
function movedBy(key: string, shift: boolean, day: Date, weekStartsOn: Day): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addWeeks(day, -1);
    case 'ArrowDown':
      return addWeeks(day, 1);
    case 'Home':
      return startOfWeek(day, { weekStartsOn });
    case 'End':
      return startOfDay(endOfWeek(day, { weekStartsOn }));
    case 'PageUp':
      return shift ? addYears(day, -1) : addMonths(day, -1);
    case 'PageDown':
      return shift ? addYears(day, 1) : addMonths(day, 1);
    default:
      return null;
  }
}

export interface CalendarProps {
  /** The chosen day; its time of day is ignored. */
  selected: Date;
  onSelect: (day: Date) => void;
  /** Names the grid, e.g. "Inspection date". */
  label?: string;
  /** Puts focus on the chosen day when the calendar appears, as in a date picker dialog. */
  autoFocus?: boolean;
}

/**
 * A month grid (WAI-ARIA date picker pattern): one day is in the tab order, arrow keys move by day
 * and week, Home and End to the week's ends, Page Up and Page Down by month (with Shift by year),
 * Enter or Space chooses. Years run from 1800 to 2049.
 */
export function Calendar({ selected, onSelect, label = 'Calendar', autoFocus = false }: CalendarProps) {
  const locale = useDateLocale();
  const weekStartsOn: Day = locale.options?.weekStartsOn ?? 0;
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusedDay, setFocusedDay] = useState(() => startOfDay(clampToPickerRange(selected)));
  // Focus follows the focused day only after the user moved it, never on first render.
  const moveFocus = useRef(false);

  const [lastSelected, setLastSelected] = useState(selected);
  if (!isSameDay(selected, lastSelected)) {
    setLastSelected(selected);
    setFocusedDay(startOfDay(clampToPickerRange(selected)));
  }

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focusedDay]);

  const goTo = (day: Date, withFocus: boolean) => {
    moveFocus.current = withFocus;
    setFocusedDay(startOfDay(clampToPickerRange(day)));
  };

  const today = new Date();
  const firstShown = startOfWeek(startOfMonth(focusedDay), { weekStartsOn });
  const weeks = Array.from({ length: WEEKS_SHOWN }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => addDays(firstShown, week * 7 + weekday)),
  );

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = movedBy(event.key, event.shiftKey, focusedDay, weekStartsOn);
    if (!next) return;
    event.preventDefault();
    goTo(next, true);
  };

  const monthStart = startOfMonth(focusedDay);
  const atFirstMonth = isSameMonth(monthStart, EARLIEST_DATE);
  const atLastMonth = isSameMonth(monthStart, LATEST_DATE);

  return (
    <div className="mw-calendar">
      <div className="mw-calendar__header">
        <IconButton
          label="Previous month"
          icon={<ChevronLeftIcon />}
          disabled={atFirstMonth}
          onClick={() => goTo(addMonths(focusedDay, -1), false)}
        />
        <h3 id={headingId} className="mw-calendar__heading" aria-live="polite">
          {format(focusedDay, 'LLLL yyyy', { locale })}
        </h3>
        <IconButton
          label="Next month"
          icon={<ChevronRightIcon />}
          disabled={atLastMonth}
          onClick={() => goTo(addMonths(focusedDay, 1), false)}
        />
      </div>
      <div className="mw-calendar__jump">
        <label>
          <span className="mw-visually-hidden">Month</span>
          <select
            value={focusedDay.getMonth()}
            onChange={(event) => {
              const day = new Date(focusedDay);
              day.setDate(1);
              day.setMonth(Number(event.target.value));
              goTo(day, false);
            }}
          >
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {format(new Date(2000, month, 1), 'LLLL', { locale })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="mw-visually-hidden">Year</span>
          <select
            value={focusedDay.getFullYear()}
            onChange={(event) => {
              const day = new Date(focusedDay);
              day.setDate(1);
              day.setFullYear(Number(event.target.value));
              goTo(day, false);
            }}
          >
            {PICKER_YEARS.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-describedby={headingId}
        className="mw-calendar__grid"
        onKeyDown={onGridKeyDown}
      >
        <thead>
          <tr>
            {weeks[0]?.map((day) => (
              <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', { locale })}>
                {format(day, 'EEEEEE', { locale })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.toISOString()}>
              {week.map((day) => {
                const isSelected = isSameDay(day, selected);
                const isFocused = isSameDay(day, focusedDay);
                const isToday = isSameDay(day, today);
                const classes = [
                  'mw-calendar__day',
                  !isSameMonth(day, focusedDay) && 'mw-calendar__day--outside',
                  isSelected && 'mw-calendar__day--selected',
                  isToday && 'mw-calendar__day--today',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={day.toISOString()} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      className={classes}
                      tabIndex={isFocused ? 0 : -1}
                      autoFocus={autoFocus && isFocused}
                      disabled={!inRange(day)}
                      aria-current={isToday ? 'date' : undefined}
                      onClick={() => {
                        goTo(day, false);
                        onSelect(day);
                      }}
                    >
                      {/* Named by the full date in words; the digit shown is not read twice. */}
                      <span aria-hidden="true">{format(day, 'd', { locale })}</span>
                      <span className="mw-visually-hidden">{format(day, 'PPPP', { locale })}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
