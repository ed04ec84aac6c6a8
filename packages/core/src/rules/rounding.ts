/**
 * Decimal rounding that agrees with what a person reads: 1.005 to two places is 1.01, although the
 * binary double nearest 1.005 sits just below it and `Math.round(x * 100) / 100` answers 1.
 */

/** Rounds half away from zero, so -1.5 and 1.5 mirror each other. Never answers -0. */
export function roundToDecimals(value: number, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError('decimals must be a whole number ≥ 0');
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const rounded = shiftDecimalPoint(Math.round(shiftDecimalPoint(magnitude, decimals)), -decimals);
  // A value too large to shift (1e300 to 20 places) is already as precise as a double can be.
  const result = Number.isFinite(rounded) ? rounded : magnitude;
  return value < 0 && result !== 0 ? -result : result;
}

/** Moves the decimal point in the number's printed digits rather than multiplying in binary. */
function shiftDecimalPoint(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}
