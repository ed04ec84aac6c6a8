import { clamp, endOfYear, roundToNearestMinutes, startOfDay, startOfYear } from 'date-fns';

/** The picker's calendar reaches from 1800 to 2049: old survey records, and plans far ahead. */
export const FIRST_YEAR = 1800;
export const LAST_YEAR = 2049;

export const TIME_STEP_MINUTES = 15;
/** 11:59 PM: "until the end of the day", which the 15-minute steps cannot say. */
export const END_OF_DAY_MINUTES = 23 * 60 + 59;

const MINUTES_PER_DAY = 24 * 60;

/** Times of day the picker offers, as minutes since midnight: every 15 minutes, then 11:59 PM. */
export const TIME_OPTIONS: readonly number[] = [
  ...Array.from({ length: MINUTES_PER_DAY / TIME_STEP_MINUTES }, (_, index) => index * TIME_STEP_MINUTES),
  END_OF_DAY_MINUTES,
];

export const EARLIEST_DATE = startOfYear(new Date(FIRST_YEAR, 0, 1));
export const LATEST_DATE = endOfYear(new Date(LAST_YEAR, 0, 1));

/** Keeps a date inside the years the picker can show. */
export function clampToPickerRange(date: Date): Date {
  return clamp(date, { start: EARLIEST_DATE, end: LATEST_DATE });
}

/** 10:07 becomes 10:15; 10:15 exactly stays; seconds count, so 10:15:30 becomes 10:30. */
export function roundUpToTimeStep(date: Date): Date {
  return roundToNearestMinutes(date, { nearestTo: TIME_STEP_MINUTES, roundingMethod: 'ceil' });
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
  if (TIME_OPTIONS.includes(minutes)) return TIME_OPTIONS;
  return [...TIME_OPTIONS, minutes].sort((a, b) => a - b);
}
