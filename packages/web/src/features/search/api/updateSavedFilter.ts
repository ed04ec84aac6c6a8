import { SavedFilter, type SavedFilter as SavedFilterType, type UpdateSavedFilter } from '@manway/core/api/filters';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/**
 * PUT api/filters/saved-filters/{name}: rename or redefine, with the version read. A stale version
 * answers 409, which the global handling leaves alone; this call shows the catalogue's message for it.
 */
export const updateSavedFilter =
  (name: string, update: UpdateSavedFilter): AppThunk<Promise<SavedFilterType>> =>
  async (dispatch, _getState, extra) =>
    SavedFilter.parse(
      await performRequest(
        {
          url: `api/filters/saved-filters/${encodeURIComponent(name)}`,
          method: 'PUT',
          body: update,
          statusMessages: { 409: MODIFIED_BY_ANOTHER_USER },
        },
        { dispatch, ...extra },
      ),
    );
