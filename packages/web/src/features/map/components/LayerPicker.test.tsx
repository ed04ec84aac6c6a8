import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MapResults } from '@manway/core/api/map';
import { TILE_THIN_MAX_ZOOM } from '@manway/core/api/tiles';
import { mapAnswer } from '../../../testing/fixtures';
import { LayerPicker, layerCountText } from './LayerPicker';

const answer = (objectType: string, shown: number, total: number, plusFound = false) =>
  mapAnswer(objectType, shown, total, plusFound);

function show(filtered: { layer: 'Lateral'; results: MapResults } | null) {
  render(
    <LayerPicker
      basemaps={[]}
      basemapId=""
      onBasemapChange={() => {}}
      visibleLayers={new Set(['Node', 'Section', 'Lateral'])}
      onLayerToggle={() => {}}
      results={{ Node: answer('Node', 4, 4), Lateral: answer('Lateral', 50, 50, true) }}
      sources={{ Lateral: 'tiles' }}
      tileZoom={TILE_THIN_MAX_ZOOM + 1}
      loading={new Set()}
      filtered={filtered}
    />,
  );
}

describe('layer counts', () => {
  it('at full extent the laterals count plus-found, all drawn from tiles', () => {
    show(null);
    expect(screen.getByTestId('layer-count-Lateral')).toHaveTextContent('50+ found, all drawn from tiles');
  });

  it('a layer a search filters counts what the search drew, not the view', () => {
    show({ layer: 'Lateral', results: answer('Lateral', 12, 12) });
    expect(screen.getByTestId('layer-count-Lateral')).toHaveTextContent(/^search: 12 shown$/);
    expect(screen.getByTestId('layer-count-Node')).toHaveTextContent('4 found');
  });

  it('a search cut by the map limit says so on its layer', () => {
    show({ layer: 'Lateral', results: answer('Lateral', 5, 6072) });
    expect(screen.getByTestId('layer-count-Lateral')).toHaveTextContent('search: first 5 of 6,072 shown');
  });
});

describe('the layer count says what the tiles draw', () => {
  it('above the thinning zoom, tiles draw every feature', () => {
    expect(layerCountText(answer('Node', 5000, 5000, true), 'tiles', 'Node', TILE_THIN_MAX_ZOOM + 1)).toBe(
      '5,000+ found, all drawn from tiles',
    );
  });

  it('up to the thinning zoom, tiles are thinned to the pixels', () => {
    expect(layerCountText(answer('Node', 5000, 5000, true), 'tiles', 'Section', TILE_THIN_MAX_ZOOM)).toBe(
      '5,000+ found, drawn from tiles, thinned to the pixels at this zoom',
    );
  });

  it('up to the thinning zoom, laterals are not drawn: the count asks to zoom in', () => {
    expect(layerCountText(answer('Node', 5000, 5000, true), 'tiles', 'Lateral', 10)).toBe(
      '5,000+ found, zoom in to draw them',
    );
  });

  it('a layer drawn from its features is not affected by the zoom', () => {
    expect(layerCountText(answer('Lateral', 120, 120), 'features', 'Lateral', 10)).toBe('120 found');
  });
});
