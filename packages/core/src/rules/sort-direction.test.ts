import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oppositeSortDirection, parseSortDirection, SORT_DIRECTIONS, sortDirectionLabel } from './sort-direction';

describe('sort direction: asc or desc (Ascending, Descending)', () => {
  it('labels asc Ascending and desc Descending', () => {
    expect(sortDirectionLabel('asc')).toBe('Ascending');
    expect(sortDirectionLabel('desc')).toBe('Descending');
  });

  it.each([
    ['asc', 'asc'],
    ['DESC', 'desc'],
    ['Ascending', 'asc'],
    [' descending ', 'desc'],
  ] as const)('reads %j as %s', (text, direction) => {
    expect(parseSortDirection(text)).toBe(direction);
  });

  it.each(['', 'up', null, undefined])('reads %j as no direction', (text) => {
    expect(parseSortDirection(text)).toBeNull();
  });

  it('reads back its own labels and flips both ways', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SORT_DIRECTIONS), (direction) => {
        expect(parseSortDirection(sortDirectionLabel(direction))).toBe(direction);
        expect(oppositeSortDirection(oppositeSortDirection(direction))).toBe(direction);
        expect(oppositeSortDirection(direction)).not.toBe(direction);
      }),
    );
  });
});
