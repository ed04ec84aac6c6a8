import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GeneralSettings } from '@manway/core/api/settings';

export interface SettingsState {
  loading: boolean;
  loaded: boolean;
  /** The failed response's data, e.g. { code: 'db-state/db-server-unavailable' }. */
  error: unknown;
  data: GeneralSettings | null;
}

const initialState: SettingsState = { loading: false, loaded: false, error: null, data: null };

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    settingsRequested(state) {
      state.loading = true;
      state.error = null;
    },
    settingsReceived(state, action: PayloadAction<GeneralSettings>) {
      state.loading = false;
      state.loaded = true;
      state.data = { ...state.data, ...action.payload };
    },
    settingsFailed(state, action: PayloadAction<unknown>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
});

export const { settingsRequested, settingsReceived, settingsFailed } = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
