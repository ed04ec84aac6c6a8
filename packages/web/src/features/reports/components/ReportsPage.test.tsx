import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  partlyDeletedMessage,
  REPORT_FAILED_TEXT,
  REPORT_FAILED_TITLE,
  type ReportTask,
} from '@manway/core/api/reports';
import type { FakeServer } from '../../../testing/fakeServer';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../../testing/fakeTimers';
import { renderEdition } from '../../../testing/renderEdition';
import { DEFAULT_SEARCH_DEBOUNCE_MS } from '../../../ui/search-box/SearchBox';
import { queueStorageKey } from '../api/reportQueue';
import { REPORT_POLL_INTERVAL_MS } from '../reportWatch';
import { bodyOf, listQueries, QUEUE, reportsServer, reportTask, storeQueue, TASKS_PATH } from './reportFixtures';
import { ReportsPage } from './ReportsPage';

afterEach(() => localStorage.clear());

async function open(server: FakeServer) {
  const shell = await renderEdition({ server, home: <ReportsPage /> });
  const grid = await screen.findByRole('table', { name: 'Reports' });
  return { ...shell, grid };
}

const bodyRows = (grid: HTMLElement) => within(within(grid).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const rowOf = async (grid: HTMLElement, name: string) =>
  (await within(grid).findByText(name)).closest('tr') as HTMLElement;
const buttonsIn = (row: HTMLElement) =>
  [...within(row).queryAllByRole('button'), ...within(row).queryAllByRole('link')].map((b) => b.textContent);

const FOUR_STATES: ReportTask[] = [
  reportTask({ id: 1, name: 'Harbour May', state: 'completed' }),
  reportTask({ id: 2, name: 'Riverside June', state: 'inProgress', progress: 0.453 }),
  reportTask({ id: 3, name: 'North July', state: 'failed', error: 'The survey video could not be read.' }),
  reportTask({
    id: 4,
    name: 'Old town',
    state: 'canceled',
    published: true,
    createdBy: { id: 'u-olga', displayName: 'Olga Office' },
    own: false,
    lastDownloadedAt: '2024-05-04T10:00:00.000Z',
  }),
];

describe('the report list', () => {
  it('asks for My Reports of the last 30 days, newest first, 25 a page, under this browser’s queue', async () => {
    storeQueue();
    const server = reportsServer(() => []);
    await open(server);
    await waitFor(() => expect(listQueries(server)).toHaveLength(1));
    expect(listQueries(server)[0]).toEqual({
      pageIndex: '0',
      pageSize: '25',
      sortBy: 'createdAt',
      sortDesc: 'true',
      createdBy: 'me',
      createdFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000/),
    });
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('shows each report’s name, creator, dates, format, visibility and state: progress, failure reason, canceled', async () => {
    storeQueue();
    const { grid } = await open(reportsServer(() => FOUR_STATES));
    await within(grid).findByText('Harbour May');
    const cells = bodyRows(grid).map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 8)
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      'Harbour MayCondition summary',
      'Jane Doe',
      expect.stringMatching(/2024/),
      '',
      'PDF',
      'Personal',
      'Completed',
    ]);
    expect(cells[1]![6]).toBe('45%');
    expect(within(grid).getByRole('progressbar', { name: 'Riverside June: 45% generated' })).toHaveAttribute(
      'value',
      '45',
    );
    expect(cells[2]![6]).toBe('Failed: The survey video could not be read.');
    expect(cells[3]!.slice(1)).toEqual([
      'Olga Office',
      expect.stringMatching(/2024/),
      expect.stringMatching(/2024/),
      'PDF',
      'Published',
      'Canceled',
    ]);
  });

  it('offers only what each report’s state and owner allow', async () => {
    storeQueue();
    const { grid } = await open(
      reportsServer(() => [
        ...FOUR_STATES,
        reportTask({ id: 6, name: 'Shared ready', published: true, own: false }),
        reportTask({ id: 7, name: 'Mine published', published: true }),
      ]),
    );
    expect(buttonsIn(await rowOf(grid, 'Harbour May'))).toEqual(['Publish', 'Delete', 'Download']);
    expect(buttonsIn(await rowOf(grid, 'Riverside June'))).toEqual(['Cancel', 'Delete']);
    expect(buttonsIn(await rowOf(grid, 'North July'))).toEqual(['Retry', 'Delete']);
    expect(buttonsIn(await rowOf(grid, 'Old town'))).toEqual([]);
    expect(buttonsIn(await rowOf(grid, 'Shared ready'))).toEqual(['Download']);
    expect(buttonsIn(await rowOf(grid, 'Mine published'))).toEqual(['Delete', 'Download']);
    expect(within(grid).getByRole('link', { name: 'Download Harbour May' })).toHaveAttribute(
      'href',
      `${TASKS_PATH}/1/file`,
    );
  });

  it('sends the chosen format, All Reports, a date preset and the name searched for', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask()]);
    await open(server);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'XLS');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All Reports');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Created' }), 'All reports');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'harbour{Enter}');
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ nameFilter: 'harbour' }));
    const last = listQueries(server).at(-1)!;
    expect(last).toMatchObject({ format: 'XLS', pageIndex: '0' });
    expect(last).not.toHaveProperty('createdBy');
    expect(last).not.toHaveProperty('createdFrom');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Created' }), 'Last month');
    await waitFor(() => expect(listQueries(server).at(-1)).toHaveProperty('createdTo'));
    expect(listQueries(server).at(-1)!.createdTo).toMatch(/-01T00:00:00\.000/);
  });

  it('with All Reports, lists one creator’s reports chosen among those who made reports', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask()]);
    await open(server);
    expect(screen.queryByRole('combobox', { name: 'Created by' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All Reports');
    const creator = await screen.findByRole('combobox', { name: 'Created by' });
    await within(creator).findByRole('option', { name: 'Olga Office' });
    await user.selectOptions(creator, 'Olga Office');
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ createdBy: 'u-olga' }));
  });

  it('sorting by a column asks the server for that order', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask()]);
    const { grid } = await open(server);
    await within(grid).findByText('Harbour May');
    await user.click(within(grid).getByRole('button', { name: 'Created by' }));
    await waitFor(() => expect(listQueries(server).at(-1)).toMatchObject({ sortBy: 'createdBy', sortDesc: 'false' }));
  });
});

