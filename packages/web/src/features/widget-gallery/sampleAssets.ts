/**
 * Invented sewer assets for the widget gallery and the widget benchmark: manholes and pipe
 * segments with the attributes an office list shows. Each asset is a pure function of its number,
 * so 10,000 rows in the grid and any stretch of 100,000 in the virtual table come out the same on
 * every load, in every browser, with no server involved.
 */

export type SampleAssetType = 'Manhole' | 'Sewer pipe';
export type ConditionGrade = 1 | 2 | 3 | 4 | 5;

export interface SampleAsset {
  /** 'MH-000123' for a manhole, 'SE-000456' for a pipe segment; the number is the asset's own. */
  assetId: string;
  type: SampleAssetType;
  subtype: string;
  material: string;
  diameterMm: number;
  yearBuilt: number;
  district: string;
  /** 1 (as new) to 5 (failing). */
  condition: ConditionGrade;
  /** ISO date-time of the last inspection. */
  lastInspectedAt: string;
  /** The grid highlights rows flagged 'true': here, assets in grade 5 that need action. */
  isSpecial?: 'true';
}

export const CONDITION_LABELS: Record<ConditionGrade, string> = {
  1: 'Very good',
  2: 'Good',
  3: 'Fair',
  4: 'Poor',
  5: 'Very poor',
};

export const DISTRICTS = [
  'Ashby',
  'Eastfield',
  'Fenwick',
  'Harbour',
  'Kingsmead',
  'Millbrook',
  'Northgate',
  'Old Town',
  'Riverside',
  'Westcliff',
] as const;

export const MATERIALS = [
  'Vitrified clay',
  'Concrete',
  'PVC',
  'HDPE',
  'Brick',
  'Cast iron',
  'Ductile iron',
  'GRP',
  'Asbestos cement',
  'Pitch fibre',
] as const;

const MANHOLE_SUBTYPES = ['Inspection chamber', 'Junction manhole', 'Drop manhole', 'Backdrop manhole'];
const PIPE_SUBTYPES = ['Gravity main', 'Combined sewer', 'Storm sewer', 'Rising main', 'Overflow'];
const MANHOLE_MATERIALS = ['Brick', 'Concrete', 'GRP', 'HDPE'];
const MANHOLE_DIAMETERS_MM = [1000, 1200, 1500, 1800];
const PIPE_DIAMETERS_MM = [150, 225, 300, 375, 450, 600, 750, 900, 1050, 1200, 1500];
/** Most of a network is in fair shape; few assets are failing. */
const CONDITION_WEIGHTS: [ConditionGrade, number][] = [
  [1, 18],
  [2, 30],
  [3, 29],
  [4, 15],
  [5, 8],
];

const FIRST_YEAR_BUILT = 1885;
const LAST_YEAR_BUILT = 2024;
const INSPECTIONS_FROM = Date.UTC(2016, 0, 1);
const INSPECTIONS_UNTIL = Date.UTC(2025, 11, 31);
const QUARTER_HOUR_MS = 15 * 60_000;

/** A small, fast, seeded generator (mulberry32): the same seed gives the same sequence everywhere. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickWeighted<T>(random: () => number, weighted: readonly [T, number][]): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [item, weight] of weighted) {
    left -= weight;
    if (left < 0) return item;
  }
  return weighted[weighted.length - 1]![0];
}

/** The asset numbered `n` (1 and up); every call with the same number gives an equal asset. */
export function sampleAsset(n: number): SampleAsset {
  // Spreading the numbers apart keeps neighbouring assets from starting on similar sequences.
  const random = randomSequence(Math.imul(n, 0x9e3779b1) ^ 0x5eed);
  const manhole = random() < 0.4;
  const type: SampleAssetType = manhole ? 'Manhole' : 'Sewer pipe';
  const condition = pickWeighted(random, CONDITION_WEIGHTS);
  const inspectedAt = INSPECTIONS_FROM + random() * (INSPECTIONS_UNTIL - INSPECTIONS_FROM);
  const asset: SampleAsset = {
    assetId: `${manhole ? 'MH' : 'SE'}-${String(n).padStart(6, '0')}`,
    type,
    subtype: pick(random, manhole ? MANHOLE_SUBTYPES : PIPE_SUBTYPES),
    material: pick(random, manhole ? MANHOLE_MATERIALS : MATERIALS),
    diameterMm: pick(random, manhole ? MANHOLE_DIAMETERS_MM : PIPE_DIAMETERS_MM),
    yearBuilt: FIRST_YEAR_BUILT + Math.floor(random() * (LAST_YEAR_BUILT - FIRST_YEAR_BUILT + 1)),
    district: pick(random, DISTRICTS),
    condition,
    // Inspections are booked on the quarter hour, like the date-time picker offers.
    lastInspectedAt: new Date(Math.floor(inspectedAt / QUARTER_HOUR_MS) * QUARTER_HOUR_MS).toISOString(),
  };
  if (condition === 5) asset.isSpecial = 'true';
  return asset;
}

/** Assets 1 to `count`, in number order. */
export function sampleAssets(count: number): SampleAsset[] {
  return Array.from({ length: count }, (_, index) => sampleAsset(index + 1));
}
