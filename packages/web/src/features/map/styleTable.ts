/**
 * The one table the map draws from and the legend is written from: colour by condition grade,
 * symbol by subtype. Nothing about how a feature looks is decided anywhere else, so the legend
 * cannot drift from the map.
 */

export const MAP_LAYERS = ['Node', 'Section', 'Lateral'] as const;
export type MapLayerId = (typeof MAP_LAYERS)[number];

export const LAYER_LABELS: Record<MapLayerId, string> = {
  Node: 'Manholes and nodes',
  Section: 'Pipe sections',
  Lateral: 'Laterals',
};

/** Condition grade 1 (good) to 5 (worst), and assets never inspected. */
export interface GradeStyle {
  grade: 1 | 2 | 3 | 4 | 5 | null;
  label: string;
  colour: string;
}

export const GRADE_STYLES: readonly GradeStyle[] = [
  { grade: 1, label: '1 — Excellent', colour: '#1a9850' },
  { grade: 2, label: '2 — Good', colour: '#91cf60' },
  { grade: 3, label: '3 — Fair', colour: '#f0b400' },
  { grade: 4, label: '4 — Poor', colour: '#f46d43' },
  { grade: 5, label: '5 — Very poor', colour: '#c51b1b' },
  { grade: null, label: 'Not inspected', colour: '#7b8794' },
];

export type PointShape = 'circle' | 'square' | 'triangle' | 'diamond';

export type SubtypeSymbol =
  | { kind: 'point'; shape: PointShape; radius: number }
  | { kind: 'line'; width: number; dash: readonly number[] | null };

export interface SubtypeStyle {
  layer: MapLayerId;
  subtype: string;
  label: string;
  symbol: SubtypeSymbol;
}

export const SUBTYPE_STYLES: readonly SubtypeStyle[] = [
  { layer: 'Node', subtype: 'manhole', label: 'Manhole', symbol: { kind: 'point', shape: 'circle', radius: 6 } },
  { layer: 'Node', subtype: 'gully', label: 'Gully', symbol: { kind: 'point', shape: 'square', radius: 5 } },
  { layer: 'Node', subtype: 'outfall', label: 'Outfall', symbol: { kind: 'point', shape: 'triangle', radius: 8 } },
  {
    layer: 'Node',
    subtype: 'pump-station',
    label: 'Pump station',
    symbol: { kind: 'point', shape: 'diamond', radius: 8 },
  },
  {
    layer: 'Section',
    subtype: 'gravity-main',
    label: 'Gravity main',
    symbol: { kind: 'line', width: 4, dash: null },
  },
  { layer: 'Section', subtype: 'rising-main', label: 'Rising main', symbol: { kind: 'line', width: 4, dash: [10, 6] } },
  {
    layer: 'Lateral',
    subtype: 'property-lateral',
    label: 'Property lateral',
    symbol: { kind: 'line', width: 2, dash: [4, 3] },
  },
];

/** Drawn for a subtype the table does not know yet, so a new one still shows rather than vanishes. */
const FALLBACK_SYMBOL: Record<MapLayerId, SubtypeSymbol> = {
  Node: { kind: 'point', shape: 'circle', radius: 5 },
  Section: { kind: 'line', width: 3, dash: null },
  Lateral: { kind: 'line', width: 2, dash: null },
};

/** The outline of point symbols and the casing of lines, so they read on any basemap. */
export const OUTLINE_COLOUR = '#ffffff';
export const SELECTION_COLOUR = '#1c6dd0';
export const MEMBER_COLOUR = '#7fb2ee';
export const POSITION_COLOUR = '#1a73e8';
export const CLUSTER_COLOUR = '#334e68';

/** Below this many metres per pixel nodes are labelled with their asset ID; above the next, clustered. */
export const LABEL_MAX_RESOLUTION = 0.6;
export const CLUSTER_MIN_RESOLUTION = 2.5;

export function gradeStyle(grade: number | null): GradeStyle {
  return GRADE_STYLES.find((g) => g.grade === grade) ?? GRADE_STYLES[GRADE_STYLES.length - 1]!;
}

export function subtypeStyle(layer: MapLayerId, subtype: string): SubtypeStyle {
  return (
    SUBTYPE_STYLES.find((s) => s.layer === layer && s.subtype === subtype) ?? {
      layer,
      subtype,
      label: subtype,
      symbol: FALLBACK_SYMBOL[layer],
    }
  );
}

/** Everything that decides how one feature is drawn. */
export interface FeatureLook {
  colour: string;
  symbol: SubtypeSymbol;
}

export function featureLook(layer: MapLayerId, subtype: string, grade: number | null): FeatureLook {
  return { colour: gradeStyle(grade).colour, symbol: subtypeStyle(layer, subtype).symbol };
}

export function subtypeLabel(layer: MapLayerId, subtype: string): string {
  return subtypeStyle(layer, subtype).label;
}
