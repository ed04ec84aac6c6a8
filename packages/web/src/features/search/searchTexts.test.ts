import { describe, expect, it } from 'vitest';
import { searchCountText, selectionLimitText, tooManyInListText, tooManyOnMapText } from './searchTexts';

describe('search counts (spec section 9: found, plus-found, top N shown, first N shown)', () => {
  it('found: every match can be listed', () => {
    expect(searchCountText({ found: 169, plusFound: false, shown: 'all', shownCount: 169 })).toBe('169 found');
  });

  it('plus-found with the top N of a sorted list shown', () => {
    expect(searchCountText({ found: 5000, plusFound: true, shown: 'top', shownCount: 1000 })).toBe(
      '5,000+ found · top 1,000 shown',
    );
  });

  it('first N shown of an unsorted list', () => {
    expect(searchCountText({ found: 1200, plusFound: false, shown: 'first', shownCount: 1000 })).toBe(
      '1,200 found · first 1,000 shown',
    );
  });

  it('too many search results asks to refine the criteria only when not all can be listed', () => {
    expect(tooManyInListText({ found: 10, plusFound: false, shown: 'all', shownCount: 10 })).toBeNull();
    expect(tooManyInListText({ found: 1200, plusFound: false, shown: 'first', shownCount: 1000 })).toBe(
      'Only the first 1,000 can be listed. Refine the criteria to see all of them.',
    );
  });

  it('the selection limit notice says how many were selected', () => {
    expect(selectionLimitText(2000)).toBe(
      'Only the first 2,000 results are selected. Refine the criteria to select the rest.',
    );
  });

  it('the map notice says plus-found when the map stopped counting at its limit', () => {
    expect(tooManyOnMapText(5000, 5000, true)).toMatch(/^The map shows the first 5,000 of 5,000\+\. /);
    expect(tooManyOnMapText(5000, 7200)).toMatch(/^The map shows the first 5,000 of 7,200\. /);
  });
});
