import { InspectionSummaryList, type InspectionSummary } from '@manway/core/api/work';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

/** Saving an inspection or its observations elsewhere makes the lists stale: they carry this tag. */
const assetInspectionsApi = shellApi.enhanceEndpoints({ addTagTypes: ['AssetInspections'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET api/inspections?parentObjectType&parentObjectId: an asset's inspections, newest first; 404: the asset is gone. */
    getAssetInspections: build.query<InspectionSummary[], { type: string; id: number }>({
      query: ({ type, id }) => ({
        url: 'api/inspections',
        params: { parentObjectType: type, parentObjectId: id },
        statusMessages: { 404: OBJECT_NOT_FOUND },
      }),
      transformResponse: (data: unknown) => InspectionSummaryList.parse(data),
      providesTags: (_answer, _error, { type, id }) => [{ type: 'AssetInspections', id: `${type}:${id}` }],
    }),
  }),
});

export const { useGetAssetInspectionsQuery } = assetInspectionsApi;
export const getAssetInspections = assetInspectionsApi.endpoints.getAssetInspections;
