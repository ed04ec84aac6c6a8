import { ResultsList, type FilterDefinition, type ResultsList as ResultsListType } from '@manway/core/api/filters';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

export interface ObservationResultsArgs {
  inspectionId: number;
  /** The conditions; the object type is implied by the inspection. */
  filter: Pick<FilterDefinition, 'combine' | 'conditions'>;
  page: number;
  pageSize: number;
}

/** POST api/filters/results/observation: one page of an inspection's observations matching the conditions. */
export const getObservationResults =
  ({ inspectionId, filter, page, pageSize }: ObservationResultsArgs): AppThunk<Promise<ResultsListType>> =>
  async (dispatch, _getState, extra) =>
    ResultsList.parse(
      await performRequest(
        {
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
          // The inspection is opened by id: 404 means it is gone.
          statusMessages: { 404: OBJECT_NOT_FOUND },
        },
        { dispatch, ...extra },
      ),
    );
