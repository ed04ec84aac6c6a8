import {
  ResultsList,
  type AdditionalRestrictions,
  type FilterDefinition,
  type ResultsList as ResultsListType,
} from '@manway/core/api/filters';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

export interface ResultsListArgs {
  filter: FilterDefinition;
  additionalRestrictions?: AdditionalRestrictions;
  page: number;
  pageSize: number;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  requestId?: string;
}

/** POST api/filters/results/list: one page of what a filter finds, with the search count. */
export const getResultsList =
  ({ filter, additionalRestrictions, requestId, ...page }: ResultsListArgs): AppThunk<Promise<ResultsListType>> =>
  async (dispatch, _getState, extra) =>
    ResultsList.parse(
      await performRequest(
        {
          url: 'api/filters/results/list',
          method: 'POST',
          // The spec sends the filter and the restrictions as JSON strings inside the body.
          body: {
            filter: JSON.stringify(filter),
            additionalRestrictions: additionalRestrictions && JSON.stringify(additionalRestrictions),
            ...page,
          },
          requestId,
        },
        { dispatch, ...extra },
      ),
    );
