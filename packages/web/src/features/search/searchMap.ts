/**
 * What the search needs from a map. The map feature's tools fit it; the edition hands them over,
 * since features do not import each other.
 */
import type { ResultRow } from '@manway/core/api/filters';
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

export function layerOf(type: string): SearchLayer {
  return SEARCH_LAYERS.find((l) => l.toLowerCase() === type.toLowerCase()) ?? 'Node';
}

/**
 * Opens a result as a click on the map does: selects it, with the map's own properties when the
 * map results hold it, and looks at it.
 */
export function openOnMap(map: SearchMap, row: ResultRow, mapResults: MapResults | null): void {
  const feature = mapResults?.features.find((f) => f.id === row.id);
  const p = row.properties;
  map.selectFeature({
    layer: layerOf(row.type),
    id: row.id,
    properties: feature?.properties ?? {
      assetId: row.readableId,
      subtype: String(p.subtype ?? ''),
      conditionGrade: typeof p.conditionGrade === 'number' ? p.conditionGrade : null,
      material: typeof p.material === 'string' ? p.material : null,
      sizeMm: typeof p.sizeMm === 'number' ? p.sizeMm : null,
    },
  });
  const centre = feature && featureCentre(feature);
  if (centre) map.centreOn(centre);
}
