/**
 * The dashboard calls (main-app spec section 7 "Dashboards" and "Editing sessions", under
 * api/dashboard, api/widgets-gallery and api/dashboards/editing-sessions). A dashboard is a versioned
 * document (its name, owner, personal or global, a grid of widgets; section 3 "Dashboard template and
 * widget"); it is changed only through an editing session, which is committed (checking the version
 * the session started from) or discarded (section 4). The widget gallery is one shared document of
 * widgets to add to dashboards; `isGallery` names it instead of a dashboard.
 */
import { z } from 'zod';
import {
  GROUP_BYS,
  GRID_COLUMNS,
  GRID_MAX_ROWS,
  GROUP_LIMIT_MAX,
  PERIODS,
  SORTS,
  WIDGETS_PER_DASHBOARD_MAX,
  WIDGET_SOURCES,
  WIDGET_TITLE_MAX_LENGTH,
  WIDGET_TYPES,
  widgetProblems,
} from '../domain/widgets';
import { AdditionalRestrictions, FilterDefinition } from './filters';

/** Longer names answer the 'dashboard name too long' error (code dashboard/name-too-long). */
export const DASHBOARD_NAME_MAX_LENGTH = 100;
/** An editing session untouched this long is discarded by the clean-up job. */
export const EDITING_SESSION_IDLE_MINUTES = 120;
export const NO_WIDGETS = 'No widgets';
/** The error code when a widget's title is taken on the dashboard or in the gallery (409). */
export const WIDGET_EXISTS_CODE = 'dashboard/widget-exists';
export const DASHBOARD_EXISTS_CODE = 'dashboard/name-exists';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
/**
 * A dashboard name as the query carries it: trimmed, not empty. Its length is checked by the service,
 * which answers the spec's own error for a long one; the bound here only keeps absurd input out.
 */
export const DashboardName = z.string().trim().min(1, 'Enter a dashboard name.').max(2000);

export const WidgetId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A widget id has letters, digits, - and _ only.');

export const Measure = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('count') }),
  z.strictObject({ kind: z.literal('length') }),
  z.strictObject({ kind: z.enum(['sum', 'avg', 'min', 'max']), property: z.string().min(1).max(100) }),
]);

export const ItemSetting = z.strictObject({
  key: z.string().min(1).max(200),
  label: z.string().max(WIDGET_TITLE_MAX_LENGTH).optional(),
  color: z.string().max(7).optional(),
  hidden: z.boolean().optional(),
});

export const WidgetOptions = z.strictObject({
  sort: z.enum(SORTS).optional(),
  limit: z.number().int().optional(),
  items: z.array(ItemSetting).max(200).optional(),
  target: z.number().optional(),
  parts: z.array(z.string().min(1).max(200)).max(200).optional(),
  unit: z.string().max(20).optional(),
  showValues: z.boolean().optional(),
  decimals: z.number().int().optional(),
});

export const WidgetLayout = z.strictObject({
  x: z
    .number()
    .int()
    .min(0)
    .max(GRID_COLUMNS - 1),
  y: z
    .number()
    .int()
    .min(0)
    .max(GRID_MAX_ROWS - 1),
  w: z.number().int().min(1).max(GRID_COLUMNS),
  h: z.number().int().min(1).max(GRID_MAX_ROWS),
});

const WidgetShape = z.strictObject({
  id: WidgetId,
  type: z.enum(WIDGET_TYPES),
  title: z.string().max(WIDGET_TITLE_MAX_LENGTH),
  source: z.enum(WIDGET_SOURCES),
  savedFilter: z.string().trim().min(1).max(200).nullable().optional(),
  states: z.array(z.string().min(1).max(40)).max(10).optional(),
  period: z.enum(PERIODS).optional(),
  measure: Measure,
  groupBy: z.enum(GROUP_BYS).nullable().optional(),
  options: WidgetOptions,
  layout: WidgetLayout,
});

/** A widget whose every rule holds (core's widgetProblems); each problem is reported at its field. */
export const Widget = WidgetShape.superRefine((widget, ctx) => {
  for (const p of widgetProblems(widget))
    ctx.addIssue({ code: 'custom', message: p.message, path: p.field.split('.') });
});
export type Widget = z.infer<typeof Widget>;

/** A widget the client sends to be created: the server gives it its id. */
export const NewWidget = WidgetShape.extend({ id: WidgetId.optional() }).superRefine((widget, ctx) => {
  for (const p of widgetProblems({ ...widget, id: widget.id ?? 'new' }))
    ctx.addIssue({ code: 'custom', message: p.message, path: p.field.split('.') });
});

export const WidgetList = z.array(Widget).max(WIDGETS_PER_DASHBOARD_MAX);

export const DataItem = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  count: z.number(),
  color: z.string(),
});
export const WidgetData = z.object({
  items: z.array(DataItem),
  total: z.number().nullable(),
  count: z.number(),
  previous: z.number().nullable().optional(),
  gauge: z.object({ value: z.number(), max: z.number() }).nullable().optional(),
});
export type WidgetData = z.infer<typeof WidgetData>;

export const WidgetWithData = z.object({ widget: Widget, data: WidgetData });
export type WidgetWithData = z.infer<typeof WidgetWithData>;

// Dashboards -------------------------------------------------------------------------------------

