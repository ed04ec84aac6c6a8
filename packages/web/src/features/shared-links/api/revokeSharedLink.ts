/** DELETE api/shared-links/{id}: revokes a link; opening it then says it was revoked. */
import { shellApi } from '../../../shell/request/api';
import { SHARED_LINKS_TAG } from './sharedLinks';

/** 404: someone else revoked it, or it was deleted with its owner, between the list's read and the click. */
export const LINK_GONE = {
  title: 'Shared link not found',
  text: 'The link no longer exists. The list has been read again.',
};

const revokeSharedLinkApi = shellApi.enhanceEndpoints({ addTagTypes: [SHARED_LINKS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    revokeSharedLink: build.mutation<void, { id: string }>({
      query: ({ id }) => ({
        url: `api/shared-links/${encodeURIComponent(id)}`,
        method: 'DELETE',
        statusMessages: { 404: LINK_GONE },
      }),
      invalidatesTags: [SHARED_LINKS_TAG],
    }),
  }),
});

export const { useRevokeSharedLinkMutation } = revokeSharedLinkApi;
