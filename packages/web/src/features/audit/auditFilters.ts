/** The audit list's filters as typed, and the request they make. */
import type { AuditAction, AuditObjectType } from '@manway/core/api/audit';
import type { AuditRequest } from './api/auditEvents';

export interface AuditFilters {
  objectType: AuditObjectType | null;
  action: AuditAction | null;
  actor: string;
  /** Days as a date input gives them (YYYY-MM-DD), in the user's time zone; both ends included. */
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: AuditFilters = { objectType: null, action: null, actor: '', fromDay: '', toDay: '' };

/** The start of a local day, as the ISO instant the server compares with. */
function startOfDay(day: string, plusDays = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + plusDays).toISOString();
}

export function auditRequest(filters: AuditFilters, pageIndex: number, pageSize: number): AuditRequest {
  const actor = filters.actor.trim();
  return {
    objectType: filters.objectType ?? undefined,
    action: filters.action ?? undefined,
    actor: actor === '' ? undefined : actor,
    from: filters.fromDay ? startOfDay(filters.fromDay) : undefined,
    // The whole of the last day: up to the start of the next.
    to: filters.toDay ? startOfDay(filters.toDay, 1) : undefined,
    limit: pageSize,
    offset: pageIndex * pageSize,
  };
}
