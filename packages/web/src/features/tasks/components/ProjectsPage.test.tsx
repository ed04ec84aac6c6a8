import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GeneralSettings } from '@manway/core/api/settings';
import type { ProjectSummary, TaskList, TaskSummary } from '@manway/core/api/work';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { NO_TASKS } from '../taskLabels';
import { counts, project, taskRow } from './projectFixtures';
import { progressOf } from './ProjectProgress';
import { NO_PERMISSION_TEXT, ProjectsPage } from './ProjectsPage';

function projectsServer({
  projects = [project(), project({ id: 2, name: 'CCTV survey 2022', status: 'completed', open: false })],
  tasks = [taskRow()],
  total,
  taskCounts = counts({ planned: 4, completed: 6 }),
  user = {},
}: {
  projects?: ProjectSummary[];
  tasks?: TaskSummary[];
  total?: number;
  taskCounts?: TaskList['counts'];
  user?: Partial<GeneralSettings['user']>;
} = {}) {
  const settings = generalSettings();
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: { ...settings, user: { ...settings.user, ...user } } })
    .on('GET', '/api/projects', { json: projects })
    .on('GET', '/api/tasks', {
      json: { items: tasks, total: total ?? tasks.length, counts: taskCounts } satisfies TaskList,
    });
}

const taskQueries = (server: FakeServer) =>
  server.callsTo('GET', '/api/tasks').map((c: RecordedCall) => Object.fromEntries(c.url.searchParams.entries()));

async function open(server: FakeServer, path = '/') {
  return renderEdition({ server, path, home: <ProjectsPage /> });
}

