import { UserLocationSaved, type UserLocationFix } from '@manway/core/api/locations';
import { shellApi } from '../../../shell/request/api';

const userLocationsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST api/user-locations: the user's latest fix. It runs in the background while the position
     * is followed, so a failure is reported by the position panel, not as a notification each time.
     */
    sendUserLocation: build.mutation<void, UserLocationFix>({
      query: (fix) => ({ url: 'api/user-locations', method: 'POST', body: fix, ignoreGlobal: true }),
      transformResponse: (data: unknown) => {
        UserLocationSaved.parse(data);
      },
    }),
  }),
});

export const { useSendUserLocationMutation } = userLocationsApi;
