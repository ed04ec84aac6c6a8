/**
 * The demo town's dashboards (issue #20, demo data): a global default dashboard a network manager
 * reads first, owned by the administrator, and a widget gallery of a few more, made once at the
 * first start. Checked with core's Widget schema, so a widget the rules refuse fails the start-up
 * loudly rather than drawing nothing.
 */
import { Widget } from '@manway/core/api/dashboards';
import { OPEN_TASK_STATES } from '@manway/core/domain/widgets';
import type { CurrentUser } from '../users/service';
import type { DashboardsService } from './service';

export const DEMO_DASHBOARDS_DATASET = 'demo-dashboards';
export const DEMO_DASHBOARD_NAME = 'Network overview';

/** The default dashboard's widgets (the dashboard benchmark measures these). */
export const DEMO_DASHBOARD_WIDGETS: Widget[] = [
  {
    id: 'network-length',
    type: 'total',
    title: 'Network length',
    source: 'section',
    measure: { kind: 'length' },
    options: { unit: 'm', decimals: 0 },
    layout: { x: 0, y: 0, w: 3, h: 3 },
  },
  {
    id: 'plan-done',
    type: 'gauge',
    // Over all the demo's planned work: its tasks due this year are all still open, so a gauge of this
    // year alone would stand at 0 % (the period is the widget's to change).
    title: 'Planned work done',
    source: 'task',
    measure: { kind: 'count' },
    groupBy: 'taskState',
    options: { parts: ['completed'], unit: '%', decimals: 0 },
    layout: { x: 3, y: 0, w: 3, h: 3 },
  },
  {
    id: 'inspections-per-month',
    type: 'column',
    title: 'Inspections per month',
    source: 'inspection',
    // All time: the demo town's surveys run from 2021 to 2025, about 60 months, all drawn.
    measure: { kind: 'count' },
    groupBy: 'inspectionMonth',
    options: { sort: 'key', limit: 72 },
    layout: { x: 6, y: 0, w: 6, h: 6 },
  },
  {
    id: 'length-by-grade',
    type: 'column',
    title: 'Length of inspected sections by grade',
    source: 'section',
    measure: { kind: 'length' },
    groupBy: 'conditionGrade',
    // Sections never inspected have no grade; their length dwarfs the graded ones, so it is hidden here.
    options: { sort: 'key', decimals: 0, items: [{ key: '__none__', label: 'Not inspected', hidden: true }] },
    layout: { x: 0, y: 3, w: 6, h: 6 },
  },
  {
    id: 'tasks-by-crew',
    type: 'bar',
    title: 'Open tasks by crew',
    source: 'task',
    states: [...OPEN_TASK_STATES],
    measure: { kind: 'count' },
    groupBy: 'crew',
    options: { sort: 'value-desc', showValues: true },
    layout: { x: 6, y: 6, w: 6, h: 6 },
  },
  {
    id: 'worst-districts',
    type: 'table',
    title: 'Worst districts',
    source: 'section',
    measure: { kind: 'avg', property: 'conditionGrade' },
    groupBy: 'district',
    options: { sort: 'value-desc', limit: 10, decimals: 2 },
    layout: { x: 0, y: 9, w: 6, h: 5 },
  },
];

const GALLERY_WIDGETS: Widget[] = [
  {
    id: 'sections-by-material',
    type: 'pie',
    title: 'Sections by material',
    source: 'section',
    measure: { kind: 'length' },
    groupBy: 'material',
    options: { sort: 'value-desc' },
    layout: { x: 0, y: 0, w: 4, h: 5 },
  },
  {
    id: 'nodes-by-subtype',
    type: 'pie',
    title: 'Nodes by subtype',
    source: 'node',
    measure: { kind: 'count' },
    groupBy: 'subtype',
    options: { sort: 'value-desc' },
    layout: { x: 0, y: 0, w: 4, h: 5 },
  },
  {
    id: 'inspections-by-status',
    type: 'column',
    title: 'Inspections by status',
    source: 'inspection',
    measure: { kind: 'count' },
    groupBy: 'inspectionStatus',
    options: { sort: 'value-desc', showValues: true },
    layout: { x: 0, y: 0, w: 6, h: 5 },
  },
  {
    id: 'laterals-by-decade',
    type: 'column',
    title: 'Laterals by decade built',
    source: 'lateral',
    measure: { kind: 'count' },
    groupBy: 'yearBuiltBand',
    options: { sort: 'key', limit: 20 },
    layout: { x: 0, y: 0, w: 6, h: 5 },
  },
];

export interface DemoDashboardsSummary {
  dashboard: string;
  widgets: number;
  gallery: number;
}

export async function seedDemoDashboards(
  dashboards: DashboardsService,
  admin: CurrentUser,
): Promise<DemoDashboardsSummary> {
  const widgets = DEMO_DASHBOARD_WIDGETS.map((w) => Widget.parse(w));
  const gallery = GALLERY_WIDGETS.map((w) => Widget.parse(w));
  await dashboards.seedDemo(admin, { name: DEMO_DASHBOARD_NAME, widgets }, gallery);
  return { dashboard: DEMO_DASHBOARD_NAME, widgets: widgets.length, gallery: gallery.length };
}
