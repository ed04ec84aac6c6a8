import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundToDecimals } from './rounding';

describe('rounding to a number of decimals', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [47.376527777, 5, 47.37653],
    [1e-7, 5, 0],
    [1.23456e-3, 5, 0.00123],
    [123, 0, 123],
  ])('rounds %d to %d decimals as %d', (value, decimals, expected) => {
    expect(roundToDecimals(value, decimals)).toBe(expected);
  });

  it('never answers negative zero', () => {
    expect(Object.is(roundToDecimals(-0.000001, 2), 0)).toBe(true);
    expect(Object.is(roundToDecimals(-0, 2), 0)).toBe(true);
  });

  it('refuses a negative or fractional number of decimals', () => {
    expect(() => roundToDecimals(1, -1)).toThrow(RangeError);
    expect(() => roundToDecimals(1, 1.5)).toThrow(RangeError);
  });

  it('moves a value by at most half a unit in the last place kept, and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 8 }),
        (value, decimals) => {
          const rounded = roundToDecimals(value, decimals);
          expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + Math.abs(value) * 1e-15);
          expect(roundToDecimals(rounded, decimals)).toBe(rounded);
        },
      ),
    );
  });

  it('mirrors positive and negative values', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 8 }), (value, decimals) => {
        expect(roundToDecimals(-value, decimals)).toBe(-roundToDecimals(value, decimals) || 0);
      }),
    );
  });
});
