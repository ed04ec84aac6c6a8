/**
 * The browser's geolocation in the shape the product keeps fixes in (spec section 3, GPS position),
 * and the rows of the GPS position details. A browser reports position, accuracy, altitude and time
 * only; the receiver fields it cannot know (satellites, DOPs, DGPS) show as unknown, never as zero.
 */
import type { UserLocationFix } from '@manway/core/api/locations';
import type { CoordinateFormat } from '@manway/core/coordinates-format';
import { formatCoordinate } from '@manway/core/rules/coordinates';
import { format } from 'date-fns';

export const BROWSER_SOURCE = 'browser';
const UNKNOWN = '—';

/** Local wall-clock time as the receiver's own clock would print it, e.g. 2026-11-23 13:05:09. */
export function localTimeText(date: Date): string {
  return format(date, 'yyyy-MM-dd HH:mm:ss');
}

export function fixFromPosition(position: GeolocationPosition): UserLocationFix {
  const { coords } = position;
  const at = new Date(position.timestamp);
  return {
    latitude: coords.latitude,
    longitude: coords.longitude,
    altitude: coords.altitude,
    horizontalAccuracy: coords.accuracy,
    source: BROWSER_SOURCE,
    capturedTime: at.toISOString(),
    gps: {
      localTime: localTimeText(at),
      utcTime: at.toISOString(),
      // A fix with an altitude is a three-dimensional one; without, the browser does not say.
      fix3d: coords.altitude === null ? null : true,
    },
  };
}

export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export function failureOf(error: GeolocationPositionError): GeolocationFailure {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

export const FAILURE_TEXTS: Record<GeolocationFailure, string> = {
  denied:
    'Location access is blocked for this site. Allow it in the browser’s site settings to see your position on the map.',
  unavailable: 'Your position is not available right now. Check that location services are switched on.',
  timeout: 'Finding your position is taking longer than usual. Still trying…',
  unsupported: 'This browser cannot tell your position.',
};

const metres = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? UNKNOWN : `${value.toFixed(digits)} m`;
const plain = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? UNKNOWN : String(value);
const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? UNKNOWN : value ? 'Yes' : 'No';

const SOURCE_LABELS: Record<string, string> = { [BROWSER_SOURCE]: 'Browser location' };

/** Every field of the spec's GPS position, in its order, as label and display text. */
export function gpsDetailRows(fix: UserLocationFix, format: CoordinateFormat): [label: string, value: string][] {
  const gps = fix.gps ?? {};
  return [
    ['Latitude', formatCoordinate(fix.latitude, 'latitude', format)],
    ['Longitude', formatCoordinate(fix.longitude, 'longitude', format)],
    ['Altitude', metres(fix.altitude)],
    ['Source', SOURCE_LABELS[fix.source] ?? fix.source],
    [
      'Accuracy',
      fix.horizontalAccuracy === null || fix.horizontalAccuracy === undefined
        ? UNKNOWN
        : `± ${metres(fix.horizontalAccuracy)}`,
    ],
    ['Height', metres(gps.height)],
    ['Fix quality', plain(gps.fixQuality)],
    ['Satellites', plain(gps.satellites)],
    ['ASNR', plain(gps.asnr)],
    ['HDOP', plain(gps.hdop)],
    ['PDOP', plain(gps.pdop)],
    ['VDOP', plain(gps.vdop)],
    ['Local time', plain(gps.localTime)],
    ['UTC time', plain(gps.utcTime)],
    ['Mode', plain(gps.mode)],
    ['DGPS age', gps.dgpsAge === null || gps.dgpsAge === undefined ? UNKNOWN : `${gps.dgpsAge} s`],
    ['DGPS ID', plain(gps.dgpsId)],
    ['3D fix', yesNo(gps.fix3d)],
  ];
}
