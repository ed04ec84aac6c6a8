import { MapResults, type MapFeature } from '@manway/core/api/map';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';
import type { MapLayerId } from '../styleTable';

/**
 * GET api/filters/results/map, filter variant restricted to one id: the map's properties of a
 * feature picked on a vector tile, whose tile carries only what it is drawn by. Null, with
 * 'Object not found' shown, when the object is gone: a tile drawn before another user deleted it
 * still shows it.
 */
export const getLayerFeature =
  (layer: MapLayerId, id: number): AppThunk<Promise<MapFeature | null>> =>
  async (dispatch, _getState, extra) => {
    const data = await performRequest(
      {
        url: 'api/filters/results/map',
        params: {
          filter: JSON.stringify({ objectType: layer, conditions: [] }),
          additionalRestrictions: JSON.stringify({ ids: [id] }),
          limit: 1,
        },
      },
      { dispatch, ...extra },
    );
    const feature = MapResults.parse(data).features[0] ?? null;
    if (!feature) dispatch(showNotification({ type: 'error', ...OBJECT_NOT_FOUND }));
    return feature;
  };