const bodyRows = (grid: HTMLElement) => within(within(grid).getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('the projects page', () => {
  it('lists each project with its progress: completed out of the tasks not deleted, and the rest in words', async () => {
    await open(
      projectsServer({
        projects: [
          project({
            taskCounts: counts({ planned: 5, started: 1, 'inspection-created': 1, completed: 3, deleted: 2 }),
          }),
          project({ id: 2, name: 'CCTV survey 2022', status: 'completed', open: false, taskCounts: counts() }),
        ],
      }),
    );
    const cards = await screen.findAllByTestId('project');
    expect(within(cards[0]!).getByRole('link', { name: 'CCTV survey 2025' })).toHaveAttribute('href', '/?project=5');
    expect(cards[0]).toHaveTextContent('Active');
    expect(cards[0]).toHaveTextContent('Manwick Water · Clearline Drainage · Manway demo standard');
    const bar = within(cards[0]!).getByRole('progressbar', { name: 'Progress of CCTV survey 2025' });
    expect(bar).toHaveAttribute('max', '10');
    expect(bar).toHaveAttribute('value', '3');
    expect(cards[0]).toHaveTextContent(
      '30% 3 of 10 completed · 5 planned, 1 started, 1 inspection created · 2 deleted',
    );
    expect(cards[1]).toHaveTextContent('Completed');
    expect(cards[1]).toHaveTextContent(`0% ${NO_TASKS}`);
  });

  it('progress counts deleted tasks as history, not work', () => {
    expect(progressOf(counts({ completed: 4, deleted: 6 }))).toEqual({
      done: 4,
      of: 4,
      text: '4 of 4 completed · 6 deleted',
    });
  });

  it('opening a project shows its tasks in the grid, asking the server for the first page by limit and offset', async () => {
    const user = userEvent.setup();
    const server = projectsServer({
      tasks: [
        taskRow(),
        taskRow({
          id: 32,
          assetReadableId: 'MH-0002',
          taskType: 'clean',
          state: 'inspection-created',
          assignment: null,
          dueDate: null,
          inspection: { id: 70, status: 'pending' },
        }),
      ],
    });
    await open(server);
    await user.click(await screen.findByRole('link', { name: 'CCTV survey 2025' }));
    const grid = await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    expect(await within(grid).findByText('MH-0002')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'CCTV survey 2025' })).toBeInTheDocument();
    expect(taskQueries(server).at(-1)).toEqual({
      parentObjectType: 'Project',
      parentObjectId: '5',
      limit: '25',
      offset: '0',
    });
    const [first, second] = bodyRows(grid).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    // After the selection box: asset, type, state, crew, scheduled, due, inspection.
    expect(first!.slice(1)).toEqual([
      'MH-0001 Node',
      'Inspect',
      'Planned',
      'Ian Inspector',
      expect.stringMatching(/2027/),
      expect.stringMatching(/2027/),
      '—',
    ]);
    expect(second!.slice(1)).toEqual([
      'MH-0002 Node',
      'Clean',
      'Inspection created',
      'Unassigned',
      '—',
      '—',
      'Pending review',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Progress of CCTV survey 2025' })).toHaveAttribute('value', '6');
  });

  it('pages through the server: the next page asks for the next offset', async () => {
    const user = userEvent.setup();
    const server = projectsServer({ total: 60 });
    await open(server, '/?project=5');
    const grid = await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    await within(grid).findByText('MH-0001');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(taskQueries(server).at(-1)).toMatchObject({ limit: '25', offset: '25' }));
  });

  it('a project without tasks says No tasks', async () => {
    await open(projectsServer({ tasks: [], taskCounts: counts() }), '/?project=5');
    const grid = await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    expect(await within(grid).findByText('No tasks')).toBeInTheDocument();
  });

  it('the state filter asks the server for the tasks in that state', async () => {
    const user = userEvent.setup();
    const server = projectsServer();
    await open(server, '/?project=5');
    await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    await user.selectOptions(screen.getByLabelText('State'), 'Open');
    await waitFor(() => expect(taskQueries(server).at(-1)).toMatchObject({ taskState: 'open', offset: '0' }));
    await user.selectOptions(screen.getByLabelText('State'), 'Completed');
    await waitFor(() => expect(taskQueries(server).at(-1)).toMatchObject({ taskState: 'completed' }));
  });

  it('deleting selected tasks asks to type how many, then deletes them in one request with their versions', async () => {
    const user = userEvent.setup();
    const server = projectsServer({
      tasks: [taskRow({ id: 31, version: 2 }), taskRow({ id: 32, assetReadableId: 'MH-0002', version: 5 })],
    }).on('POST', '/api/tasks', { json: { Deleted: [31, 32] } });
    await open(server, '/?project=5');
    const grid = await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    await within(grid).findByText('MH-0002');
    expect(screen.getByRole('button', { name: 'Delete tasks' })).toBeDisabled();
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 tasks' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 tasks?' });
    const proceed = within(dialog).getByRole('button', { name: 'Delete' });
    expect(proceed).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type 2 to confirm'), '2');
    const asksBefore = taskQueries(server).length;
    await user.click(proceed);
    await waitFor(() => expect(server.callsTo('POST', '/api/tasks')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('POST', '/api/tasks')[0]!.body))).toEqual({
      TaskIds: [31, 32],
      Versions: [2, 5],
    });
    expect(await screen.findByTestId('notification')).toHaveTextContent('2 tasks deleted');
    // The list is asked again, and the selection is gone.
    await waitFor(() => expect(taskQueries(server).length).toBeGreaterThan(asksBefore));
    expect(screen.getByRole('button', { name: 'Delete tasks' })).toBeDisabled();
  });

  it('a refused delete (409) says why and deletes nothing', async () => {
    const user = userEvent.setup();
    const server = projectsServer().on('POST', '/api/tasks', {
      status: 409,
      json: {
        code: 'workflow/illegal-transition',
        message: 'Task 31 (MH-0001): The task cannot be deleted: it has an inspection.',
      },
    });
    await open(server, '/?project=5');
    const grid = await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    await within(grid).findByText('MH-0001');
    await user.click(within(grid).getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete 1 task' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete 1 task?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const notification = await screen.findByTestId('notification');
    expect(notification).toHaveTextContent('Nothing was deleted');
    expect(notification).toHaveTextContent('The task cannot be deleted: it has an inspection.');
  });

  it('a reviewer follows the progress but deletes nothing', async () => {
    await open(projectsServer({ user: { hasEditorPermissions: false, hasReviewPermissions: true } }), '/?project=5');
    const grid = await screen.findByRole('table', { name: 'Tasks of CCTV survey 2025' });
    await within(grid).findByText('MH-0001');
    expect(within(grid).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('a crew member is told the page is not theirs, and nothing is asked of the server', async () => {
    const server = projectsServer({ user: { hasEditorPermissions: false, hasReviewPermissions: false } });
    await open(server);
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_PERMISSION_TEXT);
    expect(server.callsTo('GET', '/api/projects')).toHaveLength(0);
  });
});
