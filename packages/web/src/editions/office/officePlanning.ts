/**
 * The office plans work on what the map and the search hand over: the map feature's box
 * selection, the search feature's results and saved filters become the tasks feature's choices.
 */
import type { SavedFilterSummary } from '@manway/core/api/filters';
import type { BoxSelection } from '../../features/map/selection';
import type { FoundAssets } from '../../features/search/components/ResultsView';
import { layerOf } from '../../features/search/searchMap';
import {
  boxChoices,
  savedFilterChoice,
  searchResultsChoice,
  type PlanChoice,
} from '../../features/tasks/components/planSelection';

export function boxPlanChoices(selection: BoxSelection): PlanChoice[] {
  return boxChoices({
    items: selection.features.map((f) => ({ objectType: f.layer, id: f.id })),
    found: selection.foundByLayer,
    extent: selection.extent,
  });
}

/**
 * A saved filter's results are planned on the filter itself, so the server finds every match; other
 * results on their ids, up to the search's selection cap.
 */
export async function foundPlanChoices(found: FoundAssets): Promise<PlanChoice[]> {
  if (found.savedName !== null) return [savedFilterChoice(found.savedName, found.objectType)];
  const { ids, selectionCapExceeded } = await found.ids();
  if (ids.length === 0) return [];
  const all = `${found.count.found.toLocaleString('en')}${found.count.plusFound ? '+' : ''}`;
  return [searchResultsChoice(found.objectType, ids, selectionCapExceeded ? all : undefined)];
}

export function savedFilterPlanChoices(filter: SavedFilterSummary): PlanChoice[] {
  return [savedFilterChoice(filter.name, layerOf(filter.objectType))];
}
