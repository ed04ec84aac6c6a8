/**
 * Inspection standards and their observation codes. The only catalogue shipped is INVENTED for
 * demonstration (DOMAIN.md): it has the structure of EN 13508-2 and PACP (families,
 * characterisation, quantification, clock, continuous flag, grade) and none of their codes.
 */
import type { AssetType, ObservationFamily } from './types';

export interface GradeScale {
  min: number;
  max: number;
  /** True when the highest grade is the worst (EN 13508-2 style); false when 1 is the worst. */
  worstIsHigh: boolean;
}

export interface Standard {
  id: string;
  name: string;
  version: string;
  notice: string;
  appliesTo: AssetType[];
  headerFields: { key: string; label: string; kind: 'text' | 'number' | 'boolean' }[];
  scale: GradeScale;
  scoringMethod: 'peak-rating-index';
  /** A continuous defect counts one occurrence per started unit of this length (metres). */
  continuousUnitM: number;
}

/** How a code's grade follows from what was recorded; grades are on the standard's own scale. */
export type GradeRule =
  | { kind: 'none' }
  | { kind: 'fixed'; grade: number }
  | { kind: 'by-characterisation'; grades: Record<string, number> }
  /** Ascending [from, grade] steps: the grade of the last step whose `from` is ≤ the value. */
  | { kind: 'by-quantification'; steps: [from: number, grade: number][] };

export interface ObservationCodeDef {
  code: string;
  family: ObservationFamily;
  label: string;
  characterisations: Record<string, string> | null;
  characterisationRequired: boolean;
  quantificationUnit: '%' | 'mm' | 'm' | null;
  quantificationRequired: boolean;
  clockRequired: boolean;
  continuousAllowed: boolean;
  gradeRule: GradeRule;
}

export const DEMO_STANDARD: Standard = {
  id: 'manway-demo',
  name: 'Manway Demo Standard (invented)',
  version: '1.0',
  notice:
    'An invented observation-code catalogue for demonstration only. It is not EN 13508-2, PACP or any published standard.',
  appliesTo: ['node', 'section', 'lateral'],
  headerFields: [
    { key: 'operator', label: 'Operator', kind: 'text' },
    { key: 'vehicle', label: 'Vehicle', kind: 'text' },
    { key: 'flowControl', label: 'Flow control', kind: 'text' },
    { key: 'waterLevelPct', label: 'Water level (%)', kind: 'number' },
  ],
  scale: { min: 1, max: 5, worstIsHigh: true },
  scoringMethod: 'peak-rating-index',
  continuousUnitM: 1,
};

const code = (
  c: string,
  family: ObservationFamily,
  label: string,
  gradeRule: GradeRule,
  more: Partial<ObservationCodeDef> = {},
): ObservationCodeDef => ({
  code: c,
  family,
  label,
  characterisations: null,
  characterisationRequired: false,
  quantificationUnit: null,
  quantificationRequired: false,
  clockRequired: false,
  continuousAllowed: false,
  gradeRule,
  ...more,
});

/** The invented demo catalogue: codes start with the family letter (S, O, I, X). */
export const DEMO_CODES: ObservationCodeDef[] = [
  code(
    'SCR',
    'structural',
    'Crack',
    { kind: 'by-characterisation', grades: { L: 2, C: 2, M: 3, S: 4 } },
    {
      characterisations: { L: 'Longitudinal', C: 'Circumferential', M: 'Multiple', S: 'Spiral' },
      characterisationRequired: true,
      clockRequired: true,
      continuousAllowed: true,
    },
  ),
  code(
    'SFR',
    'structural',
    'Fracture',
    { kind: 'by-characterisation', grades: { L: 3, C: 3, M: 4 } },
    {
      characterisations: { L: 'Longitudinal', C: 'Circumferential', M: 'Multiple' },
      characterisationRequired: true,
      clockRequired: true,
      continuousAllowed: true,
    },
  ),
  code(
    'SDF',
    'structural',
    'Deformation',
    {
      kind: 'by-quantification',
      steps: [
        [0, 2],
        [5, 3],
        [10, 4],
        [25, 5],
      ],
    },
    { quantificationUnit: '%', quantificationRequired: true, clockRequired: true, continuousAllowed: true },
  ),
  code('SBK', 'structural', 'Broken pipe wall', { kind: 'fixed', grade: 4 }, { clockRequired: true }),
  code('SCO', 'structural', 'Collapse', { kind: 'fixed', grade: 5 }),
  code(
    'SJD',
    'structural',
    'Joint displaced',
    {
      kind: 'by-quantification',
      steps: [
        [0, 1],
        [10, 2],
        [25, 3],
        [50, 4],
      ],
    },
    { quantificationUnit: 'mm', quantificationRequired: true },
  ),
  code(
    'SSW',
    'structural',
    'Surface wear',
    { kind: 'fixed', grade: 2 },
    { clockRequired: true, continuousAllowed: true },
  ),
  code(
    'ORT',
    'operational',
    'Roots',
    {
      kind: 'by-quantification',
      steps: [
        [0, 2],
        [10, 3],
        [30, 4],
        [50, 5],
      ],
    },
    {
      characterisations: { F: 'Fine', T: 'Tap', M: 'Mass' },
      characterisationRequired: true,
      quantificationUnit: '%',
      quantificationRequired: true,
      clockRequired: true,
    },
  ),
  code(
    'ODP',
    'operational',
    'Deposits',
    {
      kind: 'by-quantification',
      steps: [
        [0, 1],
        [5, 2],
        [15, 3],
        [30, 4],
        [50, 5],
      ],
    },
    {
      characterisations: { G: 'Grease', F: 'Fine silt', C: 'Coarse', H: 'Hard' },
      characterisationRequired: true,
      quantificationUnit: '%',
      quantificationRequired: true,
      continuousAllowed: true,
    },
  ),
  code(
    'OIN',
    'operational',
    'Infiltration',
    { kind: 'by-characterisation', grades: { W: 1, D: 2, R: 3, G: 5 } },
    {
      characterisations: { W: 'Weeper', D: 'Dripper', R: 'Runner', G: 'Gusher' },
      characterisationRequired: true,
      clockRequired: true,
    },
  ),
  code(
    'OEN',
    'operational',
    'Encrustation',
    {
      kind: 'by-quantification',
      steps: [
        [0, 1],
        [10, 2],
        [20, 3],
        [40, 4],
      ],
    },
    { quantificationUnit: '%', quantificationRequired: true, continuousAllowed: true },
  ),
  code('OOB', 'operational', 'Obstruction', { kind: 'fixed', grade: 4 }, { quantificationUnit: '%' }),
  code(
    'ICN',
    'inventory',
    'Connection',
    { kind: 'none' },
    {
      characterisations: { F: 'Factory made', D: 'Drilled', B: 'Broken in' },
      characterisationRequired: true,
      quantificationUnit: 'mm',
      quantificationRequired: true,
      clockRequired: true,
    },
  ),
  code('INR', 'inventory', 'Node reference', { kind: 'none' }),
  code('IWL', 'inventory', 'Water level', { kind: 'none' }, { quantificationUnit: '%', quantificationRequired: true }),
  code('XST', 'other', 'Start of survey', { kind: 'none' }),
  code('XFI', 'other', 'Finish of survey', { kind: 'none' }),
  code('XAB', 'other', 'Survey abandoned', { kind: 'none' }),
  code('XPH', 'other', 'General photograph', { kind: 'none' }),
];
