/**
 * What the location editor makes of typed coordinates: the core parser reads the notation, this
 * words its answer for the person typing (docs/decisions/0005 leaves the wording to the screens).
 */
import type { CoordinateError, CoordinatePair } from '@manway/core/rules/coordinates';
import { parseCoordinatePair } from '@manway/core/rules/coordinates';

export const COORDINATE_ERROR_TEXTS: Record<CoordinateError | 'Ambiguous', string> = {
  Empty: 'Enter the latitude and the longitude.',
  Malformed: 'These are not coordinates in a known format. Example: 47°22\'35.5"N 8°32\'28.1"E',
  InvalidSide: 'The side letter must be N or S for latitude and E or W for longitude.',
  DegreesOutOfRange: 'Latitude degrees are at most 90 and longitude degrees at most 180.',
  MinutesOutOfRange: 'Minutes are at most 60.',
  SecondsOutOfRange: 'Seconds are at most 60.',
  OutOfRange: 'Latitude is at most 90° and longitude at most 180°.',
  Ambiguous: 'Separate the latitude and the longitude with a comma.',
};

export type CoordinateEntry = { ok: true; pair: CoordinatePair } | { ok: false; message: string };

export function readCoordinateEntry(text: string): CoordinateEntry {
  const result = parseCoordinatePair(text);
  if (!result.ok) return { ok: false, message: COORDINATE_ERROR_TEXTS[result.error] };
  return { ok: true, pair: { latitude: result.latitude, longitude: result.longitude } };
}
