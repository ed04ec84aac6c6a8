/** Rows and a fake grid endpoint for the inspections feature's tests. */
import type { InspectionGroup, InspectionListRow } from '@manway/core/api/work';
import type { GeneralSettings } from '@manway/core/api/settings';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';

export function inspectionRow(over: Partial<InspectionListRow> = {}): InspectionListRow {
  return {
    id: 7,
    assetType: 'Section',
    assetId: 2026,
    assetReadableId: 'S-00001',
    taskId: null,
    standardId: 'EN13508-2',
    inspectedAt: '2024-05-03T09:00:00.000Z',
    status: 'pending',
    direction: 'downstream',
    lengthSurveyedM: 42.5,
    observationCount: 6,
    structuralPeak: 3,
    version: 3,
    review: null,
    reviewReason: null,
    reviewedBy: null,
    reviewedAt: null,
    operationalPeak: 2,
    operator: 'Ann Operator',
    projectName: 'North catchment 2024',
    district: 'Riverside',
    ...over,
  };
}

/** Each group's rows, each also answered by id; a list of more than one page claims `total` rows. */
export function inspectionsServer(
  rows: Partial<Record<InspectionGroup, InspectionListRow[]>>,
  {
    totals = {},
    user = {},
  }: { totals?: Partial<Record<InspectionGroup, number>>; user?: Partial<GeneralSettings['user']> } = {},
) {
  const settings = generalSettings();
  const server = new FakeServer();
  for (const row of Object.values(rows).flat()) server.on('GET', `/api/inspections/${row.id}`, { json: row });
  return server
    .on('GET', '/api/settings/general', { json: { ...settings, user: { ...settings.user, ...user } } })
    .on('GET', '/api/inspections/grid', (call) => {
      const query = call.url.searchParams;
      const group = query.get('group') as InspectionGroup;
      const items = rows[group] ?? [];
      return {
        json: {
          items,
          total: totals[group] ?? items.length,
          pageIndex: Number(query.get('pageIndex')),
          pageSize: Number(query.get('pageSize')),
        },
      };
    });
}

const gridCalls = (server: FakeServer) => server.callsTo('GET', '/api/inspections/grid');

/** The list's own requests, not the tabs' counts (page size 10). */
export function listCalls(server: FakeServer): URLSearchParams[] {
  return gridCalls(server)
    .map((call: RecordedCall) => call.url.searchParams)
    .filter(
      (query) => query.has('sortBy') || query.get('pageSize') !== '10' || query.has('search') || query.has('filters'),
    );
}

export function lastListQuery(server: FakeServer): Record<string, string> {
  const last = listCalls(server).at(-1);
  return last ? Object.fromEntries(last.entries()) : {};
}

export const bodyOf = (call: RecordedCall | undefined): unknown => JSON.parse(String(call?.body));
