/**
 * GET api/shared-links/resolve/{token}: what a link shares. An expired, revoked or unknown link is
 * told on the page itself, so the global handling stays out of it; signed out, the request layer
 * still sends the browser to sign in and back here.
 */
import { ResolvedSharedLink } from '@manway/core/api/shared-links';
import { shellApi } from '../../../shell/request/api';

const resolveSharedLinkApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    resolveSharedLink: build.query<ResolvedSharedLink, string>({
      query: (token) => ({ url: `api/shared-links/resolve/${encodeURIComponent(token)}`, ignoreGlobal: true }),
      transformResponse: (data: unknown) => ResolvedSharedLink.parse(data),
      // Each opening asks again: the link may have been revoked meanwhile.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useResolveSharedLinkQuery } = resolveSharedLinkApi;
