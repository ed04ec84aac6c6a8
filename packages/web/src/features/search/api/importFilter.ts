import { SavedFilter, type SavedFilter as SavedFilterType } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** POST api/filters/saved-filters/import-filter?filterName: copies a shared filter into the user's list. */
export const importFilter =
  (filterName: string): AppThunk<Promise<SavedFilterType>> =>
  async (dispatch, _getState, extra) =>
    SavedFilter.parse(
      await performRequest(
        { url: 'api/filters/saved-filters/import-filter', method: 'POST', params: { filterName } },
        { dispatch, ...extra },
      ),
    );
