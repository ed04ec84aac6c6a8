import {
  LocationValue,
  type LocationUpdate,
  type LocationValue as LocationValueType,
} from '@manway/core/api/locations';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/**
 * POST api/locations/{type}/{id}, with the version read. A stale version answers 409, which the
 * global handling leaves alone; this call shows the catalogue's message for it.
 */
export const saveLocation =
  (type: string, id: number, update: LocationUpdate): AppThunk<Promise<LocationValueType>> =>
  async (dispatch, _getState, extra) =>
    LocationValue.parse(
      await performRequest(
        {
          url: `api/locations/${encodeURIComponent(type)}/${id}`,
          method: 'POST',
          body: update,
          statusMessages: { 409: MODIFIED_BY_ANOTHER_USER },
        },
        { dispatch, ...extra },
      ),
    );
