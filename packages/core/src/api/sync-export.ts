/**
 * The Office system's export calls, which the sync agent of a Field system pages through (issue #6).
 * One contract for both ends: the Office answers with these shapes and the Field agent parses them
 * again before writing anything. Records name each other by global id, never by a local id.
 */
import { z } from 'zod';
import { FORM_OBJECT_TYPES, FormTemplate } from '../forms/template';
import {
  dateOnlyProblem,
  ewkbProblem,
  FIRST_YEAR,
  INTEGER,
  SMALLINT,
  timestampProblem,
} from '../rules/postgres-values';

/**
 * What can be exported, in the order a full copy must take: object types before their subtypes,
 * standards before their codes, form templates and the projects using them, nodes before the
 * sections joining them, sections before their laterals.
 */
export const EXPORT_KINDS = [
  'object-types',
  'subtypes',
  'standards',
  'codes',
  'form-templates',
  'users',
  'user-credentials',
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

// Every value is bounded as its column is (and as PostgreSQL would check it), so a record it would
// refuse is a 400 naming the field before any statement runs, and the bounds show in OpenAPI.

/** A text of at most `max` characters. */
export const bounded = (max: number) => z.string().max(max);
const text = (max: number) => bounded(max).nullable();
/** A whole number within `range` (a column's type, or its check). */
export const whole = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);
const int = whole(INTEGER);
const num = z.number().nullable();

/** An ISO 8601 timestamp with its offset, within the years records may carry. */
export const Timestamp = bounded(40).superRefine((value, ctx) => {
  const problem = timestampProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
/** An ISO 8601 date, within the years records may carry. */
export const DateOnly = bounded(10).superRefine((value, ctx) => {
  const problem = dateOnlyProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const ObjectTypeRecord = z.object({
  key: bounded(100),
  typeName: bounded(200),
  connectivityType: z.enum(['Node', 'Section', 'Lateral', 'Area', 'Point']),
  geometryType: z.enum(['Point', 'LineString', 'Polygon']),
  sortOrder: int,
  label: bounded(200),
  readableIdProperty: bounded(100),
  codePrefix: text(50),
});

export const SubtypeRecord = z.object({
  key: bounded(100),
  objectType: bounded(100),
  label: bounded(200),
  sortOrder: int,
});

export const StandardRecord = z.object({
  id: bounded(100),
  name: bounded(200),
  version: bounded(50),
  notice: text(10_000),
  appliesTo: z.array(bounded(100)).max(50),
  headerFields: z.unknown(),
  gradeMin: whole(SMALLINT),
  gradeMax: whole(SMALLINT),
  worstIsHigh: z.boolean(),
  scoringMethod: bounded(100),
  continuousUnitM: z.number(),
});

export const CodeRecord = z.object({
  standardId: bounded(100),
  code: bounded(50),
  family: bounded(100),
  label: bounded(1000),
  characterisations: z.unknown(),
  characterisationRequired: z.boolean(),
  quantificationUnit: text(50),
  quantificationRequired: z.boolean(),
  clockRequired: z.boolean(),
  continuousAllowed: z.boolean(),
  gradeRule: z.unknown(),
});

/**
 * A form template as stored: its definition, who wrote it (shipped with the product, or a custom one
 * of this organisation) and its version. It travels with the structure and standards: the Office's
 * replaces the Field's, custom or not.
 */
export const FormTemplateRecord = z.object({
  id: bounded(100),
  objectType: z.enum(FORM_OBJECT_TYPES),
  standardId: text(100),
  label: text(200),
  definition: FormTemplate,
  source: z.enum(['shipped', 'custom']),
  version: int,
});

/** No password hash, session or token crosses the wire here: the hashes have a kind of their own. */
export const UserRecord = z.object({
  globalId: GlobalId,
  login: bounded(200),
  displayName: bounded(200),
  email: text(320),
  role: bounded(50),
  // An Office from before these permissions (migration 0027) sends neither: everyone had both.
  office: z.boolean().default(true),
  inspect: z.boolean().default(true),
  websync: z.boolean(),
  disabled: z.boolean(),
  organization: text(200),
});

/**
 * The password hash a crew member signs in to the Field with (argon2id; never a password), readable
 * only by the service accounts Field systems sign in with. Service accounts' own hashes are not sent.
 */
export const UserCredentialRecord = z.object({
  globalId: GlobalId,
  passwordHash: bounded(500).nullable(),
});

export const ProjectRecord = z.object({
  globalId: GlobalId,
  name: bounded(200),
  client: text(200),
  contractor: text(200),
  standardId: bounded(100),
  status: bounded(50),
  createdAt: Timestamp,
});

/** The longest geometry accepted, in hex digits (a line of some 12,000 vertices). */
export const MAX_GEOMETRY_HEX = 400_000;

export const AssetRecord = z.object({
  globalId: GlobalId,
  objectType: bounded(100),
  subtype: bounded(100),
  assetCode: bounded(100).min(1),
  /** Extended WKB in hex: copies the geometry bit for bit, SRID included. */
  geometry: bounded(MAX_GEOMETRY_HEX).superRefine((value, ctx) => {
    const problem = ewkbProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  fromNode: GlobalId.nullable(),
  toNode: GlobalId.nullable(),
  parentSection: GlobalId.nullable(),
  chainageM: z.number().min(0).nullable(),
  clock: whole({ min: 1, max: 12 }).nullable(),
  material: text(100),
  shape: text(50),
  sizeMm: whole({ min: 1, max: INTEGER.max }).nullable(),
  lengthM: z.number().min(0).nullable(),
  yearBuilt: whole({ min: FIRST_YEAR, max: 2100 }).nullable(),
  owner: text(200),
  use: text(50),
  lifecycleStatus: bounded(50),
  coverLevelM: num,
  invertLevelM: num,
  fromInvertM: num,
  toInvertM: num,
  street: text(200),
  district: text(200),
  conditionGrade: whole({ min: 1, max: 5 }).nullable(),
});

export const EXPORT_RECORDS = {
  'object-types': ObjectTypeRecord,
  subtypes: SubtypeRecord,
  standards: StandardRecord,
  codes: CodeRecord,
  'form-templates': FormTemplateRecord,
  users: UserRecord,
  'user-credentials': UserCredentialRecord,
  projects: ProjectRecord,
  nodes: AssetRecord,
  sections: AssetRecord,
  laterals: AssetRecord,
} as const satisfies Record<ExportKind, z.ZodType>;

export type ExportRecord<K extends ExportKind> = z.infer<(typeof EXPORT_RECORDS)[K]>;

/** A page of one kind; `next` is the cursor of the following page, null after the last. */
export function exportPage<K extends ExportKind>(kind: K) {
  return z.object({ items: z.array(EXPORT_RECORDS[kind]).max(MAX_EXPORT_PAGE), next: bounded(300).nullable() });
}
export interface ExportPage<K extends ExportKind> {
  items: ExportRecord<K>[];
  next: string | null;
}
