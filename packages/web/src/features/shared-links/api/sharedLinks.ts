/** GET api/shared-links: the caller's links, newest first, with their status; `all` (administrators): everyone's. */
import { SharedLinkList, type SharedLink } from '@manway/core/api/shared-links';
import { shellApi } from '../../../shell/request/api';

export const SHARED_LINKS_TAG = 'SharedLinks';

export const sharedLinksApi = shellApi.enhanceEndpoints({ addTagTypes: [SHARED_LINKS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getSharedLinks: build.query<SharedLink[], { all: boolean }>({
      query: ({ all }) => ({ url: 'api/shared-links', params: all ? { all: 'true' } : undefined }),
      transformResponse: (data: unknown) => SharedLinkList.parse(data),
      providesTags: [SHARED_LINKS_TAG],
    }),
  }),
});

export const { useGetSharedLinksQuery } = sharedLinksApi;
