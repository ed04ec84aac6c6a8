import { describe, expect, it } from 'vitest';
import { instantOfWallClock, isValidTimeZone, wallClockOf } from './wall-clock';

describe('wall clock in a time zone', () => {
  it('converts both ways, DST included', () => {
    // Berlin: CET (+1) in winter, CEST (+2) in summer.
    expect(new Date(wallClockOf(Date.parse('2025-01-15T08:00:00Z'), 'Europe/Berlin')).toISOString()).toBe(
      '2025-01-15T09:00:00.000Z',
    );
    expect(new Date(instantOfWallClock(Date.UTC(2025, 6, 15, 9), 'Europe/Berlin')).toISOString()).toBe(
      '2025-07-15T07:00:00.000Z',
    );
  });

  it('a time skipped by clocks going forward moves on by the gap; a repeated one is its first', () => {
    // 2025-03-30 02:30 does not exist in Berlin; 2025-10-26 02:30 happens twice.
    expect(new Date(instantOfWallClock(Date.UTC(2025, 2, 30, 2, 30), 'Europe/Berlin')).toISOString()).toBe(
      '2025-03-30T01:30:00.000Z',
    );
    expect(new Date(instantOfWallClock(Date.UTC(2025, 9, 26, 2, 30), 'Europe/Berlin')).toISOString()).toBe(
      '2025-10-26T00:30:00.000Z',
    );
  });
});

describe('time zone names', () => {
  it('an IANA zone is valid, anything else is not', () => {
    expect(isValidTimeZone('Europe/Zurich')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
