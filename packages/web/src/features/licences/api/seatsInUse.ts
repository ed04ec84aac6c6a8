/**
 * GET session-api/seats (administrators): the seats of one application in use, and who holds them.
 * The application is named by the application header, which here is not the page's own edition.
 */
import { SeatList, type LicenceApplication, type SeatInUse } from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER } from '@manway/core/editions';
import { shellApi } from '../../../shell/request/api';

export const SEATS_TAG = 'Seats';

const seatsInUseApi = shellApi.enhanceEndpoints({ addTagTypes: [SEATS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getSeatsInUse: build.query<SeatInUse[], LicenceApplication>({
      query: (application) => ({ url: 'session-api/seats', headers: { [APPLICATION_EDITION_HEADER]: application } }),
      transformResponse: (data: unknown) => SeatList.parse(data),
      providesTags: [SEATS_TAG],
    }),
  }),
});

export const { useGetSeatsInUseQuery } = seatsInUseApi;
