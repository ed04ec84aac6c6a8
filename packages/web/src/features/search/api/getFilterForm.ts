import { FilterForm, type FilterForm as FilterFormType } from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/filters/form/{x}: the advanced search form of an asset type, and its simple-search fields. */
export const getFilterForm =
  (objectType: string): AppThunk<Promise<FilterFormType>> =>
  async (dispatch, _getState, extra) =>
    FilterForm.parse(
      await performRequest({ url: `api/filters/form/${encodeURIComponent(objectType)}` }, { dispatch, ...extra }),
    );
