import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Named locks so two editors on one screen can each hold and release their own. */
export interface UnsavedState {
  locks: string[];
}

const initialState: UnsavedState = { locks: [] };

const unsavedSlice = createSlice({
  name: 'unsaved',
  initialState,
  reducers: {
    acquireLock(state, action: PayloadAction<string>) {
      if (!state.locks.includes(action.payload)) state.locks.push(action.payload);
    },
    releaseLock(state, action: PayloadAction<string>) {
      state.locks = state.locks.filter((name) => name !== action.payload);
    },
    releaseAllLocks(state) {
      state.locks = [];
    },
  },
});

export const { acquireLock, releaseLock, releaseAllLocks } = unsavedSlice.actions;
export const unsavedReducer = unsavedSlice.reducer;

export const selectHasUnsavedChanges = (state: { unsaved: UnsavedState }): boolean => state.unsaved.locks.length > 0;
