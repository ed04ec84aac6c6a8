import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK, describeSchedule, nextOccurrence, type DayOfWeek, type TaskSchedule } from './schedule';
import { timeSpanToMinutes } from './time-span';
import { instantOfWallClock, wallClockOf } from './wall-clock';

const base = { RepeatEvery: null, RepeatDuration: null, TimeZone: 'UTC' };
const at = (iso: string) => new Date(iso);
const next = (s: TaskSchedule, after: string) => nextOccurrence(s, at(after))?.toISOString() ?? null;

describe('next start time', () => {
  it('OneTime runs once at its start time', () => {
    const s: TaskSchedule = { $type: 'OneTime', ...base, StartTime: '2025-05-01T10:00:00Z' };
    expect(next(s, '2025-04-01T00:00:00Z')).toBe('2025-05-01T10:00:00.000Z');
    expect(next(s, '2025-05-01T10:00:00Z')).toBeNull();
  });

  it('OneTime repeats every RepeatEvery inside RepeatDuration, then stops', () => {
    const s: TaskSchedule = {
      $type: 'OneTime',
      ...base,
      StartTime: '2025-05-01T10:00:00Z',
      RepeatEvery: '30m',
      RepeatDuration: '1h 30m',
    };
    expect(next(s, '2025-05-01T10:00:00Z')).toBe('2025-05-01T10:30:00.000Z');
    expect(next(s, '2025-05-01T10:45:00Z')).toBe('2025-05-01T11:00:00.000Z');
    expect(next(s, '2025-05-01T11:00:00Z')).toBeNull();
  });

  it('Daily every 2 days keeps 09:00 Berlin time across the change to summer time', () => {
    const s: TaskSchedule = {
      $type: 'Daily',
      ...base,
      TimeZone: 'Europe/Berlin',
      StartTime: '2025-03-28T08:00:00Z', // 09:00 CET
      RecurEveryDays: 2,
    };
    expect(next(s, '2025-03-28T08:00:00Z')).toBe('2025-03-30T07:00:00.000Z'); // 09:00 CEST
    expect(next(s, '2025-03-30T07:00:00Z')).toBe('2025-04-01T07:00:00.000Z');
  });

  it('Weekly runs only on the chosen days of every other week', () => {
    const s: TaskSchedule = {
      $type: 'Weekly',
      ...base,
      StartTime: '2025-06-02T06:00:00Z', // a Monday
      RecurEveryWeeks: 2,
      DaysOfWeek: ['Monday', 'Friday'],
    };
    expect(next(s, '2025-06-01T00:00:00Z')).toBe('2025-06-02T06:00:00.000Z');
    expect(next(s, '2025-06-02T06:00:00Z')).toBe('2025-06-06T06:00:00.000Z');
    expect(next(s, '2025-06-06T06:00:00Z')).toBe('2025-06-16T06:00:00.000Z');
  });

  it('a Weekly schedule with no day never runs', () => {
    const s: TaskSchedule = {
      $type: 'Weekly',
      ...base,
      StartTime: '2025-06-02T06:00:00Z',
      RecurEveryWeeks: 1,
      DaysOfWeek: [],
    };
    expect(next(s, '2025-01-01T00:00:00Z')).toBeNull();
  });
});

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
const SPANS = [null, '15m', '1h', '2h 30m', '7h'];
const DURATIONS = [null, '1h', '3h', '1d', '1d 12h'];
const MIN_2020 = Date.UTC(2020, 0, 1);
const MAX_2030 = Date.UTC(2030, 0, 1);

const arbSchedule: fc.Arbitrary<TaskSchedule> = fc
  .record({
    kind: fc.constantFrom('OneTime', 'Daily', 'Weekly'),
    start: fc
      .integer({ min: MIN_2020 / 60_000, max: MAX_2030 / 60_000 })
      .map((m) => new Date(m * 60_000).toISOString()),
    zone: fc.constantFrom(...ZONES),
    every: fc.constantFrom(...SPANS),
    duration: fc.constantFrom(...DURATIONS),
    recur: fc.integer({ min: 1, max: 4 }),
    days: fc.subarray([...DAYS_OF_WEEK], { minLength: 1 }),
  })
  .map(({ kind, start, zone, every, duration, recur, days }): TaskSchedule => {
    const common = { StartTime: start, TimeZone: zone, RepeatEvery: every, RepeatDuration: every ? duration : null };
    if (kind === 'OneTime') return { $type: 'OneTime', ...common };
    if (kind === 'Daily') return { $type: 'Daily', ...common, RecurEveryDays: recur };
    return { $type: 'Weekly', ...common, RecurEveryWeeks: recur, DaysOfWeek: days as DayOfWeek[] };
  });

