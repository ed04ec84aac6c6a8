import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncAgentTask } from '@manway/core/api/websync';
import { ShellApp } from '../../../shell/app/ShellApp';
import { stopRequests } from '../../../shell/request/lifecycle';
import { loadGeneralSettings } from '../../../shell/settings/loadSettings';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../../testing/fakeTimers';
import { createTestShell, generalSettings } from '../../../testing/fixtures';
import { LOG_KEYWORD_DEBOUNCE_MS, LogPage, type LogHandOver } from './LogPage';

// jsdom lays nothing out: the virtual table's scroll element is given a size, as in its own tests.
beforeEach(() => {
  const sized = (size: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'table' ? size : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(600));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(1600));
});
afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

const task = (id: number, overrides: Partial<SyncAgentTask> = {}): SyncAgentTask => ({
  id,
  scenario: 'GettingAssets',
  status: 'FinishedSuccessfully',
  currentOperation: 'Finished',
  isTransferringMedia: false,
  percentageComplete: 100,
  started: '2030-01-01T10:00:00Z',
  finished: '2030-01-01T10:05:00Z',
  scheduleName: 'Nightly',
  scheduledFor: '2030-01-01T10:00:00Z',
  login: 'syncer',
  canBeDeleted: true,
  ...overrides,
});

/** Tasks 1–5; task 2 is running (not deletable), task 3 transfers media. */
const TASKS: Record<number, SyncAgentTask> = {
  1: task(1),
  2: task(2, { status: 'InProgress', canBeDeleted: false, currentOperation: 'Copying nodes' }),
  3: task(3, { status: 'InProgress', isTransferringMedia: true, percentageComplete: 40, canBeDeleted: false }),
  4: task(4, { status: 'Failed' }),
  5: task(5, { status: 'Cancelled' }),
};

function fakeServer(ids: number[] = [1, 2, 3, 4, 5]) {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/syncAgentTask/getIds', (call) => ({
      json: call.url.searchParams.get('QueryForDelete') === 'true' ? ids.filter((id) => TASKS[id]!.canBeDeleted) : ids,
    }))
    .on('GET', '/api/syncAgentTask/getByIds', (call) => ({
      json: (call.url.searchParams.get('ids') ?? '')
        .split(',')
        .map(Number)
        .flatMap((id) => (TASKS[id] ? [TASKS[id]] : [])),
    }))
    .on('GET', '/api/syncAgentScheduler/getNames', { json: ['Nightly', 'Weekly assets'] })
    .on('GET', '/api/settings/webSyncUsers', {
      json: [{ id: '00000000-0000-4000-8000-000000000001', userName: 'Sam Syncer', organization: '', login: 'syncer' }],
    })
    .on('PUT', '/api/syncAgentTask/deleteTasks', { status: 204 })
    .on('GET', '/api/syncAgentTask/media', {
      json: [
        { jobName: 'Inspection 12', fileName: 'pipe.mp4', status: 'Transferring', percentsComplete: 40 },
        { jobName: 'Inspection 12', fileName: 'photo.jpg', status: 'Completed', percentsComplete: 100 },
      ],
    });
}

async function openLog(server = fakeServer(), state?: LogHandOver) {
  const shell = createTestShell({ server, edition: 'web-websync' });
  const router = createMemoryRouter([{ path: '/Home/Log', element: <LogPage /> }], {
    initialEntries: [{ pathname: '/Home/Log', state }],
  });
  render(<ShellApp store={shell.store} config={shell.config} router={router} />);
  await act(() => shell.store.dispatch(loadGeneralSettings()));
  await screen.findByRole('heading', { level: 1, name: 'WebSync Log' });
  return { ...shell, router };
}

const idCalls = (server: FakeServer) => server.callsTo('GET', '/api/syncAgentTask/getIds');
const lastQuery = (calls: RecordedCall[]) => calls.at(-1)!.url.searchParams;
const rowOf = (name: string) => screen.getByRole('checkbox', { name }).closest('[role="row"]') as HTMLElement;

