import { MapSettings } from '@manway/core/api/settings';
import { shellApi } from '../../../shell/request/api';

const mapSettingsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET api/settings/map: the basemaps and the extent the map opens on. */
    getMapSettings: build.query<MapSettings, void>({
      query: () => 'api/settings/map',
      transformResponse: (data: unknown) => MapSettings.parse(data),
    }),
  }),
});

export const { useGetMapSettingsQuery } = mapSettingsApi;