export const DashboardSummary = z.object({
  name: z.string(),
  global: z.boolean(),
  /** The dashboard a session starts from when no name is given, and the page opens first. */
  isDefault: z.boolean(),
  ownerName: z.string(),
  /** The caller's own personal dashboard. */
  mine: z.boolean(),
  /** Whether the caller may edit, delete it, and make it global or personal. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canChangeGlobal: z.boolean(),
  widgetCount: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;
export const DashboardList = z.array(DashboardSummary);

/** A dashboard's document, or the gallery's. */
export const DashboardTemplate = z.object({
  name: z.string(),
  isGallery: z.boolean(),
  global: z.boolean(),
  isDefault: z.boolean(),
  version: z.number(),
  widgets: z.array(Widget),
});
export type DashboardTemplate = z.infer<typeof DashboardTemplate>;

/** dashboardName and isGallery as the calls take them; no name and no gallery: the default dashboard. */
export const DashboardQuery = z.object({
  dashboardName: DashboardName.optional(),
  isGallery: bool.default(false),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;
export const ImportDashboardQuery = z.object({ dashboardName: DashboardName, newDashboardName: DashboardName });
export const GlobalDashboardQuery = z.object({ dashboardName: DashboardName, global: bool });
export const WidgetParams = z.object({ widgetId: WidgetId });

export const WidgetTypeInfo = z.object({
  type: z.enum(WIDGET_TYPES),
  label: z.string(),
  description: z.string(),
  needsGroupBy: z.boolean(),
});
export const WidgetTypeList = z.array(WidgetTypeInfo);

export const GalleryWidget = z.object({
  id: z.number(),
  widget: Widget,
  addedBy: z.string(),
  addedAt: z.string(),
  /** Whether the caller may delete it: whoever added it, or an administrator. */
  canDelete: z.boolean(),
});
export type GalleryWidget = z.infer<typeof GalleryWidget>;
export const GalleryWidgetList = z.array(GalleryWidget);
export const GalleryWidgetParams = z.object({ id: z.coerce.number().int().positive() });

// Editing sessions -------------------------------------------------------------------------------

export const EditingSession = z.object({
  id: z.string(),
  /** The dashboard edited; null for a new one (an empty session). */
  dashboardName: z.string().nullable(),
  isGallery: z.boolean(),
  /** The dashboard's version when the session started; a commit after someone else's is refused. */
  baseVersion: z.number().nullable(),
  widgets: z.array(Widget),
  expiresAt: z.string(),
});
export type EditingSession = z.infer<typeof EditingSession>;

export const SessionParams = z.object({ id: z.uuid() });
export const SessionWidgetParams = SessionParams.extend({ widgetId: WidgetId });
export const EmptySessionQuery = z.object({ isGallery: bool.default(false) });

/** POST …/widgets: duplicate a widget of the session, create one, or add one from the gallery. */
export const AddWidgetBody = z.union([
  z.strictObject({ WidgetId }),
  z.strictObject({ Widget: NewWidget }),
  z.strictObject({
    GalleryWidgetId: z.number().int().positive(),
    /** A title taken on the dashboard: add it under a free one ("Title (2)"). */
    ForceRename: z.boolean().optional(),
    /** A title taken on the dashboard: the gallery's widget replaces that one. */
    ForceReplace: z.boolean().optional(),
  }),
]);
export type AddWidgetBody = z.infer<typeof AddWidgetBody>;

export const AddToGalleryQuery = z.object({ forceReplace: bool.default(false) });
export const AddToGalleryBody = z.strictObject({ WidgetId });

export const CommitQuery = z.object({
  dashboardName: DashboardName.optional(),
  isGallery: bool.default(false),
  /** Save over a version someone else committed since the session started. */
  force: bool.default(false),
  /** Save as a new personal dashboard of this name instead. */
  newDashboardName: DashboardName.optional(),
});
export type CommitQuery = z.infer<typeof CommitQuery>;
/** The template committed: the session's widgets as the client last laid them out. */
export const CommitBody = z.strictObject({ widgets: WidgetList });

/** What the configuration dialog offers for a widget: the catalogue and the saved filters to pick. */
export const WidgetConfig = z.object({
  widget: Widget,
  types: WidgetTypeList,
  sources: z.array(
    z.object({
      source: z.enum(WIDGET_SOURCES),
      label: z.string(),
      dated: z.boolean(),
      groupBys: z.array(z.object({ key: z.enum(GROUP_BYS), label: z.string() })),
      numeric: z.array(z.object({ property: z.string(), label: z.string(), unit: z.string().optional() })),
      hasLength: z.boolean(),
      states: z.array(z.string()),
    }),
  ),
  periods: z.array(z.object({ key: z.enum(PERIODS), label: z.string() })),
  /** The saved filters the caller sees (own and shared), by object type. */
  savedFilters: z.array(z.object({ name: z.string(), objectType: z.string() })),
});
export type WidgetConfig = z.infer<typeof WidgetConfig>;

export const PreviewBody = NewWidget;

/**
 * POST api/dashboard/drill (ours, not in the spec): a group drawn on a widget as a search, for the map
 * to show the assets behind it as a search result. Asset sources answer the widget's saved filter
 * narrowed to the group; inspections and tasks answer the assets they are on, of the type most of
 * them are, by id (at most the search's id restriction holds).
 */
export const DrillBody = z.strictObject({ Widget: NewWidget, Key: z.string().min(1).max(200) });
export const DrillResult = z.object({
  filter: FilterDefinition,
  additionalRestrictions: AdditionalRestrictions.optional(),
  /** What the result is, e.g. "Sections by material: PVC". */
  title: z.string(),
  /** More assets are behind the group than the id restriction holds; the first ones are shown. */
  truncated: z.boolean(),
});
export type DrillResult = z.infer<typeof DrillResult>;

export const PERIOD_LABELS: Readonly<Record<(typeof PERIODS)[number], string>> = {
  all: 'All time',
  'this-month': 'This month',
  'this-year': 'This year',
  'last-30-days': 'Last 30 days',
  'last-12-months': 'Last 12 months',
};

export { GROUP_LIMIT_MAX };
