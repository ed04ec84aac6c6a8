import { buildUrl } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';
import type { MapLayerId } from '../styleTable';

/** The URL template of GET api/tiles/{layer}/{z}/{x}/{y}.pbf for OpenLayers, under the API base. */
export const tileUrl =
  (layer: MapLayerId): AppThunk<string> =>
  (_dispatch, _getState, extra) =>
    buildUrl(extra.config.apiBaseUrl, `api/tiles/${layer}/{z}/{x}/{y}.pbf`);
