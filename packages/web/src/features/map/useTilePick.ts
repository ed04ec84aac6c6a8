import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetLayerFeatureQuery, type LayerFeatureArgs } from './api/layerFeatures';
import type { TilePick } from './networkMap';
import type { SelectedFeature } from './selection';

/**
 * A click on a feature drawn from vector tiles selects it once its properties have loaded. The
 * latest click wins: the query shows only the answer of the latest pick, and a newer pick cancels
 * an older one still loading. A feature that is gone selects nothing.
 */
export function useTilePick(onSelect: (feature: SelectedFeature | null) => void): (pick: TilePick) => void {
  const [pick, setPick] = useState<LayerFeatureArgs | null>(null);
  const { currentData: picked } = useGetLayerFeatureQuery(pick ?? skipToken);
  const picks = useRef(0);

  useEffect(() => {
    if (!pick || picked === undefined) return;
    onSelect(picked && { layer: pick.layer, id: picked.id, properties: picked.properties });
  }, [pick, picked, onSelect]);

  return useCallback((tile: TilePick) => setPick({ layer: tile.layer, id: tile.id, pick: ++picks.current }), []);
}
