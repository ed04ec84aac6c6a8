/** Report tasks, definitions and a fake report service for the reports feature's tests. */
import type { ReportDefinition, ReportTask } from '@manway/core/api/reports';
import { FakeServer, type FakeReply, type RecordedCall } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { queueStorageKey } from '../api/reportQueue';

/** The queue the tests' browser already has for the user of generalSettings() (jdoe). */
export const QUEUE = 'q-thisbrowser';
export const TASKS_PATH = `/report-api/reports/queues/${QUEUE}/tasks`;

export function storeQueue(id = QUEUE, login = generalSettings().user.login): void {
  localStorage.setItem(queueStorageKey(login), id);
}

export function reportTask(over: Partial<ReportTask> = {}): ReportTask {
  const id = over.id ?? 5;
  return {
    id,
    // Asked for in another browser unless a test says otherwise, so nothing is watched by chance.
    queueId: 'q-otherbrowser',
    reportName: 'condition-summary',
    title: 'Condition summary',
    name: 'Harbour May',
    format: 'PDF',
    objectType: 'section',
    createdBy: { id: 'u-jdoe', displayName: 'Jane Doe' },
    createdAt: '2024-05-03T09:00:00.000Z',
    lastDownloadedAt: null,
    published: false,
    state: 'completed',
    progress: 1,
    error: null,
    sizeBytes: 2048,
    fileName: 'Harbour May.pdf',
    own: true,
    version: 1,
    ...over,
  };
}

export function reportDefinition(over: Partial<ReportDefinition> = {}): ReportDefinition {
  return {
    reportName: 'condition-summary',
    title: 'Condition summary',
    description: 'Grades and defects per asset.',
    formats: ['PDF', 'XLS'],
    favorite: false,
    ...over,
  };
}

/** A report service whose list answers `tasks()` as they are at each call. */
export function reportsServer(tasks: () => ReportTask[] = () => []): FakeServer {
  return withReportService(new FakeServer().on('GET', '/api/settings/general', { json: generalSettings() }), tasks);
}

/** Adds the report service to a server that answers the rest (the settings among it). */
export function withReportService(server: FakeServer, tasks: () => ReportTask[] = () => []): FakeServer {
  return server
    .on('HEAD', '/report-api/reports/queues', { status: 200 })
    .on('GET', TASKS_PATH, (call): FakeReply => {
      const ids = call.url.searchParams.get('ids')?.split(',').map(Number);
      const items = tasks().filter((task) => !ids || ids.includes(task.id));
      return { json: { items, total: items.length } };
    })
    .on('GET', '/report-api/users', {
      json: [
        { id: 'u-olga', displayName: 'Olga Office' },
        { id: 'u-erin', displayName: 'Erin Editor' },
      ],
    })
    .on('GET', '/report-api/reports/info/formats', {
      json: [
        { format: 'PDF', label: 'PDF document', extension: 'pdf', contentType: 'application/pdf' },
        {
          format: 'XLS',
          label: 'Excel workbook',
          extension: 'xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
}

/** The list's own requests, not the watch's look at chosen ids. */
export function listQueries(server: FakeServer): Record<string, string>[] {
  return server
    .callsTo('GET', TASKS_PATH)
    .filter((call: RecordedCall) => !call.url.searchParams.has('ids'))
    .map((call) => Object.fromEntries(call.url.searchParams.entries()));
}

export const bodyOf = (call: RecordedCall | undefined): unknown => JSON.parse(String(call?.body));
