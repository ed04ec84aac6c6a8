/**
 * GET api/inspections/{id}: one inspection as the lists show it, for its review (also after a
 * reload or from a link). The workflow commands tag it stale by name ('Inspection').
 */
import { InspectionListRow } from '@manway/core/api/work';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

export const INSPECTION_TAG = 'Inspection';

const inspectionApi = shellApi.enhanceEndpoints({ addTagTypes: [INSPECTION_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getInspection: build.query<InspectionListRow, number>({
      query: (id) => ({ url: `api/inspections/${id}`, statusMessages: { 404: OBJECT_NOT_FOUND } }),
      transformResponse: (data: unknown) => InspectionListRow.parse(data),
      providesTags: (_row, _error, id) => [{ type: INSPECTION_TAG, id }],
    }),
  }),
});

export const { useGetInspectionQuery } = inspectionApi;
