import { SavedFilterList, type SavedFilterSummary } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/filters/saved-filters/list: the user's saved filters in their order. */
export const listSavedFilters = (): AppThunk<Promise<SavedFilterSummary[]>> => async (dispatch, _getState, extra) =>
  SavedFilterList.parse(await performRequest({ url: 'api/filters/saved-filters/list' }, { dispatch, ...extra }));
