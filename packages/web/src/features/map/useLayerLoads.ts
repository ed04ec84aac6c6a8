/**
 * The asset layers' answers for the current view: loaded through the viewport loader as the view
 * settles, a layer switched on loaded at once, one switched off cancelled. Each layer shows its
 * latest answer from the query cache, so a change of an object there (its location saved) redraws it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { MapResults } from '@manway/core/api/map';
import { useAppDispatch } from '../../shell/store/hooks';
import { getLayerFeatures, useGetLayerFeaturesQuery, type LayerFeaturesArgs } from './api/layerFeatures';
import type { LayerSource } from './scaleMode';
import type { MapLayerId } from './styleTable';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { ViewportLoader } from './viewportLoader';

export interface LayerLoads {
  results: Partial<Record<MapLayerId, MapResults>>;
  sources: Partial<Record<MapLayerId, LayerSource>>;
  loading: ReadonlySet<MapLayerId>;
  /** The zoom of the vector tiles drawn, once the map has a view. */
  tileZoom: number | null;
  onViewChange(extent: Wgs84Extent, tileZoom: number): void;
  showLayer(layer: MapLayerId): void;
  hideLayer(layer: MapLayerId): void;
}

export function useLayerLoads(visibleLayers: ReadonlySet<MapLayerId>): LayerLoads {
  const dispatch = useAppDispatch();
  const [shown, setShown] = useState<Partial<Record<MapLayerId, LayerFeaturesArgs>>>({});
  const [sources, setSources] = useState<Partial<Record<MapLayerId, LayerSource>>>({});
  const [loading, setLoading] = useState<ReadonlySet<MapLayerId>>(new Set());
  const [tileZoom, setTileZoom] = useState<number | null>(null);
  const extentRef = useRef<Wgs84Extent | null>(null);
  // The view changes from the map's events, which outlive renders.
  const visibleRef = useRef(visibleLayers);
  useEffect(() => {
    visibleRef.current = visibleLayers;
  }, [visibleLayers]);

  const loader = useMemo(() => {
    let loads = 0;
    return new ViewportLoader({
      load: (layer, extent, countOnly) =>
        dispatch(getLayerFeatures.initiate({ layer, extent, countOnly, load: ++loads })),
      onResult: (layer, _answer, source, load) => {
        setShown((prev) => ({ ...prev, [layer]: load.arg }));
        setSources((prev) => ({ ...prev, [layer]: source }));
      },
      onLoading: (layer, isLoading) =>
        setLoading((prev) => {
          const next = new Set(prev);
          if (isLoading) next.add(layer);
          else next.delete(layer);
          return next;
        }),
    });
  }, [dispatch]);
  useEffect(() => () => loader.dispose(), [loader]);

  const onViewChange = useCallback(
    (extent: Wgs84Extent, zoom: number) => {
      extentRef.current = extent;
      setTileZoom(zoom);
      loader.request(extent, [...visibleRef.current]);
    },
    [loader],
  );

  const showLayer = useCallback(
    (layer: MapLayerId) => {
      if (extentRef.current) loader.loadNow(layer, extentRef.current);
    },
    [loader],
  );

  const nodes = useGetLayerFeaturesQuery(shown.Node ?? skipToken).currentData;
  const sections = useGetLayerFeaturesQuery(shown.Section ?? skipToken).currentData;
  const laterals = useGetLayerFeaturesQuery(shown.Lateral ?? skipToken).currentData;
  const results = useMemo(
    (): Partial<Record<MapLayerId, MapResults>> => ({ Node: nodes, Section: sections, Lateral: laterals }),
    [nodes, sections, laterals],
  );

  const hideLayer = useCallback((layer: MapLayerId) => loader.cancel(layer), [loader]);

  return { results, sources, loading, tileZoom, onViewChange, showLayer, hideLayer };
}
