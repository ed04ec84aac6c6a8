/**
 * Date-range values: start and end as ISO date-times. When only a start is chosen, the end defaults
 * to the end of the start's period (spec section 5). Periods are calendar periods, so they depend on
 * the time zone the user lives in; it is always passed in, never read from the machine.
 */
import { isIsoDateTime } from './field-validation';

export const DATE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type DatePeriod = (typeof DATE_PERIODS)[number];

/** 0 is Sunday, 1 Monday, as Date.getUTCDay counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DateRangeValue {
  start: string;
  end: string;
}

export interface PeriodOptions {
  /** An IANA zone such as 'Europe/Zurich'. */
  timeZone: string;
  /** Defaults to Monday, as ISO 8601 weeks start. */
  weekStartsOn?: Weekday;
}

// An offset is required: a date-time without one means a different instant on every machine.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function parseIsoInstant(iso: string): number {
  // Date.parse rolls 30 February over into March; the calendar check refuses it.
  const epoch = ISO_INSTANT.test(iso) && isIsoDateTime(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(epoch)) throw new RangeError(`not an ISO date-time with an offset: ${iso}`);
  return epoch;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockAt(epoch: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(epoch))
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hours: parts.hour ?? 0,
    minutes: parts.minute ?? 0,
    seconds: parts.second ?? 0,
  };
}

/** Reads wall-clock fields as if they were UTC, which makes calendar arithmetic zone-free. */
function wallClockAsUtc(wall: WallClock, milliseconds = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hours, wall.minutes, wall.seconds, milliseconds);
  return date.getTime();
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
function zoneOffsetAt(epoch: number, timeZone: string): number {
  const wholeSeconds = Math.floor(epoch / 1000) * 1000;
  return wallClockAsUtc(wallClockAt(epoch, timeZone)) - wholeSeconds;
}

function epochOfWallClock(wall: WallClock, milliseconds: number, timeZone: string): number {
  const asUtc = wallClockAsUtc(wall, milliseconds);
  const firstGuess = asUtc - zoneOffsetAt(asUtc, timeZone);
  // A second look settles guesses that straddle a daylight-saving change.
  return asUtc - zoneOffsetAt(firstGuess, timeZone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The instant written in the zone's own offset, so the end of a day reads as 23:59 of that day. */
export function toZonedIso(epoch: number, timeZone: string): string {
  const offset = zoneOffsetAt(epoch, timeZone);
  // Historic local mean times have offsets in seconds, which ISO offsets cannot write.
  if (offset % 60_000 !== 0) return new Date(epoch).toISOString();
  const local = new Date(epoch + offset);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}`;
  if (offset === 0) return `${date}T${time}Z`;
  const offsetMinutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${time}${sign}${pad(Math.floor(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}

function lastDayOfPeriod(wall: WallClock, period: DatePeriod, weekStartsOn: Weekday): WallClock {
  const date = new Date(wallClockAsUtc({ ...wall, hours: 0, minutes: 0, seconds: 0 }));
  switch (period) {
    case 'day':
      break;
    case 'week': {
      const lastWeekday = (weekStartsOn + 6) % 7;
      date.setUTCDate(date.getUTCDate() + ((lastWeekday - date.getUTCDay() + 7) % 7));
      break;
    }
    case 'month':
      date.setUTCMonth(date.getUTCMonth() + 1, 0);
      break;
    case 'year':
      date.setUTCMonth(11, 31);
      break;
  }
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hours: 23,
    minutes: 59,
    seconds: 59,
  };
}

/** The last millisecond of the day, week, month or year that `startIso` falls in, in the zone. */
export function endOfPeriod(startIso: string, period: DatePeriod, options: PeriodOptions): string {
  const { timeZone, weekStartsOn = 1 } = options;
  const start = parseIsoInstant(startIso);
  const lastDay = lastDayOfPeriod(wallClockAt(start, timeZone), period, weekStartsOn);
  return toZonedIso(epochOfWallClock(lastDay, 999, timeZone), timeZone);
}

/** Fills a missing end with the end of the start's period; an end the user chose is kept. */
export function withDefaultEnd(
  range: { start: string; end?: string | null },
  period: DatePeriod,
  options: PeriodOptions,
): DateRangeValue {
  return { start: range.start, end: range.end || endOfPeriod(range.start, period, options) };
}

export function isDateRangeOrdered(range: DateRangeValue): boolean {
  return parseIsoInstant(range.start) <= parseIsoInstant(range.end);
}
