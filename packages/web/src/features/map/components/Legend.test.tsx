import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureLook, GRADE_STYLES, MAP_LAYERS, SUBTYPE_STYLES } from '../styleTable';
import { Legend, LEGEND_NEUTRAL_COLOUR } from './Legend';

const symbolKey = (s: (typeof SUBTYPE_STYLES)[number]['symbol']) =>
  s.kind === 'point' ? `${s.shape}:${s.radius}` : `line:${s.width}:${s.dash?.join(',') ?? 'solid'}`;

describe('legend', () => {
  it('shows every condition grade colour the map draws, in order, with its label', () => {
    render(<Legend visibleLayers={new Set(MAP_LAYERS)} />);
    const items = screen.getAllByTestId('legend-grade');
    expect(items.map((i) => [i.textContent, i.querySelector('svg')!.getAttribute('data-colour')])).toEqual(
      GRADE_STYLES.map((g) => [g.label, g.colour]),
    );
  });

  it('shows every subtype symbol exactly as the map draws it, and nothing the map does not draw', () => {
    render(<Legend visibleLayers={new Set(MAP_LAYERS)} />);
    const shown = screen
      .getAllByTestId('legend-subtype')
      .map((i) => [i.textContent, i.querySelector('svg')!.getAttribute('data-symbol')]);
    expect(shown).toEqual(
      SUBTYPE_STYLES.map((s) => [s.label, symbolKey(featureLook(s.layer, s.subtype, null).symbol)]),
    );
    expect(
      screen
        .getAllByTestId('legend-subtype')
        .every((i) => i.querySelector('svg')!.getAttribute('data-colour') === LEGEND_NEUTRAL_COLOUR),
    ).toBe(true);
  });

  it('a feature is coloured by its grade and shaped by its subtype, from the same table', () => {
    for (const s of SUBTYPE_STYLES)
      for (const g of GRADE_STYLES)
        expect(featureLook(s.layer, s.subtype, g.grade)).toEqual({ colour: g.colour, symbol: s.symbol });
  });

  it('leaves out the subtypes of hidden layers', () => {
    render(<Legend visibleLayers={new Set(['Node'] as const)} />);
    expect(screen.getAllByTestId('legend-subtype').map((i) => i.textContent)).toEqual([
      'Manhole',
      'Gully',
      'Outfall',
      'Pump station',
    ]);
  });
});
