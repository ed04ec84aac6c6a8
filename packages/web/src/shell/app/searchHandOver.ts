/**
 * A search handed to the edition's map from another page (a dashboard's drill-down): the page
 * navigates home with it as router state, the map's search panel runs it as a filter search and
 * lists its results, and the state is cleared so a reload or Back does not run it again.
 */
import type { AdditionalRestrictions, FilterDefinition } from '@manway/core/api/filters';

export interface SearchHandOver {
  filter: FilterDefinition;
  additionalRestrictions?: AdditionalRestrictions;
  /** What the search is, shown above its results ("Sections by material: PVC"). */
  title: string;
}

const KEY = 'manwaySearch';

/** The router state that carries a hand-over: navigate('/', { state: searchHandOverState(h) }). */
export function searchHandOverState(handOver: SearchHandOver): Record<string, unknown> {
  return { [KEY]: handOver };
}

/** The hand-over in a location's state, if it carries one. */
export function readSearchHandOver(state: unknown): SearchHandOver | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[KEY];
  if (typeof value !== 'object' || value === null) return null;
  const h = value as Partial<SearchHandOver>;
  return h.filter && typeof h.title === 'string' ? (h as SearchHandOver) : null;
}
