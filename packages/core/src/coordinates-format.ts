export const COORDINATE_FORMATS = [
  'DegreesMinutesSeconds',
  'DegreesDecimalMinutes',
  'DecimalDegrees',
  'Degrees',
] as const;
export type CoordinateFormat = (typeof COORDINATE_FORMATS)[number];

/** How each format is named where a person chooses one. */
export const COORDINATE_FORMAT_NAMES: Record<CoordinateFormat, string> = {
  DegreesMinutesSeconds: 'Degrees, minutes, seconds',
  DegreesDecimalMinutes: 'Degrees, decimal minutes',
  DecimalDegrees: 'Decimal degrees',
  Degrees: 'Degrees',
};