describe('log page', () => {
  it('opens with the filter handed over by the schedule page, then clears it', async () => {
    const { server, router } = await openLog(fakeServer(), {
      login: 'syncer',
      scenario: 'GettingAssets',
      scheduleName: 'Weekly assets',
    });
    await waitFor(() => expect(idCalls(server)).toHaveLength(1));
    const q = lastQuery(idCalls(server));
    expect([q.get('Login'), q.get('Types'), q.get('ScheduleName')]).toEqual([
      'syncer',
      'GettingAssets',
      'Weekly assets',
    ]);
    expect(server.callsTo('GET', '/api/syncAgentScheduler/getNames')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByLabelText('Schedule name')).toHaveValue('Weekly assets');
  });

  it('shows every column, the Server and Client log links in new tabs, and each status text', async () => {
    await openLog();
    await screen.findByText('Copying nodes');
    for (const name of [
      'Tasks',
      'Status',
      'Current operation',
      'Started',
      'Scheduled for',
      'Finished',
      'Schedule name',
      'Login',
      'Logs',
    ])
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    const row1 = rowOf('Select row 1');
    expect(within(row1).getByRole('link', { name: 'Server log' })).toHaveAttribute(
      'href',
      '/api/syncAgentTask/log?taskId=1&type=Server',
    );
    expect(within(row1).getByRole('link', { name: 'Client log' })).toHaveAttribute('target', '_blank');
    expect(within(row1).getByText('Finished successfully')).toBeInTheDocument();
    expect(within(rowOf('Select row 2')).getByText('In process')).toBeInTheDocument();
  });

  it('a task that cannot be deleted has its delete icon and checkbox disabled', async () => {
    await openLog();
    await screen.findByText('Copying nodes');
    expect(screen.getByRole('button', { name: 'Delete task 2' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete task 1' })).toBeEnabled();
  });

  it('the header checkbox selects all deletable rows, and Delete deletes them after the critical confirmation', async () => {
    const user = userEvent.setup();
    const { server, store } = await openLog();
    await screen.findByText('Copying nodes');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete tasks' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the selected task(s) (and associated logs)? 3 task(s) will be deleted.',
    );
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    expect(proceed).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Yes, I want to delete this task(s)'));
    await user.click(proceed);

    await waitFor(() => expect(server.callsTo('PUT', '/api/syncAgentTask/deleteTasks')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('PUT', '/api/syncAgentTask/deleteTasks')[0]!.body))).toEqual({
      TaskIds: [1, 4, 5],
    });
    await waitFor(() => expect(store.getState().notifications.items).toMatchObject([{ title: 'Changes saved' }]));
    // Removed from the list on success.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete task 1' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete task 2' })).toBeInTheDocument();
  });

  it('select all leaves out rows that cannot be deleted, also those not loaded when it was ticked', async () => {
    const many = Array.from({ length: 40 }, (_, i) => i + 1);
    for (const id of many) TASKS[id] ??= task(id, id === 35 ? { status: 'InProgress', canBeDeleted: false } : {});
    const user = userEvent.setup();
    const { server } = await openLog(fakeServer(many));
    await screen.findByText('Copying nodes');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete tasks' });
    // 40 rows, less tasks 2 and 3 (running, loaded) and 35 (running, not loaded when ticked).
    expect(dialog).toHaveTextContent('37 task(s) will be deleted.');
    await user.click(within(dialog).getByLabelText('Yes, I want to delete this task(s)'));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/syncAgentTask/deleteTasks')).toHaveLength(1));
    const sent = JSON.parse(String(server.callsTo('PUT', '/api/syncAgentTask/deleteTasks')[0]!.body)).TaskIds;
    expect(sent).toHaveLength(37);
    expect(sent).not.toContain(35);
    for (const id of many.slice(5)) delete TASKS[id];
  });

  it('Delete does nothing when nothing is checked', async () => {
    const user = userEvent.setup();
    const { store } = await openLog();
    await screen.findByText('Copying nodes');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(store.getState().confirm.current).toBeNull();
  });

  it('Delete All asks the ids of the filter for delete, confirms with their count, and deletes them', async () => {
    const user = userEvent.setup();
    const { server } = await openLog();
    await screen.findByText('Copying nodes');
    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete tasks' });
    expect(lastQuery(idCalls(server)).get('QueryForDelete')).toBe('true');
    expect(dialog).toHaveTextContent('3 task(s) will be deleted.');
    await user.click(within(dialog).getByLabelText('Yes, I want to delete this task(s)'));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/syncAgentTask/deleteTasks')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('PUT', '/api/syncAgentTask/deleteTasks')[0]!.body))).toEqual({
      TaskIds: [1, 4, 5],
    });
    // The list is loaded again for the filter.
    await waitFor(() => expect(idCalls(server).length).toBe(3));
  });

  it("an empty list shows 'No results', and Delete All then does nothing", async () => {
    const user = userEvent.setup();
    const { server, store } = await openLog(fakeServer([]));
    expect(await screen.findByText('No results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    expect(idCalls(server)).toHaveLength(1);
    expect(store.getState().confirm.current).toBeNull();
  });

  it("the progress bar opens 'Uploading progress' with each file's progress; closing clears the media", async () => {
    const user = userEvent.setup();
    const { server } = await openLog();
    await user.click(await screen.findByRole('button', { name: 'Media transfer 40%' }));
    const modal = await screen.findByRole('dialog', { name: 'Uploading progress' });
    expect(server.callsTo('GET', '/api/syncAgentTask/media')[0]!.url.searchParams.get('taskId')).toBe('3');
    expect(within(modal).getAllByText('Inspection 12')).toHaveLength(2);
    const bar = within(modal).getByRole('progressbar', { name: 'pipe.mp4: Transferring' });
    expect(bar).toHaveAttribute('value', '40');
    expect(bar).toHaveAttribute('max', '100');
    expect(bar).toHaveAttribute('title', 'Transferring');
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Uploading progress' })).not.toBeInTheDocument();
  });

  it('filters by type and status (multi-select), login, schedule name and from/to; each is resettable', async () => {
    const user = userEvent.setup();
    const { server } = await openLog();
    await screen.findByText('Copying nodes');
    const filters = within(screen.getByRole('region', { name: 'Filters' }));
    await user.click(filters.getByRole('button', { name: 'Task type' }));
    await user.click(screen.getByRole('checkbox', { name: 'Getting users' }));
    await user.click(screen.getByRole('checkbox', { name: 'Getting assets' }));
    await waitFor(() => expect(lastQuery(idCalls(server)).get('Types')).toBe('GettingAssets,GettingUsers'));
    await user.click(filters.getByRole('button', { name: 'Status' }));
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }));
    await waitFor(() => expect(lastQuery(idCalls(server)).get('Statuses')).toBe('Failed'));
    await user.selectOptions(screen.getByLabelText('Login'), 'syncer');
    await user.selectOptions(screen.getByLabelText('Schedule name'), 'Nightly');
    await waitFor(() => expect(lastQuery(idCalls(server)).get('ScheduleName')).toBe('Nightly'));
    await user.type(screen.getByLabelText('From'), '2030-01-01T08:30');
    await waitFor(() =>
      expect(lastQuery(idCalls(server)).get('FromDate')).toBe(new Date('2030-01-01T08:30').toISOString()),
    );
    await user.click(screen.getByRole('button', { name: 'Clear From' }));
    await waitFor(() => expect(lastQuery(idCalls(server)).get('FromDate')).toBeNull());
    expect(lastQuery(idCalls(server)).get('Login')).toBe('syncer');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(lastQuery(idCalls(server)).get('Login')).toBeNull());
    const q = lastQuery(idCalls(server));
    expect([q.get('Types'), q.get('Statuses'), q.get('ScheduleName')]).toEqual([null, null, null]);
  }, 20_000);

  it('a filter change cancels the list request still running for the filter left, telling the user nothing', async () => {
    const server = fakeServer().hang('GET', '/api/syncAgentTask/getIds');
    const user = userEvent.setup();
    const { store } = await openLog(server);
    await waitFor(() => expect(idCalls(server)).toHaveLength(1));
    await user.selectOptions(
      await screen.findByLabelText('Login'),
      await screen.findByRole('option', { name: 'syncer' }),
    );
    await waitFor(() => expect(idCalls(server)).toHaveLength(2));

    const stagesOf = (login: boolean) =>
      store
        .getState()
        .requests.actions.filter(
          (a) => a.url.includes('/api/syncAgentTask/getIds') && a.url.includes('Login=') === login,
        )
        .map((a) => a.stage);
    await waitFor(() => expect(stagesOf(false)).toEqual(['fetch', 'cancelled']));
    expect(stagesOf(true)).toEqual(['fetch']);
    expect(store.getState().notifications.items).toEqual([]);
    store.dispatch(stopRequests());
  });

  it('sort headers re-request the ids only when the path or direction changes', async () => {
    const user = userEvent.setup();
    const { server } = await openLog();
    await screen.findByText('Copying nodes');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(lastQuery(idCalls(server)).get('Path')).toBe('Login'));
    expect(lastQuery(idCalls(server)).get('SortDirection')).toBe('Ascending');
    // The list starts afresh with each answer: click the header of the list the answer brought.
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(lastQuery(idCalls(server)).get('SortDirection')).toBe('Descending'));
  });
});

