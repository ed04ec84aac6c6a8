/**
 * The date-time picker's grid: times in 15-minute steps plus 11:59 PM (so a day's end can be
 * picked), years 1800 to 2049, and rounding a time up to the next step.
 *
 * Times here are wall-clock fields, not instants: the picker shows what the clock on the wall
 * says, and rounding 10:07 to 10:15 must hold in zones whose offset is not a whole hour.
 */

export const TIME_STEP_MINUTES = 15;
export const MINUTES_PER_DAY = 24 * 60;
/** 11:59 PM. */
export const LAST_MINUTE_OF_DAY = MINUTES_PER_DAY - 1;

export const FIRST_PICKER_YEAR = 1800;
export const LAST_PICKER_YEAR = 2049;
export const PICKER_YEARS: readonly number[] = Array.from(
  { length: LAST_PICKER_YEAR - FIRST_PICKER_YEAR + 1 },
  (_, i) => FIRST_PICKER_YEAR + i,
);

/** Minutes after midnight the picker offers: 0, 15, …, 1425 and 1439. */
export const DAY_TIME_STEPS: readonly number[] = [
  ...Array.from({ length: MINUTES_PER_DAY / TIME_STEP_MINUTES }, (_, i) => i * TIME_STEP_MINUTES),
  LAST_MINUTE_OF_DAY,
];

export function isPickerYear(year: number): boolean {
  return Number.isInteger(year) && year >= FIRST_PICKER_YEAR && year <= LAST_PICKER_YEAR;
}

/** '12:00 AM', '9:15 AM', '11:59 PM'. */
export function timeOfDayLabel(minutesAfterMidnight: number): string {
  const hours = Math.floor(minutesAfterMidnight / 60);
  const minutes = minutesAfterMidnight % 60;
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export interface WallClockDateTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds?: number;
  milliseconds?: number;
}

const STEP_MS = TIME_STEP_MINUTES * 60_000;

/**
 * The first 15-minute mark at or after the time: 10:00 stays, 10:00:01 and 10:14 become 10:15,
 * 23:50 becomes 00:00 the next day. Seconds are dropped, since the picker has none.
 */
export function roundUpToTimeStep(time: WallClockDateTime): WallClockDateTime {
  // Calendar arithmetic in UTC has no daylight-saving gaps; the fields are only carried over.
  const date = new Date(0);
  date.setUTCFullYear(time.year, time.month - 1, time.day);
  date.setUTCHours(time.hours, time.minutes, time.seconds ?? 0, time.milliseconds ?? 0);
  const rounded = new Date(Math.ceil(date.getTime() / STEP_MS) * STEP_MS);
  return {
    year: rounded.getUTCFullYear(),
    month: rounded.getUTCMonth() + 1,
    day: rounded.getUTCDate(),
    hours: rounded.getUTCHours(),
    minutes: rounded.getUTCMinutes(),
  };
}
