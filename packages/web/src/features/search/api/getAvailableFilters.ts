import { AvailableFilterList, type AvailableFilter } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/filters/saved-filters/available-filters: shared filters the user can import. */
export const getAvailableFilters = (): AppThunk<Promise<AvailableFilter[]>> => async (dispatch, _getState, extra) =>
  AvailableFilterList.parse(
    await performRequest({ url: 'api/filters/saved-filters/available-filters' }, { dispatch, ...extra }),
  );
