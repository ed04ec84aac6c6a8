import { describe, expect, it } from 'vitest';
import { hasEditorPermissions, hasWebSyncPermission, isEditModeAvailable, isGuest, mayOpenEdition } from './roles';

describe('roles', () => {
  it('administrators and editors have editor permissions; regular users and guests do not', () => {
    expect(hasEditorPermissions('administrator')).toBe(true);
    expect(hasEditorPermissions('editor')).toBe(true);
    expect(hasEditorPermissions('regular')).toBe(false);
    expect(hasEditorPermissions('guest')).toBe(false);
  });

  it('administrators and users granted websync have the websync permission; nobody else', () => {
    expect(hasWebSyncPermission({ role: 'administrator', websync: false })).toBe(true);
    expect(hasWebSyncPermission({ role: 'regular', websync: true })).toBe(true);
    expect(hasWebSyncPermission({ role: 'editor', websync: false })).toBe(false);
  });

  it('only the guest role is a guest', () => {
    expect(isGuest('guest')).toBe(true);
    expect(isGuest('regular')).toBe(false);
  });

  it('edit mode is available only with editor permissions and the editor mode', () => {
    expect(isEditModeAvailable({ user: { hasEditorPermissions: true }, mode: 'editor' })).toBe(true);
    expect(isEditModeAvailable({ user: { hasEditorPermissions: true }, mode: 'viewer' })).toBe(false);
    expect(isEditModeAvailable({ user: { hasEditorPermissions: false }, mode: 'editor' })).toBe(false);
  });

  it('the office and inspect permissions open their editions; administrators open every edition', () => {
    const crew = { role: 'regular' as const, office: false, inspect: true, websync: false };
    expect(mayOpenEdition(crew, 'web-inspect')).toBe(true);
    expect(mayOpenEdition(crew, 'web-office')).toBe(false);
    expect(mayOpenEdition({ ...crew, office: true, inspect: false }, 'web-inspect')).toBe(false);
    const admin = { role: 'administrator' as const, office: false, inspect: false, websync: false };
    for (const edition of ['web-office', 'web-inspect', 'web-websync', 'web-settings'] as const) {
      expect(mayOpenEdition(admin, edition)).toBe(true);
    }
  });
});
