import { describe, expect, it } from 'vitest';
import { nextLayerSource, type LayerSource } from './scaleMode';

const answer = (total: number, shown: number, plusFound = false, limit = 5000) => ({
  features: Array.from({ length: shown }, () => null as never),
  total,
  plusFound,
  limit,
});

describe('a layer switches to vector tiles above the feature count one answer carries', () => {
  it('stays on features while the view holds no more than the limit', () => {
    expect(nextLayerSource('features', answer(0, 0))).toBe('features');
    expect(nextLayerSource('features', answer(5000, 5000))).toBe('features');
  });

  it('switches to tiles when counting stopped at the limit (plus-found)', () => {
    expect(nextLayerSource('features', answer(5000, 5000, true))).toBe('tiles');
  });

  it('switches to tiles when the total counted exceeds the features answered', () => {
    expect(nextLayerSource('features', answer(12_000, 5000))).toBe('tiles');
  });

  it('stays on tiles while the view holds more than three quarters of the limit (hysteresis)', () => {
    expect(nextLayerSource('tiles', answer(5000, 5000))).toBe('tiles');
    expect(nextLayerSource('tiles', answer(3751, 3751))).toBe('tiles');
  });

  it('goes back to features once the view holds three quarters of the limit or fewer', () => {
    expect(nextLayerSource('tiles', answer(3750, 3750))).toBe('features');
    expect(nextLayerSource('tiles', answer(12, 12))).toBe('features');
  });

  it('zooming out, in and out again follows the count, not the order of views', () => {
    let source: LayerSource = 'features';
    const seen: LayerSource[] = [];
    for (const a of [answer(900, 900), answer(5000, 5000, true), answer(4200, 4200), answer(3000, 3000)]) {
      source = nextLayerSource(source, a);
      seen.push(source);
    }
    expect(seen).toEqual(['features', 'tiles', 'tiles', 'features']);
  });

  it('a count-only answer (features: []) decides as the full answer of the view would', () => {
    expect(nextLayerSource('tiles', answer(5000, 0, true), true)).toBe('tiles');
    expect(nextLayerSource('tiles', answer(3751, 0), true)).toBe('tiles');
    expect(nextLayerSource('tiles', answer(3750, 0), true)).toBe('features');
    expect(nextLayerSource('features', answer(5000, 0), true)).toBe('features');
  });
});
