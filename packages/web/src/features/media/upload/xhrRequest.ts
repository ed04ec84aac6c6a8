/**
 * One upload request through XMLHttpRequest, because fetch cannot tell how much of a body has gone.
 * It carries the headers every call carries and passes through the same lifecycle actions, so a long
 * upload keeps the session alive, a 401 still sends the user to sign in and the request log shows
 * it. Failures are not notified: the upload queue words them on the file's own row.
 */
import { nanoid } from '@reduxjs/toolkit';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import {
  REQUEST_STATUS_MESSAGE,
  requestCancelled,
  requestFailure,
  requestFetch,
  requestSuccess,
  requestUnauthorized,
  type RequestFailureDetails,
  type RequestInfo,
} from '../../../shell/request/lifecycle';
import { NETWORK_ERROR_STATUS_TEXT, type RequestContext } from '../../../shell/request/request';

export type XhrContext = Pick<RequestContext, 'dispatch' | 'config' | 'sessionId' | 'browser'>;

export interface XhrRequest {
  method: 'POST' | 'PUT';
  /** The full address (buildUrl). */
  url: string;
  headers?: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  /** Bytes of the body sent so far, and the body's size when the browser knows it. */
  onProgress(loaded: number, total: number | null): void;
  /** Aborting it aborts the request. */
  signal: AbortSignal;
}

export type XhrResult =
  | { kind: 'success'; status: number; data: unknown }
  | { kind: 'failure'; failure: RequestFailureDetails }
  | { kind: 'aborted' };

function bodyOf(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (text === '') return null;
  if (!(xhr.getResponseHeader('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Resolves with how the request ended; it never rejects. */
export function sendXhr(ctx: XhrContext, request: XhrRequest): Promise<XhrResult> {
  return new Promise<XhrResult>((resolve) => {
    const { signal } = request;
    if (signal.aborted) {
      resolve({ kind: 'aborted' });
      return;
    }
    const info: RequestInfo = { requestId: nanoid(), method: request.method, url: request.url };
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (result: XhrResult) => {
      signal.removeEventListener('abort', abort);
      resolve(result);
    };
    const fail = (failure: RequestFailureDetails) => {
      if (failure.status === 401) ctx.dispatch(requestUnauthorized(info));
      else ctx.dispatch(requestFailure({ ...info, error: failure, ignoreGlobal: true }));
      settle({ kind: 'failure', failure });
    };

    xhr.open(request.method, request.url);
    xhr.setRequestHeader(APPLICATION_EDITION_HEADER, ctx.config.edition);
    xhr.setRequestHeader(SESSION_ID_HEADER, ctx.sessionId);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => request.onProgress(event.loaded, event.lengthComputable ? event.total : null);
    xhr.onload = () => {
      const data = bodyOf(xhr);
      ctx.browser.postToParent({ type: REQUEST_STATUS_MESSAGE, status: xhr.status });
      if (xhr.status < 200 || xhr.status >= 300) {
        fail({ data, status: xhr.status, statusText: xhr.statusText });
        return;
      }
      ctx.dispatch(requestSuccess({ ...info, status: xhr.status }));
      settle({ kind: 'success', status: xhr.status, data });
    };
    xhr.onerror = xhr.ontimeout = () => fail({ data: null, status: 0, statusText: NETWORK_ERROR_STATUS_TEXT });
    xhr.onabort = () => {
      ctx.dispatch(requestCancelled(info));
      settle({ kind: 'aborted' });
    };

    ctx.dispatch(requestFetch(info));
    signal.addEventListener('abort', abort, { once: true });
    xhr.send(request.body);
  });
}
