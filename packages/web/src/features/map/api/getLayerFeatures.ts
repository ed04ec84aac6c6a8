import { MapResults, type MapResults as MapResultsType } from '@manway/core/api/map';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';
import type { MapLayerId } from '../styleTable';

export interface LayerFeaturesArgs {
  layer: MapLayerId;
  /** west, south, east, north in WGS 84 degrees. */
  extent: readonly [number, number, number, number];
  limit?: number;
  /** Lets the caller cancel it with stopRequest(requestId) when the view moves on. */
  requestId: string;
}

/** GET api/filters/results/map, dynamic-layer variant: one layer's features in the view. */
export const getLayerFeatures =
  ({ layer, extent, limit, requestId }: LayerFeaturesArgs): AppThunk<Promise<MapResultsType>> =>
  async (dispatch, _getState, extra) => {
    const data = await performRequest(
      {
        url: 'api/filters/results/map',
        params: { dynamicLayerId: layer, extent: extent.map((v) => v.toFixed(6)).join(','), limit },
        requestId,
      },
      { dispatch, ...extra },
    );
    return MapResults.parse(data);
  };
