import { ObjectDetails, type ObjectDetails as ObjectDetailsType } from '@manway/core/api/objects';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/objects/{type}/{id}: everything about one asset, for the details panel. */
export const getObjectDetails =
  (type: string, id: number): AppThunk<Promise<ObjectDetailsType>> =>
  async (dispatch, _getState, extra) =>
    ObjectDetails.parse(
      await performRequest(
        { url: `api/objects/${encodeURIComponent(type)}/${encodeURIComponent(String(id))}` },
        { dispatch, ...extra },
      ),
    );
