import type { AdditionalRestrictions, FilterDefinition } from '@manway/core/api/filters';
import { MapResults, MAP_RESULTS_MAX_LIMIT, type MapResults as MapResultsType } from '@manway/core/api/map';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

export interface FilterMapArgs {
  filter: FilterDefinition;
  /** Chosen ids, to show only the rows the user selected. */
  additionalRestrictions?: AdditionalRestrictions;
  requestId?: string;
}

/**
 * GET api/filters/results/map, filter variant: what a filter finds, with geometry, over the whole
 * network. total above features.length means the limit cut the answer.
 */
export const getFilterMapResults =
  ({ filter, additionalRestrictions, requestId }: FilterMapArgs): AppThunk<Promise<MapResultsType>> =>
  async (dispatch, _getState, extra) =>
    MapResults.parse(
      await performRequest(
        {
          url: 'api/filters/results/map',
          params: {
            filterBy: 'filter',
            filter: JSON.stringify(filter),
            additionalRestrictions: additionalRestrictions && JSON.stringify(additionalRestrictions),
            limit: MAP_RESULTS_MAX_LIMIT,
          },
          requestId,
        },
        { dispatch, ...extra },
      ),
    );
