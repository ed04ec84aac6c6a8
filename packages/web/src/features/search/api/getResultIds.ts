import { ResultIds, type FilterDefinition, type ResultIds as ResultIdsType } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** POST api/filters/results/list/ids: every id a filter finds, up to the selection cap, for select-all. */
export const getResultIds =
  (filter: FilterDefinition): AppThunk<Promise<ResultIdsType>> =>
  async (dispatch, _getState, extra) =>
    ResultIds.parse(
      await performRequest(
        { url: 'api/filters/results/list/ids', method: 'POST', body: { filter: JSON.stringify(filter) } },
        { dispatch, ...extra },
      ),
    );
