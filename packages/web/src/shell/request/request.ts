import { nanoid, type Dispatch } from '@reduxjs/toolkit';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import type { BrowserEnvironment } from '../browser';
import type { RuntimeConfig } from '../config';
import type { ErrorMessage } from '../errors/catalogue';
import type { RequestRegistry } from './registry';
import {
  REQUEST_STATUS_MESSAGE,
  requestCancelled,
  requestFailure,
  requestFetch,
  requestSuccess,
  requestUnauthorized,
  type RequestFailed,
  type RequestFailureDetails,
  type RequestInfo,
} from './lifecycle';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestArgs {
  /** Relative to the API base URL, e.g. "api/settings/general". */
  url: string;
  method?: HttpMethod;
  /** Query parameters; null and undefined are left out. */
  params?: Record<string, QueryValue>;
  /** FormData, Blob, URLSearchParams and strings go as they are; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the global failure handling (notifications, error pages); 401 is still handled. */
  ignoreGlobal?: boolean;
  /**
   * Statuses this call words itself with a catalogue message, shown instead of what the global
   * handling would show (or not show): e.g. 404 as 'Object not found' where an object is opened by id.
   */
  statusMessages?: Partial<Record<number, ErrorMessage>>;
  /** Lets a caller cancel this request later with stopRequest(requestId). */
  requestId?: string;
  /** An outside cancellation, such as RTK Query's own. */
  signal?: AbortSignal;
}

export interface RequestContext {
  dispatch: Dispatch;
  config: RuntimeConfig;
  sessionId: string;
  fetch: typeof fetch;
  browser: BrowserEnvironment;
  requests: RequestRegistry;
}

export const CANCELLED_STATUS_TEXT = 'Cancelled';
export const NETWORK_ERROR_STATUS_TEXT = 'Network error';

/** The rejection value of a failed call; an Error so stack traces survive, with the spec's fields. */
export class RequestError extends Error implements RequestFailureDetails {
  readonly data: unknown;
  readonly status: number;
  readonly statusText: string;

  constructor({ data, status, statusText }: RequestFailureDetails) {
    super(`Request failed: ${status} ${statusText}`.trim());
    this.name = 'RequestError';
    this.data = data;
    this.status = status;
    this.statusText = statusText;
  }

  /** A plain copy for Redux actions and RTK Query results, which must stay serialisable. */
  toDetails(): RequestFailureDetails {
    return { data: this.data, status: this.status, statusText: this.statusText };
  }
}

export function isRequestError(value: unknown): value is RequestError {
  return value instanceof RequestError;
}

export function buildUrl(apiBaseUrl: string, url: string, params?: Record<string, QueryValue>): string {
  const path = url.replace(/^\/+/, '');
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) query.append(name, String(value));
  }
  const search = query.toString();
  if (!search) return `${apiBaseUrl}${path}`;
  return `${apiBaseUrl}${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string')
    return body;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response, method: HttpMethod): Promise<unknown> {
  if (method === 'HEAD' || response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function failureOf(info: RequestInfo, error: RequestError, args: RequestArgs): RequestFailed {
  return {
    ...info,
    error: error.toDetails(),
    ignoreGlobal: args.ignoreGlobal ?? false,
    ...(args.statusMessages && { statusMessages: args.statusMessages }),
  };
}

/**
 * The one place the web app calls the server. Resolves with the parsed body; rejects with a
 * RequestError. Each step is dispatched so the global failure handling and anything else that
 * follows the request lifecycle can react.
 */
export async function performRequest<T = unknown>(args: RequestArgs, ctx: RequestContext): Promise<T> {
  const method = args.method ?? 'GET';
  const url = buildUrl(ctx.config.apiBaseUrl, args.url, args.params);
  const info: RequestInfo = { requestId: args.requestId ?? nanoid(), method, url };

  const headers = new Headers(args.headers);
  // A caller may name another application: an administrator lists the seats of any of them.
  if (!headers.has(APPLICATION_EDITION_HEADER)) headers.set(APPLICATION_EDITION_HEADER, ctx.config.edition);
  headers.set(SESSION_ID_HEADER, ctx.sessionId);
  if (!headers.has('accept')) headers.set('accept', 'application/json, text/plain, */*');
  const body = encodeBody(args.body, headers);

  const controller = new AbortController();
  const abortFromOutside = () => controller.abort();
  if (args.signal?.aborted) controller.abort();
  args.signal?.addEventListener('abort', abortFromOutside, { once: true });
  ctx.requests.register(info.requestId, controller);
  ctx.dispatch(requestFetch(info));

  try {
    let response: Response;
    let data: unknown;
    try {
      response = await ctx.fetch(url, { method, headers, body, credentials: 'same-origin', signal: controller.signal });
      data = await readBody(response, method);
    } catch (cause) {
      if (controller.signal.aborted) {
        ctx.dispatch(requestCancelled(info));
        throw new RequestError({ data: null, status: 0, statusText: CANCELLED_STATUS_TEXT });
      }
      const error = new RequestError({ data: null, status: 0, statusText: NETWORK_ERROR_STATUS_TEXT });
      error.cause = cause;
      ctx.dispatch(requestFailure(failureOf(info, error, args)));
      throw error;
    }

    ctx.browser.postToParent({ type: REQUEST_STATUS_MESSAGE, status: response.status });
    if (response.ok) {
      ctx.dispatch(requestSuccess({ ...info, status: response.status }));
      return data as T;
    }
    const error = new RequestError({ data, status: response.status, statusText: response.statusText });
    if (response.status === 401) ctx.dispatch(requestUnauthorized(info));
    else ctx.dispatch(requestFailure(failureOf(info, error, args)));
    throw error;
  } finally {
    ctx.requests.unregister(info.requestId);
    args.signal?.removeEventListener('abort', abortFromOutside);
  }
}
