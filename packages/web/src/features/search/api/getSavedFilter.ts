import { SavedFilter, type SavedFilter as SavedFilterType } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/filters/saved-filters/{name}: a saved filter with its definition and version. */
export const getSavedFilter =
  (name: string): AppThunk<Promise<SavedFilterType>> =>
  async (dispatch, _getState, extra) =>
    SavedFilter.parse(
      await performRequest({ url: `api/filters/saved-filters/${encodeURIComponent(name)}` }, { dispatch, ...extra }),
    );
