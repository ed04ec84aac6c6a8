/**
 * What a form needs from a map to let the user pick a location field's point. The map feature's
 * tools fit it; the edition hands them over, since features do not import each other.
 */
import { useCallback, useEffect, useRef } from 'react';
import { COORDINATE_DECIMALS } from '@manway/core/rules/coordinates';
import type { FormLocation } from '@manway/core/forms/template';

export type LonLat = [longitude: number, latitude: number];

export interface FormMap {
  /** Resolves with the next point the user clicks on the map, or null when cancelled. */
  pickPoint(): Promise<LonLat | null>;
  cancelPick(): void;
  /** Marks the point being entered, or clears the mark. */
  setEditedLocation(lonLat: LonLat | null): void;
}

const rounded = (degrees: number) => Number(degrees.toFixed(COORDINATE_DECIMALS));

/**
 * Picks a point on the map as a location value, rounded to the spec's coordinate precision, and
 * marks it. Leaving the form takes a pending pick and the mark with it.
 */
export function useMapPick(map: FormMap | undefined): (() => Promise<FormLocation | null>) | undefined {
  const marked = useRef(false);
  useEffect(
    () => () => {
      map?.cancelPick();
      if (marked.current) map?.setEditedLocation(null);
    },
    [map],
  );
  const pick = useCallback(async (): Promise<FormLocation | null> => {
    if (!map) return null;
    const point = await map.pickPoint();
    if (!point) return null;
    const location = { longitude: rounded(point[0]), latitude: rounded(point[1]) };
    map.setEditedLocation([location.longitude, location.latitude]);
    marked.current = true;
    return location;
  }, [map]);
  return map ? pick : undefined;
}
