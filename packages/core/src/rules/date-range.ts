/**
 * Date-range values: start and end as ISO date-times. When only a start is chosen, the end defaults
 * to the end of the start's period (spec section 5). Periods are calendar periods, so they depend on
 * the time zone the user lives in; it is always passed in, never read from the machine.
 */
import { isIsoDateTime } from './field-validation';
import { wallClockOf, zoneOffsetAt } from './wall-clock';

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

/**
 * The instant showing `wallMs`. Not instantOfWallClock: where clocks go back at midnight this can
 * pick the second 23:59 of the day, and the period ends written so far were computed this way.
 */
function epochOfWallClock(wallMs: number, timeZone: string): number {
  const firstGuess = wallMs - zoneOffsetAt(wallMs, timeZone);
  // A second look settles guesses that straddle a daylight-saving change.
  return wallMs - zoneOffsetAt(firstGuess, timeZone);
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

/** The wall clock of the last millisecond of the period that `wallMs` falls in. */
function endOfPeriodWallClock(wallMs: number, period: DatePeriod, weekStartsOn: Weekday): number {
  const date = new Date(wallMs);
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
  date.setUTCHours(23, 59, 59, 999);
  return date.getTime();
}

/** The last millisecond of the day, week, month or year that `startIso` falls in, in the zone. */
export function endOfPeriod(startIso: string, period: DatePeriod, options: PeriodOptions): string {
  const { timeZone, weekStartsOn = 1 } = options;
  const start = parseIsoInstant(startIso);
  const end = endOfPeriodWallClock(wallClockOf(start, timeZone), period, weekStartsOn);
  return toZonedIso(epochOfWallClock(end, timeZone), timeZone);
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
