/**
 * Coordinates as people type and read them (spec sections 3, 4 and 5): four notations, side
 * letters, limits, and the question asked when a GPS fix is too inaccurate to trust.
 *
 * The notations, for 47.37653 north and 8.54114 west:
 * - DegreesMinutesSeconds  47°22'35.50800"N   8°32'28.10400"W
 * - DegreesDecimalMinutes  47°22.59180'N      8°32.46840'W
 * - DecimalDegrees         47.37653           -8.54114        (signed, no side letter)
 * - Degrees                47.37653°N         8.54114°W
 * The last number always shows 5 decimals, the spec's mask.
 */
import type { AccuracySettings } from '../api/settings';
import type { CoordinateFormat } from '../coordinates-format';
import { roundToDecimals } from './rounding';

export type CoordinateAxis = 'latitude' | 'longitude';
export type LatitudeSide = 'N' | 'S';
export type LongitudeSide = 'E' | 'W';
export type CoordinateSide = LatitudeSide | LongitudeSide;

export const COORDINATE_DECIMALS = 5;
export const MAX_DEGREES: Readonly<Record<CoordinateAxis, number>> = { latitude: 90, longitude: 180 };
export const MAX_MINUTES = 60;
export const MAX_SECONDS = 60;

const SIDES: Readonly<Record<CoordinateAxis, readonly [positive: CoordinateSide, negative: CoordinateSide]>> = {
  latitude: ['N', 'S'],
  longitude: ['E', 'W'],
};

/** Spec section 4: a missing side letter defaults to N for latitude and W for longitude. */
export const DEFAULT_SIDE: Readonly<Record<CoordinateAxis, CoordinateSide>> = { latitude: 'N', longitude: 'W' };

export function isNegativeSide(side: CoordinateSide): boolean {
  return side === 'S' || side === 'W';
}

function isSideOf(letter: string, axis: CoordinateAxis): letter is CoordinateSide {
  return SIDES[axis].includes(letter as CoordinateSide);
}

/**
 * What a side-letter box holds after the user types `input`: the letter upper-cased when it belongs
 * to the axis, the default side when the box is left empty, and null for anything else.
 */
export function sideLetterEntry(input: string, axis: CoordinateAxis): CoordinateSide | null {
  const letter = input.trim().toUpperCase();
  if (letter === '') return DEFAULT_SIDE[axis];
  return isSideOf(letter, axis) ? letter : null;
}

/** The side a decimal value lies on; zero counts as north or east. */
export function sideOf(value: number, axis: CoordinateAxis): CoordinateSide {
  return value < 0 ? SIDES[axis][1] : SIDES[axis][0];
}

export interface DmsParts {
  degrees: number;
  minutes?: number;
  seconds?: number;
  side: CoordinateSide;
}

export interface RoundingOption {
  /** Keeps every digit instead of rounding to the 5-decimal coordinate precision. */
  notRound?: boolean;
}

/** Degrees + minutes/60 + seconds/3600, negated for S or W, rounded to 5 decimals unless notRound. */
export function dmsToDecimal(parts: DmsParts, options: RoundingOption = {}): number {
  const magnitude = parts.degrees + (parts.minutes ?? 0) / 60 + (parts.seconds ?? 0) / 3600;
  const value = isNegativeSide(parts.side) ? -magnitude : magnitude;
  return options.notRound ? value || 0 : roundToDecimals(value, COORDINATE_DECIMALS);
}

export type CoordinateError =
  | 'Empty'
  | 'Malformed'
  | 'InvalidSide'
  | 'DegreesOutOfRange'
  | 'MinutesOutOfRange'
  | 'SecondsOutOfRange'
  | 'OutOfRange';

/** Latitude degrees at most 90, longitude at most 180, minutes and seconds at most 60, and the whole value in range. */
export function checkDmsLimits(parts: DmsParts, axis: CoordinateAxis): CoordinateError | null {
  const { degrees, minutes = 0, seconds = 0 } = parts;
  if (![degrees, minutes, seconds].every((n) => Number.isFinite(n) && n >= 0)) return 'Malformed';
  if (!isSideOf(parts.side, axis)) return 'InvalidSide';
  if (degrees > MAX_DEGREES[axis]) return 'DegreesOutOfRange';
  if (minutes > MAX_MINUTES) return 'MinutesOutOfRange';
  if (seconds > MAX_SECONDS) return 'SecondsOutOfRange';
  if (degrees + minutes / 60 + seconds / 3600 > MAX_DEGREES[axis]) return 'OutOfRange';
  return null;
}

export function isWithinRange(value: number, axis: CoordinateAxis): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_DEGREES[axis];
}

export type CoordinateParseResult = { ok: true; value: number } | { ok: false; error: CoordinateError };

