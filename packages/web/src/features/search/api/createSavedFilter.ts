import { SavedFilter, type FilterDefinition, type SavedFilter as SavedFilterType } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** POST api/filters/saved-filters/create; a taken name answers filter/name-exists, which the shell shows. */
export const createSavedFilter =
  (name: string, definition: FilterDefinition): AppThunk<Promise<SavedFilterType>> =>
  async (dispatch, _getState, extra) =>
    SavedFilter.parse(
      await performRequest(
        { url: 'api/filters/saved-filters/create', method: 'POST', body: { name, definition } },
        { dispatch, ...extra },
      ),
    );
