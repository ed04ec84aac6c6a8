/**
 * The derived fields of a form, as the server recomputes them from the values on the page (the
 * `…/calculate` calls): what the user cannot type because it follows from something else. The answer
 * holds only those fields, so the page merges it over its values without losing an edit.
 */
import { gradeObservation, scoreInspection, type ScoredObservation } from '../domain/scoring';
import type { GradeScale, ObservationCodeDef } from '../domain/standard';
import type { Wgs84Point } from '../domain/types';
import { roundToDecimals } from '../rules/rounding';
import type { FormObjectType, FormValues } from './template';
import { ownValue } from './validators';

export interface CalculateContext {
  now: Date;
  /** The asset's line (sections, laterals), WGS 84 longitude/latitude vertices. */
  line?: readonly (readonly [number, number])[] | null;
  codes?: readonly ObservationCodeDef[];
  /** Inspection scores need all three: the observations, the standard's scale and its continuous unit. */
  scale?: GradeScale;
  continuousUnitM?: number;
  observations?: ScoredObservation[];
}

/** The mean Earth radius (IUGG), the usual one for haversine distances. */
const EARTH_RADIUS_M = 6371008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two WGS 84 points (haversine). */
export function haversineM(a: Wgs84Point, b: Wgs84Point): number {
  const dLat = radians(b[1] - a[1]);
  const dLon = radians(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[1])) * Math.cos(radians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A line's geodesic length in metres: the sum of its segments. */
export function lineLengthM(line: readonly Wgs84Point[]): number {
  let length = 0;
  for (let i = 1; i < line.length; i++) length += haversineM(line[i - 1]!, line[i]!);
  return length;
}

/** Only the derived fields of that object type (e.g. section lengthM, observation grade, inspection scores, dateModified). */
export function calculateForm(objectType: FormObjectType, values: FormValues, ctx: CalculateContext): FormValues {
  const derived: FormValues = { dateModified: ctx.now.toISOString() };
  switch (objectType) {
    case 'section':
    case 'lateral':
      if (ctx.line) derived.lengthM = roundToDecimals(lineLengthM(ctx.line), 2);
      break;
    case 'observation':
      derived.grade = observationGrade(values, ctx.codes);
      break;
    case 'inspection':
      if (ctx.observations && ctx.scale && ctx.continuousUnitM) {
        Object.assign(derived, inspectionScoreValues(ctx.observations, ctx.scale, ctx.continuousUnitM));
      }
      break;
    case 'node':
    case 'connected-subject':
      break;
  }
  return derived;
}

/** The grade the code's rule gives what was recorded; null when the code is unknown or ungraded. */
function observationGrade(values: FormValues, codes: readonly ObservationCodeDef[] | undefined): number | null {
  const code = ownValue(values, 'code');
  const def = typeof code === 'string' ? codes?.find((c) => c.code === code) : undefined;
  if (!def) return null;
  const characterisation = ownValue(values, 'characterisation');
  const quantification1 = ownValue(values, 'quantification1');
  return gradeObservation(def, {
    characterisation: typeof characterisation === 'string' ? characterisation : null,
    quantification1: typeof quantification1 === 'number' && Number.isFinite(quantification1) ? quantification1 : null,
  });
}

/** The family scores under the template's field ids: structuralPeak … operationalQuick. */
function inspectionScoreValues(observations: ScoredObservation[], scale: GradeScale, unitM: number): FormValues {
  const scores = scoreInspection(observations, scale, unitM);
  const values: FormValues = {};
  for (const family of ['structural', 'operational'] as const) {
    const { peak, rating, index, quick } = scores[family];
    values[`${family}Peak`] = peak;
    values[`${family}Rating`] = rating;
    values[`${family}Index`] = index;
    values[`${family}Quick`] = quick;
  }
  return values;
}
