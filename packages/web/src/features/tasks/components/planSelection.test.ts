import { describe, expect, it } from 'vitest';
import { assetCount, boxChoices, savedFilterChoice, searchResultsChoice } from './planSelection';

const BOX = [8.3, 51.88, 8.32, 51.9] as [number, number, number, number];

describe('what a plan is made on', () => {
  it('a box whose list holds every feature plans on their ids, one choice per type, manholes first', () => {
    const choices = boxChoices({
      items: [
        { objectType: 'Section', id: 20 },
        { objectType: 'Node', id: 1 },
        { objectType: 'Node', id: 2 },
      ],
      found: { Node: 2, Section: 1 },
      extent: BOX,
    });
    expect(choices).toEqual([
      {
        label: 'Manholes (2)',
        description: '2 manholes selected',
        selection: { kind: 'ids', objectType: 'Node', ids: [1, 2] },
      },
      {
        label: 'Pipe sections (1)',
        description: '1 pipe section selected',
        selection: { kind: 'ids', objectType: 'Section', ids: [20] },
      },
    ]);
  });

  it('a type the selection limit cut is planned on the box drawn, so the assets the list left out are not lost', () => {
    const choices = boxChoices({
      items: [{ objectType: 'Node', id: 1 }],
      found: { Node: 1, Section: 350 },
      extent: BOX,
    });
    expect(choices[0]!.selection).toEqual({ kind: 'ids', objectType: 'Node', ids: [1] });
    expect(choices[1]).toEqual({
      label: 'Pipe sections (350 in the box)',
      description:
        'Every pipe section in the box drawn: 350 pipe sections on the map, more than the selection list holds',
      selection: { kind: 'extent', objectType: 'Section', extent: BOX },
    });
  });

  it('without the box drawn, a cut type is planned on the ids the list holds', () => {
    const [choice] = boxChoices({ items: [{ objectType: 'Lateral', id: 4 }], found: { Lateral: 9 }, extent: null });
    expect(choice!.selection).toEqual({ kind: 'ids', objectType: 'Lateral', ids: [4] });
  });

  it('search results say when only the first of them are planned on', () => {
    expect(searchResultsChoice('Node', [1, 2, 3]).description).toBe('3 manholes found by the search');
    expect(searchResultsChoice('Section', [1, 2], '5,000+').description).toBe(
      'The first 2 pipe sections of the 5,000+ found by the search',
    );
  });

  it('a saved filter is planned on by its name, and said so', () => {
    expect(savedFilterChoice('Very poor sections', 'Section')).toEqual({
      label: 'Pipe sections',
      description: 'Saved filter "Very poor sections" (pipe sections)',
      selection: { kind: 'saved-filter', name: 'Very poor sections' },
    });
  });

  it('counts read as people write them', () => {
    expect(assetCount('Node', 1)).toBe('1 manhole');
    expect(assetCount('Lateral', 12_000)).toBe('12,000 laterals');
  });
});
