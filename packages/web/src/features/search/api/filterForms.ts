import { FilterForm } from '@manway/core/api/filters';
import { shellApi } from '../../../shell/request/api';

export const filterFormsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The advanced search form of an asset type, and its simple-search fields. Kept for the page's
     * life, as the panel kept it: the type chooser names each type by the label its form gave.
     */
    getFilterForm: build.query<FilterForm, string>({
      query: (objectType) => `api/filters/form/${encodeURIComponent(objectType)}`,
      transformResponse: (answer) => FilterForm.parse(answer),
      keepUnusedDataFor: Infinity,
    }),
  }),
});

export const { useGetFilterFormQuery, useLazyGetFilterFormQuery } = filterFormsApi;
