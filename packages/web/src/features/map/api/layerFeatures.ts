/**
 * GET api/filters/results/map as the map reads it: a layer's features in the view (dynamic-layer
 * variant), and one feature by id (filter variant).
 */
import { MapResults, type MapFeature } from '@manway/core/api/map';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { shellApi } from '../../../shell/request/api';
import type { MapLayerId } from '../styleTable';

export interface LayerFeaturesArgs {
  layer: MapLayerId;
  /** west, south, east, north in WGS 84 degrees. */
  extent: readonly [number, number, number, number];
  /** Only how many features the view holds (features: []), for a layer drawn from vector tiles. */
  countOnly: boolean;
  /**
   * Which load of the view this is. Each load is its own request: a layer switched off and on
   * again over the same view must not join the request its switching off cancelled.
   */
  load: number;
}

export interface LayerFeatureArgs {
  layer: MapLayerId;
  id: number;
  /** Which pick this is: a feature picked again is read again, and selected again. */
  pick: number;
}

const layerFeaturesApi = shellApi.enhanceEndpoints({ addTagTypes: ['LayerFeatures'] }).injectEndpoints({
  endpoints: (build) => ({
    /** One layer's features in the view, or only their count. */
    getLayerFeatures: build.query<MapResults, LayerFeaturesArgs>({
      query: ({ layer, extent, countOnly }) => ({
        url: 'api/filters/results/map',
        params: {
          dynamicLayerId: layer,
          extent: extent.map((v) => v.toFixed(6)).join(','),
          countOnly: countOnly || undefined,
        },
      }),
      transformResponse: (data: unknown) => MapResults.parse(data),
      // A change of an object of the layer (its location saved) invalidates the answer shown.
      providesTags: (_result, _error, { layer }) => [{ type: 'LayerFeatures', id: layer }],
      // An answer holds up to 5,000 features: none is kept once no layer shows it.
      keepUnusedDataFor: 0,
    }),
    /**
     * The map's properties of a feature picked on a vector tile, whose tile carries only what it is
     * drawn by. Null, with 'Object not found' shown, when the object is gone: a tile drawn before
     * another user deleted it still shows it. A newer pick makes an older one worthless.
     */
    getLayerFeature: build.query<MapFeature | null, LayerFeatureArgs>({
      query: ({ layer, id }) => ({
        url: 'api/filters/results/map',
        params: {
          filter: JSON.stringify({ objectType: layer, conditions: [] }),
          additionalRestrictions: JSON.stringify({ ids: [id] }),
          limit: 1,
        },
      }),
      transformResponse: (data: unknown) => MapResults.parse(data).features[0] ?? null,
      extraOptions: { supersede: true },
      keepUnusedDataFor: 0,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!data) dispatch(showNotification({ type: 'error', ...OBJECT_NOT_FOUND }));
        } catch {
          // A failed request has already told the user.
        }
      },
    }),
  }),
});

export const { useGetLayerFeatureQuery, useGetLayerFeaturesQuery } = layerFeaturesApi;
export const { getLayerFeatures, getLayerFeature } = layerFeaturesApi.endpoints;
