/**
 * The demo town's reports (DOMAIN.md, demo data): a few of each kind, personal and published, made
 * at the first start so the report list shows finished work. The inspection reports are of the
 * inspections with the most photos, whose thumbnails are made first so the PDFs show them.
 */
import type { CreateReportTask } from '@manway/core/api/reports';
import type { CurrentUser } from '../users/service';
import type { ReportsService } from './service';

export interface DemoReportsSummary {
  reports: string[];
}

export async function seedDemoReports(
  reports: ReportsService,
  users: { editor: CurrentUser; inspector: CurrentUser },
  processPhoto: (mediaId: number) => Promise<void>,
): Promise<DemoReportsSummary> {
  const withPhotos = await reports.inspectionsWithPhotos(3);
  const inspectionIds = withPhotos.map((i) => Number(i.id));
  for (const mediaId of await reports.unprocessedPhotos(inspectionIds)) await processPhoto(mediaId);

  const asked: { user: CurrentUser; queue: string; body: CreateReportTask; publish: boolean }[] = [
    {
      user: users.editor,
      queue: 'demo-editor',
      publish: true,
      body: {
        ReportName: 'condition-summary',
        Format: 'PDF',
        Name: 'Very poor sections - condition summary',
        ObjectType: 'section',
        UiContext: 'saved-filter',
        Source: { kind: 'saved-filter', name: 'Very poor sections' },
      },
    },
    {
      user: users.editor,
      queue: 'demo-editor',
      publish: false,
      body: {
        ReportName: 'asset-list',
        Format: 'XLS',
        Name: 'Old Town sections',
        ObjectType: 'section',
        UiContext: 'search-result',
        Source: {
          kind: 'filter',
          filter: {
            objectType: 'Section',
            combine: 'and',
            conditions: [{ property: 'district', operator: 'eq', value: 'Old Town' }],
          },
        },
        Columns: ['street', 'material', 'sizeMm', 'yearBuilt', 'conditionGrade'],
      },
    },
    {
      user: users.inspector,
      queue: 'demo-inspector',
      publish: false,
      body: {
        ReportName: 'observation-listing',
        Format: 'XLS',
        Name: 'Observations of old or brittle sections',
        ObjectType: 'section',
        UiContext: 'saved-filter',
        Source: { kind: 'saved-filter', name: 'Old or brittle sections' },
      },
    },
  ];
  if (inspectionIds.length > 0) {
    asked.push({
      user: users.editor,
      queue: 'demo-editor',
      publish: true,
      body: {
        ReportName: 'inspection-report',
        Format: 'PDF',
        Name: 'Inspections with photos',
        ObjectType: 'inspection',
        UiContext: 'selection',
        Source: { kind: 'ids', ids: inspectionIds },
      },
    });
    asked.push({
      user: users.inspector,
      queue: 'demo-inspector',
      publish: false,
      body: {
        ReportName: 'inspection-report',
        Format: 'PDF',
        Name: `Inspection ${withPhotos[0]!.asset_code}`,
        ObjectType: 'inspection',
        UiContext: 'inspection',
        Source: { kind: 'ids', ids: [inspectionIds[0]!] },
      },
    });
  }
  const made: string[] = [];
  for (const a of asked) {
    const task = await reports.createNow(a.user, a.queue, a.body, a.publish);
    made.push(`${task.name} (${task.state})`);
  }
  return { reports: made };
}
