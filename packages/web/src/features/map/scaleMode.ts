/**
 * When a layer is drawn from vector tiles instead of the viewport's features: a viewport answer
 * carries at most `limit` features, so a view holding more cannot be drawn whole from it, and the
 * layer switches to tiles of the whole network. It switches back once the view holds clearly fewer
 * (a quarter below the limit), so a view hovering at the limit does not flip on every pan.
 */
import type { MapResults } from '@manway/core/api/map';

export type LayerSource = 'features' | 'tiles';

/** Back to features at or below this share of the limit. */
export const BACK_TO_FEATURES_SHARE = 0.75;

/** The answer could not carry every feature of the view. */
export function isCut(results: Pick<MapResults, 'features' | 'total' | 'plusFound'>): boolean {
  return results.plusFound || results.total > results.features.length;
}

/**
 * What the layer is drawn from after this answer. A count-only answer (features: []) decides as the
 * full answer would have: that one carries the features counted, up to the limit.
 */
export function nextLayerSource(
  current: LayerSource,
  results: Pick<MapResults, 'features' | 'total' | 'plusFound' | 'limit'>,
  countOnly = false,
): LayerSource {
  const cut = countOnly ? results.plusFound || results.total > results.limit : isCut(results);
  if (cut) return 'tiles';
  if (current === 'tiles' && results.total > results.limit * BACK_TO_FEATURES_SHARE) return 'tiles';
  return 'features';
}
