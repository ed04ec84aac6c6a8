/**
 * DELETE session-api/seats/{token} (administrators): frees a seat someone holds, for a colleague
 * who needs it. The holder's page takes a seat again when next used, if one is free then.
 */
import { shellApi } from '../../../shell/request/api';
import { LICENCES_TAG } from './licences';
import { SEATS_TAG } from './seatsInUse';

/** 404: the seat was given back or timed out between the list's read and the click. */
export const SEAT_ALREADY_FREE = {
  title: 'Seat already free',
  text: 'Its page gave the seat back, or it timed out, before it was freed here.',
};

const freeSeatApi = shellApi.enhanceEndpoints({ addTagTypes: [SEATS_TAG, LICENCES_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    freeSeat: build.mutation<void, { token: string }>({
      query: ({ token }) => ({
        url: `session-api/seats/${encodeURIComponent(token)}`,
        method: 'DELETE',
        statusMessages: { 404: SEAT_ALREADY_FREE },
      }),
      // Refused or not, the list and the licences' in-use figures are read again.
      invalidatesTags: [SEATS_TAG, LICENCES_TAG],
    }),
  }),
});

export const { useFreeSeatMutation } = freeSeatApi;
