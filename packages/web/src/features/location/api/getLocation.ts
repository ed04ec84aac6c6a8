import { LocationValue, type LocationValue as LocationValueType } from '@manway/core/api/locations';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/**
 * GET api/locations/{type}/{id}. Null when the object has no location at all, which the editor
 * shows as such rather than as a failure.
 */
export const getLocation =
  (type: string, id: number): AppThunk<Promise<LocationValueType | null>> =>
  async (dispatch, _getState, extra) => {
    try {
      return LocationValue.parse(
        await performRequest(
          { url: `api/locations/${encodeURIComponent(type)}/${id}`, ignoreGlobal: true },
          { dispatch, ...extra },
        ),
      );
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  };
