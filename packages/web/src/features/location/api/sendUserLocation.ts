import { UserLocationSaved, type UserLocationFix } from '@manway/core/api/locations';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/**
 * POST api/user-locations: the user's latest fix. It runs in the background while the position is
 * followed, so a failure is reported by the position panel, not as a notification each time.
 */
export const sendUserLocation =
  (fix: UserLocationFix): AppThunk<Promise<void>> =>
  async (dispatch, _getState, extra) => {
    UserLocationSaved.parse(
      await performRequest(
        { url: 'api/user-locations', method: 'POST', body: fix, ignoreGlobal: true },
        { dispatch, ...extra },
      ),
    );
  };
