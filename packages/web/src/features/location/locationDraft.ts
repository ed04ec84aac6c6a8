/**
 * The location editor's draft: typed, picked or GPS coordinates on their way to a LocationUpdate.
 * Coordinates typed or picked carry no fix of their own; GPS ones keep the fix they came with
 * until the text is changed by hand.
 */
import type { LocationUpdate, LocationValue } from '@manway/core/api/locations';
import type { CoordinateFormat } from '@manway/core/coordinates-format';
import { formatCoordinatePair, type CoordinatePair } from '@manway/core/rules/coordinates';
import { readCoordinateEntry } from './coordinateEntry';

export type DraftFix = Pick<LocationUpdate, 'altitude' | 'horizontalAccuracy' | 'capturedTime' | 'gps'>;

export interface LocationDraft {
  text: string;
  /** Set when the coordinates came from a GPS fix, cleared once the user types over them. */
  fix: DraftFix | null;
}

/** Editing starts from what is stored, written in the user's format. */
export function draftFrom(stored: LocationValue | null, format: CoordinateFormat): LocationDraft {
  return { text: stored ? formatCoordinatePair(stored, format) : '', fix: null };
}

export function typed(text: string): LocationDraft {
  return { text, fix: null };
}

export function fromPoint(pair: CoordinatePair, format: CoordinateFormat, fix: DraftFix | null = null): LocationDraft {
  return { text: formatCoordinatePair(pair, format), fix };
}

export const CLEARED: LocationDraft = { text: '', fix: null };

export type DraftResult = { ok: true; update: LocationUpdate } | { ok: false; message: string };

/** The update to send for a draft; `version` is the one read, so a stale edit answers 409. */
export function updateFrom(draft: LocationDraft, version: number | null, now: Date): DraftResult {
  const entry = readCoordinateEntry(draft.text);
  if (!entry.ok) return entry;
  const fix = draft.fix ?? { altitude: null, horizontalAccuracy: null, capturedTime: now.toISOString(), gps: null };
  return {
    ok: true,
    update: { ...entry.pair, ...fix, source: 'collected', version },
  };
}
