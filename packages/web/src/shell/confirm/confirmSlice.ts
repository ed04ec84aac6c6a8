import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/**
 * noMessage: a title and buttons only. normal: title and text. critical: proceed waits for a
 * checkbox. massDelete: proceed waits until the user types the number of objects affected.
 */
export type ConfirmType = 'noMessage' | 'normal' | 'massDelete' | 'critical';

export interface ConfirmConfig {
  type?: ConfirmType;
  title: string;
  text?: string;
  /** For massDelete: the number the user must type. */
  count?: number;
  /** For critical: what the user acknowledges by ticking the box. */
  checkboxLabel?: string;
  proceedButtonText?: string;
  cancelButtonText?: string;
  disabledProceed?: boolean;
}

export interface ShownConfirm extends ConfirmConfig {
  /** Tells one confirmation from the next, so the dialog starts fresh for each. */
  id: string;
}

export interface ConfirmState {
  current: ShownConfirm | null;
}

const initialState: ConfirmState = { current: null };

const confirmSlice = createSlice({
  name: 'confirm',
  initialState,
  reducers: {
    confirmShown: {
      reducer(state, action: PayloadAction<ShownConfirm>) {
        state.current = action.payload;
      },
      prepare(config: ConfirmConfig) {
        return { payload: { ...config, id: nanoid() } };
      },
    },
    confirmAccepted(state) {
      state.current = null;
    },
    confirmRejected(state) {
      state.current = null;
    },
  },
});

export const { confirmShown, confirmAccepted, confirmRejected } = confirmSlice.actions;
export const confirmReducer = confirmSlice.reducer;
