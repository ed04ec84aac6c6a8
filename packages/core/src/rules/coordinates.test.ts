import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COORDINATE_FORMATS } from '../coordinates-format';
import {
  checkDmsLimits,
  DEFAULT_SIDE,
  dmsToDecimal,
  formatCoordinate,
  formatCoordinatePair,
  isLowAccuracy,
  LOW_ACCURACY_QUESTION,
  MAX_DEGREES,
  parseCoordinate,
  parseCoordinatePair,
  sideLetterEntry,
  type CoordinateAxis,
} from './coordinates';

const AXES: CoordinateAxis[] = ['latitude', 'longitude'];
const ok = (value: number) => ({ ok: true, value });
const error = (code: string) => ({ ok: false, error: code });

describe('coordinate limits', () => {
  it('latitude degrees at most 90, longitude degrees at most 180', () => {
    expect(parseCoordinate('90°N', 'latitude')).toEqual(ok(90));
    expect(parseCoordinate('91°N', 'latitude')).toEqual(error('DegreesOutOfRange'));
    expect(parseCoordinate('180°E', 'longitude')).toEqual(ok(180));
    expect(parseCoordinate('181°E', 'longitude')).toEqual(error('DegreesOutOfRange'));
    expect(parseCoordinate('-90.5', 'latitude')).toEqual(error('DegreesOutOfRange'));
  });

  it('minutes and seconds at most 60', () => {
    expect(parseCoordinate(`10°60'N`, 'latitude')).toEqual(ok(11));
    expect(parseCoordinate(`10°61'N`, 'latitude')).toEqual(error('MinutesOutOfRange'));
    expect(parseCoordinate(`10°0'60"N`, 'latitude')).toEqual(ok(10.01667));
    expect(parseCoordinate(`10°0'60.1"N`, 'latitude')).toEqual(error('SecondsOutOfRange'));
  });

  it('the whole value stays within range', () => {
    expect(parseCoordinate(`90°0'1"N`, 'latitude')).toEqual(error('OutOfRange'));
    expect(checkDmsLimits({ degrees: 180, minutes: 0, seconds: 0.5, side: 'W' }, 'longitude')).toBe('OutOfRange');
    expect(checkDmsLimits({ degrees: 180, side: 'W' }, 'longitude')).toBeNull();
  });
});

describe('side letters', () => {
  it('the side letter must be N or S for latitude and E or W for longitude', () => {
    expect(parseCoordinate('47°E', 'latitude')).toEqual(error('InvalidSide'));
    expect(parseCoordinate('8°N', 'longitude')).toEqual(error('InvalidSide'));
    expect(sideLetterEntry('E', 'latitude')).toBeNull();
    expect(sideLetterEntry('x', 'longitude')).toBeNull();
  });

  it('case-insensitive, upper-cased on entry', () => {
    expect(sideLetterEntry('s', 'latitude')).toBe('S');
    expect(sideLetterEntry('w', 'longitude')).toBe('W');
    expect(parseCoordinate(`47°22'35.5"s`, 'latitude')).toEqual(parseCoordinate(`47°22'35.5"S`, 'latitude'));
  });

  it('a missing side letter defaults to N for latitude and W for longitude', () => {
    expect(DEFAULT_SIDE).toEqual({ latitude: 'N', longitude: 'W' });
    expect(sideLetterEntry('', 'latitude')).toBe('N');
    expect(sideLetterEntry(' ', 'longitude')).toBe('W');
    expect(parseCoordinate(`47°22'35.5"`, 'latitude')).toEqual(ok(47.37653));
    expect(parseCoordinate(`8°32'28.1"`, 'longitude')).toEqual(ok(-8.54114));
    expect(parseCoordinate('8.54114', 'longitude', { format: 'Degrees' })).toEqual(ok(-8.54114));
  });

  it('a signed decimal needs no side letter: its sign says where it lies', () => {
    expect(parseCoordinate('8.54114', 'longitude', { format: 'DecimalDegrees' })).toEqual(ok(8.54114));
    expect(parseCoordinate('8.54114', 'longitude')).toEqual(ok(8.54114));
    expect(parseCoordinate('-8.54114', 'longitude', { format: 'DegreesMinutesSeconds' })).toEqual(ok(-8.54114));
  });

  it('refuses a minus sign together with a side letter', () => {
    expect(parseCoordinate('-47°N', 'latitude')).toEqual(error('Malformed'));
  });

  it('reads the side letter before the number as well as after it', () => {
    expect(parseCoordinate(`S 47°22'35.5"`, 'latitude')).toEqual(ok(-47.37653));
    expect(parseCoordinate(`N47°S`, 'latitude')).toEqual(error('Malformed'));
  });
});

