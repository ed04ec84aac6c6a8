/**
 * Schedules of the websync scheduler (websync spec section 3): OneTime, Daily and Weekly, each with a
 * start time and an optional repetition inside a window. Occurrences are wall-clock times in the
 * schedule's IANA time zone, so a daily 09:00 stays 09:00 across daylight-saving changes; repeats
 * inside the window are elapsed time from the day's first run. Pure: offsets come from Intl.
 */
import { timeSpanToMinutes } from './time-span';
import { instantOfWallClock, wallClockOf } from './wall-clock';

export const DAYS_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const SCHEDULE_KINDS = ['OneTime', 'Daily', 'Weekly'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** The largest "recur every" value; beyond it a schedule is as good as never. */
export const MAX_RECUR = 999;
export const DEFAULT_RECUR = 1;

interface ScheduleBase {
  /** ISO instant of the first run. */
  StartTime: string;
  /** A time span like '1h 30m', or null for one run a day. */
  RepeatEvery: string | null;
  /** A time span; the repeats stay inside it. Null with RepeatEvery set means one day. */
  RepeatDuration: string | null;
  /** IANA time zone whose wall clock the schedule follows. */
  TimeZone: string;
}

export type TaskSchedule =
  | (ScheduleBase & { $type: 'OneTime' })
  | (ScheduleBase & { $type: 'Daily'; RecurEveryDays: number })
  | (ScheduleBase & { $type: 'Weekly'; RecurEveryWeeks: number; DaysOfWeek: DayOfWeek[] });

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// ---- occurrences ------------------------------------------------------------------------------

const dayNumber = (wallMs: number) => Math.floor(wallMs / DAY_MS);

function repeatWindow(s: TaskSchedule): { every: number; duration: number } | null {
  const every = s.RepeatEvery ? timeSpanToMinutes(s.RepeatEvery) : null;
  if (!every) return null;
  const duration = s.RepeatDuration ? (timeSpanToMinutes(s.RepeatDuration) ?? 0) : 24 * 60;
  return { every: every * MINUTE_MS, duration: duration * MINUTE_MS };
}

/** Does a run start on this day (a day number on the zone's wall clock)? */
function isRunDay(s: TaskSchedule, day: number, startDay: number): boolean {
  if (day < startDay) return false;
  switch (s.$type) {
    case 'OneTime':
      return day === startDay;
    case 'Daily':
      return (day - startDay) % Math.max(1, s.RecurEveryDays) === 0;
    case 'Weekly': {
      // 1970-01-01 was a Thursday: day 0 has weekday 4.
      const weekday = (((day + 4) % 7) + 7) % 7;
      if (!s.DaysOfWeek.includes(DAYS_OF_WEEK[weekday]!)) return false;
      const startSunday = startDay - ((((startDay + 4) % 7) + 7) % 7);
      return Math.floor((day - startSunday) / 7) % Math.max(1, s.RecurEveryWeeks) === 0;
    }
  }
}

/** The days runs can start on, in order, from `fromDay`; bounded so a bad schedule cannot spin. */
function* runDays(s: TaskSchedule, fromDay: number, startDay: number): Generator<number> {
  if (s.$type === 'OneTime') {
    if (startDay >= fromDay) yield startDay;
    return;
  }
  if (s.$type === 'Weekly' && s.DaysOfWeek.length === 0) return;
  const period = s.$type === 'Daily' ? Math.max(1, s.RecurEveryDays) : 7 * Math.max(1, s.RecurEveryWeeks);
  let day = Math.max(fromDay, startDay);
  if (s.$type === 'Daily') day = startDay + Math.ceil((day - startDay) / period) * period;
  for (let limit = 0; limit < 2 * period + 14; day += s.$type === 'Daily' ? period : 1) {
    if (isRunDay(s, day, startDay)) {
      yield day;
      limit = 0;
    } else limit++;
  }
}

/**
 * The first occurrence strictly after `after`, or null when the schedule has no more. Every
 * occurrence between `after` and the answer would have been the answer, so none is skipped.
 */
export function nextOccurrence(s: TaskSchedule, after: Date): Date | null {
  const start = Date.parse(s.StartTime);
  if (Number.isNaN(start)) return null;
  const zone = s.TimeZone;
  const startWall = wallClockOf(start, zone);
  const startDay = dayNumber(startWall);
  const timeOfDay = startWall - startDay * DAY_MS;
  const repeat = repeatWindow(s);
  const t = after.getTime();
  // A window opened on an earlier day may still be running; look back far enough to see it.
  const lookBackDays = repeat ? Math.ceil(repeat.duration / DAY_MS) + 1 : 1;
  const fromDay = dayNumber(wallClockOf(t, zone)) - lookBackDays;

  let best: number | null = null;
  for (const day of runDays(s, fromDay, startDay)) {
    const first = instantOfWallClock(day * DAY_MS + timeOfDay, zone);
    if (best !== null && first >= best) break;
    let candidate: number | null = null;
    if (first > t) candidate = first;
    else if (repeat) {
      const n = Math.floor((t - first) / repeat.every) + 1;
      if (n * repeat.every < repeat.duration) candidate = first + n * repeat.every;
    }
    if (candidate !== null && (best === null || candidate < best)) best = candidate;
    if (first > t) break;
  }
  return best === null ? null : new Date(best);
}

// ---- text -------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

function wallParts(instantMs: number, zone: string) {
  const d = new Date(wallClockOf(instantMs, zone));
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

const plural = (n: number, one: string) => (n === 1 ? one : `${n} ${one}s`);

/** The 'Schedule' column: what runs when, in words. */
export function describeSchedule(s: TaskSchedule): string {
  const start = Date.parse(s.StartTime);
  if (Number.isNaN(start)) return '';
  const { date, time } = wallParts(start, s.TimeZone);
  let text: string;
  switch (s.$type) {
    case 'OneTime':
      text = `At ${time} on ${date}`;
      break;
    case 'Daily':
      text = `At ${time} every ${plural(s.RecurEveryDays, 'day')}, starting ${date}`;
      break;
    case 'Weekly': {
      const days = DAYS_OF_WEEK.filter((d) => s.DaysOfWeek.includes(d)).join(', ');
      text = `At ${time} every ${days} of every ${plural(s.RecurEveryWeeks, 'week')}, starting ${date}`;
      break;
    }
  }
  if (s.RepeatEvery) text += `; repeat every ${s.RepeatEvery} for a duration of ${s.RepeatDuration ?? '1d'}`;
  return `${text} (${s.TimeZone})`;
}
