import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assetCondition,
  defectsOf,
  familyScore,
  gradeByRule,
  normaliseGrade,
  quickRating,
  scoreInspection,
  type ScoredObservation,
} from './scoring';
import { DEMO_CODES, DEMO_STANDARD } from './standard';

const FIVE = DEMO_STANDARD.scale;
const point = (family: ScoredObservation['family'], grade: number | null, distanceM = 1): ScoredObservation => ({
  family,
  grade,
  distanceM,
});

describe('grade normalisation', () => {
  it('a 1–5 scale with the worst high is kept as it is', () => {
    expect([1, 2, 3, 4, 5].map((g) => normaliseGrade(g, FIVE))).toEqual([1, 2, 3, 4, 5]);
  });

  it('a scale where 1 is the worst is turned round', () => {
    const inverted = { min: 1, max: 5, worstIsHigh: false };
    expect([1, 2, 3, 4, 5].map((g) => normaliseGrade(g, inverted))).toEqual([5, 4, 3, 2, 1]);
  });

  it('a 0–10 scale is stretched onto 1–5', () => {
    const ten = { min: 0, max: 10, worstIsHigh: true };
    expect(normaliseGrade(0, ten)).toBe(1);
    expect(normaliseGrade(10, ten)).toBe(5);
    expect(normaliseGrade(5, ten)).toBe(3);
  });

  it('any grade of any scale lands on 1–5 and keeps the order of badness', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (min, span, worstIsHigh, a, b) => {
          const scale = { min, max: min + span, worstIsHigh };
          const ga = min + a * span;
          const gb = min + b * span;
          const na = normaliseGrade(ga, scale);
          const nb = normaliseGrade(gb, scale);
          expect(na).toBeGreaterThanOrEqual(1);
          expect(na).toBeLessThanOrEqual(5);
          const worseA = worstIsHigh ? ga >= gb : ga <= gb;
          if (worseA) expect(na).toBeGreaterThanOrEqual(nb);
        },
      ),
    );
  });
});

describe('grade rules of the demo codes', () => {
  const rule = (c: string) => DEMO_CODES.find((d) => d.code === c)!.gradeRule;

  it('a quantified code takes the grade of the last step reached', () => {
    expect(gradeByRule(rule('SDF'), { quantification1: 3 })).toBe(2);
    expect(gradeByRule(rule('SDF'), { quantification1: 10 })).toBe(4);
    expect(gradeByRule(rule('SDF'), { quantification1: 80 })).toBe(5);
    expect(gradeByRule(rule('SDF'), {})).toBeNull();
  });

  it('a characterised code grades by its characterisation; an unknown one is ungraded', () => {
    expect(gradeByRule(rule('OIN'), { characterisation: 'G' })).toBe(5);
    expect(gradeByRule(rule('OIN'), { characterisation: 'Q' })).toBeNull();
  });

  it('inventory and survey codes carry no grade', () => {
    for (const d of DEMO_CODES.filter((c) => c.family === 'inventory' || c.family === 'other')) {
      expect(gradeByRule(d.gradeRule, { characterisation: 'F', quantification1: 100 })).toBeNull();
    }
  });

  it('every graded demo code grades inside the demo scale', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DEMO_CODES), fc.double({ min: 0, max: 200, noNaN: true }), (c, q) => {
        const chars = Object.keys(c.characterisations ?? { x: '' });
        for (const ch of chars) {
          const g = gradeByRule(c.gradeRule, { characterisation: ch, quantification1: q });
          if (g !== null) expect(g >= FIVE.min && g <= FIVE.max).toBe(true);
        }
      }),
    );
  });
});

