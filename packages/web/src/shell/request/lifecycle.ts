import { createAction } from '@reduxjs/toolkit';
import type { ErrorMessage } from '../errors/catalogue';

/** What a failed call rejects with (spec section 7): the parsed body, the status and its text. */
export interface RequestFailureDetails {
  data: unknown;
  status: number;
  statusText: string;
}

export interface RequestInfo {
  requestId: string;
  method: string;
  url: string;
}

/**
 * Every call passes through fetch and then success, failure or cancellation. 401 is reported as
 * unauthorized instead of failure: the session is gone, so nothing else should react to it.
 */
export const requestFetch = createAction<RequestInfo>('request/fetch');
export const requestSuccess = createAction<RequestInfo & { status: number }>('request/success');
export interface RequestFailed extends RequestInfo {
  error: RequestFailureDetails;
  ignoreGlobal: boolean;
  /** The caller's own wording for some statuses (RequestArgs.statusMessages). */
  statusMessages?: Partial<Record<number, ErrorMessage>>;
}
export const requestFailure = createAction<RequestFailed>('request/failure');
export const requestCancelled = createAction<RequestInfo>('request/cancelled');
export const requestUnauthorized = createAction<RequestInfo>('request/unauthorized');

/** Cancels one in-flight request by its id. */
export const stopRequest = createAction<string>('request/stop');
/** Cancels every in-flight request, e.g. when the user leaves a screen that started many. */
export const stopRequests = createAction('request/stop-all');

/** Posted to the parent window after each response when the app runs in a frame. */
export const REQUEST_STATUS_MESSAGE = 'manway:request-status';
