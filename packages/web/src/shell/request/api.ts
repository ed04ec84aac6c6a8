import { createApi, type BaseQueryApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ShellExtra } from '../store/extra';
import type { RequestFailureDetails } from './lifecycle';
import { isRequestError, performRequest, type RequestArgs } from './request';

/** What an endpoint may pass as `extraOptions`. */
export interface ManwayQueryOptions {
  /**
   * The endpoint's older request is worthless once a newer one starts (a log page, a viewport,
   * search results): starting a request aborts the endpoint's one still in flight. The aborted one
   * ends as cancelled, so it raises no notification or error page.
   */
  supersede?: boolean;
}

/**
 * The in-flight superseding request of each endpoint, per store: the store's extra argument is one
 * object per store, so tests with their own stores do not abort each other's requests.
 */
const inFlightByStore = new WeakMap<object, Map<string, AbortController>>();

/** Aborts the endpoint's request in flight and registers a controller for the new one. */
function supersedePrevious(api: BaseQueryApi): AbortController {
  let inFlight = inFlightByStore.get(api.extra as object);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByStore.set(api.extra as object, inFlight);
  }
  inFlight.get(api.endpoint)?.abort();
  const controller = new AbortController();
  inFlight.set(api.endpoint, controller);
  // RTK Query's own cancellation still applies.
  if (api.signal.aborted) controller.abort();
  else api.signal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

function forgetInFlight(api: BaseQueryApi, controller: AbortController): void {
  const inFlight = inFlightByStore.get(api.extra as object);
  // A newer request may already have taken the endpoint's place.
  if (inFlight?.get(api.endpoint) === controller) inFlight.delete(api.endpoint);
}

/** RTK Query runs through the same request function, so its calls get the same headers and handling. */
export const manwayBaseQuery: BaseQueryFn<
  RequestArgs | string,
  unknown,
  RequestFailureDetails,
  ManwayQueryOptions
> = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const superseding = extraOptions?.supersede ? supersedePrevious(api) : undefined;
  try {
    const data = await performRequest(
      { ...request, signal: superseding?.signal ?? api.signal },
      { dispatch: api.dispatch, ...(api.extra as ShellExtra) },
    );
    return { data };
  } catch (error) {
    if (isRequestError(error)) return { error: error.toDetails() };
    throw error;
  } finally {
    if (superseding) forgetInFlight(api, superseding);
  }
};

/** Features add their endpoints with shellApi.injectEndpoints; the shell's own are here. */
export const shellApi = createApi({
  reducerPath: 'api',
  baseQuery: manwayBaseQuery,
  endpoints: (build) => ({
    // The answer is checked by signOut: a parse error thrown here would surface as an unhandled RTK error.
    logoff: build.mutation<unknown, { returnUrl: string }>({
      query: ({ returnUrl }) => ({ url: 'api/account/logoff', method: 'POST', params: { returnUrl } }),
    }),
  }),
});
