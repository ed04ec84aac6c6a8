/**
 * Condition scoring (DOMAIN.md "Condition score"), the same for every standard: grades normalised
 * to 1–5 (5 worst), occurrences counted per point defect or per started unit of a continuous one,
 * and per family the peak, rating, index and quick rating. An asset's condition is the worst family
 * peak of its latest completed inspection.
 */
import type { GradeRule, GradeScale, ObservationCodeDef } from './standard';
import type { InspectionStatus, ObservationFamily } from './types';

/** Maps a grade of `scale` onto 1–5 with 5 the worst, rounding to the nearest whole grade. */
export function normaliseGrade(grade: number, scale: GradeScale): number {
  const span = scale.max - scale.min;
  const clamped = Math.min(scale.max, Math.max(scale.min, grade));
  const badness = scale.worstIsHigh ? clamped - scale.min : scale.max - clamped;
  return Math.round(1 + (4 * badness) / span);
}

/** What an observation recorded, as far as grading is concerned. */
export interface Recorded {
  characterisation?: string | null;
  quantification1?: number | null;
}

/** The grade a code's rule gives a recorded observation, on the standard's scale; null when ungraded. */
export function gradeByRule(rule: GradeRule, recorded: Recorded): number | null {
  switch (rule.kind) {
    case 'none':
      return null;
    case 'fixed':
      return rule.grade;
    case 'by-characterisation':
      return (recorded.characterisation && rule.grades[recorded.characterisation]) || null;
    case 'by-quantification': {
      const q = recorded.quantification1;
      if (q === null || q === undefined) return null;
      let grade: number | null = null;
      for (const [from, g] of rule.steps) if (q >= from) grade = g;
      return grade;
    }
    default: {
      const unreachable: never = rule;
      throw new Error(`unknown grade rule ${JSON.stringify(unreachable)}`);
    }
  }
}

export function gradeObservation(code: ObservationCodeDef, recorded: Recorded): number | null {
  return gradeByRule(code.gradeRule, recorded);
}

/** An observation as scoring sees it. */
export interface ScoredObservation {
  family: ObservationFamily;
  /** On the standard's scale; null for ungraded codes. */
  grade: number | null;
  distanceM: number;
  continuous?: 'S' | 'F' | null;
  continuousGroup?: number | null;
}

export interface Defect {
  family: ObservationFamily;
  /** Normalised 1–5. */
  grade: number;
  occurrences: number;
}

/**
 * Turns graded observations into defects: a point defect counts once; a continuous defect (its
 * start and finish share a group) counts one per started `unitM` of its length. A start without a
 * finish counts as a point; a lone finish is the second half of a pair and is skipped.
 */
export function defectsOf(observations: ScoredObservation[], scale: GradeScale, unitM: number): Defect[] {
  const finishes = new Map<number, ScoredObservation>();
  for (const o of observations) {
    if (o.continuous === 'F' && o.continuousGroup != null) finishes.set(o.continuousGroup, o);
  }
  const defects: Defect[] = [];
  for (const o of observations) {
    if (o.grade === null || o.continuous === 'F') continue;
    let occurrences = 1;
    if (o.continuous === 'S' && o.continuousGroup != null) {
      const finish = finishes.get(o.continuousGroup);
      if (finish) occurrences = Math.max(1, Math.ceil((finish.distanceM - o.distanceM) / unitM - 1e-9));
    }
    defects.push({ family: o.family, grade: normaliseGrade(o.grade, scale), occurrences });
  }
  return defects;
}

export interface FamilyScore {
  /** Highest normalised grade, 0 when the family has no defect. */
  peak: number;
  /** Σ grade × occurrences. */
  rating: number;
  /** rating / occurrences, 0 without defects; rounded to two decimals. */
  index: number;
  occurrences: number;
  /** Highest grade and its count, then the next grade and its count (counts over 9 as letters). */
  quick: string;
}

export interface InspectionScores {
  structural: FamilyScore;
  operational: FamilyScore;
}

/** A count as one quick-rating character: 0–9, then A (10) … Z (35), capped at Z. */
function countChar(n: number): string {
  if (n < 10) return String(n);
  return String.fromCharCode(55 + Math.min(n, 35));
}

export function quickRating(defects: Defect[]): string {
  const counts = new Map<number, number>();
  for (const d of defects) counts.set(d.grade, (counts.get(d.grade) ?? 0) + d.occurrences);
  const grades = [...counts.keys()].sort((a, b) => b - a);
  const part = (g: number | undefined) => (g === undefined ? '00' : `${g}${countChar(counts.get(g)!)}`);
  return part(grades[0]) + part(grades[1]);
}

export function familyScore(defects: Defect[]): FamilyScore {
  let peak = 0;
  let rating = 0;
  let occurrences = 0;
  for (const d of defects) {
    peak = Math.max(peak, d.grade);
    rating += d.grade * d.occurrences;
    occurrences += d.occurrences;
  }
  const index = occurrences === 0 ? 0 : Math.round((rating / occurrences) * 100) / 100;
  return { peak, rating, index, occurrences, quick: quickRating(defects) };
}

export function scoreInspection(observations: ScoredObservation[], scale: GradeScale, unitM: number): InspectionScores {
  const defects = defectsOf(observations, scale, unitM);
  return {
    structural: familyScore(defects.filter((d) => d.family === 'structural')),
    operational: familyScore(defects.filter((d) => d.family === 'operational')),
  };
}

export interface InspectionSummary {
  id: number;
  status: InspectionStatus;
  inspectedAt: Date;
  scores: InspectionScores;
}

/**
 * The condition of an asset: the worst family peak of its latest completed inspection (ties on the
 * date go to the higher id), 1 when that inspection found nothing; null when never inspected.
 */
export function assetCondition(inspections: InspectionSummary[]): { grade: number; inspectionId: number } | null {
  let latest: InspectionSummary | undefined;
  for (const i of inspections) {
    if (i.status !== 'completed') continue;
    const t = i.inspectedAt.getTime();
    const l = latest?.inspectedAt.getTime();
    if (l === undefined || t > l || (t === l && i.id > latest!.id)) latest = i;
  }
  if (!latest) return null;
  const peak = Math.max(latest.scores.structural.peak, latest.scores.operational.peak);
  return { grade: Math.max(1, peak), inspectionId: latest.id };
}
