/**
 * What this feature needs from a map. The map feature's tools fit it; the edition hands them over,
 * since features do not import each other.
 */
import type { CoordinateFormat } from '@manway/core/coordinates-format';

export type LonLat = [longitude: number, latitude: number];

export interface LocationMap {
  coordinateFormat: CoordinateFormat;
  setUserPosition(mark: { lonLat: LonLat; accuracyMetres: number | null } | null): void;
  setEditedLocation(lonLat: LonLat | null): void;
  centreOn(lonLat: LonLat): void;
  pickPoint(): Promise<LonLat | null>;
  cancelPick(): void;
}
