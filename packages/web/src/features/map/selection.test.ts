import { describe, expect, it } from 'vitest';
import { boxSelection, SELECTION_LIMIT, selectionLimitText, type SelectedFeature } from './selection';
import type { MapLayerId } from './styleTable';

const feature = (layer: MapLayerId, id: number, assetId: string): SelectedFeature => ({
  layer,
  id,
  properties: { assetId, subtype: 'manhole', conditionGrade: null, material: null, sizeMm: null },
});

describe('box selection', () => {
  it('lists nodes, then sections, then laterals, each by asset ID as people read them', () => {
    const { features } = boxSelection([
      feature('Lateral', 9, 'LAT-1'),
      feature('Node', 3, 'MH-10'),
      feature('Section', 5, 'SEC-2'),
      feature('Node', 2, 'MH-2'),
    ]);
    expect(features.map((f) => f.properties.assetId)).toEqual(['MH-2', 'MH-10', 'SEC-2', 'LAT-1']);
  });

  it('counts a feature touched twice once', () => {
    expect(boxSelection([feature('Node', 1, 'MH-1'), feature('Node', 1, 'MH-1')]).found).toBe(1);
  });

  it('stops at the selection limit and says so with the spec’s notice', () => {
    const many = Array.from({ length: SELECTION_LIMIT + 5 }, (_, i) => feature('Node', i, `MH-${i}`));
    const selection = boxSelection(many);
    expect(selection.features).toHaveLength(SELECTION_LIMIT);
    expect(selection.found).toBe(SELECTION_LIMIT + 5);
    expect(selectionLimitText(selection)).toBe(
      `The box holds ${SELECTION_LIMIT + 5} features; only the first ${SELECTION_LIMIT} are selected. Draw a smaller box or zoom in.`,
    );
    expect(selectionLimitText(boxSelection(many.slice(0, 3)))).toBeNull();
  });

  it('keeps how many of each layer the box touched and the box itself, so work can be planned on all it holds', () => {
    const box = [8.3, 51.88, 8.32, 51.9] as [number, number, number, number];
    const selection = boxSelection(
      [feature('Node', 1, 'MH-1'), feature('Node', 2, 'MH-2'), feature('Section', 5, 'SEC-5')],
      2,
      box,
    );
    expect(selection.features.map((f) => f.layer)).toEqual(['Node', 'Node']);
    expect(selection.foundByLayer).toEqual({ Node: 2, Section: 1 });
    expect(selection.extent).toEqual(box);
    expect(boxSelection([feature('Node', 1, 'MH-1')]).extent).toBeNull();
  });
});
