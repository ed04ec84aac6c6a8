/**
 * An object handed to the edition's map from another page (a shared link to it): the page navigates
 * home with it as router state, the map centres on the object and opens its details, and the state
 * is cleared so a reload or Back does not open it again.
 */

export interface ObjectHandOver {
  /** The object's type as the map's layers name them (Node, Section, Lateral). */
  objectType: string;
  objectId: number;
  /** Where the map centres: longitude, latitude. */
  position: readonly [number, number] | null;
}

const KEY = 'manwayObject';

/** The router state that carries a hand-over: navigate('/', { state: objectHandOverState(h) }). */
export function objectHandOverState(handOver: ObjectHandOver): Record<string, unknown> {
  return { [KEY]: handOver };
}

/** The hand-over in a location's state, if it carries one. */
export function readObjectHandOver(state: unknown): ObjectHandOver | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[KEY];
  if (typeof value !== 'object' || value === null) return null;
  const h = value as Partial<ObjectHandOver>;
  return typeof h.objectType === 'string' && typeof h.objectId === 'number' ? (h as ObjectHandOver) : null;
}
