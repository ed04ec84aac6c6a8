/**
 * What the report documents are drawn from: plain data the reports service reads from the database,
 * so the writers (pdf.ts, xlsx.ts) know nothing of SQL and are tested with data made in the test.
 * Large reports come as async iterables: a writer takes one inspection or one batch of rows at a
 * time and never holds the whole document.
 */

/** A longitude/latitude pair, WGS 84. */
export type LonLat = [number, number];

export interface FamilyScoreFacts {
  /** The worst normalised grade, 0 without defects. */
  peak: number;
  rating: number;
  /** rating ÷ occurrences; null without defects. */
  index: number | null;
  /** The quick rating, e.g. "4231". */
  quick: string | null;
}

export interface ReportPhoto {
  /** The caption under the thumbnail: the file's name. */
  fileName: string;
  /** The thumbnail's JPEG bytes; undefined when the file has no thumbnail yet (the table says so). */
  jpeg?: Buffer;
}

export interface ReportObservation {
  sequence: number;
  distanceM: number;
  code: string;
  /** The code's label from the standard. */
  description: string;
  family: 'structural' | 'operational' | 'inventory' | 'other';
  characterisation: string | null;
  quantification1: number | null;
  quantification2: number | null;
  clockFrom: number | null;
  clockTo: number | null;
  atJoint: boolean;
  /** S starts a continuous defect, F finishes the one with the same group. */
  continuous: 'S' | 'F' | null;
  continuousGroup: number | null;
  /** The grade as recorded, on the standard's scale. */
  grade: number | null;
  remark: string | null;
  photos: ReportPhoto[];
}

/** The location sketch: the inspected asset, its end nodes and the assets around it. */
export interface ReportSketch {
  /** A section's or lateral's line, or a node's single point. */
  subject: LonLat[];
  nodes: { code: string; at: LonLat }[];
  /** Sections and laterals near it, drawn thinner; their codes are not labelled. */
  neighbours: LonLat[][];
}

export interface InspectionReportData {
  inspectionId: number;
  asset: {
    type: 'node' | 'section' | 'lateral';
    code: string;
    /** Street, district, material, shape, size, … as label and text, in the order shown. */
    facts: [label: string, value: string][];
    /** A pipe's length from its geometry, metres; null for a node. */
    lengthM: number | null;
  };
  /** The start and finish node codes in the direction surveyed, for a pipe. */
  fromNode: string | null;
  toNode: string | null;
  inspectedAt: Date;
  status: string;
  operator: string | null;
  standard: { name: string; version: string; gradeMin: number; gradeMax: number; worstIsHigh: boolean };
  /** The header's fields as label and text (direction, weather, pre-cleaning, length surveyed, …). */
  header: [label: string, value: string][];
  lengthSurveyedM: number | null;
  scores: { structural: FamilyScoreFacts; operational: FamilyScoreFacts };
  sketch: ReportSketch;
  observations: ReportObservation[];
}

export interface InspectionReportDocument {
  title: string;
  generatedAt: Date;
  /** Who asked for it, shown in the footer. */
  generatedBy: string;
  /** How many inspections `inspections` yields, for the cover line. */
  count: number;
  inspections: AsyncIterable<InspectionReportData>;
}

/** One line of the condition summary's table of grades. */
export interface GradeCount {
  /** 1..5 (5 worst), or null for assets never inspected (or without a completed inspection). */
  grade: number | null;
  assets: number;
  /** Pipe length in metres (0 for nodes). */
  lengthM: number;
}

export interface ConditionAsset {
  type: 'node' | 'section' | 'lateral';
  code: string;
  grade: number | null;
  structuralPeak: number | null;
  operationalPeak: number | null;
  inspectedAt: Date | null;
  street: string | null;
  district: string | null;
  lengthM: number | null;
}

export interface ConditionSummaryDocument {
  title: string;
  generatedAt: Date;
  generatedBy: string;
  /** What was summarised, in words: "Saved filter Old clay pipes", "12 selected sections". */
  scope: string;
  byGrade: GradeCount[];
  /** Worst first (grade, then structural peak, then code); the PDF shows the first ones. */
  assets: AsyncIterable<ConditionAsset>;
  assetCount: number;
}

/** A spreadsheet column: its header, and how its cells are typed. */
export interface SheetColumn {
  header: string;
  type: 'text' | 'number' | 'integer' | 'date' | 'boolean';
  /** Characters; the writer picks one from the header otherwise. */
  width?: number;
}

export type SheetCell = string | number | boolean | Date | null;

export interface SheetSpec {
  name: string;
  columns: SheetColumn[];
  /** Rows in batches, each row one cell per column. */
  rows: AsyncIterable<SheetCell[][]>;
}
