/**
 * Dashboard widgets as data (main-app spec sections 3 and 7 "Dashboards"): what a widget may count
 * or measure, over which records, grouped by what, and how the groups the server found become the
 * data items a chart draws. Pure: the server compiles a checked widget into one SQL aggregate, the
 * browser configures and draws it, and both read the catalogue below.
 */

export const WIDGET_TYPES = ['bar', 'column', 'pie', 'gauge', 'total', 'table'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** The records a widget reads: an asset type, inspections, or planned work. */
export const WIDGET_SOURCES = ['node', 'section', 'lateral', 'inspection', 'task'] as const;
export type WidgetSource = (typeof WIDGET_SOURCES)[number];

export const MEASURE_KINDS = ['count', 'sum', 'avg', 'min', 'max', 'length'] as const;
export type MeasureKind = (typeof MEASURE_KINDS)[number];

export const GROUP_BYS = [
  'subtype',
  'conditionGrade',
  'material',
  'district',
  'yearBuiltBand',
  'lifecycleStatus',
  'inspectionMonth',
  'inspectionStatus',
  'taskState',
  'taskType',
  'dueMonth',
  'crew',
] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/**
 * The period a dated source is narrowed to (inspections by when they were made, tasks by their due
 * date); a total compares it with the period before (this month with last month, and so on).
 */
export const PERIODS = ['all', 'this-month', 'this-year', 'last-30-days', 'last-12-months'] as const;
export type Period = (typeof PERIODS)[number];

export const SORTS = ['value-desc', 'value-asc', 'key', 'custom'] as const;
export type WidgetSort = (typeof SORTS)[number];

/** The dashboard grid: 12 columns, rows of a fixed height; a widget takes a rectangle of cells. */
export const GRID_COLUMNS = 12;
export const GRID_MAX_ROWS = 200;
export const WIDGET_TITLE_MAX_LENGTH = 80;
export const WIDGETS_PER_DASHBOARD_MAX = 40;
/** Groups a chart draws at most; the rest fold into one "Other" item. */
export const GROUP_LIMIT_MAX = 100;
export const DEFAULT_GROUP_LIMIT = 12;
export const OTHER_KEY = '__other__';
export const OTHER_LABEL = 'Other';
export const NONE_LABEL = '(none)';

export interface SourceInfo {
  source: WidgetSource;
  label: string;
  /** Whether the source has a date a period narrows. */
  dated: boolean;
  /** A saved filter narrows the source's assets (for inspections and tasks: the assets they are on). */
  filterable: boolean;
  groupBys: readonly GroupBy[];
  /** Numeric properties sum, avg, min and max may read. */
  numeric: readonly { property: string; label: string; unit?: string }[];
  /** Whether `length` (metres of pipe) applies. */
  hasLength: boolean;
  /** The states (task states, inspection statuses) a widget may narrow its records to; none: no states. */
  states: readonly string[];
}

const ASSET_NUMERIC = [
  { property: 'conditionGrade', label: 'Condition grade' },
  { property: 'yearBuilt', label: 'Year built' },
] as const;
const PIPE_NUMERIC = [
  ...ASSET_NUMERIC,
  { property: 'sizeMm', label: 'Size', unit: 'mm' },
  { property: 'lengthM', label: 'Length', unit: 'm' },
] as const;
/** A task's states as a widget counts them (deleted tasks are not work: no widget counts them). */
export const TASK_STATES = ['planned', 'started', 'inspection-created', 'completed'] as const;
export const INSPECTION_STATUSES = ['incomplete', 'pending', 'completed'] as const;
/** The states of open work: what "open tasks" counts. */
export const OPEN_TASK_STATES = ['planned', 'started', 'inspection-created'] as const;

const ASSET_GROUPS: readonly GroupBy[] = [
  'subtype',
  'conditionGrade',
  'material',
  'district',
  'yearBuiltBand',
  'lifecycleStatus',
];

export const SOURCE_CATALOGUE: Readonly<Record<WidgetSource, SourceInfo>> = {
  node: {
    source: 'node',
    label: 'Manholes and nodes',
    dated: false,
    filterable: true,
    groupBys: ASSET_GROUPS,
    numeric: [
      ...ASSET_NUMERIC,
      { property: 'coverLevelM', label: 'Cover level', unit: 'm' },
      { property: 'invertLevelM', label: 'Invert level', unit: 'm' },
    ],
    hasLength: false,
    states: [],
  },
  section: {
    source: 'section',
    label: 'Sections',
    dated: false,
    filterable: true,
    groupBys: ASSET_GROUPS,
    numeric: PIPE_NUMERIC,
    hasLength: true,
    states: [],
  },
  lateral: {
    source: 'lateral',
    label: 'Laterals',
    dated: false,
    filterable: true,
    groupBys: ASSET_GROUPS,
    numeric: PIPE_NUMERIC,
    hasLength: true,
    states: [],
  },
  inspection: {
    source: 'inspection',
    label: 'Inspections',
    dated: true,
    filterable: true,
    groupBys: ['inspectionMonth', 'inspectionStatus', 'conditionGrade', 'district', 'subtype', 'crew'],
    numeric: [
      { property: 'structuralPeak', label: 'Structural peak grade' },
      { property: 'operationalPeak', label: 'Operational peak grade' },
      { property: 'lengthSurveyedM', label: 'Length surveyed', unit: 'm' },
    ],
    hasLength: true,
    states: INSPECTION_STATUSES,
  },
  task: {
    source: 'task',
    label: 'Tasks',
    dated: true,
    filterable: true,
    groupBys: ['taskState', 'taskType', 'dueMonth', 'district', 'crew'],
    numeric: [],
    hasLength: false,
    states: TASK_STATES,
  },
};

export const GROUP_BY_LABELS: Readonly<Record<GroupBy, string>> = {
  subtype: 'Subtype',
  conditionGrade: 'Condition grade',
  material: 'Material',
  district: 'District',
  yearBuiltBand: 'Year built (decade)',
  lifecycleStatus: 'Lifecycle status',
  inspectionMonth: 'Month inspected',
  inspectionStatus: 'Inspection status',
  taskState: 'Task state',
  taskType: 'Task type',
  dueMonth: 'Month due',
  crew: 'Crew',
};

export const MEASURE_LABELS: Readonly<Record<MeasureKind, string>> = {
  count: 'Count',
  sum: 'Sum',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  length: 'Length (m)',
};

export const WIDGET_TYPE_INFO: Readonly<Record<WidgetType, { label: string; description: string }>> = {
  bar: { label: 'Bar chart', description: 'Horizontal bars, one per group: long labels such as streets read well.' },
  column: { label: 'Column chart', description: 'Vertical columns, one per group: months and grades in order.' },
  pie: { label: 'Pie chart', description: 'Each group as a share of the whole.' },
  gauge: { label: 'Gauge', description: 'One value against a target, or the share of chosen groups.' },
  total: { label: 'Total', description: 'One big number, with its trend against the previous period.' },
  table: { label: 'Table', description: 'The groups as rows with their value and count.' },
};

/** Types that draw one value per group and so need a group-by. */
export function needsGroupBy(type: WidgetType): boolean {
  return type === 'bar' || type === 'column' || type === 'pie' || type === 'table';
}

// Widgets ----------------------------------------------------------------------------------------

export type Measure =
  { kind: 'count' } | { kind: 'length' } | { kind: 'sum' | 'avg' | 'min' | 'max'; property: string };

/** A data item's look, set in the configuration dialog: its label, colour, or hidden. */
export interface ItemSetting {
  key: string;
  label?: string;
  color?: string;
  hidden?: boolean;
}

export interface WidgetOptions {
  sort?: WidgetSort;
  /** At most this many groups; the rest fold into "Other". */
  limit?: number;
  /** Per item look, and with sort `custom` their order. */
  items?: ItemSetting[];
  /** Gauge: the value that fills it; without one the gauge shows the share of `parts`. */
  target?: number;
  /** Gauge with a group-by: the groups whose share of the whole it shows, e.g. ['completed']. */
  parts?: string[];
  /** Total, gauge: a unit written after the number. */
  unit?: string;
  /** Bar, column: show each value on its bar. */
  showValues?: boolean;
  /** Decimals shown (averages). */
  decimals?: number;
}

export interface WidgetLayout {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Widget {
  id: string;
  type: WidgetType;
  title: string;
  source: WidgetSource;
  /** A saved filter (own or shared) narrowing the source; none: the whole network. */
  savedFilter?: string | null;
  /** Only records in these states (tasks' states, inspections' statuses); none or empty: all. */
  states?: string[];
  period?: Period;
  measure: Measure;
  groupBy?: GroupBy | null;
  options: WidgetOptions;
  layout: WidgetLayout;
}

export interface WidgetProblem {
  /** Where in the widget, e.g. `measure.property`. */
  field: string;
  message: string;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Everything wrong with a widget's configuration that its shape does not already say: the measure
 * and group-by must suit the source, the type must have what it draws, and the layout must fit the
 * grid. Empty when the widget can be computed and drawn.
 */
export function widgetProblems(widget: Widget): WidgetProblem[] {
  const problems: WidgetProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const info = SOURCE_CATALOGUE[widget.source];
  if (widget.title.trim() === '') add('title', 'Give the widget a title.');
  if (widget.title.length > WIDGET_TITLE_MAX_LENGTH)
    add('title', `A widget title has at most ${WIDGET_TITLE_MAX_LENGTH} characters.`);

  const m = widget.measure;
  if (m.kind === 'length' && !info.hasLength) add('measure.kind', `${info.label} have no length to add up.`);
  if (
    (m.kind === 'sum' || m.kind === 'avg' || m.kind === 'min' || m.kind === 'max') &&
    !info.numeric.some((n) => n.property === m.property)
  ) {
    const names = info.numeric.map((n) => n.property).join(', ');
    add(
      'measure.property',
      names ? `"${m.property}" is not one of: ${names}.` : `${info.label} have no numbers to measure.`,
    );
  }

  const groupBy = widget.groupBy ?? null;
  if (groupBy !== null && !info.groupBys.includes(groupBy))
    add('groupBy', `${info.label} cannot be grouped by ${GROUP_BY_LABELS[groupBy].toLowerCase()}.`);
  if (groupBy === null && needsGroupBy(widget.type))
    add('groupBy', `A ${WIDGET_TYPE_INFO[widget.type].label.toLowerCase()} needs a group-by.`);
  if (groupBy !== null && widget.type === 'total') add('groupBy', 'A total is one number: it has no group-by.');

  const period = widget.period ?? 'all';
  if (period !== 'all' && !info.dated) add('period', `${info.label} have no date a period could narrow.`);
  if (widget.savedFilter && !info.filterable) add('savedFilter', `${info.label} cannot be narrowed by a saved filter.`);
  const states = widget.states ?? [];
  if (states.length > 0 && info.states.length === 0) add('states', `${info.label} have no states to narrow them by.`);
  else if (states.some((s) => !info.states.includes(s)))
    add('states', `The states of ${info.label.toLowerCase()} are: ${info.states.join(', ')}.`);
  else if (new Set(states).size !== states.length) add('states', 'Each state is chosen once.');

  const o = widget.options;
  if (o.limit !== undefined && (!Number.isInteger(o.limit) || o.limit < 1 || o.limit > GROUP_LIMIT_MAX))
    add('options.limit', `Show between 1 and ${GROUP_LIMIT_MAX} groups.`);
  if (o.decimals !== undefined && (!Number.isInteger(o.decimals) || o.decimals < 0 || o.decimals > 6))
    add('options.decimals', 'Show between 0 and 6 decimals.');
  if (widget.type === 'gauge') {
    const hasTarget = o.target !== undefined;
    const hasParts = (o.parts?.length ?? 0) > 0;
    if (hasTarget && (!Number.isFinite(o.target) || (o.target as number) <= 0))
      add('options.target', 'The target is a number above 0.');
    if (!hasTarget && !(groupBy !== null && hasParts))
      add('options.target', 'A gauge needs a target, or a group-by and the groups it shows the share of.');
  }
  const keys = new Set<string>();
  (o.items ?? []).forEach((item, i) => {
    if (keys.has(item.key)) add(`options.items[${i}].key`, `The group "${item.key}" is set twice.`);
    keys.add(item.key);
    if (item.color !== undefined && !COLOR.test(item.color))
      add(`options.items[${i}].color`, 'A colour is written #rrggbb.');
  });

  const l = widget.layout;
  const whole = (n: number) => Number.isInteger(n);
  if (![l.x, l.y, l.w, l.h].every(whole) || l.x < 0 || l.y < 0 || l.w < 1 || l.h < 1)
    add('layout', 'A widget takes whole grid cells from the top left.');
  else if (l.x + l.w > GRID_COLUMNS) add('layout', `A widget fits in the grid's ${GRID_COLUMNS} columns.`);
  else if (l.y + l.h > GRID_MAX_ROWS) add('layout', `A widget fits in the grid's ${GRID_MAX_ROWS} rows.`);
  return problems;
}

/** Widget titles are unique on a dashboard, compared trimmed and in any case. */
export function sameTitle(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/** A title not yet taken: "Title", else "Title (2)", "Title (3)", … kept within the title limit. */
export function freeTitle(title: string, taken: readonly string[]): string {
  const base = title.trim();
  if (!taken.some((t) => sameTitle(t, base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = base.slice(0, WIDGET_TITLE_MAX_LENGTH - suffix.length) + suffix;
    if (!taken.some((t) => sameTitle(t, candidate))) return candidate;
  }
}

// Data items -------------------------------------------------------------------------------------

/** One group as the server's aggregate answers it: its key (null: the records without a value). */
export interface GroupRow {
  key: string | null;
  /** The measure over the group; null when no record of it has the measured value (an average of nothing). */
  value: number | null;
  /** Records in the group. */
  count: number;
}

export interface DataItem {
  key: string;
  label: string;
  value: number;
  count: number;
  color: string;
}

export interface WidgetData {
  items: DataItem[];
  /** The measure over every record (an average over all records, not of the groups' averages). */
  total: number | null;
  count: number;
  /** A total's value in the period before, when it has a period. */
  previous?: number | null;
  /** A gauge's filling value and its maximum. */
  gauge?: { value: number; max: number } | null;
}

/** Condition grades run from good (1) to very poor (5): the scale map and charts share these colours. */
export const GRADE_COLORS: Readonly<Record<string, string>> = {
  '0': '#9e9e9e',
  '1': '#2e7d32',
  '2': '#7cb342',
  '3': '#fbc02d',
  '4': '#f57c00',
  '5': '#c62828',
};
/** Series colours for groups without their own, starting with the app's orange. */
export const PALETTE = [
  '#f28c28',
  '#3b6ea8',
  '#5aa469',
  '#a05195',
  '#d45087',
  '#2f9e9e',
  '#8c6d46',
  '#6b7280',
  '#c9a227',
  '#4c51bf',
  '#e4572e',
  '#17a2b8',
] as const;
const NONE_KEY = '__none__';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The key a group row is known by in item settings and drill-downs. */
export function itemKey(key: string | null): string {
  return key ?? NONE_KEY;
}

/** The group's key back as the server reads it (null for the records without a value). */
export function groupKeyOf(itemKeyValue: string): string | null {
  return itemKeyValue === NONE_KEY ? null : itemKeyValue;
}

/** How a group's key reads: "Grade 3", "1960–1969", "Mar 2026", "(none)". */
export function defaultLabel(groupBy: GroupBy | null | undefined, key: string | null): string {
  if (key === null) return groupBy === 'crew' ? 'Unassigned' : NONE_LABEL;
  if (key === OTHER_KEY) return OTHER_LABEL;
  switch (groupBy) {
    case 'conditionGrade':
      return key === '0' ? 'Not graded' : `Grade ${key}`;
    case 'yearBuiltBand':
      return /^\d+$/.test(key) ? `${key}–${Number(key) + 9}` : key;
    case 'inspectionMonth':
    case 'dueMonth': {
      const match = /^(\d{4})-(\d{2})$/.exec(key);
      return match ? `${MONTHS[Number(match[2]) - 1]} ${match[1]}` : key;
    }
    default:
      return key.length > 0 ? key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' ') : key;
  }
}

/** Group-bys along a scale (months, decades): one colour, so the eye follows the series, not the hues. */
const SERIES_GROUP_BYS: readonly (GroupBy | null | undefined)[] = ['inspectionMonth', 'dueMonth', 'yearBuiltBand'];

function defaultColor(groupBy: GroupBy | null | undefined, key: string | null, index: number): string {
  if (groupBy === 'conditionGrade' && key !== null && GRADE_COLORS[key]) return GRADE_COLORS[key];
  if (key === null || key === OTHER_KEY) return '#9e9e9e';
  if (SERIES_GROUP_BYS.includes(groupBy)) return PALETTE[0];
  return PALETTE[index % PALETTE.length]!;
}

/** What a widget's value is, for a column heading or an axis: "Count", "Average condition grade". */
export function measureLabel(widget: Pick<Widget, 'source' | 'measure'>): string {
  const m = widget.measure;
  if (m.kind === 'count' || m.kind === 'length') return MEASURE_LABELS[m.kind];
  const property = SOURCE_CATALOGUE[widget.source].numeric.find((n) => n.property === m.property);
  const name = property ? property.label.toLowerCase() : m.property;
  return `${MEASURE_LABELS[m.kind]} ${name}${property?.unit ? ` (${property.unit})` : ''}`;
}

/** Whether groups of this measure add up: sums, counts and lengths do; averages, minima and maxima do not. */
export function isAdditive(kind: MeasureKind): boolean {
  return kind === 'count' || kind === 'sum' || kind === 'length';
}

/** Several groups' values as one: added, or an average weighted by counts, or the least or greatest. */
export function combineValues(kind: MeasureKind, rows: readonly GroupRow[]): number | null {
  const valued = rows.filter((r): r is GroupRow & { value: number } => r.value !== null);
  if (valued.length === 0) return isAdditive(kind) ? 0 : null;
  switch (kind) {
    case 'min':
      return Math.min(...valued.map((r) => r.value));
    case 'max':
      return Math.max(...valued.map((r) => r.value));
    case 'avg': {
      const weight = valued.reduce((s, r) => s + r.count, 0);
      return weight === 0 ? null : valued.reduce((s, r) => s + r.value * r.count, 0) / weight;
    }
    default:
      return valued.reduce((s, r) => s + r.value, 0);
  }
}

function compareKeys(groupBy: GroupBy | null | undefined, a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const numeric = groupBy === 'conditionGrade' || groupBy === 'yearBuiltBand';
  return numeric ? Number(a) - Number(b) : a.localeCompare(b);
}

/**
 * The groups the aggregate found, as the items a chart draws: hidden items left out, ordered by the
 * widget's sort (custom: the order of its item settings, unknown groups after them by key), the
 * groups past the limit folded into one "Other" item, each with its label and colour. No record is
 * lost: the items' counts (hidden ones aside) add up to the rows' counts.
 */
export function shapeItems(
  widget: Pick<Widget, 'measure' | 'groupBy' | 'options'>,
  rows: readonly GroupRow[],
): DataItem[] {
  const settings = new Map((widget.options.items ?? []).map((s, i) => [s.key, { ...s, position: i }]));
  const visible = rows.filter((r) => !settings.get(itemKey(r.key))?.hidden);
  const sort =
    widget.options.sort ??
    (widget.groupBy === 'inspectionMonth' ||
    widget.groupBy === 'dueMonth' ||
    widget.groupBy === 'conditionGrade' ||
    widget.groupBy === 'yearBuiltBand'
      ? 'key'
      : 'value-desc');
  const byKey = (a: GroupRow, b: GroupRow) => compareKeys(widget.groupBy, a.key, b.key);
  const value = (r: GroupRow) => r.value ?? Number.NEGATIVE_INFINITY;
  const ordered = [...visible].sort((a, b) => {
    switch (sort) {
      case 'value-desc':
        return value(b) - value(a) || byKey(a, b);
      case 'value-asc':
        return value(a) - value(b) || byKey(a, b);
      case 'custom': {
        const pa = settings.get(itemKey(a.key))?.position ?? Number.MAX_SAFE_INTEGER;
        const pb = settings.get(itemKey(b.key))?.position ?? Number.MAX_SAFE_INTEGER;
        return pa - pb || byKey(a, b);
      }
      default:
        return byKey(a, b);
    }
  });
  const limit = widget.options.limit ?? DEFAULT_GROUP_LIMIT;
  const kept = ordered.length > limit ? ordered.slice(0, limit - 1) : ordered;
  const folded = ordered.length > limit ? ordered.slice(limit - 1) : [];
  const items = kept.map((r, i): DataItem => {
    const key = itemKey(r.key);
    const s = settings.get(key);
    return {
      key,
      label: s?.label?.trim() || defaultLabel(widget.groupBy, r.key),
      value: r.value ?? 0,
      count: r.count,
      color: s?.color ?? defaultColor(widget.groupBy, r.key, i),
    };
  });
  if (folded.length > 0) {
    const s = settings.get(OTHER_KEY);
    items.push({
      key: OTHER_KEY,
      label: s?.label?.trim() || OTHER_LABEL,
      value: combineValues(widget.measure.kind, folded) ?? 0,
      count: folded.reduce((n, r) => n + r.count, 0),
      color: s?.color ?? '#9e9e9e',
    });
  }
  return items;
}

/**
 * A gauge's value and maximum: against its target, or, grouped, the share (in per cent) of its
 * chosen parts in the whole.
 */
export function gaugeOf(
  widget: Pick<Widget, 'measure' | 'options' | 'groupBy'>,
  rows: readonly GroupRow[],
  total: number | null,
): { value: number; max: number } {
  const target = widget.options.target;
  if (target !== undefined && (widget.groupBy ?? null) === null) return { value: total ?? 0, max: target };
  const parts = new Set(widget.options.parts ?? []);
  const part =
    combineValues(
      widget.measure.kind,
      rows.filter((r) => parts.has(itemKey(r.key))),
    ) ?? 0;
  if (target !== undefined) return { value: part, max: target };
  const whole = combineValues(widget.measure.kind, rows) ?? 0;
  return { value: whole === 0 ? 0 : (100 * part) / whole, max: 100 };
}

/**
 * The item settings the configuration dialog starts from: one per group the data has now, in the
 * order drawn, keeping what the user set for groups already known and those for groups absent now.
 */
export function prefillItems(
  widget: Pick<Widget, 'measure' | 'groupBy' | 'options'>,
  rows: readonly GroupRow[],
): ItemSetting[] {
  const drawn = shapeItems({ ...widget, options: { ...widget.options, items: [], limit: GROUP_LIMIT_MAX } }, rows);
  const known = new Map((widget.options.items ?? []).map((s) => [s.key, s]));
  const filled = drawn.map(
    (item): ItemSetting => known.get(item.key) ?? { key: item.key, label: item.label, color: item.color },
  );
  const present = new Set(filled.map((s) => s.key));
  return [...filled, ...(widget.options.items ?? []).filter((s) => !present.has(s.key))];
}

/**
 * A period's instants, [from, to), and the period before it to compare with, [previousFrom,
 * previousTo), relative to `now` (UTC); null for all time. A calendar period still running is compared
 * with as much of the one before (this month to the 10th with last month to the 10th), so the trend is
 * not a fall just because the month is young.
 */
export function periodRange(
  period: Period,
  now: Date,
): { from: Date; to: Date; previousFrom: Date; previousTo: Date } | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const day = 86_400_000;
  const utc = (year: number, month: number, date = 1) => new Date(Date.UTC(year, month, date));
  const toDate = (from: Date, previousFrom: Date) =>
    new Date(previousFrom.getTime() + (now.getTime() - from.getTime()));
  switch (period) {
    case 'all':
      return null;
    case 'this-month': {
      const from = utc(y, m);
      const previousFrom = utc(y, m - 1);
      return { from, to: utc(y, m + 1), previousFrom, previousTo: minDate(toDate(from, previousFrom), from) };
    }
    case 'this-year': {
      const from = utc(y, 0);
      const previousFrom = utc(y - 1, 0);
      return { from, to: utc(y + 1, 0), previousFrom, previousTo: minDate(toDate(from, previousFrom), from) };
    }
    case 'last-30-days': {
      const to = utc(y, m, now.getUTCDate() + 1);
      const from = new Date(to.getTime() - 30 * day);
      return { from, to, previousFrom: new Date(to.getTime() - 60 * day), previousTo: from };
    }
    case 'last-12-months': {
      const from = utc(y, m - 11);
      return { from, to: utc(y, m + 1), previousFrom: utc(y, m - 23), previousTo: from };
    }
  }
}

function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
