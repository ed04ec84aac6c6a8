/** The signed-in console user (api/settings/userByLogin), loaded at the console's start-up. */
import { ConsoleUser } from '@manway/core/api/websync';
import { shellApi } from '../../../shell/request/api';

export const consoleUserApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    consoleUser: build.query<ConsoleUser, void>({
      // A failure becomes a page of its own (ConsoleSessionProvider), so no global handling.
      query: () => ({ url: 'api/settings/userByLogin', ignoreGlobal: true }),
      transformResponse: (answer) => ConsoleUser.parse(answer),
    }),
  }),
});

export const { useConsoleUserQuery } = consoleUserApi;
