/**
 * What the map says about the completeness of its layers: which layers are cut (the view holds more
 * than one answer carries and tiles do not draw them), and which layer a search shows instead of its
 * own features. A layer filtered by a search shows the search's answer, complete or with its own
 * notice in the search panel, so the layer's own count says nothing about what is drawn.
 */
import type { MapResults } from '@manway/core/api/map';
import { isCut, type LayerSource } from './scaleMode';
import { MAP_LAYERS, type MapLayerId } from './styleTable';

export interface MapSearch {
  results: MapResults;
  mode: 'highlight' | 'filter';
}

/** The layer a search's results belong to, whatever case the server spelled the type in. */
export function searchLayerOf(results: Pick<MapResults, 'objectType'>): MapLayerId | null {
  return MAP_LAYERS.find((l) => l.toLowerCase() === results.objectType.toLowerCase()) ?? null;
}

/** The layer showing only a search's results, if any. */
export function filteredLayer(search: MapSearch | null): MapLayerId | null {
  return search?.mode === 'filter' ? searchLayerOf(search.results) : null;
}

/**
 * The visible layers drawn incompletely: their answer for the view was cut and they are not drawn
 * from tiles. A layer still loading for a new view does not count its old answer, and a layer a
 * search filters shows the search's answer instead.
 */
export function cutLayers(state: {
  visible: ReadonlySet<MapLayerId>;
  results: Partial<Record<MapLayerId, MapResults>>;
  sources: Partial<Record<MapLayerId, LayerSource>>;
  loading: ReadonlySet<MapLayerId>;
  search: MapSearch | null;
}): MapLayerId[] {
  const filtered = filteredLayer(state.search);
  return MAP_LAYERS.filter((l) => {
    const r = state.results[l];
    return (
      state.visible.has(l) &&
      l !== filtered &&
      !state.loading.has(l) &&
      state.sources[l] !== 'tiles' &&
      r !== undefined &&
      isCut(r)
    );
  });
}
