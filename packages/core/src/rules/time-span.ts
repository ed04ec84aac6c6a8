/**
 * Durations typed as `1d 12h 30m`: days, hours and minutes in that order, each part optional,
 * spaces optional between a number and its unit and between parts.
 */

export interface TimeSpanParts {
  days?: number;
  hours?: number;
  minutes?: number;
}

const TIME_SPAN = /^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$/i;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** The parts the text names, or null when it is not a time span. Hours above 23 are allowed: 36h is a span. */
export function parseTimeSpan(text: string): TimeSpanParts | null {
  const match = TIME_SPAN.exec(text);
  if (!match) return null;
  const [, days, hours, minutes] = match;
  if (days === undefined && hours === undefined && minutes === undefined) return null;
  const parts: TimeSpanParts = {};
  if (days !== undefined) parts.days = Number(days);
  if (hours !== undefined) parts.hours = Number(hours);
  if (minutes !== undefined) parts.minutes = Number(minutes);
  // Beyond this the minute count cannot be held exactly.
  if (!Number.isSafeInteger(partsToMinutes(parts))) return null;
  return parts;
}

function partsToMinutes({ days = 0, hours = 0, minutes = 0 }: TimeSpanParts): number {
  return days * MINUTES_PER_DAY + hours * MINUTES_PER_HOUR + minutes;
}

export function isValidTimeSpan(text: string): boolean {
  return parseTimeSpan(text) !== null;
}

/** The parts as typed, joined by single spaces and lower-cased: '1D12h' becomes '1d 12h'. */
export function normaliseTimeSpan(text: string): string | null {
  const parts = parseTimeSpan(text);
  return parts ? formatParts(parts) : null;
}

function formatParts({ days, hours, minutes }: TimeSpanParts): string {
  return [
    days === undefined ? null : `${days}d`,
    hours === undefined ? null : `${hours}h`,
    minutes === undefined ? null : `${minutes}m`,
  ]
    .filter((part) => part !== null)
    .join(' ');
}

export function timeSpanToMinutes(text: string): number | null {
  const parts = parseTimeSpan(text);
  return parts ? partsToMinutes(parts) : null;
}

/** The shortest span for a whole number of minutes: 2190 is '1d 12h 30m', 0 is '0m'. */
export function minutesToTimeSpan(totalMinutes: number): string {
  if (!Number.isSafeInteger(totalMinutes) || totalMinutes < 0)
    throw new RangeError('a time span is a whole, non-negative number of minutes');
  if (totalMinutes === 0) return '0m';
  const days = Math.floor(totalMinutes / MINUTES_PER_DAY);
  const hours = Math.floor((totalMinutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const minutes = totalMinutes % MINUTES_PER_HOUR;
  return formatParts({
    days: days || undefined,
    hours: hours || undefined,
    minutes: minutes || undefined,
  });
}
