/**
 * report-api/reports/info: the reports the server can make of an object type where they are asked
 * for (list/{type}?uiContext), the formats with their names, and the user's favourites, which are
 * listed first and so change the list when set.
 */
import {
  ReportDefinitionList,
  ReportFormatList,
  type ReportDefinitionKey,
  type ReportFormatInfo,
  type ReportObjectType,
  type ReportUiContext,
} from '@manway/core/api/reports';
import { shellApi } from '../../../shell/request/api';

const DEFINITIONS_TAG = 'ReportDefinitions';

export interface DefinitionsArgs {
  objectType: ReportObjectType;
  uiContext: ReportUiContext;
}

const reportDefinitionsApi = shellApi.enhanceEndpoints({ addTagTypes: [DEFINITIONS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getReportDefinitions: build.query<ReportDefinitionList, DefinitionsArgs>({
      query: ({ objectType, uiContext }) => ({
        url: `report-api/reports/info/list/${objectType}`,
        params: { uiContext },
      }),
      transformResponse: (data: unknown) => ReportDefinitionList.parse(data),
      providesTags: [DEFINITIONS_TAG],
    }),

    getReportFormats: build.query<ReportFormatInfo[], void>({
      query: () => 'report-api/reports/info/formats',
      transformResponse: (data: unknown) => ReportFormatList.parse(data),
    }),

    setReportFavorite: build.mutation<void, { reportName: ReportDefinitionKey; value: boolean }>({
      query: ({ reportName, value }) => ({
        url: 'report-api/reports/info/favorite',
        method: 'PUT',
        params: { reportName, value: String(value) },
      }),
      transformResponse: () => undefined,
      invalidatesTags: [DEFINITIONS_TAG],
    }),
  }),
});

export const { useGetReportDefinitionsQuery, useGetReportFormatsQuery, useSetReportFavoriteMutation } =
  reportDefinitionsApi;
