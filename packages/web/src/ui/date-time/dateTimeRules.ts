/**
 * The picker's rules on local Date objects. The rules themselves (15-minute steps plus 11:59 PM,
 * years 1800 to 2049, rounding up to the next step) live in core; this file only carries them
 * over to the Dates the calendar and the time list work with.
 */
import { clamp, endOfYear, startOfDay, startOfYear } from 'date-fns';
import {
  DAY_TIME_STEPS,
  FIRST_PICKER_YEAR,
  LAST_PICKER_YEAR,
  roundUpToTimeStep,
} from '@manway/core/rules/time-rounding';

export const EARLIEST_DATE = startOfYear(new Date(FIRST_PICKER_YEAR, 0, 1));
export const LATEST_DATE = endOfYear(new Date(LAST_PICKER_YEAR, 0, 1));

/** Keeps a date inside the years the picker can show. */
export function clampToPickerRange(date: Date): Date {
  return clamp(date, { start: EARLIEST_DATE, end: LATEST_DATE });
}

/** 10:07 becomes 10:15; 10:15 exactly stays; seconds count, so 10:15:30 becomes 10:30. */
export function roundDateUpToTimeStep(date: Date): Date {
  // Rounded on the wall clock, so a zone whose offset is not a whole hour still lands on :15.
  const rounded = roundUpToTimeStep({
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
    seconds: date.getSeconds(),
    milliseconds: date.getMilliseconds(),
  });
  const result = new Date(date);
  result.setFullYear(rounded.year, rounded.month - 1, rounded.day);
  result.setHours(rounded.hours, rounded.minutes, 0, 0);
  return result;
}

export function minutesOfDay(date: Date): number {
  return date.getHours() * 60 + date.getMinutes();
}

/** The same calendar day at `minutes` past midnight, local time. */
export function atMinutesOfDay(date: Date, minutes: number): Date {
  const result = startOfDay(date);
  result.setHours(Math.floor(minutes / 60), minutes % 60);
  return result;
}

/** The offered times, plus the current one where it falls between steps, so it can be kept. */
export function timeOptionsIncluding(minutes: number): readonly number[] {
  if (DAY_TIME_STEPS.includes(minutes)) return DAY_TIME_STEPS;
  return [...DAY_TIME_STEPS, minutes].sort((a, b) => a - b);
}
