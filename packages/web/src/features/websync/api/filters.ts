/** The saved filters the sync settings can name (GET /api/filter), loaded at the console's start-up. */
import { FilterChoices } from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';

export const filtersApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    syncFilterChoices: build.query<FilterChoices, void>({
      // A failure becomes a page of its own (ConsoleSessionProvider), so no global handling.
      query: () => ({ url: 'api/filter', ignoreGlobal: true }),
      transformResponse: (answer) => FilterChoices.parse(answer),
    }),
  }),
});

export const { useSyncFilterChoicesQuery } = filtersApi;
