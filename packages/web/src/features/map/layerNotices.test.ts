import { describe, expect, it } from 'vitest';
import { mapAnswer } from '../../testing/fixtures';
import { cutLayers, filteredLayer } from './layerNotices';
import type { MapLayerId } from './styleTable';

// A limit of 3, so a few features make a cut answer.
const answer = (objectType: string, shown: number, total: number, plusFound = false) =>
  mapAnswer(objectType, shown, total, plusFound, 3);

const all = new Set<MapLayerId>(['Node', 'Section', 'Lateral']);
// Laterals at full extent: more than one answer carries.
const fullExtent = {
  Node: answer('Node', 2, 2),
  Section: answer('Section', 2, 2),
  Lateral: answer('Lateral', 3, 3, true),
};

describe('the too-many-features notice of the map', () => {
  it('names a layer whose view was cut while it is drawn from its features', () => {
    expect(cutLayers({ visible: all, results: fullExtent, sources: {}, loading: new Set(), search: null })).toEqual([
      'Lateral',
    ]);
  });

  it('is not shown for laterals drawn whole from tiles', () => {
    const sources = { Lateral: 'tiles' as const };
    expect(cutLayers({ visible: all, results: fullExtent, sources, loading: new Set(), search: null })).toEqual([]);
  });

  it('is not shown for laterals while a search shows only its own results there, whatever case it names the type in', () => {
    for (const objectType of ['Lateral', 'lateral', 'LATERAL']) {
      const search = { results: answer(objectType, 2, 2), mode: 'filter' as const };
      expect(cutLayers({ visible: all, results: fullExtent, sources: {}, loading: new Set(), search })).toEqual([]);
      expect(filteredLayer(search)).toBe('Lateral');
    }
  });

  it('still names the laterals while a search only highlights over them, and other cut layers under a filter', () => {
    const highlight = { results: answer('Lateral', 2, 2), mode: 'highlight' as const };
    expect(
      cutLayers({ visible: all, results: fullExtent, sources: {}, loading: new Set(), search: highlight }),
    ).toEqual(['Lateral']);
    const onNodes = { results: answer('Node', 1, 1), mode: 'filter' as const };
    expect(cutLayers({ visible: all, results: fullExtent, sources: {}, loading: new Set(), search: onNodes })).toEqual([
      'Lateral',
    ]);
  });

  it('does not count the old answer of a layer loading for a new view, nor a hidden layer', () => {
    expect(
      cutLayers({ visible: all, results: fullExtent, sources: {}, loading: new Set(['Lateral']), search: null }),
    ).toEqual([]);
    expect(
      cutLayers({ visible: new Set(['Node']), results: fullExtent, sources: {}, loading: new Set(), search: null }),
    ).toEqual([]);
  });
});
