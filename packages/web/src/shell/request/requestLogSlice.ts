/**
 * The request state: the last request actions, newest last (spec section 9, "Request action
 * buffer: sliding, 200"). Failures a screen does not tell the user about, such as the WebSync
 * console's list, save and delete calls, are still recorded here, with their status and answer.
 * Sliding: a new action beyond the limit pushes out the oldest, so the store never grows with use.
 */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import {
  requestCancelled,
  requestFailure,
  requestFetch,
  requestSuccess,
  requestUnauthorized,
  type RequestFailureDetails,
  type RequestInfo,
} from './lifecycle';

export const REQUEST_ACTION_BUFFER_SIZE = 200;

export type RequestStage = 'fetch' | 'success' | 'failure' | 'cancelled' | 'unauthorized';

export interface RecordedRequestAction extends RequestInfo {
  stage: RequestStage;
  /** The answer's status, on success and failure. */
  status?: number;
  /** On failure: the parsed body, the status and its text. */
  error?: RequestFailureDetails;
}

export interface RequestLogState {
  actions: RecordedRequestAction[];
}

const initialState: RequestLogState = { actions: [] };

const STAGES: Record<string, RequestStage> = {
  [requestFetch.type]: 'fetch',
  [requestSuccess.type]: 'success',
  [requestFailure.type]: 'failure',
  [requestCancelled.type]: 'cancelled',
  [requestUnauthorized.type]: 'unauthorized',
};

const requestLogSlice = createSlice({
  name: 'requests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(
      isAnyOf(requestFetch, requestSuccess, requestFailure, requestCancelled, requestUnauthorized),
      (state, action) => {
        const { requestId, method, url } = action.payload;
        const entry: RecordedRequestAction = { stage: STAGES[action.type]!, requestId, method, url };
        if ('status' in action.payload) entry.status = action.payload.status;
        if ('error' in action.payload) {
          entry.error = action.payload.error;
          entry.status = action.payload.error.status;
        }
        state.actions.push(entry);
        if (state.actions.length > REQUEST_ACTION_BUFFER_SIZE)
          state.actions.splice(0, state.actions.length - REQUEST_ACTION_BUFFER_SIZE);
      },
    );
  },
});

export const requestLogReducer = requestLogSlice.reducer;
