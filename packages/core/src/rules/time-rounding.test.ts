import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_TIME_STEPS,
  isPickerYear,
  PICKER_YEARS,
  roundUpToTimeStep,
  timeOfDayLabel,
  type WallClockDateTime,
} from './time-rounding';

const at = (year: number, month: number, day: number, hours: number, minutes: number, seconds = 0) => ({
  year,
  month,
  day,
  hours,
  minutes,
  seconds,
});

describe('the date-time picker offers time in 15-minute steps plus 11:59 PM, with years 1800 to 2049', () => {
  it('offers every quarter hour of the day and then 11:59 PM', () => {
    expect(DAY_TIME_STEPS).toHaveLength(97);
    expect(DAY_TIME_STEPS.slice(0, 3).map(timeOfDayLabel)).toEqual(['12:00 AM', '12:15 AM', '12:30 AM']);
    expect(DAY_TIME_STEPS.slice(-2).map(timeOfDayLabel)).toEqual(['11:45 PM', '11:59 PM']);
    expect(timeOfDayLabel(12 * 60)).toBe('12:00 PM');
    expect(timeOfDayLabel(9 * 60 + 15)).toBe('9:15 AM');
  });

  it('offers the years 1800 to 2049', () => {
    expect(PICKER_YEARS[0]).toBe(1800);
    expect(PICKER_YEARS.at(-1)).toBe(2049);
    expect(PICKER_YEARS).toHaveLength(250);
    expect(isPickerYear(1799)).toBe(false);
    expect(isPickerYear(2049)).toBe(true);
    expect(isPickerYear(2050)).toBe(false);
  });
});

describe('time rounding rounds to the next 15-minute mark', () => {
  it.each([
    [at(2024, 3, 15, 10, 0), at(2024, 3, 15, 10, 0)],
    [at(2024, 3, 15, 10, 0, 1), at(2024, 3, 15, 10, 15)],
    [at(2024, 3, 15, 10, 7), at(2024, 3, 15, 10, 15)],
    [at(2024, 3, 15, 10, 46), at(2024, 3, 15, 11, 0)],
    [at(2024, 12, 31, 23, 50), at(2025, 1, 1, 0, 0)],
    [at(2024, 2, 28, 23, 59), at(2024, 2, 29, 0, 0)],
    [at(1800, 1, 1, 0, 1), at(1800, 1, 1, 0, 15)],
  ])('%o becomes %o', (time, expected) => {
    const { seconds: _seconds, ...withoutSeconds } = expected;
    expect(roundUpToTimeStep(time)).toEqual(withoutSeconds);
  });

  it('lands on a mark, never earlier and less than 15 minutes later', () => {
    const toMs = (t: WallClockDateTime) => Date.UTC(t.year, t.month - 1, t.day, t.hours, t.minutes, t.seconds ?? 0);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1800-01-01T00:00:00Z'), max: new Date('2049-12-31T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          const time = at(
            date.getUTCFullYear(),
            date.getUTCMonth() + 1,
            date.getUTCDate(),
            date.getUTCHours(),
            date.getUTCMinutes(),
            date.getUTCSeconds(),
          );
          const rounded = roundUpToTimeStep(time);
          expect(rounded.minutes % 15).toBe(0);
          const gap = toMs(rounded) - toMs(time);
          expect(gap).toBeGreaterThanOrEqual(0);
          expect(gap).toBeLessThan(15 * 60_000);
          expect(roundUpToTimeStep(rounded)).toEqual(rounded);
        },
      ),
    );
  });
});
