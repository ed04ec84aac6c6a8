import { InspectionSummaryList, type InspectionSummary } from '@manway/core/api/work';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/inspections?parentObjectType&parentObjectId: an asset's inspections, newest first; 404: the asset is gone. */
export const getAssetInspections =
  (type: string, id: number): AppThunk<Promise<InspectionSummary[]>> =>
  async (dispatch, _getState, extra) =>
    InspectionSummaryList.parse(
      await performRequest(
        {
          url: 'api/inspections',
          params: { parentObjectType: type, parentObjectId: id },
          statusMessages: { 404: OBJECT_NOT_FOUND },
        },
        { dispatch, ...extra },
      ),
    );
