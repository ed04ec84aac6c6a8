/**
 * What the search needs from a map. The map feature's tools fit it; the edition hands them over,
 * since features do not import each other.
 */
import type { MapFeature, MapFeatureProperties, MapResults } from '@manway/core/api/map';

export type SearchLayer = 'Node' | 'Section' | 'Lateral';
export const SEARCH_LAYERS: readonly SearchLayer[] = ['Node', 'Section', 'Lateral'];

export interface SearchMap {
  showSearchResults(results: MapResults | null, mode: 'highlight' | 'filter'): void;
  selectFeature(feature: { layer: SearchLayer; id: number; properties: MapFeatureProperties }): void;
  centreOn(lonLat: [number, number]): void;
}

/** Where to look at a feature: a point itself, or the middle vertex of a line. */
export function featureCentre(feature: MapFeature): [number, number] | null {
  const g = feature.geometry as { type: string; coordinates: unknown };
  if (g.type === 'Point') return g.coordinates as [number, number];
  if (g.type === 'LineString') {
    const line = g.coordinates as [number, number][];
    return line[Math.floor(line.length / 2)] ?? null;
  }
  if (g.type === 'MultiLineString') {
    const line = (g.coordinates as [number, number][][])[0] ?? [];
    return line[Math.floor(line.length / 2)] ?? null;
  }
  return null;
}
