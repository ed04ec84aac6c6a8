/**
 * The user's saved filters (api/filters/saved-filters/*). A change to any of them invalidates the
 * list and the shared filters offered for import, whose nameTaken depends on the user's names.
 */
import {
  AvailableFilterList,
  SavedFilter,
  SavedFilterList,
  type AvailableFilter,
  type FilterDefinition,
  type SavedFilterSummary,
  type UpdateSavedFilter,
} from '@manway/core/api/filters';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

const SAVED_FILTERS = 'SavedFilter';
const savedFilterPath = (name: string) => `api/filters/saved-filters/${encodeURIComponent(name)}`;

export const savedFiltersApi = shellApi.enhanceEndpoints({ addTagTypes: [SAVED_FILTERS] }).injectEndpoints({
  endpoints: (build) => ({
    /** The user's saved filters in their order. */
    listSavedFilters: build.query<SavedFilterSummary[], void>({
      query: () => 'api/filters/saved-filters/list',
      transformResponse: (answer) => SavedFilterList.parse(answer),
      providesTags: [SAVED_FILTERS],
    }),

    /** Shared filters the user can import. */
    getAvailableFilters: build.query<AvailableFilter[], void>({
      query: () => 'api/filters/saved-filters/available-filters',
      transformResponse: (answer) => AvailableFilterList.parse(answer),
      providesTags: [SAVED_FILTERS],
    }),

    /**
     * A saved filter with its definition and version, read when it is applied. It provides no tag:
     * each apply reads it anew, so a change elsewhere has nothing cached to refresh.
     */
    getSavedFilter: build.query<SavedFilter, string>({
      query: (name) => savedFilterPath(name),
      transformResponse: (answer) => SavedFilter.parse(answer),
    }),

    /** A taken name answers filter/name-exists, which the shell shows. */
    createSavedFilter: build.mutation<SavedFilter, { name: string; definition: FilterDefinition }>({
      query: (body) => ({ url: 'api/filters/saved-filters/create', method: 'POST', body }),
      transformResponse: (answer) => SavedFilter.parse(answer),
      invalidatesTags: [SAVED_FILTERS],
    }),

    /**
     * Rename or redefine, with the version read. A stale version answers 409, which the global
     * handling leaves alone: this call shows the catalogue's message for it, and the list is read
     * again so it shows the other user's change.
     */
    updateSavedFilter: build.mutation<SavedFilter, { name: string; update: UpdateSavedFilter }>({
      query: ({ name, update }) => ({
        url: savedFilterPath(name),
        method: 'PUT',
        body: update,
        statusMessages: { 409: MODIFIED_BY_ANOTHER_USER },
      }),
      transformResponse: (answer) => SavedFilter.parse(answer),
      invalidatesTags: (_saved, error) => (!error || isStaleVersion(error) ? [SAVED_FILTERS] : []),
    }),

    deleteSavedFilter: build.mutation<void, string>({
      query: (name) => ({ url: savedFilterPath(name), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [SAVED_FILTERS],
    }),

    /**
     * names lists each of the user's filters once, in the new order. The answer is the reordered
     * list, so it replaces the cached one instead of costing another read.
     */
    orderSavedFilters: build.mutation<SavedFilterSummary[], string[]>({
      query: (names) => ({ url: 'api/filters/saved-filters/order', method: 'POST', body: { names } }),
      transformResponse: (answer) => SavedFilterList.parse(answer),
      async onQueryStarted(_names, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(savedFiltersApi.util.upsertQueryData('listSavedFilters', undefined, data));
        } catch {
          // The request layer has told the user why; the list stays as it was.
        }
      },
    }),

    /** Copies a shared filter into the user's list. */
    importFilter: build.mutation<SavedFilter, string>({
      query: (filterName) => ({
        url: 'api/filters/saved-filters/import-filter',
        method: 'POST',
        params: { filterName },
      }),
      transformResponse: (answer) => SavedFilter.parse(answer),
      invalidatesTags: [SAVED_FILTERS],
    }),
  }),
});

/** The answer to a save made with a version another user has since replaced. */
export function isStaleVersion(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
}

export const {
  useListSavedFiltersQuery,
  useGetAvailableFiltersQuery,
  useLazyGetSavedFilterQuery,
  useCreateSavedFilterMutation,
  useUpdateSavedFilterMutation,
  useDeleteSavedFilterMutation,
  useOrderSavedFiltersMutation,
  useImportFilterMutation,
} = savedFiltersApi;
