/**
 * The SQL of dashboard widgets: one aggregate per widget over its records (assets of a type,
 * inspections, or tasks), grouped by an expression from the catalogue below, and the assets behind
 * one group for a drill-down. Every expression written into a statement is ours; the user's choices
 * only pick among them, and values (period bounds, a group's key) travel as parameters.
 */
import type { GroupBy, GroupRow, Measure, WidgetSource } from '@manway/core/domain/widgets';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';
import { ASSET_COLUMNS } from '../filters/compile';

type AssetSource = 'node' | 'section' | 'lateral';
type Family = 'asset' | 'inspection' | 'task';

/** What a widget reads, checked by the service: the source, its group-by and measure, and what narrows it. */
export interface WidgetQuery {
  source: WidgetSource;
  groupBy: GroupBy | null;
  measure: Measure;
  /** The period's instants [from, to); null for all time. */
  period: { from: Date; to: Date } | null;
  /** The saved filter's condition over `assets a` (its asset type included); null for every record. */
  assets: SQL | null;
  /** Only records in these states (tasks' states, inspections' statuses); empty: all. */
  states: readonly string[];
}

/** Tables a statement joins beyond its source's own, only when an expression reads them. */
type Reach = 'asset' | 'operator' | 'assignee';

interface Expression {
  sql: string;
  reach?: Reach;
}

function familyOf(source: WidgetSource): Family {
  return source === 'inspection' || source === 'task' ? source : 'asset';
}

/**
 * An inspection's grade as the asset's condition takes it (core's `assetCondition`): the worse of its
 * two family peaks, and 1 when it found nothing; none until it has been scored.
 */
const INSPECTION_GRADE = `CASE WHEN i.str_peak IS NULL AND i.om_peak IS NULL THEN NULL
  ELSE greatest(1, i.str_peak, i.om_peak) END`;

/**
 * The group-by expressions by family. Groups are formed on the expression's own type (a number
 * hashes faster than its text) and keyed by its text. A blank district counts with the
 * missing ones, as the filter's `isEmpty` a drill-down asks for counts it.
 * Crew, by the user's display name so that inspections and tasks name a crew alike: for an
 * inspection, the operator of the field session it was made in, else the user who created it (the
 * header's operator is text typed in the field, often a login, and would split one crew in two); for
 * a task, the user its latest assignment is assigned to, as the task list shows it.
 */
const GROUPS: Readonly<Record<Family, Partial<Record<GroupBy, Expression>>>> = {
  asset: {
    subtype: { sql: 'a.subtype' },
    conditionGrade: { sql: 'a.condition_grade' },
    material: { sql: 'a.material' },
    district: { sql: "nullif(a.district, '')" },
    yearBuiltBand: { sql: '(a.year_built / 10) * 10' },
    lifecycleStatus: { sql: 'a.lifecycle_status' },
  },
  inspection: {
    inspectionMonth: { sql: "to_char(i.inspected_at AT TIME ZONE 'UTC', 'YYYY-MM')" },
    inspectionStatus: { sql: 'i.status' },
    conditionGrade: { sql: INSPECTION_GRADE },
    district: { sql: "nullif(a.district, '')", reach: 'asset' },
    subtype: { sql: 'a.subtype', reach: 'asset' },
    crew: { sql: 'cu.display_name', reach: 'operator' },
  },
  task: {
    taskState: { sql: 't.state' },
    taskType: { sql: 't.task_type' },
    dueMonth: { sql: "to_char(t.due_date, 'YYYY-MM')" },
    district: { sql: "nullif(t.district, '')" },
    crew: { sql: 'u.display_name', reach: 'assignee' },
  },
};

/** The numeric properties sum, avg, min and max read, and `length`, by family. */
const INSPECTION_NUMBERS: Readonly<Record<string, string>> = {
  structuralPeak: 'i.str_peak',
  operationalPeak: 'i.om_peak',
  lengthSurveyedM: 'i.length_surveyed_m',
};
const LENGTH: Readonly<Record<Family, string | null>> = {
  asset: 'a.length_m',
  inspection: 'i.length_surveyed_m',
  task: null,
};

function numberColumn(family: Family, property: string): string {
  const column =
    family === 'asset'
      ? ASSET_COLUMNS[property]?.kind === 'number'
        ? ASSET_COLUMNS[property].sql
        : undefined
      : family === 'inspection'
        ? INSPECTION_NUMBERS[property]
        : undefined;
  // The service checks the widget against the catalogue first; this guards the whitelist on its own.
  if (!column) throw new Error(`No numeric column "${property}" for ${family} widgets`);
  return column;
}

