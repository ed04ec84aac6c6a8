/**
 * POST api/shared-links: shares an object, a search or a dashboard as a link valid for some days or
 * always. A refused target or validity answers 400 at its field, shown by the dialog.
 */
import { SharedLink, type CreateSharedLink } from '@manway/core/api/shared-links';
import { shellApi } from '../../../shell/request/api';
import { SHARED_LINKS_TAG } from './sharedLinks';

const createSharedLinkApi = shellApi.enhanceEndpoints({ addTagTypes: [SHARED_LINKS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    createSharedLink: build.mutation<SharedLink, CreateSharedLink>({
      // A 400 names the field; the dialog shows it there rather than as a notification.
      query: (body) => ({ url: 'api/shared-links', method: 'POST', body, ignoreGlobal: true }),
      transformResponse: (data: unknown) => SharedLink.parse(data),
      invalidatesTags: [SHARED_LINKS_TAG],
    }),
  }),
});

export const { useCreateSharedLinkMutation } = createSharedLinkApi;
