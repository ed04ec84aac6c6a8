import { describe, expect, it } from 'vitest';
import { COORDINATE_ERROR_TEXTS, readCoordinateEntry } from './coordinateEntry';
import { CLEARED, draftFrom, fromPoint, typed, updateFrom } from './locationDraft';

describe('coordinate entry in the location editor', () => {
  it.each([
    [`47°22'35.5"N 8°32'28.1"E`, 47.37653, 8.54114],
    [`47°22.5917'N 8°32.4683'E`, 47.37653, 8.54114],
    [`47.37653, 8.54114`, 47.37653, 8.54114],
    [`47.37653°N 8.54114°E`, 47.37653, 8.54114],
    [`8°32'28.1"E 47°22'35.5"N`, 47.37653, 8.54114],
  ])('reads %s in any of the four formats', (text, latitude, longitude) => {
    expect(readCoordinateEntry(text)).toEqual({ ok: true, pair: { latitude, longitude } });
  });

  it('a missing side letter means north for latitude and west for longitude', () => {
    expect(readCoordinateEntry(`47°22'35.5" 8°32'28.1"`)).toEqual({
      ok: true,
      pair: { latitude: 47.37653, longitude: -8.54114 },
    });
  });

  it.each([
    ['', 'Empty'],
    [`91°00'00"N 8°E`, 'DegreesOutOfRange'],
    [`47°61'N 8°E`, 'MinutesOutOfRange'],
    [`47°22'35.5"E 8°32'28.1"E`, 'InvalidSide'],
    ['somewhere', 'Malformed'],
  ] as const)('words what is wrong with %j', (text, code) => {
    expect(readCoordinateEntry(text)).toEqual({ ok: false, message: COORDINATE_ERROR_TEXTS[code] });
  });
});

describe('location drafts', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const stored = {
    longitude: 8.54114,
    latitude: 47.37653,
    altitude: null,
    horizontalAccuracy: null,
    source: 'imported-from-gis' as const,
    capturedTime: null,
    gps: null,
    version: 3,
  };

  it('editing starts from the stored location in the user’s format', () => {
    expect(draftFrom(stored, 'DegreesMinutesSeconds').text).toBe(`47°22'35.50800"N 8°32'28.10400"E`);
    expect(draftFrom(null, 'DecimalDegrees').text).toBe('');
  });

  it('typed coordinates are sent as collected now, with the version read', () => {
    expect(updateFrom(typed(`47°22'35.5"N 8°32'28.1"E`), 3, now)).toEqual({
      ok: true,
      update: {
        latitude: 47.37653,
        longitude: 8.54114,
        altitude: null,
        horizontalAccuracy: null,
        capturedTime: '2026-11-23T12:00:00.000Z',
        gps: null,
        source: 'collected',
        version: 3,
      },
    });
  });

  it('GPS coordinates keep their fix until the user types over them', () => {
    const fix = { altitude: 410, horizontalAccuracy: 4, capturedTime: '2026-11-23T11:59:00.000Z', gps: null };
    const draft = fromPoint({ latitude: 47.1, longitude: 8.2 }, 'DecimalDegrees', fix);
    const result = updateFrom(draft, null, now);
    expect(result.ok && result.update).toMatchObject({ ...fix, version: null });
    const retyped = updateFrom(typed(draft.text), null, now);
    expect(retyped.ok && retyped.update.horizontalAccuracy).toBeNull();
  });

  it('a cleared draft cannot be confirmed', () => {
    expect(updateFrom(CLEARED, 3, now)).toEqual({ ok: false, message: COORDINATE_ERROR_TEXTS.Empty });
  });
});
