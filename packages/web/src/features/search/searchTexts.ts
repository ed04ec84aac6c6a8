/**
 * What the search shows about its results (main-app spec sections 8 and 9): the search counts, the
 * too-many-results notice and the selection limit notice, worded once for the panel and its tests.
 */
import type { SearchCount } from '@manway/core/api/filters';

const count = new Intl.NumberFormat('en');

/** Spec section 9: found, plus-found, top N shown, first N shown. */
export function searchCountText(c: SearchCount): string {
  const found = c.plusFound ? `${count.format(c.found)}+ found` : `${count.format(c.found)} found`;
  if (c.shown === 'all') return found;
  return `${found} · ${c.shown} ${count.format(c.shownCount)} shown`;
}

/** Spec section 8: too many search results, refine criteria. */
export const TOO_MANY_RESULTS_TITLE = 'Too many search results';
export const TOO_MANY_RESULTS_TEXT = 'Refine the criteria to see all of them.';

/** Only part of the results reach the map: it shows the first `shown` of `total`. */
export function tooManyOnMapText(shown: number, total: number, plusFound = false): string {
  const of = `${count.format(total)}${plusFound ? '+' : ''}`;
  return `The map shows the first ${count.format(shown)} of ${of}. ${TOO_MANY_RESULTS_TEXT}`;
}

/** Only part of the results can be paged through: the list holds the top or first of them. */
export function tooManyInListText(c: SearchCount): string | null {
  if (c.shown === 'all') return null;
  return `Only the ${c.shown} ${count.format(c.shownCount)} can be listed. ${TOO_MANY_RESULTS_TEXT}`;
}

/** Spec section 8: the selection limit exceeded notice. */
export const SELECTION_LIMIT_TITLE = 'Selection limit exceeded';
export function selectionLimitText(selected: number): string {
  return `Only the first ${count.format(selected)} results are selected. Refine the criteria to select the rest.`;
}

/** What the map shows of the results. */
export function mapOnlyText(mode: 'highlight' | 'filter', shown: number): string {
  return mode === 'filter'
    ? `The map shows only these: ${count.format(shown)} on the map.`
    : `${count.format(shown)} highlighted on the map.`;
}
