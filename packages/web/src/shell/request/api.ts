import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ShellExtra } from '../store/extra';
import type { RequestFailureDetails } from './lifecycle';
import { isRequestError, performRequest, type RequestArgs } from './request';

/** RTK Query runs through the same request function, so its calls get the same headers and handling. */
export const manwayBaseQuery: BaseQueryFn<RequestArgs | string, unknown, RequestFailureDetails> = async (args, api) => {
  const request = typeof args === 'string' ? { url: args } : args;
  try {
    const data = await performRequest(
      { ...request, signal: api.signal },
      { dispatch: api.dispatch, ...(api.extra as ShellExtra) },
    );
    return { data };
  } catch (error) {
    if (isRequestError(error)) return { error: error.toDetails() };
    throw error;
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
