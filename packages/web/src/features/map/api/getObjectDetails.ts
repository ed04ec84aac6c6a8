import { ObjectDetails, type ObjectDetails as ObjectDetailsType } from '@manway/core/api/objects';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/objects/{type}/{id}: everything about one asset, for the details panel; 404 reads 'Object not found'. */
export const getObjectDetails =
  (type: string, id: number): AppThunk<Promise<ObjectDetailsType>> =>
  async (dispatch, _getState, extra) =>
    ObjectDetails.parse(
      await performRequest(
        {
          url: `api/objects/${encodeURIComponent(type)}/${encodeURIComponent(String(id))}`,
          statusMessages: { 404: OBJECT_NOT_FOUND },
        },
        { dispatch, ...extra },
      ),
    );