describe('commands on a report', () => {
  it('Publish asks first; cancelling sends nothing, proceeding publishes it', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask({ id: 1 })]).on('PUT', `${TASKS_PATH}/1/share`, {
      json: reportTask({ id: 1, published: true, version: 2 }),
    });
    const { grid } = await open(server);
    await user.click(await within(grid).findByRole('button', { name: 'Publish Harbour May' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Publish this report?' });
    expect(dialog).toHaveTextContent('A published report cannot be made personal again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('PUT', `${TASKS_PATH}/1/share`)).toHaveLength(0);

    await user.click(within(grid).getByRole('button', { name: 'Publish Harbour May' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Publish this report?' });
    const before = listQueries(server).length;
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(server.callsTo('PUT', `${TASKS_PATH}/1/share`)).toHaveLength(1));
    await waitFor(() => expect(listQueries(server).length).toBeGreaterThan(before));
  });

  it('Delete asks first, deletes that report by id and says so', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask({ id: 1 })]).on('DELETE', TASKS_PATH, {
      json: { removed: 1, removing: 1 },
    });
    const { grid } = await open(server);
    await user.click(await within(grid).findByRole('button', { name: 'Delete Harbour May' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', TASKS_PATH)).toHaveLength(1));
    expect(server.callsTo('DELETE', TASKS_PATH)[0]!.url.searchParams.get('ids')).toBe('1');
    expect(await screen.findByTestId('notification')).toHaveTextContent('1 report deleted');
  });

  it('deleting the only report of the last page shows the page before it', async () => {
    storeQueue();
    const user = userEvent.setup();
    let all = Array.from({ length: 26 }, (_, i) => reportTask({ id: i + 1, name: `Report ${i + 1}` }));
    const server = reportsServer()
      .on('GET', TASKS_PATH, (call) => {
        const index = Number(call.url.searchParams.get('pageIndex'));
        return { json: { items: all.slice(index * 25, index * 25 + 25), total: all.length } };
      })
      .on('DELETE', TASKS_PATH, () => {
        all = all.slice(0, 25);
        return { json: { removed: 1, removing: 1 } };
      });
    const { grid } = await open(server);
    await within(grid).findByText('Report 25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await within(grid).findByRole('button', { name: 'Delete Report 26' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(grid).findByText('Report 25')).toBeInTheDocument();
    expect(listQueries(server).at(-1)).toMatchObject({ pageIndex: '0' });
  });

  it('Delete selected asks to type how many, then deletes those ids', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask({ id: 1 }), reportTask({ id: 2, name: 'Second' })]).on(
      'DELETE',
      TASKS_PATH,
      { json: { removed: 2, removing: 2 } },
    );
    const { grid } = await open(server);
    await within(grid).findByText('Second');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 reports' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 reports?' });
    const proceed = within(dialog).getByRole('button', { name: 'Delete' });
    expect(proceed).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type 2 to confirm'), '2');
    await user.click(proceed);
    await waitFor(() => expect(server.callsTo('DELETE', TASKS_PATH)).toHaveLength(1));
    expect(server.callsTo('DELETE', TASKS_PATH)[0]!.url.searchParams.get('ids')).toBe('1,2');
    expect(await screen.findByTestId('notification')).toHaveTextContent('2 reports deleted');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('Delete all matching confirms, then bulk-deletes with the list’s filters', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask({ id: 1 })]).on('DELETE', `${TASKS_PATH}/bulk-delete`, {
      json: { removed: 1, removing: 1 },
    });
    const { grid } = await open(server);
    await within(grid).findByText('Harbour May');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'PDF');
    await user.click(screen.getByRole('button', { name: 'Delete all matching' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all 1 report that match the filters?' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(server.callsTo('DELETE', `${TASKS_PATH}/bulk-delete`)).toHaveLength(1));
    const query = Object.fromEntries(server.callsTo('DELETE', `${TASKS_PATH}/bulk-delete`)[0]!.url.searchParams);
    expect(query).toEqual({ format: 'PDF', createdBy: 'me', createdFrom: expect.any(String) });
  });

  it('deleting others’ reports too shows the server’s word as access denied and reads the list again', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [reportTask({ id: 1 })]).on('DELETE', TASKS_PATH, {
      status: 403,
      json: { message: partlyDeletedMessage(2, 3) },
    });
    const { grid } = await open(server);
    await user.click(await within(grid).findByRole('button', { name: 'Delete Harbour May' }));
    const before = listQueries(server).length;
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const notification = await screen.findByTestId('notification');
    expect(notification).toHaveTextContent('Access denied');
    expect(notification).toHaveTextContent('Only your own reports were deleted (2 of 3).');
    await waitFor(() => expect(listQueries(server).length).toBeGreaterThan(before));
  });

  it('Cancel and Retry send the report’s version and the state asked for', async () => {
    storeQueue();
    const user = userEvent.setup();
    const server = reportsServer(() => [
      reportTask({ id: 2, name: 'Running', state: 'inProgress', progress: 0.1, version: 4 }),
      reportTask({ id: 3, name: 'Broken', state: 'failed', version: 7 }),
    ]).on('PUT', TASKS_PATH, (call) => ({ json: reportTask({ id: (bodyOf(call) as { Id: number }).Id }) }));
    const { grid } = await open(server);
    await user.click(await within(grid).findByRole('button', { name: 'Cancel Running' }));
    await user.click(within(grid).getByRole('button', { name: 'Retry Broken' }));
    await waitFor(() => expect(server.callsTo('PUT', TASKS_PATH)).toHaveLength(2));
    expect(server.callsTo('PUT', TASKS_PATH).map(bodyOf)).toEqual([
      { Id: 2, Version: 4, State: 'canceled' },
      { Id: 3, Version: 7, State: 'inProgress' },
    ]);
  });
});

