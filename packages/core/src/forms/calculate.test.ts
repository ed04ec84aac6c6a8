import { describe, expect, it } from 'vitest';
import { scoreInspection, type ScoredObservation } from '../domain/scoring';
import { DEMO_CODES, DEMO_STANDARD } from '../domain/standard';
import { calculateForm, haversineM, lineLengthM, type CalculateContext } from './calculate';
import { FORM_OBJECT_TYPES } from './template';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx: CalculateContext = { now };

describe('haversine lengths', () => {
  it('a degree of latitude is about 111.2 km on the mean sphere', () => {
    expect(haversineM([0, 0], [0, 1])).toBeCloseTo(111_195.08, 1);
  });

  it('a degree of longitude shrinks with the cosine of the latitude', () => {
    expect(haversineM([10, 60], [11, 60]) / haversineM([10, 0], [11, 0])).toBeCloseTo(0.5, 3);
  });

  it('a line is as long as its segments together; a point has no length', () => {
    const line = [
      [4.9, 52.37],
      [4.901, 52.37],
      [4.901, 52.371],
    ] as const;
    expect(lineLengthM(line)).toBeCloseTo(haversineM(line[0], line[1]) + haversineM(line[1], line[2]), 9);
    expect(lineLengthM([[4.9, 52.37]])).toBe(0);
    expect(lineLengthM([])).toBe(0);
  });
});

describe('calculateForm', () => {
  it.each(FORM_OBJECT_TYPES)('%s: the date modified is now', (type) => {
    expect(calculateForm(type, {}, ctx).dateModified).toBe('2026-06-15T12:00:00.000Z');
  });

  it.each(['section', 'lateral'] as const)(
    '%s: the length is the geodesic length of its line, to the centimetre',
    (type) => {
      const line = [
        [0, 0],
        [0, 0.001],
      ] as const;
      expect(calculateForm(type, { lengthM: 5 }, { now, line })).toEqual({
        dateModified: now.toISOString(),
        lengthM: 111.2,
      });
    },
  );

  it('a section without a line keeps its length: calculate answers none', () => {
    expect(calculateForm('section', { lengthM: 5 }, { now, line: null })).toEqual({ dateModified: now.toISOString() });
  });

  it('a node answers only the date modified, even when given a line', () => {
    expect(
      calculateForm(
        'node',
        {},
        {
          now,
          line: [
            [0, 0],
            [1, 1],
          ],
        },
      ),
    ).toEqual({ dateModified: now.toISOString() });
  });

  describe('observation grade', () => {
    const withCodes: CalculateContext = { now, codes: DEMO_CODES };

    it("follows the code's characterisation rule", () => {
      expect(calculateForm('observation', { code: 'SCR', characterisation: 'S' }, withCodes).grade).toBe(4);
    });

    it("follows the code's quantification steps from quantification 1", () => {
      expect(calculateForm('observation', { code: 'ORT', quantification1: 35 }, withCodes).grade).toBe(4);
      expect(
        calculateForm('observation', { code: 'ORT', quantification1: 5, quantification2: 99 }, withCodes).grade,
      ).toBe(2);
    });

    it('is a fixed grade for a code that has one', () => {
      expect(calculateForm('observation', { code: 'SCO' }, withCodes).grade).toBe(5);
    });

    it('is null for an ungraded code, an unknown code, a missing detail, or no codes at all', () => {
      expect(calculateForm('observation', { code: 'XPH' }, withCodes).grade).toBeNull();
      expect(calculateForm('observation', { code: 'XYZ' }, withCodes).grade).toBeNull();
      expect(calculateForm('observation', { code: 'SCR' }, withCodes).grade).toBeNull();
      expect(calculateForm('observation', { code: 'ORT', quantification1: 'lots' }, withCodes).grade).toBeNull();
      expect(calculateForm('observation', { code: 'SCR', characterisation: 'S' }, ctx).grade).toBeNull();
      expect(calculateForm('observation', { code: 'constructor' }, withCodes).grade).toBeNull();
    });
  });

  describe('inspection scores', () => {
    const observations: ScoredObservation[] = [
      { family: 'structural', grade: 4, distanceM: 2 },
      { family: 'structural', grade: 2, distanceM: 5, continuous: 'S', continuousGroup: 1 },
      { family: 'structural', grade: 2, distanceM: 7.5, continuous: 'F', continuousGroup: 1 },
      { family: 'operational', grade: 3, distanceM: 9 },
      { family: 'other', grade: null, distanceM: 0 },
    ];
    const scored: CalculateContext = {
      now,
      observations,
      scale: DEMO_STANDARD.scale,
      continuousUnitM: DEMO_STANDARD.continuousUnitM,
    };

    it('are the family scores of DOMAIN.md under the template field ids', () => {
      const { structural, operational } = scoreInspection(observations, DEMO_STANDARD.scale, 1);
      expect(calculateForm('inspection', {}, scored)).toEqual({
        dateModified: now.toISOString(),
        structuralPeak: structural.peak,
        structuralRating: structural.rating,
        structuralIndex: structural.index,
        structuralQuick: structural.quick,
        operationalPeak: operational.peak,
        operationalRating: operational.rating,
        operationalIndex: operational.index,
        operationalQuick: operational.quick,
      });
    });

    it('count a continuous defect once per started unit of its length', () => {
      // 4 × 1 for the point, 2 × 3 for the 2.5 m continuous crack (three started metres).
      expect(calculateForm('inspection', {}, scored)).toMatchObject({
        structuralPeak: 4,
        structuralRating: 10,
        structuralIndex: 2.5,
        structuralQuick: '4123',
        operationalPeak: 3,
        operationalQuick: '3100',
      });
    });

    it('an inspection without observations scores zero in both families', () => {
      expect(calculateForm('inspection', {}, { ...scored, observations: [] })).toMatchObject({
        structuralPeak: 0,
        structuralRating: 0,
        structuralIndex: 0,
        structuralQuick: '0000',
        operationalPeak: 0,
      });
    });

    it('are not calculated without the observations, the scale and the continuous unit', () => {
      expect(calculateForm('inspection', {}, { ...scored, observations: undefined })).toEqual({
        dateModified: now.toISOString(),
      });
      expect(calculateForm('inspection', {}, { ...scored, scale: undefined })).toEqual({
        dateModified: now.toISOString(),
      });
    });
  });
});
