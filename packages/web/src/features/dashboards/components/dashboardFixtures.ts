/** Dashboards, widgets, their data and a fake dashboard service for the dashboards feature's tests. */
import type { DashboardSummary, EditingSession, WidgetConfig } from '@manway/core/api/dashboards';
import { GROUP_BY_LABELS, SOURCE_CATALOGUE, type Widget, type WidgetData } from '@manway/core/domain/widgets';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';

export const SESSION_ID = '0b6f3f4e-2a52-4f0e-9a43-1f7e0c1b2a10';
export const SESSIONS = '/api/dashboards/editing-sessions';

export function summary(over: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    name: 'Network overview',
    global: true,
    isDefault: true,
    ownerName: 'Admin',
    mine: false,
    canEdit: true,
    canDelete: false,
    canChangeGlobal: false,
    widgetCount: 2,
    version: 3,
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

export function widget(over: Partial<Widget> = {}): Widget {
  return {
    id: 'w-bar',
    type: 'bar',
    title: 'Length by grade',
    source: 'section',
    savedFilter: null,
    period: 'all',
    measure: { kind: 'length' },
    groupBy: 'conditionGrade',
    options: {},
    layout: { x: 0, y: 0, w: 6, h: 5 },
    ...over,
  } as Widget;
}

export const TOTAL = widget({
  id: 'w-total',
  type: 'total',
  title: 'Inspections this month',
  source: 'inspection',
  period: 'this-month',
  measure: { kind: 'count' },
  groupBy: null,
  layout: { x: 6, y: 0, w: 3, h: 3 },
});

export function barData(): WidgetData {
  return {
    items: [
      { key: '1', label: 'Grade 1', value: 1200, count: 30, color: '#2e7d32' },
      { key: '5', label: 'Grade 5', value: 300, count: 8, color: '#c62828' },
      { key: '__other__', label: 'Other', value: 50, count: 2, color: '#9e9e9e' },
    ],
    total: 1550,
    count: 40,
  };
}

export const totalData = (): WidgetData => ({ items: [], total: 120, count: 120, previous: 100 });

export function widgetConfig(w: Widget): WidgetConfig {
  return {
    widget: w,
    types: (['bar', 'column', 'pie', 'gauge', 'total', 'table'] as const).map((type) => ({
      type,
      label: {
        bar: 'Bar chart',
        column: 'Column chart',
        pie: 'Pie chart',
        gauge: 'Gauge',
        total: 'Total',
        table: 'Table',
      }[type],
      description: `A ${type}`,
      needsGroupBy: type !== 'gauge' && type !== 'total',
    })),
    sources: Object.values(SOURCE_CATALOGUE).map((s) => ({
      source: s.source,
      label: s.label,
      dated: s.dated,
      groupBys: s.groupBys.map((key) => ({ key, label: GROUP_BY_LABELS[key] })),
      numeric: [...s.numeric],
      hasLength: s.hasLength,
      states: [...s.states],
    })),
    periods: [
      { key: 'all', label: 'All time' },
      { key: 'this-month', label: 'This month' },
    ],
    savedFilters: [
      { name: 'Old pipes', objectType: 'Section' },
      { name: 'Harbour manholes', objectType: 'Node' },
    ],
  };
}

export function session(widgets: Widget[] = [widget()], over: Partial<EditingSession> = {}): EditingSession {
  return {
    id: SESSION_ID,
    dashboardName: 'Network overview',
    isGallery: false,
    baseVersion: 3,
    widgets,
    expiresAt: '2026-11-01T12:00:00.000Z',
    ...over,
  };
}

export const bodyOf = (call: RecordedCall): unknown => JSON.parse(String(call.body));

/** The dashboard service over one default dashboard with a bar and a total. */
export function dashboardsServer(
  dashboards: DashboardSummary[] = [summary()],
  widgets: Widget[] = [widget(), TOTAL],
): FakeServer {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/dashboard', { json: dashboards })
    .on('GET', '/api/dashboard/template', (call) => ({
      json: {
        name: call.url.searchParams.get('dashboardName') ?? 'Network overview',
        isGallery: false,
        global: true,
        isDefault: !call.url.searchParams.has('dashboardName'),
        version: 3,
        widgets,
      },
    }))
    .on('GET', `/api/dashboard/widgets/${widget().id}`, { json: { widget: widget(), data: barData() } })
    .on('GET', `/api/dashboard/widgets/${TOTAL.id}`, { json: { widget: TOTAL, data: totalData() } })
    .on('GET', '/api/dashboard/widget-types', { json: widgetConfig(widget()).types })
    .on('POST', `${SESSIONS}/${SESSION_ID}/widgets/preview`, { json: barData() });
}
