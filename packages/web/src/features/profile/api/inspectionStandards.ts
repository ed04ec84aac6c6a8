import { InspectionStandards, type InspectionStandard } from '@manway/core/api/settings';
import { shellApi } from '../../../shell/request/api';

const inspectionStandardsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET api/settings/standards: the standards an inspection profile may name (those with an inspection form). */
    inspectionStandards: build.query<InspectionStandard[], void>({
      query: () => 'api/settings/standards',
      transformResponse: (data: unknown) => InspectionStandards.parse(data),
    }),
  }),
});

export const { useInspectionStandardsQuery } = inspectionStandardsApi;
