import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const DEFAULT_BUSY_MESSAGE = 'Please wait a few seconds';

export interface BusyState {
  /** The overlay shows while a message is set. */
  message: string | null;
}

const initialState: BusyState = { message: null };

const busySlice = createSlice({
  name: 'busy',
  initialState,
  reducers: {
    showSpinner: {
      reducer(state, action: PayloadAction<string>) {
        state.message = action.payload;
      },
      prepare(message?: string) {
        return { payload: message ?? DEFAULT_BUSY_MESSAGE };
      },
    },
    hideSpinner(state) {
      state.message = null;
    },
  },
});

export const { showSpinner, hideSpinner } = busySlice.actions;
export const busyReducer = busySlice.reducer;
