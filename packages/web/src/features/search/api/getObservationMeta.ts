import { FilterPropertyMetaList, type FilterPropertyMeta } from '@manway/core/api/filters';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/**
 * GET api/filters/meta/list/observation/Inspection/{id}: the properties a condition on an
 * inspection's observations may use, with the codes of its standard.
 */
export const getObservationMeta =
  (inspectionId: number): AppThunk<Promise<FilterPropertyMeta[]>> =>
  async (dispatch, _getState, extra) =>
    FilterPropertyMetaList.parse(
      await performRequest(
        {
          url: `api/filters/meta/list/observation/Inspection/${encodeURIComponent(String(inspectionId))}`,
          // The inspection is opened by id: 404 means it is gone.
          statusMessages: { 404: OBJECT_NOT_FOUND },
        },
        { dispatch, ...extra },
      ),
    );