export interface ParseCoordinateOptions extends RoundingOption {
  /**
   * The notation the field shows. Any notation is read whatever it is; the format only settles what
   * a bare number without a side letter means: signed in DecimalDegrees, on the default side
   * otherwise. Without a format a lone bare number is read as signed, as people paste them.
   */
  format?: CoordinateFormat;
}

type Unit = 'degrees' | 'minutes' | 'seconds';
const UNITS: readonly Unit[] = ['degrees', 'minutes', 'seconds'];
const UNIT_MARKS: Readonly<Record<string, Unit>> = {
  '°': 'degrees',
  º: 'degrees',
  '˚': 'degrees',
  "'": 'minutes',
  '′': 'minutes',
  '’': 'minutes',
  '"': 'seconds',
  '″': 'seconds',
  '”': 'seconds',
  "''": 'seconds',
  '′′': 'seconds',
};
// Two-character marks come first so '' is read as seconds, not as two minute marks.
const COMPONENT = /(\d+(?:\.\d*)?|\.\d+)(\s*)(''|′′|[°º˚'′’"″”])?(\s*)/y;

interface Notation {
  sign: '+' | '-' | null;
  side: string | null;
  numbers: string[];
  hasUnitMarks: boolean;
}

function readNotation(text: string): Notation | CoordinateError {
  let rest = text.trim().toUpperCase();
  if (rest === '') return 'Empty';

  let side: string | null = null;
  const leading = /^([NSEW])\s*/.exec(rest);
  if (leading) {
    side = leading[1] ?? null;
    rest = rest.slice(leading[0].length);
  }
  const trailing = /\s*([NSEW])$/.exec(rest);
  if (trailing) {
    if (side) return 'Malformed';
    side = trailing[1] ?? null;
    rest = rest.slice(0, trailing.index);
  }
  let sign: Notation['sign'] = null;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest[0] as '+' | '-';
    rest = rest.slice(1).trimStart();
  }

  const numbers: string[] = [];
  let hasUnitMarks = false;
  COMPONENT.lastIndex = 0;
  while (COMPONENT.lastIndex < rest.length) {
    const match = COMPONENT.exec(rest);
    if (!match || numbers.length === UNITS.length) return 'Malformed';
    const [, number = '', spaceBefore, mark, spaceAfter] = match;
    if (mark) {
      hasUnitMarks = true;
      if (UNIT_MARKS[mark] !== UNITS[numbers.length]) return 'Malformed';
    }
    const separated = !!mark || !!spaceBefore || !!spaceAfter || COMPONENT.lastIndex === rest.length;
    if (!separated) return 'Malformed';
    numbers.push(number);
  }
  if (numbers.length === 0) return 'Malformed';
  // Only the last part may carry decimals: 47.5°30' says two different things.
  if (numbers.slice(0, -1).some((n) => n.includes('.'))) return 'Malformed';
  return { sign, side, numbers, hasUnitMarks };
}

/** Reads one latitude or longitude in any of the four notations. */
export function parseCoordinate(
  text: string,
  axis: CoordinateAxis,
  options: ParseCoordinateOptions = {},
): CoordinateParseResult {
  const notation = readNotation(text);
  if (typeof notation === 'string') return { ok: false, error: notation };
  const { sign, numbers } = notation;

  if (notation.side && sign) return { ok: false, error: 'Malformed' };
  if (notation.side && !isSideOf(notation.side, axis)) return { ok: false, error: 'InvalidSide' };

  const bareNumber = !notation.side && !sign && numbers.length === 1 && !notation.hasUnitMarks;
  const readAsSigned = options.format === 'DecimalDegrees' || (options.format === undefined && bareNumber);
  const [positive, negative] = SIDES[axis];
  let side: CoordinateSide;
  if (notation.side) side = notation.side as CoordinateSide;
  else if (sign) side = sign === '-' ? negative : positive;
  else side = readAsSigned ? positive : DEFAULT_SIDE[axis];

  const [degrees = 0, minutes = 0, seconds = 0] = numbers.map(Number);
  const parts: DmsParts = { degrees, minutes, seconds, side };
  const error = checkDmsLimits(parts, axis);
  if (error) return { ok: false, error };
  return { ok: true, value: dmsToDecimal(parts, options) };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const SCALE = 10 ** COORDINATE_DECIMALS;

/** Whole units and the 5 decimals after them, from a count of hundred-thousandths. */
function withDecimals(scaledUnits: number): string {
  return `${Math.floor(scaledUnits / SCALE)}.${String(scaledUnits % SCALE).padStart(COORDINATE_DECIMALS, '0')}`;
}

/**
 * Writes a decimal coordinate in a notation. Everything is counted in whole hundred-thousandths of
 * the last unit, so 59.999999" carries into the next minute instead of printing as 60.00000".
 */
export function formatCoordinate(value: number, axis: CoordinateAxis, format: CoordinateFormat): string {
  if (!Number.isFinite(value)) return '';
  const magnitude = Math.abs(value);

  switch (format) {
    case 'DegreesMinutesSeconds': {
      const units = Math.round(magnitude * 3600 * SCALE);
      if (units === 0) return `0°00'00.00000"${SIDES[axis][0]}`;
      const degrees = Math.floor(units / (3600 * SCALE));
      const minutes = Math.floor((units - degrees * 3600 * SCALE) / (60 * SCALE));
      const seconds = units - degrees * 3600 * SCALE - minutes * 60 * SCALE;
      return `${degrees}°${pad2(minutes)}'${withDecimals(seconds).padStart(8, '0')}"${sideOf(value, axis)}`;
    }
    case 'DegreesDecimalMinutes': {
      const units = Math.round(magnitude * 60 * SCALE);
      if (units === 0) return `0°00.00000'${SIDES[axis][0]}`;
      const degrees = Math.floor(units / (60 * SCALE));
      const minutes = units - degrees * 60 * SCALE;
      return `${degrees}°${withDecimals(minutes).padStart(8, '0')}'${sideOf(value, axis)}`;
    }
    case 'DecimalDegrees': {
      const units = Math.round(magnitude * SCALE);
      return `${value < 0 && units > 0 ? '-' : ''}${withDecimals(units)}`;
    }
    case 'Degrees': {
      const units = Math.round(magnitude * SCALE);
      return `${withDecimals(units)}°${units === 0 ? SIDES[axis][0] : sideOf(value, axis)}`;
    }
  }
}

export interface CoordinatePair {
  latitude: number;
  longitude: number;
}

export type CoordinatePairResult =
  ({ ok: true } & CoordinatePair) | { ok: false; error: CoordinateError | 'Ambiguous' };

/** Latitude first, as people say it; a comma for signed decimals, a space between sided values. */
export function formatCoordinatePair(pair: CoordinatePair, format: CoordinateFormat): string {
  const separator = format === 'DecimalDegrees' ? ', ' : ' ';
  return `${formatCoordinate(pair.latitude, 'latitude', format)}${separator}${formatCoordinate(pair.longitude, 'longitude', format)}`;
}

/**
 * Reads a pasted pair such as `47°22'35.5"N 8°32'28.1"E` or `47.37653, 8.54114`. Latitude comes
 * first unless the side letters say otherwise. Without a comma every split at a space is tried, and
 * the pair is accepted only when exactly one split reads as two coordinates.
 */
export function parseCoordinatePair(text: string, options: RoundingOption = {}): CoordinatePairResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'Empty' };

  let splits: [string, string][];
  if (/[,;]/.test(trimmed)) {
    const halves = trimmed.split(/[,;]/);
    if (halves.length !== 2) return { ok: false, error: 'Malformed' };
    splits = [halves as [string, string]];
  } else {
    const words = trimmed.split(/\s+/);
    splits = words.slice(1).map((_, i) => [words.slice(0, i + 1).join(' '), words.slice(i + 1).join(' ')]);
  }

  const readings = splits.map(([first, second]) => readPair(first, second, options));
  const found = readings.filter((reading): reading is { ok: true } & CoordinatePair => reading.ok);
  const distinct = new Set(found.map((pair) => `${pair.latitude} ${pair.longitude}`));
  if (distinct.size > 1) return { ok: false, error: 'Ambiguous' };
  if (found[0]) return found[0];
  return readings.length === 1 && readings[0] ? readings[0] : { ok: false, error: 'Malformed' };
}

