/**
 * The Office system's export calls, which the sync agent of a Field system pages through (issue #6).
 * One contract for both ends: the Office answers with these shapes and the Field agent parses them
 * again before writing anything. Records name each other by global id, never by a local id.
 */
import { z } from 'zod';

/**
 * What can be exported, in the order a full copy must take: object types before their subtypes,
 * standards before their codes and the projects using them, nodes before the sections joining
 * them, sections before their laterals.
 */
export const EXPORT_KINDS = [
  'object-types',
  'subtypes',
  'standards',
  'codes',
  'users',
  'projects',
  'nodes',
  'sections',
  'laterals',
] as const;
export const ExportKind = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof ExportKind>;

/** Kinds a saved filter can narrow down (the agent's filter-by-name settings). */
export const FILTERABLE_KINDS = ['projects', 'nodes', 'sections', 'laterals'] as const satisfies readonly ExportKind[];
export type FilterableKind = (typeof FILTERABLE_KINDS)[number];

export const MAX_EXPORT_PAGE = 2000;
export const DEFAULT_EXPORT_PAGE = 500;

export const ExportQuery = z.object({
  /** The `next` of the previous page; absent for the first. */
  after: z.string().min(1).max(300).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EXPORT_PAGE).default(DEFAULT_EXPORT_PAGE),
  /** A saved filter's name; only for the filterable kinds. */
  filter: z.string().trim().min(1).max(200).optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

const GlobalId = z.uuid();
const num = z.number().nullable();
const text = z.string().nullable();

export const ObjectTypeRecord = z.object({
  key: z.string(),
  typeName: z.string(),
  connectivityType: z.enum(['Node', 'Section', 'Lateral', 'Area', 'Point']),
  geometryType: z.enum(['Point', 'LineString', 'Polygon']),
  sortOrder: z.number().int(),
  label: z.string(),
  readableIdProperty: z.string(),
  codePrefix: text,
});

export const SubtypeRecord = z.object({
  key: z.string(),
  objectType: z.string(),
  label: z.string(),
  sortOrder: z.number().int(),
});

export const StandardRecord = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  notice: text,
  appliesTo: z.array(z.string()),
  headerFields: z.unknown(),
  gradeMin: z.number().int(),
  gradeMax: z.number().int(),
  worstIsHigh: z.boolean(),
  scoringMethod: z.string(),
  continuousUnitM: z.number(),
});

export const CodeRecord = z.object({
  standardId: z.string(),
  code: z.string(),
  family: z.string(),
  label: z.string(),
  characterisations: z.unknown(),
  characterisationRequired: z.boolean(),
  quantificationUnit: text,
  quantificationRequired: z.boolean(),
  clockRequired: z.boolean(),
  continuousAllowed: z.boolean(),
  gradeRule: z.unknown(),
});

/** No password hash, session or token crosses the wire: a copied account signs in as the Field decides. */
export const UserRecord = z.object({
  globalId: GlobalId,
  login: z.string(),
  displayName: z.string(),
  email: text,
  role: z.string(),
  websync: z.boolean(),
  disabled: z.boolean(),
  organization: text,
});

export const ProjectRecord = z.object({
  globalId: GlobalId,
  name: z.string(),
  client: text,
  contractor: text,
  standardId: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const AssetRecord = z.object({
  globalId: GlobalId,
  objectType: z.string(),
  subtype: z.string(),
  assetCode: z.string(),
  /** Extended WKB in hex: copies the geometry bit for bit, SRID included. */
  geometry: z.string().regex(/^[0-9a-f]+$/),
  fromNode: GlobalId.nullable(),
  toNode: GlobalId.nullable(),
  parentSection: GlobalId.nullable(),
  chainageM: num,
  clock: num,
  material: text,
  shape: text,
  sizeMm: num,
  lengthM: num,
  yearBuilt: num,
  owner: text,
  use: text,
  lifecycleStatus: z.string(),
  coverLevelM: num,
  invertLevelM: num,
  fromInvertM: num,
  toInvertM: num,
  street: text,
  district: text,
  conditionGrade: num,
});

export const EXPORT_RECORDS = {
  'object-types': ObjectTypeRecord,
  subtypes: SubtypeRecord,
  standards: StandardRecord,
  codes: CodeRecord,
  users: UserRecord,
  projects: ProjectRecord,
  nodes: AssetRecord,
  sections: AssetRecord,
  laterals: AssetRecord,
} as const satisfies Record<ExportKind, z.ZodType>;

export type ExportRecord<K extends ExportKind> = z.infer<(typeof EXPORT_RECORDS)[K]>;

/** A page of one kind; `next` is the cursor of the following page, null after the last. */
export function exportPage<K extends ExportKind>(kind: K) {
  return z.object({ items: z.array(EXPORT_RECORDS[kind]), next: z.string().nullable() });
}
export interface ExportPage<K extends ExportKind> {
  items: ExportRecord<K>[];
  next: string | null;
}
