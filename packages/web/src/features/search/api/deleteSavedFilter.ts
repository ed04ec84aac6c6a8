import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** DELETE api/filters/saved-filters/{name}. */
export const deleteSavedFilter =
  (name: string): AppThunk<Promise<void>> =>
  async (dispatch, _getState, extra) => {
    await performRequest(
      { url: `api/filters/saved-filters/${encodeURIComponent(name)}`, method: 'DELETE' },
      { dispatch, ...extra },
    );
  };
