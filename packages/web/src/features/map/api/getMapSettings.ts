import { MapSettings, type MapSettings as MapSettingsType } from '@manway/core/api/settings';
import { performRequest } from '../../../shell/request/request';
import type { AppThunk } from '../../../shell/store/types';

/** GET api/settings/map: the basemaps and the extent the map opens on. */
export const getMapSettings = (): AppThunk<Promise<MapSettingsType>> => async (dispatch, _getState, extra) =>
  MapSettings.parse(await performRequest({ url: 'api/settings/map' }, { dispatch, ...extra }));
