import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDoubleRangeEmpty, isDoubleRangeOrdered, normaliseDoubleRange } from './double-range';

describe('double-range values', () => {
  it('double-range decimals use precision 2', () => {
    expect(normaliseDoubleRange({ unitId: 'mm', from: 1.005, to: 2.344 })).toEqual({
      unitId: 'mm',
      from: 1.01,
      to: 2.34,
    });
  });

  it('leaves a bound that is not a number open', () => {
    expect(normaliseDoubleRange({ unitId: null, from: Number.NaN, to: null })).toEqual({
      unitId: null,
      from: null,
      to: null,
    });
    expect(isDoubleRangeEmpty({ unitId: 'mm', from: null, to: null })).toBe(true);
    expect(isDoubleRangeEmpty({ unitId: 'mm', from: 0, to: null })).toBe(false);
  });

  it('from must not exceed to', () => {
    expect(isDoubleRangeOrdered({ unitId: 'mm', from: 2, to: 1 })).toBe(false);
    expect(isDoubleRangeOrdered({ unitId: 'mm', from: 1, to: 1 })).toBe(true);
    expect(isDoubleRangeOrdered({ unitId: 'mm', from: 5, to: null })).toBe(true);
  });

  it('compares the bounds as they are shown, rounded', () => {
    expect(isDoubleRangeOrdered({ unitId: 'mm', from: 1.001, to: 1.004 })).toBe(true);
    expect(isDoubleRangeOrdered({ unitId: 'mm', from: 1.004, to: 1.001 })).toBe(true);
  });

  it('rounding is idempotent and never reorders an ordered range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (a, b) => {
          const range = { unitId: 'm', from: Math.min(a, b), to: Math.max(a, b) };
          const once = normaliseDoubleRange(range);
          expect(normaliseDoubleRange(once)).toEqual(once);
          expect(isDoubleRangeOrdered(range)).toBe(true);
        },
      ),
    );
  });
});
