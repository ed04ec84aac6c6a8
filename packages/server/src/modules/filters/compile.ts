/**
 * Turns a checked filter definition into a parameterised WHERE clause. Column expressions come only
 * from the server's catalogues below; every value the user sent travels as a bind parameter, so no
 * user text ever becomes SQL. The service checks properties, operators and values before this runs.
 */
import type { FilterKind, FilterNode } from '@manway/core/api/filters';

export interface FilterColumn {
  /** The SQL expression over the table alias (`a` for assets, `o` for observations). */
  sql: string;
  kind: FilterKind;
}

/** Filterable asset properties (names as in the property metadata) and the SQL behind each. */
export const ASSET_COLUMNS: Readonly<Record<string, FilterColumn>> = {
  assetId: { sql: 'a.asset_code', kind: 'text' },
  subtype: { sql: 'a.subtype', kind: 'lookup' },
  material: { sql: 'a.material', kind: 'lookup' },
  yearBuilt: { sql: 'a.year_built', kind: 'number' },
  owner: { sql: 'a.owner', kind: 'text' },
  use: { sql: 'a.use', kind: 'lookup' },
  lifecycleStatus: { sql: 'a.lifecycle_status', kind: 'lookup' },
  street: { sql: 'a.street', kind: 'text' },
  district: { sql: 'a.district', kind: 'text' },
  conditionGrade: { sql: 'a.condition_grade', kind: 'number' },
  coverLevelM: { sql: 'a.cover_level_m', kind: 'number' },
  invertLevelM: { sql: 'a.invert_level_m', kind: 'number' },
  sizeMm: { sql: 'a.size_mm', kind: 'number' },
  shape: { sql: 'a.shape', kind: 'lookup' },
  lengthM: { sql: 'a.length_m', kind: 'number' },
  fromInvertM: { sql: 'a.from_invert_m', kind: 'number' },
  toInvertM: { sql: 'a.to_invert_m', kind: 'number' },
  chainageM: { sql: 'a.chainage_m', kind: 'number' },
  clock: { sql: 'a.clock', kind: 'number' },
  fromNode: { sql: '(SELECT n.asset_code FROM assets n WHERE n.id = a.from_node_id)', kind: 'text' },
  toNode: { sql: '(SELECT n.asset_code FROM assets n WHERE n.id = a.to_node_id)', kind: 'text' },
  parentSection: { sql: '(SELECT n.asset_code FROM assets n WHERE n.id = a.parent_section_id)', kind: 'text' },
  plannedTask: {
    sql: `EXISTS (SELECT 1 FROM tasks t WHERE t.asset_id = a.id AND t.state = 'planned')`,
    kind: 'boolean',
  },
};

export const OBSERVATION_COLUMNS: Readonly<Record<string, FilterColumn>> = {
  sequence: { sql: 'o.sequence', kind: 'number' },
  distanceM: { sql: 'o.distance_m', kind: 'number' },
  code: { sql: 'o.code', kind: 'lookup' },
  characterisation: { sql: 'o.characterisation', kind: 'lookup' },
  quantification1: { sql: 'o.quantification1', kind: 'number' },
  quantification2: { sql: 'o.quantification2', kind: 'number' },
  clockFrom: { sql: 'o.clock_from', kind: 'number' },
  clockTo: { sql: 'o.clock_to', kind: 'number' },
  atJoint: { sql: 'o.at_joint', kind: 'boolean' },
  continuous: { sql: 'o.continuous', kind: 'lookup' },
  grade: { sql: 'o.grade', kind: 'number' },
  remark: { sql: 'o.remark', kind: 'text' },
  videoOffsetMs: { sql: 'o.video_offset_ms', kind: 'number' },
};

/** Collects bind parameters; `add` answers the placeholder for a value. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const CAST: Record<FilterKind, string> = {
  text: '::text',
  lookup: '::text',
  number: '::double precision',
  date: '::timestamptz',
  boolean: '::boolean',
};

function condition(
  columns: Readonly<Record<string, FilterColumn>>,
  c: Extract<FilterNode, { property: string }>,
  p: Params,
): string {
  const column = columns[c.property];
  // The service refuses unknown properties first; this guards the whitelist on its own.
  if (!column) throw new Error(`Property ${c.property} is not filterable`);
  const cast = CAST[column.kind];
  // Text compares in any case; lookups compare their stored keys.
  const col =
    column.kind === 'text' ? `lower(${column.sql})` : column.kind === 'lookup' ? `${column.sql}::text` : column.sql;
  const v = (x: unknown) => p.add(column.kind === 'text' && typeof x === 'string' ? x.toLowerCase() : x, cast);
  const value = c.value;
  switch (c.operator) {
    case 'eq':
      return `${col} = ${v(value)}`;
    case 'ne':
      return `${col} IS DISTINCT FROM ${v(value)}`;
    case 'lt':
      return `${col} < ${v(value)}`;
    case 'le':
      return `${col} <= ${v(value)}`;
    case 'gt':
      return `${col} > ${v(value)}`;
    case 'ge':
      return `${col} >= ${v(value)}`;
    case 'between': {
      const [low, high] = value as [unknown, unknown];
      return `${col} BETWEEN ${v(low)} AND ${v(high)}`;
    }
    case 'contains':
      return `${col} LIKE ${p.add(`%${likeEscape(String(value).toLowerCase())}%`)}`;
    case 'startsWith':
      return `${col} LIKE ${p.add(`${likeEscape(String(value).toLowerCase())}%`)}`;
    case 'in':
      return `${col} = ANY(${p.add((value as unknown[]).map(String), '::text[]')})`;
    case 'notIn':
      return `(${col} IS NULL OR NOT ${col} = ANY(${p.add((value as unknown[]).map(String), '::text[]')}))`;
    case 'isEmpty':
      return column.kind === 'text' ? `coalesce(${column.sql}, '') = ''` : `${column.sql} IS NULL`;
    case 'isNotEmpty':
      return column.kind === 'text' ? `coalesce(${column.sql}, '') <> ''` : `${column.sql} IS NOT NULL`;
  }
}

/** The nodes combined; an empty list matches everything. */
export function compileNodes(
  columns: Readonly<Record<string, FilterColumn>>,
  combine: 'and' | 'or',
  nodes: readonly FilterNode[],
  p: Params,
): string {
  if (nodes.length === 0) return 'TRUE';
  const parts = nodes.map((n) =>
    'combine' in n ? `(${compileNodes(columns, n.combine, n.conditions, p)})` : `(${condition(columns, n, p)})`,
  );
  return parts.join(combine === 'and' ? ' AND ' : ' OR ');
}

/** A simple-search term matched, in any case, in any of the fields. */
export function compileTerm(
  columns: Readonly<Record<string, FilterColumn>>,
  term: string,
  fields: readonly string[],
  p: Params,
): string {
  const pattern = p.add(`%${likeEscape(term.toLowerCase())}%`);
  return `(${fields.map((f) => `lower(${columns[f]!.sql}) LIKE ${pattern}`).join(' OR ')})`;
}
