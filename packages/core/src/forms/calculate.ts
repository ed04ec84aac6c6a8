import type { ScoredObservation } from '../domain/scoring';
import type { GradeScale, ObservationCodeDef } from '../domain/standard';
import type { FormObjectType, FormValues } from './template';

export interface CalculateContext {
  now: Date;
  line?: readonly (readonly [number, number])[] | null;
  codes?: readonly ObservationCodeDef[];
  scale?: GradeScale;
  continuousUnitM?: number;
  observations?: ScoredObservation[];
}

/** Only the derived fields of that object type (e.g. section lengthM, observation grade, inspection scores, dateModified). */
export function calculateForm(_objectType: FormObjectType, _values: FormValues, ctx: CalculateContext): FormValues {
  return { dateModified: ctx.now.toISOString() };
}
