/**
 * Box selection: which features a drawn box selects, in a stable order, and where the selection
 * stops. The spec names a selection cap without its value; this one keeps the list readable and
 * the map responsive (docs/decisions/0008).
 */
import type { MapFeatureProperties } from '@manway/core/api/map';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { MAP_LAYERS, type MapLayerId } from './styleTable';

/** A feature the user picked, by click or box, with what the summary and the list show. */
export interface SelectedFeature {
  layer: MapLayerId;
  id: number;
  properties: MapFeatureProperties;
}

export const SELECTION_LIMIT = 200;
export const SELECTION_LIMIT_TITLE = 'Selection limit exceeded';

export type SelectionKey = `${MapLayerId}:${number}`;

export function selectionKey(layer: MapLayerId, id: number): SelectionKey {
  return `${layer}:${id}`;
}

export interface BoxSelection {
  features: SelectedFeature[];
  /** How many the box touched, more than features.length when the limit cut the selection. */
  found: number;
  /** How many of each layer the box touched: which layers the limit cut. */
  foundByLayer: Partial<Record<MapLayerId, number>>;
  /** The box drawn, in WGS 84, so work can be planned on all it holds; null when not known. */
  extent: Wgs84Extent | null;
}

const byAssetId = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Nodes, then sections, then laterals, each by asset ID as people read them (MH-2 before MH-10). */
export function boxSelection(
  found: readonly SelectedFeature[],
  limit = SELECTION_LIMIT,
  extent: Wgs84Extent | null = null,
): BoxSelection {
  const unique = new Map<SelectionKey, SelectedFeature>();
  for (const f of found) unique.set(selectionKey(f.layer, f.id), f);
  const sorted = [...unique.values()].sort(
    (a, b) =>
      MAP_LAYERS.indexOf(a.layer) - MAP_LAYERS.indexOf(b.layer) ||
      byAssetId.compare(a.properties.assetId, b.properties.assetId),
  );
  const foundByLayer: Partial<Record<MapLayerId, number>> = {};
  for (const f of sorted) foundByLayer[f.layer] = (foundByLayer[f.layer] ?? 0) + 1;
  return { features: sorted.slice(0, limit), found: sorted.length, foundByLayer, extent };
}

export function selectionLimitText(selection: BoxSelection): string | null {
  if (selection.found <= selection.features.length) return null;
  return `The box holds ${selection.found} features; only the first ${selection.features.length} are selected. Draw a smaller box or zoom in.`;
}
