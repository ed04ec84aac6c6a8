import { LICENCE_WARNING_DAYS, type Licence } from '@manway/core/api/licensing';

const DAY_MS = 86_400_000;

export type ExpiryStatus = { kind: 'none' } | { kind: 'expired' } | { kind: 'expires-soon'; days: number };

/**
 * Whether a licence has expired or expires within LICENCE_WARNING_DAYS. It expires at the start of
 * its day, UTC, so the day before is "in 1 day" at any hour. The server's word on expired counts.
 */
export function expiryStatus(licence: Pick<Licence, 'expiresAt' | 'expired'>, now: number): ExpiryStatus {
  if (licence.expired) return { kind: 'expired' };
  if (licence.expiresAt === null) return { kind: 'none' };
  const days = Math.ceil((Date.parse(`${licence.expiresAt}T00:00:00Z`) - now) / DAY_MS);
  if (days <= 0) return { kind: 'expired' };
  return days <= LICENCE_WARNING_DAYS ? { kind: 'expires-soon', days } : { kind: 'none' };
}

export function expiryText(status: ExpiryStatus): string | null {
  if (status.kind === 'expired') return 'Expired';
  if (status.kind === 'expires-soon') return `Expires in ${status.days} ${status.days === 1 ? 'day' : 'days'}`;
  return null;
}
