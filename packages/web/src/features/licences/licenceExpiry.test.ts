import { describe, expect, it } from 'vitest';
import { LICENCE_WARNING_DAYS } from '@manway/core/api/licensing';
import { expiryStatus, expiryText } from './licenceExpiry';

const NOW = Date.parse('2025-03-09T15:00:00Z');
const status = (expiresAt: string | null, expired = false) => expiryText(expiryStatus({ expiresAt, expired }, NOW));

describe('licence expiry', () => {
  it('a licence without an expiry, or expiring later than the warning days, says nothing', () => {
    expect(status(null)).toBeNull();
    expect(LICENCE_WARNING_DAYS).toBe(30);
    expect(status('2025-04-09')).toBeNull();
  });

  it('within the warning days it counts the days to the start of the expiry day, UTC', () => {
    expect(status('2025-03-10')).toBe('Expires in 1 day');
    expect(status('2025-03-20')).toBe('Expires in 11 days');
    expect(status('2025-04-08')).toBe('Expires in 30 days');
  });

  it('a licence whose expiry day has begun is expired, as is one the server calls expired', () => {
    expect(status('2025-03-09')).toBe('Expired');
    expect(status('2025-12-31', true)).toBe('Expired');
  });
});
