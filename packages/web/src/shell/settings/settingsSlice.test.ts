import { describe, expect, it } from 'vitest';
import { generalSettings } from '../../testing/fixtures';
import { settingsFailed, settingsReceived, settingsReducer, settingsRequested } from './settingsSlice';

const initial = settingsReducer(undefined, { type: 'init' });

describe('settings load state', () => {
  it('starts not loaded', () => {
    expect(initial).toEqual({ loading: false, loaded: false, error: null, data: null });
  });

  it('a request makes it loading with the error cleared', () => {
    const failed = settingsReducer(initial, settingsFailed({ code: 'db-state/db-server-unavailable' }));
    expect(settingsReducer(failed, settingsRequested())).toMatchObject({ loading: true, error: null });
  });

  it('success makes it loaded with the data merged over existing data', () => {
    const first = settingsReducer(settingsReducer(initial, settingsRequested()), settingsReceived(generalSettings()));
    const second = settingsReducer(first, settingsReceived(generalSettings({ mode: 'viewer' })));

    expect(first).toMatchObject({ loading: false, loaded: true });
    expect(second.data).toEqual(generalSettings({ mode: 'viewer' }));
  });

  it('failure stops loading and keeps the response data as the error', () => {
    const state = settingsReducer(settingsReducer(initial, settingsRequested()), settingsFailed({ code: 'x' }));
    expect(state).toMatchObject({ loading: false, loaded: false, error: { code: 'x' } });
  });
});