/** The measure as a double, over the rows `only` keeps (all of them without it). */
function measureSql(family: Family, measure: Measure, only: SQL | null): SQL {
  const filter = only ? sql` FILTER (WHERE ${only})` : sql.empty();
  if (measure.kind === 'count') return sql`(count(*)${filter})::double precision`;
  const column = measure.kind === 'length' ? LENGTH[family] : numberColumn(family, measure.property);
  if (!column) throw new Error(`No length for ${family} widgets`);
  const fn = measure.kind === 'length' ? 'sum' : measure.kind;
  return sql`(${sql.raw(fn)}(${sql.raw(column)})${filter})::double precision`;
}

function groupExpression(family: Family, groupBy: GroupBy): Expression {
  const expression = GROUPS[family][groupBy];
  if (!expression) throw new Error(`${family} widgets cannot be grouped by ${groupBy}`);
  return expression;
}

/** The date a period narrows, compared with instants: a due date is a UTC day, as core's periods are. */
function withinPeriod(family: Family, from: Date, to: Date): SQL {
  const [low, high] = [from.toISOString(), to.toISOString()];
  if (family === 'inspection')
    return sql`i.inspected_at >= ${low}::timestamptz AND i.inspected_at < ${high}::timestamptz`;
  if (family === 'task')
    return sql`t.due_date >= (${low}::timestamptz AT TIME ZONE 'UTC') AND t.due_date < (${high}::timestamptz AT TIME ZONE 'UTC')`;
  throw new Error('Assets have no date a period narrows');
}

/**
 * The tables a statement reads and which rows: a source's own table, joined to what the group-by and
 * the saved filter need, narrowed to the filter and (unless `periodWhere` says otherwise) the period.
 * Deleted tasks are not work: no widget counts them, whatever it is grouped by.
 */
function fromWhere(
  q: WidgetQuery,
  periodWhere: SQL | null = q.period ? withinPeriod(familyOf(q.source), q.period.from, q.period.to) : null,
): SQL {
  const family = familyOf(q.source);
  const reach = new Set<Reach>();
  if (q.groupBy) {
    const r = groupExpression(family, q.groupBy).reach;
    if (r) reach.add(r);
  }
  if (q.assets) reach.add('asset');
  const joined = (table: SQL, joins: Partial<Record<Reach, SQL>>) =>
    sql.join([table, ...(Object.keys(joins) as Reach[]).filter((r) => reach.has(r)).map((r) => joins[r]!)], sql`\n  `);
  const where: SQL[] = [];
  let from: SQL;
  switch (family) {
    case 'asset':
      from = sql`FROM assets a`;
      where.push(sql`a.object_type = ${q.source as AssetSource}`);
      break;
    case 'inspection':
      from = joined(sql`FROM inspections i`, {
        asset: sql`JOIN assets a ON a.id = i.asset_id`,
        operator: sql`LEFT JOIN inspection_sessions s ON s.id = i.session_id
  LEFT JOIN users cu ON cu.id = coalesce(s.operator_id, i.created_by)`,
      });
      break;
    case 'task':
      from = joined(sql`FROM tasks t`, {
        asset: sql`JOIN assets a ON a.id = t.asset_id`,
        // A task's latest assignment is the one with the highest id (as the task list reads it).
        assignee: sql`LEFT JOIN (SELECT task_id, max(assignment_id) AS assignment_id FROM assignment_tasks GROUP BY task_id) x
    ON x.task_id = t.id
  LEFT JOIN assignments g ON g.id = x.assignment_id
  LEFT JOIN users u ON u.id = g.assigned_to`,
      });
      where.push(sql`t.state <> 'deleted'`);
      break;
  }
  if (q.states.length > 0) {
    // The states are checked against the catalogue first; they travel as a parameter all the same.
    const column = family === 'task' ? sql`t.state` : sql`i.status`;
    where.push(sql`${column} = ANY(${[...q.states]}::text[])`);
  }
  if (q.assets) where.push(sql`(${q.assets})`);
  if (periodWhere) where.push(periodWhere);
  return sql`${from}\nWHERE ${where.length > 0 ? sql.join(where, sql.raw('\n  AND ')) : sql`TRUE`}`;
}

