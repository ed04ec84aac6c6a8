import { SavedFilter, type SavedFilter as SavedFilterType, type UpdateSavedFilter } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** PUT api/filters/saved-filters/{name}: rename or redefine, with the version read (409 when stale). */
export const updateSavedFilter =
  (name: string, update: UpdateSavedFilter): AppThunk<Promise<SavedFilterType>> =>
  async (dispatch, _getState, extra) =>
    SavedFilter.parse(
      await performRequest(
        { url: `api/filters/saved-filters/${encodeURIComponent(name)}`, method: 'PUT', body: update },
        { dispatch, ...extra },
      ),
    );
