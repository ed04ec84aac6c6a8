import {
  LocationValue,
  type LocationUpdate,
  type LocationValue as LocationValueType,
} from '@manway/core/api/locations';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** POST api/locations/{type}/{id}: a stale version answers 409, which the editor explains itself. */
export const saveLocation =
  (type: string, id: number, update: LocationUpdate): AppThunk<Promise<LocationValueType>> =>
  async (dispatch, _getState, extra) =>
    LocationValue.parse(
      await performRequest(
        { url: `api/locations/${encodeURIComponent(type)}/${id}`, method: 'POST', body: update },
        { dispatch, ...extra },
      ),
    );
