/**
 * The report list's filters (main-app §9): a date preset, My Reports or All Reports, a format and a
 * name. A preset is a range of creation dates on the user's calendar, so it depends on the time
 * zone, which is passed in; the range is worked out when the preset is chosen, not on each render,
 * or every render would ask the server for another list.
 */
import type { ReportFilters, ReportFormat } from '@manway/core/api/reports';
import { toZonedIso } from '@manway/core/rules/date-range';
import { instantOfWallClock, wallClockOf } from '@manway/core/rules/wall-clock';

export const DATE_PRESETS = ['last30Days', 'thisMonth', 'lastMonth', 'all'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  last30Days: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  all: 'All reports',
};

export const REPORT_OWNERS = ['mine', 'all'] as const;
export type ReportOwner = (typeof REPORT_OWNERS)[number];

export const REPORT_OWNER_LABELS: Record<ReportOwner, string> = { mine: 'My Reports', all: 'All Reports' };

/** Creation dates as the server takes them: ISO date-times with the zone's offset; none is open. */
export interface CreatedRange {
  createdFrom?: string;
  /** Exclusive: the server lists reports created before it. */
  createdTo?: string;
}

/**
 * The creation dates a preset covers at `now` in `timeZone`. Last 30 days is today and the 29 days
 * before it; This month runs from its first day; both stay open at the end so reports made after the
 * list was opened still show. Last month ends where this month begins.
 */
export function presetRange(preset: DatePreset, now: Date, timeZone: string): CreatedRange {
  if (preset === 'all') return {};
  const today = new Date(wallClockOf(now.getTime(), timeZone));
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  // Midnight of a calendar day on the zone's clock; day and month may run over, Date carries them.
  const midnight = (m: number, day: number) => {
    const wall = new Date(0);
    wall.setUTCFullYear(year, m, day);
    return instantOfWallClock(wall.getTime(), timeZone);
  };
  switch (preset) {
    case 'last30Days':
      return { createdFrom: toZonedIso(midnight(month, today.getUTCDate() - 29), timeZone) };
    case 'thisMonth':
      return { createdFrom: toZonedIso(midnight(month, 1), timeZone) };
    case 'lastMonth':
      return {
        createdFrom: toZonedIso(midnight(month - 1, 1), timeZone),
        createdTo: toZonedIso(midnight(month, 1), timeZone),
      };
  }
}

/** What the user chose above the list. */
export interface ReportListFilters {
  preset: DatePreset;
  /** The preset's dates, as worked out when it was chosen. */
  range: CreatedRange;
  owner: ReportOwner;
  /** With All Reports, one creator's (a user id), or anyone's. */
  creator: string | null;
  format: ReportFormat | null;
  name: string;
}

/** The list opens on the user's own reports of the last 30 days: the first choice of each filter. */
export function initialListFilters(now: Date, timeZone: string): ReportListFilters {
  return {
    preset: 'last30Days',
    range: presetRange('last30Days', now, timeZone),
    owner: 'mine',
    creator: null,
    format: null,
    name: '',
  };
}

/** The filters as the list and bulk-delete calls take them; `me` is the caller. */
export function reportFilters({ range, owner, creator, format, name }: ReportListFilters): ReportFilters {
  const createdBy = owner === 'mine' ? 'me' : creator;
  return {
    ...range,
    ...(createdBy ? { createdBy } : {}),
    ...(format ? { format } : {}),
    ...(name ? { nameFilter: name } : {}),
  };
}

/** The browser's zone; Intl may answer nothing on unusual systems, where UTC is the honest guess. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
