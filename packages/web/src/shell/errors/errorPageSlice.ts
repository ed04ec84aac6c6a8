import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The record an error page is drawn from (spec section 3); field names are the spec's. */
export interface ErrorInfo {
  title: string;
  description: string;
  caution?: string;
  /** Replaces the default contact-support line; null leaves the line out. */
  contactMessage?: string | null;
  showLogOffButton?: boolean;
  /** Adds the link back to the main page, for failures the app cannot recover from in place. */
  isFatalErrorOccured?: boolean;
  isLimitReachedButton?: boolean;
  isRestartButton?: boolean;
}

export interface ErrorPageState {
  info: ErrorInfo | null;
  errorOccurred: boolean;
}

const initialState: ErrorPageState = { info: null, errorOccurred: false };

const errorPageSlice = createSlice({
  name: 'errorPage',
  initialState,
  reducers: {
    // No reset on purpose: every page in the family ends in a reload, a redirect or a log-off.
    showErrorPage(state, action: PayloadAction<ErrorInfo>) {
      state.info = action.payload;
      state.errorOccurred = true;
    },
  },
});

export const { showErrorPage } = errorPageSlice.actions;
export const errorPageReducer = errorPageSlice.reducer;
