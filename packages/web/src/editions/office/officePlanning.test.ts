import { describe, expect, it, vi } from 'vitest';
import { boxSelection, type SelectedFeature } from '../../features/map/selection';
import type { FoundAssets } from '../../features/search/components/ResultsView';
import { boxPlanChoices, foundPlanChoices, savedFilterPlanChoices } from './officePlanning';

const feature = (layer: SelectedFeature['layer'], id: number): SelectedFeature => ({
  layer,
  id,
  properties: { assetId: `A-${id}`, subtype: 'manhole', conditionGrade: null, material: null, sizeMm: null },
});

const found = (over: Partial<FoundAssets> = {}): FoundAssets => ({
  objectType: 'Node',
  definition: { objectType: 'Node', combine: 'and', conditions: [] },
  savedName: null,
  count: { found: 3, plusFound: false, shown: 'all', shownCount: 3 },
  ids: vi.fn(async () => ({ ids: [4, 5, 6], selectionCapExceeded: false, selectionCap: 2000 })),
  selectedIds: [],
  columns: null,
  ...over,
});

describe("the office's plans from the map and the search", () => {
  it('a box selection cut by the limit plans the cut type on the box drawn', () => {
    const many = Array.from({ length: 4 }, (_, i) => feature('Node', i + 1));
    const selection = boxSelection([...many, feature('Section', 9)], 3, [8.3, 51.88, 8.32, 51.9]);
    const choices = boxPlanChoices(selection);
    expect(choices.map((c) => c.selection.kind)).toEqual(['extent', 'extent']);
    expect(choices.map((c) => c.label)).toEqual(['Manholes (4 in the box)', 'Pipe sections (1 in the box)']);
  });

  it('what a saved filter found is planned on the filter, without fetching its ids', async () => {
    const results = found({ savedName: 'Very poor sections', objectType: 'Section' });
    const [choice] = await foundPlanChoices(results);
    expect(choice!.selection).toEqual({ kind: 'saved-filter', name: 'Very poor sections' });
    expect(results.ids).not.toHaveBeenCalled();
  });

  it('other results are planned on their ids, saying so when only the first of them came', async () => {
    expect((await foundPlanChoices(found()))[0]!.selection).toEqual({
      kind: 'ids',
      objectType: 'Node',
      ids: [4, 5, 6],
    });
    const capped = found({
      count: { found: 5000, plusFound: true, shown: 'first', shownCount: 1000 },
      ids: async () => ({ ids: [1, 2], selectionCapExceeded: true, selectionCap: 2 }),
    });
    expect((await foundPlanChoices(capped))[0]!.description).toBe(
      'The first 2 manholes of the 5,000+ found by the search',
    );
  });

  it('a saved filter row plans on the filter by name, with its type read from the filter', () => {
    const [choice] = savedFilterPlanChoices({
      name: 'Old laterals',
      objectType: 'lateral',
      shared: false,
      advanced: false,
      importedFrom: null,
      position: 0,
      version: 1,
      editable: true,
    });
    expect(choice).toMatchObject({ label: 'Laterals', selection: { kind: 'saved-filter', name: 'Old laterals' } });
  });
});