function axisNamedBy(text: string): CoordinateAxis | null {
  const upper = text.toUpperCase();
  if (/[NS]/.test(upper)) return 'latitude';
  if (/[EW]/.test(upper)) return 'longitude';
  return null;
}

function readPair(first: string, second: string, options: RoundingOption): CoordinatePairResult {
  const longitudeFirst = axisNamedBy(first) === 'longitude' || axisNamedBy(second) === 'latitude';
  const [latitudeText, longitudeText] = longitudeFirst ? [second, first] : [first, second];
  const latitude = parseCoordinate(latitudeText, 'latitude', options);
  if (!latitude.ok) return latitude;
  const longitude = parseCoordinate(longitudeText, 'longitude', options);
  if (!longitude.ok) return longitude;
  return { ok: true, latitude: latitude.value, longitude: longitude.value };
}

export const LOW_ACCURACY_QUESTION = 'Use these coordinates anyway?';
export const METRES_PER_FOOT = 0.3048;

/**
 * Whether a fix's horizontal accuracy (in metres, as receivers report it) is worse than the
 * configured threshold, which may be set in feet. An unknown accuracy cannot be vouched for, so it
 * counts as low.
 */
export function isLowAccuracy(accuracyMetres: number, settings: Pick<AccuracySettings, 'threshold' | 'unit'>): boolean {
  if (!Number.isFinite(accuracyMetres)) return true;
  const thresholdMetres = settings.unit === 'ft' ? settings.threshold * METRES_PER_FOOT : settings.threshold;
  return accuracyMetres > thresholdMetres;
}
