/**
 * Turns a checked filter definition into a parameterised WHERE clause. Column expressions come only
 * from the server's catalogues below; every value the user sent travels as a bind parameter, so no
 * user text ever becomes SQL. The service checks properties, operators and values before this runs.
 */
import type { FilterKind, FilterNode } from '@manway/core/api/filters';
import { sql, type SQL } from '../../db/sql';

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

/** A catalogue column's expression, written into the statement (our constant, never input). */
export function columnSql(column: FilterColumn): SQL {
  return sql.raw(column.sql);
}

export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const CAST: Record<FilterKind, SQL> = {
  text: sql.raw('::text'),
  lookup: sql.raw('::text'),
  number: sql.raw('::double precision'),
  date: sql.raw('::timestamptz'),
  boolean: sql.raw('::boolean'),
};

function condition(columns: Readonly<Record<string, FilterColumn>>, c: Extract<FilterNode, { property: string }>): SQL {
  const column = columns[c.property];
  // The service refuses unknown properties first; this guards the whitelist on its own.
  if (!column) throw new Error(`Property ${c.property} is not filterable`);
  const cast = CAST[column.kind];
  const raw = columnSql(column);
  // Text compares in any case; lookups compare their stored keys.
  const col = column.kind === 'text' ? sql`lower(${raw})` : column.kind === 'lookup' ? sql`${raw}::text` : raw;
  const v = (x: unknown) => sql`${column.kind === 'text' && typeof x === 'string' ? x.toLowerCase() : x}${cast}`;
  const value = c.value;
  switch (c.operator) {
    case 'eq':
      return sql`${col} = ${v(value)}`;
    case 'ne':
      return sql`${col} IS DISTINCT FROM ${v(value)}`;
    case 'lt':
      return sql`${col} < ${v(value)}`;
    case 'le':
      return sql`${col} <= ${v(value)}`;
    case 'gt':
      return sql`${col} > ${v(value)}`;
    case 'ge':
      return sql`${col} >= ${v(value)}`;
    case 'between': {
      const [low, high] = value as [unknown, unknown];
      return sql`${col} BETWEEN ${v(low)} AND ${v(high)}`;
    }
    case 'contains':
      return sql`${col} LIKE ${`%${likeEscape(String(value).toLowerCase())}%`}`;
    case 'startsWith':
      return sql`${col} LIKE ${`${likeEscape(String(value).toLowerCase())}%`}`;
    case 'in':
      return sql`${col} = ANY(${(value as unknown[]).map(String)}::text[])`;
    case 'notIn':
      return sql`(${col} IS NULL OR NOT ${col} = ANY(${(value as unknown[]).map(String)}::text[]))`;
    case 'isEmpty':
      return column.kind === 'text' ? sql`coalesce(${raw}, '') = ''` : sql`${raw} IS NULL`;
    case 'isNotEmpty':
      return column.kind === 'text' ? sql`coalesce(${raw}, '') <> ''` : sql`${raw} IS NOT NULL`;
  }
}

/** The nodes combined; an empty list matches everything. */
export function compileNodes(
  columns: Readonly<Record<string, FilterColumn>>,
  combine: 'and' | 'or',
  nodes: readonly FilterNode[],
): SQL {
  if (nodes.length === 0) return sql`TRUE`;
  const parts = nodes.map((n) =>
    'combine' in n ? sql`(${compileNodes(columns, n.combine, n.conditions)})` : sql`(${condition(columns, n)})`,
  );
  return sql.join(parts, sql.raw(combine === 'and' ? ' AND ' : ' OR '));
}

/** A simple-search term matched, in any case, in any of the fields. */
export function compileTerm(
  columns: Readonly<Record<string, FilterColumn>>,
  term: string,
  fields: readonly string[],
): SQL {
  const pattern = `%${likeEscape(term.toLowerCase())}%`;
  const matches = fields.map((f) => sql`lower(${columnSql(columns[f]!)}) LIKE ${pattern}`);
  return sql`(${sql.join(matches, sql.raw(' OR '))})`;
}
