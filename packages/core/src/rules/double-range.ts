/** Double-range values: a from-to span of decimals in a unit, such as a pipe diameter in millimetres. */
import { roundToDecimals } from './rounding';

/** Spec section 5: double-range decimals use precision 2. */
export const DOUBLE_RANGE_PRECISION = 2;

export interface DoubleRangeValue {
  unitId: string | null;
  from: number | null;
  to: number | null;
}

function roundBound(bound: number | null | undefined): number | null {
  return typeof bound === 'number' && Number.isFinite(bound) ? roundToDecimals(bound, DOUBLE_RANGE_PRECISION) : null;
}

/** Both bounds rounded to 2 decimals; a bound that is not a number is left open (null). */
export function normaliseDoubleRange(value: DoubleRangeValue): DoubleRangeValue {
  return { unitId: value.unitId, from: roundBound(value.from), to: roundBound(value.to) };
}

/** From must not exceed to; an open bound never conflicts. Compared as the user sees them, rounded. */
export function isDoubleRangeOrdered(value: DoubleRangeValue): boolean {
  const { from, to } = normaliseDoubleRange(value);
  return from === null || to === null || from <= to;
}

export function isDoubleRangeEmpty(value: DoubleRangeValue): boolean {
  const { from, to } = normaliseDoubleRange(value);
  return from === null && to === null;
}