describe('occurrences', () => {
  it('a point defect counts once', () => {
    expect(defectsOf([point('structural', 3)], FIVE, 1)).toEqual([{ family: 'structural', grade: 3, occurrences: 1 }]);
  });

  it('a continuous defect counts one per started metre between its start and finish', () => {
    const obs: ScoredObservation[] = [
      { family: 'operational', grade: 2, distanceM: 10, continuous: 'S', continuousGroup: 1 },
      { family: 'operational', grade: 2, distanceM: 12.5, continuous: 'F', continuousGroup: 1 },
    ];
    expect(defectsOf(obs, FIVE, 1)).toEqual([{ family: 'operational', grade: 2, occurrences: 3 }]);
    expect(defectsOf(obs, FIVE, 5)[0]!.occurrences).toBe(1);
  });

  it('a start without its finish counts as a point', () => {
    const obs: ScoredObservation[] = [
      { family: 'structural', grade: 4, distanceM: 10, continuous: 'S', continuousGroup: 7 },
    ];
    expect(defectsOf(obs, FIVE, 1)[0]!.occurrences).toBe(1);
  });

  it('ungraded observations are not defects', () => {
    expect(defectsOf([point('inventory', null), point('other', null)], FIVE, 1)).toEqual([]);
  });
});

describe('family scores', () => {
  it('peak, rating, index and quick rating of a worked example', () => {
    const s = familyScore([
      { family: 'structural', grade: 4, occurrences: 2 },
      { family: 'structural', grade: 2, occurrences: 1 },
      { family: 'structural', grade: 4, occurrences: 1 },
    ]);
    expect(s).toEqual({ peak: 4, rating: 14, index: 3.5, occurrences: 4, quick: '4321' });
  });

  it('no defects scores zero with the quick rating 0000', () => {
    expect(familyScore([])).toEqual({ peak: 0, rating: 0, index: 0, occurrences: 0, quick: '0000' });
  });

  it('counts over nine are written as letters in the quick rating', () => {
    expect(quickRating([{ family: 'structural', grade: 5, occurrences: 12 }])).toBe('5C00');
  });

  it('the index lies between 1 and the peak, and the rating is at least the peak', () => {
    const defect = fc.record({
      family: fc.constant('structural' as const),
      grade: fc.integer({ min: 1, max: 5 }),
      occurrences: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(defect, { minLength: 1, maxLength: 30 }), (defects) => {
        const s = familyScore(defects);
        expect(s.peak).toBe(Math.max(...defects.map((d) => d.grade)));
        expect(s.rating).toBeGreaterThanOrEqual(s.peak);
        expect(s.index).toBeGreaterThanOrEqual(1);
        expect(s.index).toBeLessThanOrEqual(s.peak);
        expect(s.quick[0]).toBe(String(s.peak));
      }),
    );
  });

  it('the order of observations does not change the scores', () => {
    const obs = fc.record({
      family: fc.constantFrom('structural' as const, 'operational' as const, 'inventory' as const),
      grade: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      distanceM: fc.double({ min: 0, max: 100, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(obs, { maxLength: 25 }), (list) => {
        const a = scoreInspection(list, FIVE, 1);
        const b = scoreInspection([...list].reverse(), FIVE, 1);
        expect(a).toEqual(b);
      }),
    );
  });

  it('families are scored apart: operational defects never raise the structural peak', () => {
    const s = scoreInspection([point('operational', 5), point('structural', 2), point('inventory', null)], FIVE, 1);
    expect(s.structural.peak).toBe(2);
    expect(s.operational.peak).toBe(5);
  });
});

describe('asset condition', () => {
  const scores = (str: number, om: number) => ({
    structural: { ...familyScore([]), peak: str },
    operational: { ...familyScore([]), peak: om },
  });

  it('is the worst family peak of the latest completed inspection', () => {
    const c = assetCondition([
      { id: 1, status: 'completed', inspectedAt: new Date('2022-01-01'), scores: scores(5, 5) },
      { id: 2, status: 'completed', inspectedAt: new Date('2024-01-01'), scores: scores(2, 3) },
      { id: 3, status: 'pending', inspectedAt: new Date('2025-01-01'), scores: scores(1, 1) },
    ]);
    expect(c).toEqual({ grade: 3, inspectionId: 2 });
  });

  it('is 1 when the latest completed inspection found nothing, and null when none is completed', () => {
    expect(
      assetCondition([{ id: 4, status: 'completed', inspectedAt: new Date('2024-01-01'), scores: scores(0, 0) }]),
    ).toEqual({ grade: 1, inspectionId: 4 });
    expect(
      assetCondition([{ id: 5, status: 'incomplete', inspectedAt: new Date('2024-01-01'), scores: scores(4, 4) }]),
    ).toBeNull();
  });
});