describe('this browser’s queue', () => {
  it('is registered when the server does not know it (HEAD 404, then POST) and kept for the user', async () => {
    const server = reportsServer().on('HEAD', '/report-api/reports/queues', { status: 404 });
    // The new queue's list exists once the queue does.
    server.on('POST', '/report-api/reports/queues', (call) => {
      const { Id } = bodyOf(call) as { Id: string };
      server.on('GET', `/report-api/reports/queues/${Id}/tasks`, { json: { items: [], total: 0 } });
      return { status: 201 };
    });
    await open(server);
    await waitFor(() => expect(server.callsTo('POST', '/report-api/reports/queues')).toHaveLength(1));
    const { Id } = bodyOf(server.callsTo('POST', '/report-api/reports/queues')[0]) as { Id: string };
    expect(Id).toMatch(/^q-[0-9a-f]{32}$/);
    expect(server.callsTo('HEAD', '/report-api/reports/queues')[0]!.url.searchParams.get('id')).toBe(Id);
    expect(localStorage.getItem(queueStorageKey('jdoe'))).toBe(Id);
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(server.callsTo('GET', `/report-api/reports/queues/${Id}/tasks`)).toHaveLength(1);
    // The HEAD's 404 is expected, not a failure to tell the user of.
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('a queue id another user holds (409) is given up for a new one', async () => {
    storeQueue('q-taken');
    let posts = 0;
    const server = reportsServer()
      .on('HEAD', '/report-api/reports/queues', { status: 404 })
      .on('POST', '/report-api/reports/queues', () => ({ status: (posts += 1) === 1 ? 409 : 201 }));
    await open(server);
    await waitFor(() => expect(server.callsTo('POST', '/report-api/reports/queues')).toHaveLength(2));
    const [first, second] = server.callsTo('POST', '/report-api/reports/queues').map(bodyOf) as { Id: string }[];
    expect(first!.Id).toBe('q-taken');
    expect(second!.Id).not.toBe('q-taken');
    await waitFor(() => expect(localStorage.getItem(queueStorageKey('jdoe'))).toBe(second!.Id));
  });
});

describe('reports in progress', () => {
  withFakeTimersForUserEvent();

  it('are read again every 2 s, and this browser’s report that fails is told with a way to retry', async () => {
    setupUserWithFakeTimers();
    storeQueue();
    let state: ReportTask['state'] = 'inProgress';
    const server = reportsServer(() => [
      reportTask({
        id: 9,
        name: 'Harbour May',
        queueId: QUEUE,
        state,
        progress: 0.2,
        error: state === 'failed' ? 'Out of paper' : null,
      }),
    ]);
    const { grid } = await open(server);
    await within(grid).findByText('20%');
    const before = listQueries(server).length;

    state = 'failed';
    advanceTimers(REPORT_POLL_INTERVAL_MS);
    const notification = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(notification).toHaveTextContent(REPORT_FAILED_TITLE);
    expect(notification).toHaveTextContent(`“Harbour May”: ${REPORT_FAILED_TEXT}`);
    expect(within(notification).getByRole('link', { name: 'Retry on the Reports page' })).toHaveAttribute(
      'href',
      '/reports',
    );
    await within(grid).findByText('Failed: Out of paper');
    expect(listQueries(server).length).toBeGreaterThan(before);

    // Nothing in progress any more: the list is not read again.
    const settled = server.callsTo('GET', TASKS_PATH).length;
    advanceTimers(3 * REPORT_POLL_INTERVAL_MS);
    expect(server.callsTo('GET', TASKS_PATH)).toHaveLength(settled);
    // Told once, however often it is read.
    expect(screen.getAllByTestId('notification')).toHaveLength(1);
  });

  it('another browser’s report that fails is shown failed in the list but not told', async () => {
    setupUserWithFakeTimers();
    storeQueue();
    let state: ReportTask['state'] = 'inProgress';
    const server = reportsServer(() => [reportTask({ id: 9, state, progress: 0.5 })]);
    const { grid } = await open(server);
    await within(grid).findByText('50%');
    state = 'failed';
    advanceTimers(REPORT_POLL_INTERVAL_MS);
    await within(grid).findByText('Failed');
    advanceTimers(REPORT_POLL_INTERVAL_MS);
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('the name search waits for typing to pause', async () => {
    const user = setupUserWithFakeTimers();
    storeQueue();
    const server = reportsServer(() => []);
    await open(server);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'har');
    const asked = listQueries(server).length;
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(listQueries(server)).toHaveLength(asked + 1));
    expect(listQueries(server).at(-1)).toMatchObject({ nameFilter: 'har' });
  });
});