describe('degree-minute-second conversion', () => {
  it('converts to decimal degrees (minutes/60, seconds/3600), negated for S or W', () => {
    expect(dmsToDecimal({ degrees: 47, minutes: 22, seconds: 35.5, side: 'N' })).toBe(47.37653);
    expect(dmsToDecimal({ degrees: 8, minutes: 32, seconds: 28.1, side: 'W' })).toBe(-8.54114);
    expect(dmsToDecimal({ degrees: 33, minutes: 30, side: 'S' })).toBe(-33.5);
  });

  it('rounds to 5 decimals unless marked not round', () => {
    expect(dmsToDecimal({ degrees: 0, minutes: 0, seconds: 1, side: 'N' })).toBe(0.00028);
    expect(dmsToDecimal({ degrees: 0, minutes: 0, seconds: 1, side: 'N' }, { notRound: true })).toBe(1 / 3600);
    expect(parseCoordinate(`0°0'1"N`, 'latitude', { notRound: true })).toEqual(ok(1 / 3600));
  });

  it('S and W mirror N and E exactly', () => {
    fc.assert(
      fc.property(
        fc.nat(89),
        fc.nat(59),
        fc.double({ min: 0, max: 59.999, noNaN: true }),
        (degrees, minutes, seconds) => {
          const north = dmsToDecimal({ degrees, minutes, seconds, side: 'N' });
          expect(dmsToDecimal({ degrees, minutes, seconds, side: 'S' })).toBe(-north || 0);
        },
      ),
    );
  });
});

describe('reading the four notations', () => {
  it.each([
    [`47°22'35.5"N`, 47.37653],
    [`47° 22' 35.5" N`, 47.37653],
    [`47 22 35.5 N`, 47.37653],
    [`47°22′35.5″N`, 47.37653],
    [`47°22'35.5''N`, 47.37653],
    [`47°22.5917'N`, 47.37653],
    [`47.37653°N`, 47.37653],
    [`47.37653`, 47.37653],
    [`-47.37653`, -47.37653],
    [`.5`, 0.5],
  ])('reads %s', (text, value) => {
    expect(parseCoordinate(text, 'latitude')).toEqual(ok(value));
  });

  it.each([``, `   `])('answers Empty for %j', (text) => {
    expect(parseCoordinate(text, 'latitude')).toEqual(error('Empty'));
  });

  it.each([`47.5°30'N`, `47'22°N`, `47°22'35"10N`, `1 2 3 4`, `abc`, `N`, `47.5.3`, `1e5`, `--4`])(
    'answers Malformed for %s',
    (text) => {
      expect(parseCoordinate(text, 'latitude')).toEqual(error('Malformed'));
    },
  );

  it('never answers a value beyond the axis range, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...AXES), (text, axis) => {
        const result = parseCoordinate(text, axis);
        if (result.ok) expect(Math.abs(result.value)).toBeLessThanOrEqual(MAX_DEGREES[axis]);
      }),
    );
  });
});