const arbNow = fc.integer({ min: MIN_2020 - 86_400_000, max: MAX_2030 }).map((ms) => new Date(ms));

describe('next start time, for any schedule', () => {
  it('is after now', () => {
    fc.assert(
      fc.property(arbSchedule, arbNow, (s, now) => {
        const n = nextOccurrence(s, now);
        return n === null || n.getTime() > now.getTime();
      }),
    );
  });

  it('never skips a due occurrence: stepping from an earlier time reaches it', () => {
    fc.assert(
      fc.property(arbSchedule, arbNow, fc.integer({ min: 1, max: 3 * 86_400_000 }), (s, now, back) => {
        const target = nextOccurrence(s, now);
        let t: Date | null = new Date(now.getTime() - back);
        const seen: number[] = [];
        for (let i = 0; i < 500 && t && t.getTime() <= now.getTime(); i++) {
          t = nextOccurrence(s, t);
          if (t) seen.push(t.getTime());
        }
        // Walking occurrence by occurrence from before now lands exactly on the answer for now.
        const firstAfter = seen.find((x) => x > now.getTime()) ?? null;
        return firstAfter === (target?.getTime() ?? null) || seen.length === 500;
      }),
    );
  });

  it('runs weekly only on the chosen days, in the schedule’s zone', () => {
    fc.assert(
      fc.property(
        arbSchedule.filter((s) => s.$type === 'Weekly'),
        arbNow,
        (s, now) => {
          const n = nextOccurrence(s, now);
          if (!n || s.$type !== 'Weekly') return true;
          const every = s.RepeatEvery ? timeSpanToMinutes(s.RepeatEvery)! : 0;
          if (every > 0) return true; // a repeat may run past midnight into another day
          const weekday = DAYS_OF_WEEK[new Date(wallClockOf(n.getTime(), s.TimeZone)).getUTCDay()]!;
          return s.DaysOfWeek.includes(weekday);
        },
      ),
    );
  });

  it('repeats stay inside the duration window after a run’s first start', () => {
    fc.assert(
      fc.property(
        arbSchedule.filter((s) => s.RepeatEvery !== null),
        arbNow,
        (s, now) => {
          const n = nextOccurrence(s, now);
          if (!n) return true;
          // The run the answer belongs to started at the latest first-of-day not after it.
          const start = Date.parse(s.StartTime);
          const wall = wallClockOf(start, s.TimeZone);
          const timeOfDay = wall % 86_400_000;
          const duration = (s.RepeatDuration ? timeSpanToMinutes(s.RepeatDuration)! : 1440) * 60_000;
          const nWall = wallClockOf(n.getTime(), s.TimeZone);
          for (let d = 0; d <= Math.ceil(duration / 86_400_000) + 1; d++) {
            const day = Math.floor(nWall / 86_400_000) - d;
            const first = instantOfWallClock(day * 86_400_000 + timeOfDay, s.TimeZone);
            const offset = n.getTime() - first;
            if (offset >= 0 && offset < duration && offset % (timeSpanToMinutes(s.RepeatEvery!)! * 60_000) === 0)
              return true;
          }
          return false;
        },
      ),
    );
  });
});

describe('the Schedule column text', () => {
  it('says when, how often and in which zone', () => {
    expect(describeSchedule({ $type: 'OneTime', ...base, StartTime: '2025-05-01T10:00:00Z' })).toBe(
      'At 10:00 on 2025-05-01 (UTC)',
    );
    expect(
      describeSchedule({
        $type: 'Weekly',
        ...base,
        TimeZone: 'Europe/Berlin',
        StartTime: '2025-06-02T06:00:00Z',
        RecurEveryWeeks: 2,
        DaysOfWeek: ['Friday', 'Monday'],
        RepeatEvery: '1h',
        RepeatDuration: '3h',
      }),
    ).toBe(
      'At 08:00 every Monday, Friday of every 2 weeks, starting 2025-06-02; repeat every 1h for a duration of 3h (Europe/Berlin)',
    );
    expect(describeSchedule({ $type: 'Daily', ...base, StartTime: '2025-05-01T10:00:00Z', RecurEveryDays: 1 })).toBe(
      'At 10:00 every day, starting 2025-05-01 (UTC)',
    );
  });
});
