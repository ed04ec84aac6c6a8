import { describe, expect, it } from 'vitest';
import { failureOf, fixFromPosition, gpsDetailRows } from './positionFix';

export function position(
  overrides: Partial<GeolocationCoordinates> = {},
  timestamp = Date.UTC(2026, 10, 23, 12, 5, 9),
) {
  return {
    timestamp,
    coords: {
      latitude: 47.37653,
      longitude: 8.54114,
      altitude: null,
      accuracy: 12,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
      ...overrides,
    },
  } as GeolocationPosition;
}

describe('GPS position from the browser', () => {
  it('keeps position, accuracy, altitude and time in the shape the server stores', () => {
    const fix = fixFromPosition(position({ altitude: 411.5 }));
    expect(fix).toMatchObject({
      latitude: 47.37653,
      longitude: 8.54114,
      altitude: 411.5,
      horizontalAccuracy: 12,
      source: 'browser',
      capturedTime: '2026-11-23T12:05:09.000Z',
      gps: { utcTime: '2026-11-23T12:05:09.000Z', fix3d: true },
    });
    expect(fix.gps?.localTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:09$/);
    expect(fixFromPosition(position()).gps?.fix3d).toBeNull();
  });

  it('details every field of the spec’s GPS position, unknown ones as a dash', () => {
    const rows = gpsDetailRows(fixFromPosition(position()), 'DegreesMinutesSeconds');
    expect(rows.map(([label]) => label)).toEqual([
      'Latitude',
      'Longitude',
      'Altitude',
      'Source',
      'Accuracy',
      'Height',
      'Fix quality',
      'Satellites',
      'ASNR',
      'HDOP',
      'PDOP',
      'VDOP',
      'Local time',
      'UTC time',
      'Mode',
      'DGPS age',
      'DGPS ID',
      '3D fix',
    ]);
    const value = Object.fromEntries(rows);
    expect(value['Latitude']).toBe(`47°22'35.50800"N`);
    expect(value['Longitude']).toBe(`8°32'28.10400"E`);
    expect(value['Accuracy']).toBe('± 12.0 m');
    expect(value['Source']).toBe('Browser location');
    expect(value['Satellites']).toBe('—');
    expect(value['UTC time']).toBe('2026-11-23T12:05:09.000Z');
  });

  it('shows the coordinates in each of the four formats', () => {
    const fix = fixFromPosition(position());
    const latitude = (f: Parameters<typeof gpsDetailRows>[1]) => gpsDetailRows(fix, f)[0]![1];
    expect(latitude('DegreesDecimalMinutes')).toBe(`47°22.59180'N`);
    expect(latitude('DecimalDegrees')).toBe('47.37653');
    expect(latitude('Degrees')).toBe('47.37653°N');
  });

  it('tells a refused permission from an unavailable position', () => {
    const error = (code: number) =>
      ({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;
    expect(failureOf(error(1))).toBe('denied');
    expect(failureOf(error(2))).toBe('unavailable');
    expect(failureOf(error(3))).toBe('timeout');
  });
});