describe('writing the four notations with the 5-decimal mask', () => {
  it.each([
    ['DegreesMinutesSeconds', `47°22'35.50800"N`, `8°32'28.10400"W`],
    ['DegreesDecimalMinutes', `47°22.59180'N`, `8°32.46840'W`],
    ['DecimalDegrees', `47.37653`, `-8.54114`],
    ['Degrees', `47.37653°N`, `8.54114°W`],
  ] as const)('%s', (format, latitude, longitude) => {
    expect(formatCoordinate(47.37653, 'latitude', format)).toBe(latitude);
    expect(formatCoordinate(-8.54114, 'longitude', format)).toBe(longitude);
  });

  it('carries 59.999999 seconds into the next minute rather than showing 60', () => {
    expect(formatCoordinate(10 + 59 / 60 + 59.999999 / 3600, 'latitude', 'DegreesMinutesSeconds')).toBe(
      `11°00'00.00000"N`,
    );
  });

  it('writes zero on the positive side, even when a tiny negative rounds to it', () => {
    expect(formatCoordinate(-1e-10, 'longitude', 'DegreesMinutesSeconds')).toBe(`0°00'00.00000"E`);
    expect(formatCoordinate(-1e-10, 'longitude', 'DegreesDecimalMinutes')).toBe(`0°00.00000'E`);
    expect(formatCoordinate(-0.000001, 'longitude', 'DecimalDegrees')).toBe('0.00000');
    expect(formatCoordinate(-0.000001, 'latitude', 'Degrees')).toBe('0.00000°N');
  });

  it('reads back what it writes within 1e-5, for every format over the valid range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COORDINATE_FORMATS),
        fc.constantFrom(...AXES),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (format, axis, fraction) => {
          const value = fraction * MAX_DEGREES[axis];
          const result = parseCoordinate(formatCoordinate(value, axis, format), axis, { format });
          expect(result.ok).toBe(true);
          if (result.ok) expect(Math.abs(result.value - value)).toBeLessThanOrEqual(1e-5);
        },
      ),
    );
  });
});

describe('coordinate pairs', () => {
  it.each([
    [`47°22'35.5"N 8°32'28.1"E`, 47.37653, 8.54114],
    [`47.37653, 8.54114`, 47.37653, 8.54114],
    [`47.37653 8.54114`, 47.37653, 8.54114],
    [`47 22 35.5 N 8 32 28.1 E`, 47.37653, 8.54114],
    [`N 47 22 35.5 E 8 32 28.1`, 47.37653, 8.54114],
    [`8°32'28.1"E 47°22'35.5"N`, 47.37653, 8.54114],
    [`-33.85678; 151.21564`, -33.85678, 151.21564],
  ])('reads %s', (text, latitude, longitude) => {
    expect(parseCoordinatePair(text)).toEqual({ ok: true, latitude, longitude });
  });

  it('refuses a pair that can be split more than one way', () => {
    expect(parseCoordinatePair('47 22 8 32')).toEqual(error('Ambiguous'));
  });

  it('reports why a single reading failed', () => {
    expect(parseCoordinatePair('95, 8')).toEqual(error('DegreesOutOfRange'));
    expect(parseCoordinatePair('')).toEqual(error('Empty'));
    expect(parseCoordinatePair('1, 2, 3')).toEqual(error('Malformed'));
    expect(parseCoordinatePair('hello world')).toEqual(error('Malformed'));
  });

  it('reads back every pair it writes within 1e-5', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COORDINATE_FORMATS),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (format, latitude, longitude) => {
          const result = parseCoordinatePair(formatCoordinatePair({ latitude, longitude }, format));
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(Math.abs(result.latitude - latitude)).toBeLessThanOrEqual(1e-5);
          expect(Math.abs(result.longitude - longitude)).toBeLessThanOrEqual(1e-5);
        },
      ),
    );
  });
});

describe('low GPS accuracy', () => {
  it("asks 'Use these coordinates anyway?'", () => {
    expect(LOW_ACCURACY_QUESTION).toBe('Use these coordinates anyway?');
  });

  it('is low when worse than the threshold in its unit', () => {
    expect(isLowAccuracy(5.1, { threshold: 5, unit: 'm' })).toBe(true);
    expect(isLowAccuracy(5, { threshold: 5, unit: 'm' })).toBe(false);
    // 10 ft is 3.048 m.
    expect(isLowAccuracy(3.1, { threshold: 10, unit: 'ft' })).toBe(true);
    expect(isLowAccuracy(3, { threshold: 10, unit: 'ft' })).toBe(false);
  });

  it('counts an unknown accuracy as low', () => {
    expect(isLowAccuracy(Number.NaN, { threshold: 5, unit: 'm' })).toBe(true);
  });

  it('a fix is low in feet exactly when it is low in the same threshold converted to metres', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0.1, max: 1000, noNaN: true }),
        (accuracy, feet) => {
          expect(isLowAccuracy(accuracy, { threshold: feet, unit: 'ft' })).toBe(
            isLowAccuracy(accuracy, { threshold: feet * 0.3048, unit: 'm' }),
          );
        },
      ),
    );
  });
});
