/**
 * An inspection's observations (main-app spec section 7): the properties a condition on them may
 * use, and the ones matching the conditions. The inspection is opened by id: 404 means it is gone.
 */
import {
  FilterPropertyMetaList,
  ResultsList,
  type FilterDefinition,
  type FilterPropertyMeta,
} from '@manway/core/api/filters';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

export interface ObservationResultsArgs {
  inspectionId: number;
  /** The conditions; the object type is implied by the inspection. */
  filter: Pick<FilterDefinition, 'combine' | 'conditions'>;
  page: number;
  pageSize: number;
  /** Each search asks anew, even for the same conditions: `run` tells them apart. */
  run: number;
}

export const observationsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** The properties of an inspection's observations, with the codes of its standard. */
    getObservationMeta: build.query<FilterPropertyMeta[], number>({
      query: (inspectionId) => ({
        url: `api/filters/meta/list/observation/Inspection/${encodeURIComponent(String(inspectionId))}`,
        statusMessages: { 404: OBJECT_NOT_FOUND },
      }),
      transformResponse: (answer) => FilterPropertyMetaList.parse(answer),
    }),

    /**
     * One page of an inspection's observations matching the conditions. A search replaced by a
     * newer one is cancelled, and its answer, never asked for again, is not kept.
     */
    getObservationResults: build.query<ResultsList, ObservationResultsArgs>({
      query: ({ inspectionId, filter, page, pageSize }) => ({
        url: 'api/filters/results/observation',
        method: 'POST',
        body: {
          parentObjectType: 'Inspection',
          parentObjectId: inspectionId,
          // As for asset results, the conditions travel as a JSON string.
          filter: JSON.stringify({ combine: filter.combine, conditions: filter.conditions }),
          page,
          pageSize,
        },
        statusMessages: { 404: OBJECT_NOT_FOUND },
      }),
      transformResponse: (answer) => ResultsList.parse(answer),
      keepUnusedDataFor: 0,
      extraOptions: { supersede: true },
    }),
  }),
});

export const { useGetObservationMetaQuery, useGetObservationResultsQuery } = observationsApi;