describe('log page keyword', () => {
  withFakeTimersForUserEvent();

  it('sends the keyword after a 1 second debounce, and only when it changed', async () => {
    const user = setupUserWithFakeTimers();
    const { server } = await openLog();
    await act(async () => {});
    expect(idCalls(server)).toHaveLength(1);
    await user.type(screen.getByLabelText('Keyword'), 'nodes');
    advanceTimers(LOG_KEYWORD_DEBOUNCE_MS - 1);
    expect(idCalls(server)).toHaveLength(1);
    advanceTimers(1);
    await act(async () => {});
    expect(idCalls(server)).toHaveLength(2);
    expect(lastQuery(idCalls(server)).get('Keyword')).toBe('nodes');

    // Typed and taken back: the same keyword is not asked for again.
    await user.type(screen.getByLabelText('Keyword'), 'x{Backspace}');
    advanceTimers(LOG_KEYWORD_DEBOUNCE_MS);
    await act(async () => {});
    expect(idCalls(server)).toHaveLength(2);
  });

  it('reset is ignored while the list is loading', async () => {
    const server = fakeServer().hang('GET', '/api/syncAgentTask/getIds');
    const user = setupUserWithFakeTimers();
    await openLog(server, { login: 'syncer', scenario: 'GettingAssets', scheduleName: 'Nightly' });
    // The logins arrive as the list is asked for; the store shows answers on the next frame.
    await screen.findByRole('option', { name: 'syncer' });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(idCalls(server)).toHaveLength(1);
    expect(screen.getByLabelText('Login')).toHaveValue('syncer');
  });
});
