export const COORDINATE_FORMATS = [
  'DegreesMinutesSeconds',
  'DegreesDecimalMinutes',
  'DecimalDegrees',
  'Degrees',
] as const;
export type CoordinateFormat = (typeof COORDINATE_FORMATS)[number];
