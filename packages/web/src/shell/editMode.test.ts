import { describe, expect, it } from 'vitest';
import { createTestShell, generalSettings } from '../testing/fixtures';
import { selectEditModeAvailable } from './editMode';
import { settingsReceived } from './settings/settingsSlice';

function editModeWith(overrides: Parameters<typeof generalSettings>[0]): boolean {
  const { store } = createTestShell();
  store.dispatch(settingsReceived(generalSettings(overrides)));
  return selectEditModeAvailable(store.getState());
}

describe('edit mode', () => {
  it('is available only when the user has editor permissions and the mode setting is editor', () => {
    const editor = { login: 'e', displayName: 'E', hasEditorPermissions: true, hasReviewPermissions: true };
    const viewer = { login: 'v', displayName: 'V', hasEditorPermissions: false, hasReviewPermissions: false };

    expect(editModeWith({ user: editor, mode: 'editor' })).toBe(true);
    expect(editModeWith({ user: editor, mode: 'viewer' })).toBe(false);
    expect(editModeWith({ user: viewer, mode: 'editor' })).toBe(false);
  });

  it('is not available before the settings are loaded', () => {
    const { store } = createTestShell();
    expect(selectEditModeAvailable(store.getState())).toBe(false);
  });
});
