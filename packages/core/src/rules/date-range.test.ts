import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_PERIODS,
  endOfPeriod,
  isDateRangeOrdered,
  parseIsoInstant,
  toZonedIso,
  withDefaultEnd,
  type Weekday,
} from './date-range';

const ZURICH = { timeZone: 'Europe/Zurich' };

describe('the date-range end defaults to the end of the period of the start', () => {
  it('day: the same day at 23:59:59.999', () => {
    expect(endOfPeriod('2024-03-15T10:00:00+01:00', 'day', ZURICH)).toBe('2024-03-15T23:59:59.999+01:00');
  });

  it('week: the last day of the week, Monday-based unless told otherwise', () => {
    // 15 March 2024 is a Friday.
    expect(endOfPeriod('2024-03-15T10:00:00+01:00', 'week', ZURICH)).toBe('2024-03-17T23:59:59.999+01:00');
    expect(endOfPeriod('2024-03-15T10:00:00+01:00', 'week', { ...ZURICH, weekStartsOn: 0 })).toBe(
      '2024-03-16T23:59:59.999+01:00',
    );
    expect(endOfPeriod('2024-03-17T10:00:00+01:00', 'week', ZURICH)).toBe('2024-03-17T23:59:59.999+01:00');
  });

  it('month: the last day of the month, in the offset that day has after a daylight-saving change', () => {
    expect(endOfPeriod('2024-03-15T10:00:00+01:00', 'month', ZURICH)).toBe('2024-03-31T23:59:59.999+02:00');
    expect(endOfPeriod('2024-02-01T00:00:00+01:00', 'month', ZURICH)).toBe('2024-02-29T23:59:59.999+01:00');
  });

  it('year: 31 December', () => {
    expect(endOfPeriod('2024-07-01T00:00:00Z', 'year', ZURICH)).toBe('2024-12-31T23:59:59.999+01:00');
  });

  it('takes the period in the given time zone, not in the offset the start was written in', () => {
    // 03:00 UTC on New Year's Day is still New Year's Eve in New York.
    expect(endOfPeriod('2024-01-01T03:00:00Z', 'day', { timeZone: 'America/New_York' })).toBe(
      '2023-12-31T23:59:59.999-05:00',
    );
    expect(endOfPeriod('2024-01-01T03:00:00Z', 'year', { timeZone: 'America/New_York' })).toBe(
      '2023-12-31T23:59:59.999-05:00',
    );
    expect(endOfPeriod('2024-06-10T12:00:00Z', 'day', { timeZone: 'UTC' })).toBe('2024-06-10T23:59:59.999Z');
    expect(endOfPeriod('2024-06-10T12:00:00Z', 'day', { timeZone: 'Asia/Kathmandu' })).toBe(
      '2024-06-10T23:59:59.999+05:45',
    );
  });

  it('keeps an end the user chose and fills a missing one', () => {
    const start = '2024-03-15T10:00:00+01:00';
    expect(withDefaultEnd({ start, end: '2024-04-01T00:00:00+02:00' }, 'day', ZURICH).end).toBe(
      '2024-04-01T00:00:00+02:00',
    );
    expect(withDefaultEnd({ start }, 'day', ZURICH)).toEqual({ start, end: '2024-03-15T23:59:59.999+01:00' });
    expect(withDefaultEnd({ start, end: null }, 'month', ZURICH).end).toBe('2024-03-31T23:59:59.999+02:00');
  });

  it.each(['2024-03-15', '2024-03-15T10:00:00', 'yesterday', '2024-02-30T00:00:00Z'])(
    'refuses %j, which is not an instant',
    (text) => {
      expect(() => endOfPeriod(text, 'day', ZURICH)).toThrow(RangeError);
    },
  );

  it('checks that the start does not come after the end', () => {
    expect(isDateRangeOrdered({ start: '2024-03-15T10:00:00+01:00', end: '2024-03-15T09:30:00Z' })).toBe(true);
    expect(isDateRangeOrdered({ start: '2024-03-15T10:00:00+01:00', end: '2024-03-15T08:59:59Z' })).toBe(false);
  });

  it('the end never comes before the start, is the end of its own period, and lies within the period', () => {
    const longest = { day: 1, week: 7, month: 31, year: 366 } as const;
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2049-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...DATE_PERIODS),
        fc.constantFrom('Europe/Zurich', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'),
        fc.integer({ min: 0, max: 6 }),
        (date, period, timeZone, weekStartsOn) => {
          const options = { timeZone, weekStartsOn: weekStartsOn as Weekday };
          const start = date.toISOString();
          const end = endOfPeriod(start, period, options);
          const gap = parseIsoInstant(end) - date.getTime();
          expect(gap).toBeGreaterThanOrEqual(0);
          expect(gap).toBeLessThan(longest[period] * 86_400_000 + 3_600_000);
          expect(endOfPeriod(end, period, options)).toBe(end);
          expect(end).toMatch(/T23:59:59\.999/);
        },
      ),
    );
  });

  it('writes in UTC when the zone used a local mean time whose offset has seconds', () => {
    // Kathmandu kept +05:41:16 until 1920.
    const end = endOfPeriod('1919-12-30T10:00:00Z', 'day', { timeZone: 'Asia/Kathmandu' });
    expect(end).toBe('1919-12-30T18:18:43.999Z');
  });

  it('writes an instant in its zone without moving it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2049-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('Europe/Zurich', 'America/St_Johns', 'Asia/Kathmandu', 'UTC'),
        (date, timeZone) => {
          expect(parseIsoInstant(toZonedIso(date.getTime(), timeZone))).toBe(date.getTime());
        },
      ),
    );
  });
});
