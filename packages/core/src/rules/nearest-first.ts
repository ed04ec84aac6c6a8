/**
 * The crew's list of work runs nearest first from where they stand. A position fix arrives every
 * few seconds and wobbles by metres; asking the server again for each one would reorder nothing
 * and flood it, so the point the list is sorted from moves only once the crew has moved on.
 */
import { haversineM } from '../forms/calculate';

export interface LonLatPoint {
  longitude: number;
  latitude: number;
}

/** About a manhole's spacing in a street: closer than this, the order of the work hardly changes. */
export const NEAR_REFRESH_M = 50;

/** The point to sort from: the current one until the fix is NEAR_REFRESH_M or more away from it. */
export function nextSortPoint(current: LonLatPoint | null, fix: LonLatPoint | null): LonLatPoint | null {
  if (fix === null) return current;
  if (current === null) return fix;
  const moved = haversineM([current.longitude, current.latitude], [fix.longitude, fix.latitude]);
  return moved >= NEAR_REFRESH_M ? fix : current;
}

/** A distance as the crew reads it: whole metres under a kilometre, then kilometres to one decimal. */
export function distanceText(metres: number): string {
  const whole = Math.round(metres);
  if (whole < 1000) return `${whole} m`;
  return `${(metres / 1000).toFixed(metres < 10_000 ? 1 : 0)} km`;
}
