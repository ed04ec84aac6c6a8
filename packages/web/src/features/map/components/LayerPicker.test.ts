import { describe, expect, it } from 'vitest';
import { TILE_THIN_MAX_ZOOM } from '@manway/core/api/tiles';
import { layerCountText } from './LayerPicker';

const answer = (total: number, plusFound: boolean) => ({
  type: 'FeatureCollection' as const,
  objectType: 'Node',
  features: Array.from({ length: Math.min(total, 5000) }, () => null as never),
  total,
  plusFound,
  limit: 5000,
});

describe('the layer count says what the tiles draw', () => {
  it('above the thinning zoom, tiles draw every feature', () => {
    expect(layerCountText(answer(5000, true), 'tiles', 'Node', TILE_THIN_MAX_ZOOM + 1)).toBe(
      '5,000+ found, all drawn from tiles',
    );
  });

  it('up to the thinning zoom, tiles are thinned to the pixels', () => {
    expect(layerCountText(answer(5000, true), 'tiles', 'Section', TILE_THIN_MAX_ZOOM)).toBe(
      '5,000+ found, drawn from tiles, thinned to the pixels at this zoom',
    );
  });

  it('up to the thinning zoom, laterals are not drawn: the count asks to zoom in', () => {
    expect(layerCountText(answer(5000, true), 'tiles', 'Lateral', 10)).toBe('5,000+ found, zoom in to draw them');
  });

  it('a layer drawn from its features is not affected by the zoom', () => {
    expect(layerCountText(answer(120, false), 'features', 'Lateral', 10)).toBe('120 found');
  });
});
