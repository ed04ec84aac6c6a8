/**
 * The wall clock of an IANA time zone, read from Intl so core stays free of the machine's zone.
 * A wall-clock time is held as the milliseconds of a UTC date with the same fields, which makes
 * calendar arithmetic on it zone-free (the date-range periods and the websync schedules use it).
 */

const DAY_MS = 86_400_000;

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

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instantMs` in the zone, as milliseconds of a UTC date with the same fields. */
export function wallClockOf(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const wall = new Date(0);
  wall.setUTCFullYear(parts.year!, parts.month! - 1, parts.day!);
  wall.setUTCHours(parts.hour!, parts.minute!, parts.second!);
  // Intl drops the milliseconds; keep them so the conversion round-trips exactly.
  return wall.getTime() + (((instantMs % 1000) + 1000) % 1000);
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetAt(instantMs: number, timeZone: string): number {
  return wallClockOf(instantMs, timeZone) - instantMs;
}

/**
 * The instant showing `wallMs` on the zone's clock. A time that occurs twice (clocks going back)
 * is its first occurrence; a time that does not exist (clocks going forward) moves forward by the gap.
 */
export function instantOfWallClock(wallMs: number, timeZone: string): number {
  const before = zoneOffsetAt(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetAt(wallMs + DAY_MS, timeZone);
  const candidates = [wallMs - before, wallMs - after].filter((t) => zoneOffsetAt(t, timeZone) === wallMs - t);
  if (candidates.length > 0) return Math.min(...candidates);
  return wallMs - before;
}
