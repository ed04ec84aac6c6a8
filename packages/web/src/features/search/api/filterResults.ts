/**
 * What a filter finds (api/filters/results/*). A run of the panel asks anew each time, even for a
 * search made before, since the network may have changed: `run` tells the runs apart. A run's answer
 * is never asked for again once another replaces it, so none is kept, and a newer page or run
 * cancels the request of the one it replaces.
 */
import { ResultIds, ResultsList, type AdditionalRestrictions, type FilterDefinition } from '@manway/core/api/filters';
import { MapResults, MAP_RESULTS_MAX_LIMIT } from '@manway/core/api/map';
import { shellApi } from '../../../shell/request/api';

export interface ListPage {
  page: number;
  pageSize: number;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
}

export interface ResultsListArgs extends ListPage {
  filter: FilterDefinition;
  additionalRestrictions?: AdditionalRestrictions;
  run: number;
}

export interface FilterMapArgs {
  filter: FilterDefinition;
  /** Chosen ids, to show only the rows the user selected. */
  additionalRestrictions?: AdditionalRestrictions;
  run: number;
}

/**
 * What a search found shows the same features as the map's layers (highlighted over them, or instead
 * of them), so it carries the layers' tag: a change saved to an object of a type reads them again.
 */
export const filterResultsApi = shellApi.enhanceEndpoints({ addTagTypes: ['LayerFeatures'] }).injectEndpoints({
  endpoints: (build) => ({
    /** One page of what a filter finds, with the search count. */
    getResultsList: build.query<ResultsList, ResultsListArgs>({
      query: ({ filter, additionalRestrictions, page, pageSize, sortBy, sortDirection }) => ({
        url: 'api/filters/results/list',
        method: 'POST',
        // The spec sends the filter as a JSON string inside the body.
        body: {
          filter: JSON.stringify(filter),
          additionalRestrictions: additionalRestrictions && JSON.stringify(additionalRestrictions),
          page,
          pageSize,
          sortBy,
          sortDirection,
        },
      }),
      transformResponse: (answer) => ResultsList.parse(answer),
      providesTags: (_answer, _error, { filter }) => [{ type: 'LayerFeatures', id: filter.objectType }],
      keepUnusedDataFor: 0,
      extraOptions: { supersede: true },
    }),

    /**
     * The filter variant of results/map: what a filter finds, with geometry, over the whole network.
     * total above features.length means the limit cut the answer.
     */
    getFilterMapResults: build.query<MapResults, FilterMapArgs>({
      query: ({ filter, additionalRestrictions }) => ({
        url: 'api/filters/results/map',
        params: {
          filterBy: 'filter',
          filter: JSON.stringify(filter),
          additionalRestrictions: additionalRestrictions && JSON.stringify(additionalRestrictions),
          limit: MAP_RESULTS_MAX_LIMIT,
        },
      }),
      transformResponse: (answer) => MapResults.parse(answer),
      providesTags: (_answer, _error, { filter }) => [{ type: 'LayerFeatures', id: filter.objectType }],
      keepUnusedDataFor: 0,
      extraOptions: { supersede: true },
    }),

    /** Every id a filter finds, up to the selection cap, for select-all. */
    getResultIds: build.query<ResultIds, { filter: FilterDefinition; additionalRestrictions?: AdditionalRestrictions }>(
      {
        query: ({ filter, additionalRestrictions }) => ({
          url: 'api/filters/results/list/ids',
          method: 'POST',
          body: {
            filter: JSON.stringify(filter),
            additionalRestrictions: additionalRestrictions && JSON.stringify(additionalRestrictions),
          },
        }),
        transformResponse: (answer) => ResultIds.parse(answer),
        keepUnusedDataFor: 0,
      },
    ),
  }),
});

export const {
  useGetResultsListQuery,
  useGetFilterMapResultsQuery,
  useLazyGetFilterMapResultsQuery,
  useLazyGetResultIdsQuery,
} = filterResultsApi;
