import { describe, expect, it } from 'vitest';
import { distanceText, NEAR_REFRESH_M, nextSortPoint } from './nearest-first';

const here = { longitude: 4.9, latitude: 52.37 };
/** A point `metres` north of `here` (one degree of latitude is about 111.2 km). */
const north = (metres: number) => ({ longitude: here.longitude, latitude: here.latitude + metres / 111_195 });

describe('the point the list of work is sorted from', () => {
  it('is the first fix there is', () => {
    expect(nextSortPoint(null, here)).toEqual(here);
  });

  it('stays put while the fix wobbles within NEAR_REFRESH_M', () => {
    expect(nextSortPoint(here, north(NEAR_REFRESH_M - 5))).toBe(here);
  });

  it('moves to the fix once the crew has moved NEAR_REFRESH_M or more', () => {
    const far = north(NEAR_REFRESH_M + 5);
    expect(nextSortPoint(here, far)).toBe(far);
  });

  it('keeps the last point when the position is lost', () => {
    expect(nextSortPoint(here, null)).toBe(here);
    expect(nextSortPoint(null, null)).toBeNull();
  });
});

describe('a distance as the crew reads it', () => {
  it('is in whole metres under a kilometre', () => {
    expect(distanceText(0)).toBe('0 m');
    expect(distanceText(87.6)).toBe('88 m');
    expect(distanceText(999.4)).toBe('999 m');
  });

  it('is in kilometres with one decimal up to ten, whole kilometres beyond', () => {
    expect(distanceText(999.6)).toBe('1.0 km');
    expect(distanceText(1000)).toBe('1.0 km');
    expect(distanceText(1449)).toBe('1.4 km');
    expect(distanceText(12_600)).toBe('13 km');
  });
});
