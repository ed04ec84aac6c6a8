import { SavedFilterList, type SavedFilterSummary } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** POST api/filters/saved-filters/order: names lists each of the user's filters once, in the new order. */
export const orderSavedFilters =
  (names: string[]): AppThunk<Promise<SavedFilterSummary[]>> =>
  async (dispatch, _getState, extra) =>
    SavedFilterList.parse(
      await performRequest(
        { url: 'api/filters/saved-filters/order', method: 'POST', body: { names } },
        { dispatch, ...extra },
      ),
    );