/** The statement of a widget's groups; with `whole`, the row over every record too (GROUPING SETS). */
export function aggregateSql(q: WidgetQuery, whole: boolean): SQL {
  const family = familyOf(q.source);
  const value = measureSql(family, q.measure, null);
  if (!q.groupBy) {
    return sql`SELECT NULL::text AS key, ${value} AS value, count(*)::int AS count, TRUE AS whole\n${fromWhere(q)}`;
  }
  const group = sql.raw(groupExpression(family, q.groupBy).sql);
  const groupBy = whole ? sql`GROUPING SETS ((${group}), ())` : group;
  const isWhole = whole ? sql`GROUPING(${group}) = 1` : sql`FALSE`;
  return sql`SELECT (${group})::text AS key, ${value} AS value, count(*)::int AS count, ${isWhole} AS whole
${fromWhere(q)}
GROUP BY ${groupBy}`;
}

/**
 * A total in its period and in the one before, in one pass over both: the rows of the two periods
 * are read once, and each aggregate keeps its own.
 */
export function totalWithPreviousSql(q: WidgetQuery, previous: { from: Date; to: Date }): SQL {
  const family = familyOf(q.source);
  if (!q.period) throw new Error('A total compares a period with the one before');
  const current = withinPeriod(family, q.period.from, q.period.to);
  const before = withinPeriod(family, previous.from, previous.to);
  const both = withinPeriod(family, previous.from, q.period.to);
  return sql`SELECT ${measureSql(family, q.measure, current)} AS value, (count(*) FILTER (WHERE ${current}))::int AS count,
  ${measureSql(family, q.measure, before)} AS previous
${fromWhere(q, both)}`;
}

/**
 * The assets one group's inspections or tasks are on, of the asset type most of them have (ties to
 * the first by key), with that type's name; at most `limit`, in id order.
 */
export function drillAssetsSql(q: WidgetQuery, key: string | null, limit: number): SQL {
  const family = familyOf(q.source);
  if (family === 'asset' || !q.groupBy) throw new Error('Only grouped inspections and tasks drill to their assets');
  const group = sql.raw(groupExpression(family, q.groupBy).sql);
  const assetId = sql.raw(family === 'inspection' ? 'i.asset_id' : 't.asset_id');
  return sql`WITH hit AS (
  SELECT DISTINCT ${assetId} AS id
  ${fromWhere(q)}
    AND (${group})::text IS NOT DISTINCT FROM ${key}::text
), typed AS (
  SELECT h.id, b.object_type FROM hit h JOIN assets b ON b.id = h.id
), main AS (
  SELECT object_type FROM typed GROUP BY object_type ORDER BY count(*) DESC, object_type LIMIT 1
)
SELECT typed.id::text AS id, ot.type_name
FROM typed JOIN main USING (object_type) JOIN object_types ot ON ot.key = typed.object_type
ORDER BY typed.id
LIMIT ${limit}`;
}

interface AggregateRow {
  key: string | null;
  value: number | null;
  count: number;
  whole: boolean;
}

export class WidgetDataRepository {
  constructor(private readonly db: Database) {}

  /** The groups, and with `whole` (or without a group-by) the row over every record. */
  async aggregate(q: WidgetQuery, whole: boolean): Promise<{ groups: GroupRow[]; whole: GroupRow | null }> {
    const rows = await this.db.query<AggregateRow>(aggregateSql(q, whole));
    const groups: GroupRow[] = [];
    let all: GroupRow | null = null;
    for (const r of rows) {
      const row = { key: r.key, value: r.value === null ? null : Number(r.value), count: Number(r.count) };
      if (r.whole) all = row;
      else groups.push(row);
    }
    return { groups, whole: all };
  }

  async totalWithPrevious(
    q: WidgetQuery,
    previous: { from: Date; to: Date },
  ): Promise<{ value: number | null; count: number; previous: number | null }> {
    const [row] = await this.db.query<{ value: number | null; count: number; previous: number | null }>(
      totalWithPreviousSql(q, previous),
    );
    const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return { value: num(row?.value), count: Number(row?.count ?? 0), previous: num(row?.previous) };
  }

  async drillAssets(
    q: WidgetQuery,
    key: string | null,
    limit: number,
  ): Promise<{ typeName: string | null; ids: number[] }> {
    const rows = await this.db.query<{ id: string; type_name: string }>(drillAssetsSql(q, key, limit));
    return { typeName: rows[0]?.type_name ?? null, ids: rows.map((r) => Number(r.id)) };
  }

  /** The name filters know an asset type by ("Section"). */
  async typeName(source: AssetSource): Promise<string> {
    const [row] = await this.db.query<{ type_name: string }>(
      sql`SELECT type_name FROM object_types WHERE key = ${source}`,
    );
    return row?.type_name ?? source;
  }
}
