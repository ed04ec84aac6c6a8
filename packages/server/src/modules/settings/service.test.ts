import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../users/service';
import { mayOpenEdition as mayOpen } from '@manway/core/roles';
import { licenceWarning } from './service';

const user = (
  role: CurrentUser['role'],
  websync = false,
  permissions: Partial<Pick<CurrentUser, 'office' | 'inspect'>> = {},
): CurrentUser => ({
  id: 'u',
  login: 'u',
  displayName: 'U',
  role,
  office: true,
  inspect: true,
  websync,
  review: false,
  syncAgent: false,
  ...permissions,
});
const now = new Date('2026-11-22T12:00:00Z');
const licence = (expiresAt: Date | null) => ({
  application: 'web-office' as const,
  seats: 5,
  editing: true,
  expiresAt,
});

describe('who may open an edition', () => {
  it('users granted the office and inspect permissions open those editions, guests included', () => {
    expect(mayOpen(user('guest'), 'web-office')).toBe(true);
    expect(mayOpen(user('regular'), 'web-inspect')).toBe(true);
  });

  it('the Office needs the office permission and Inspect the inspect permission, whatever the role', () => {
    expect(mayOpen(user('regular', false, { inspect: false }), 'web-inspect')).toBe(false);
    expect(mayOpen(user('regular', false, { inspect: false }), 'web-office')).toBe(true);
    expect(mayOpen(user('editor', false, { office: false }), 'web-office')).toBe(false);
    expect(mayOpen(user('guest', false, { office: false }), 'web-office')).toBe(false);
  });

  it('administrators open the Office and Inspect without either permission', () => {
    const admin = user('administrator', false, { office: false, inspect: false });
    expect(mayOpen(admin, 'web-office')).toBe(true);
    expect(mayOpen(admin, 'web-inspect')).toBe(true);
  });

  it('only administrators may open settings', () => {
    expect(mayOpen(user('administrator'), 'web-settings')).toBe(true);
    expect(mayOpen(user('editor'), 'web-settings')).toBe(false);
  });

  it('websync needs the websync permission or the administrator role', () => {
    expect(mayOpen(user('regular', true), 'web-websync')).toBe(true);
    expect(mayOpen(user('editor'), 'web-websync')).toBe(false);
    expect(mayOpen(user('administrator'), 'web-websync')).toBe(true);
  });
});

describe('licence warning', () => {
  it('none for a perpetual licence or one expiring in more than 30 days', () => {
    expect(licenceWarning(licence(null), now)).toBeNull();
    expect(licenceWarning(licence(new Date('2027-01-01T00:00:00Z')), now)).toBeNull();
  });

  it('warns within 30 days of expiry, and after it', () => {
    expect(licenceWarning(licence(new Date('2026-12-10T00:00:00Z')), now)).toBe(
      'The Manway Office licence expires on 2026-12-10.',
    );
    expect(licenceWarning(licence(new Date('2026-11-01T00:00:00Z')), now)).toBe(
      'The Manway Office licence expired on 2026-11-01.',
    );
  });
});

describe('licence warning days an administrator sets', () => {
  it('warn that many days before the expiry, and not before', () => {
    const in20Days = licence(new Date('2026-12-12T12:00:00Z'));
    expect(licenceWarning(in20Days, now, 14)).toBeNull();
    expect(licenceWarning(in20Days, now, 21)).toBe('The Manway Office licence expires on 2026-12-12.');
  });
});
