import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Assignee, BulkCreateResult, BulkCreateValidation, ProjectSummary } from '@manway/core/api/work';
import type { GeneralSettings } from '@manway/core/api/settings';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { boxChoices, type PlanChoice } from './planSelection';
import { AssetTasks } from './AssetTasks';
import { counts, project } from './projectFixtures';
import { PlanTasksAction } from './PlanTasksAction';
import { CHOOSE_PROJECT } from './PlanTasksDialog';

const crew: Assignee[] = [
  { id: '7b0c6d7e-0000-4000-8000-000000000001', login: 'inspector', displayName: 'Ian Inspector' },
  { id: '7b0c6d7e-0000-4000-8000-000000000002', login: 'editor', displayName: 'Edna Editor' },
];

const checked: BulkCreateValidation = {
  selected: 12,
  willCreate: 10,
  skippedCount: 2,
  skipped: [
    { assetId: 3, assetReadableId: 'MH-0003', reason: 'open-task', message: 'already has an open task (#77)' },
    { assetId: 9, assetReadableId: 'MH-0009', reason: 'not-inspectable', message: 'is removed' },
  ],
};

const twelveManholes: PlanChoice[] = [
  {
    label: 'Manholes (12)',
    description: '12 manholes selected',
    selection: { kind: 'ids', objectType: 'Node', ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
  },
];

function planningServer({
  projects = [project(), project({ id: 2, name: 'CCTV survey 2022', status: 'completed', open: false })],
  user = {},
}: { projects?: ProjectSummary[]; user?: Partial<GeneralSettings['user']> } = {}) {
  const settings = generalSettings();
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: { ...settings, user: { ...settings.user, ...user } } })
    .on('GET', '/api/projects', { json: projects })
    .on('GET', '/api/assignees', { json: crew });
}

const bodyOf = (call: RecordedCall | undefined): unknown => JSON.parse(String(call?.body));

async function openDialog(server: FakeServer, choices: readonly PlanChoice[] = twelveManholes) {
  const user = userEvent.setup();
  await renderEdition({ server, home: <PlanTasksAction choices={choices} /> });
  await user.click(await screen.findByRole('button', { name: 'Plan tasks…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Plan tasks' });
  // The only open project is chosen once the projects arrive.
  await waitFor(() => expect(within(dialog).getByLabelText('Project')).toHaveValue('5'));
  return { user, dialog };
}

describe('planning tasks on a selection', () => {
  it('Check lists how many are selected, created and skipped, each skipped asset with its reason, and writes nothing', async () => {
    const server = planningServer().on('POST', '/api/tasks/bulk-create/validate', { json: checked });
    const { user, dialog } = await openDialog(server);
    expect(within(dialog).getByTestId('plan-selection')).toHaveTextContent('12 manholes selected');
    // Only open projects can take new work.
    expect(
      within(within(dialog).getByLabelText('Project'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a project', 'CCTV survey 2025']);
    expect(within(dialog).getByLabelText('Task type')).toHaveValue('inspect');

    await user.type(within(dialog).getByLabelText('Due date'), '2027-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));

    const result = await within(dialog).findByTestId('plan-check');
    expect(bodyOf(server.callsTo('POST', '/api/tasks/bulk-create/validate')[0])).toEqual({
      projectId: 5,
      taskType: 'inspect',
      dueDate: '2027-03-01',
      selection: twelveManholes[0]!.selection,
    });
    expect(result).toHaveTextContent('10 tasks will be created in CCTV survey 2025. Nothing has been written yet.');
    expect(result).toHaveTextContent(/Selected\s*12/);
    expect(result).toHaveTextContent(/Will be created\s*10/);
    expect(result).toHaveTextContent(/Skipped\s*2/);
    const skipped = within(result).getByRole('list', { name: 'Skipped assets' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MH-0003: already has an open task (#77)', 'MH-0009: is removed']);
    expect(server.callsTo('POST', '/api/tasks/bulk-create')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Create 10 tasks' })).toBeEnabled();
  });

  it('Create sends one bulk-create and shows an indeterminate progress bar while it runs', async () => {
    const server = planningServer()
      .on('POST', '/api/tasks/bulk-create/validate', { json: checked })
      .hang('POST', '/api/tasks/bulk-create');
    const { user, dialog } = await openDialog(server);
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create 10 tasks' }));

    const bar = await within(dialog).findByRole('progressbar', { name: 'Creating 10 tasks' });
    expect(bar).not.toHaveAttribute('value');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Creating 10 tasks…');
    expect(server.callsTo('POST', '/api/tasks/bulk-create')).toHaveLength(1);
    // The request cannot be taken back: the dialog stays until it answers.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Plan tasks' })).toBeInTheDocument();
  });

  it('then says how many tasks were created, with the way to the project’s tasks', async () => {
    const created: BulkCreateResult = { ...checked, created: 10, assignmentId: 41 };
    const server = planningServer()
      .on('POST', '/api/tasks/bulk-create/validate', { json: checked })
      .on('POST', '/api/tasks/bulk-create', { json: created });
    const { user, dialog } = await openDialog(server);
    await user.selectOptions(within(dialog).getByLabelText('Crew member'), 'Ian Inspector (inspector)');
    await user.type(within(dialog).getByLabelText('Scheduled date'), '2027-02-15');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create 10 tasks' }));

    expect(await within(dialog).findByText('10 tasks created')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/tasks/bulk-create')).toHaveLength(1);
    expect(bodyOf(server.callsTo('POST', '/api/tasks/bulk-create')[0])).toEqual({
      projectId: 5,
      taskType: 'inspect',
      assignedTo: crew[0]!.id,
      scheduledDate: '2027-02-15',
      selection: twelveManholes[0]!.selection,
    });
    expect(within(dialog).getByRole('progressbar', { name: 'Tasks created' })).toHaveAttribute('value', '10');
    expect(within(dialog).getByRole('link', { name: 'Show the project’s tasks' })).toHaveAttribute(
      'href',
      '/projects?project=5',
    );
  });

  it('new tasks refresh an asset’s tasks shown meanwhile', async () => {
    const created: BulkCreateResult = { ...checked, created: 10, assignmentId: 41 };
    const server = planningServer()
      .on('POST', '/api/tasks/bulk-create/validate', { json: checked })
      .on('POST', '/api/tasks/bulk-create', { json: created })
      .on('GET', '/api/tasks', { json: { items: [], total: 0, counts: counts() } });
    const user = userEvent.setup();
    await renderEdition({
      server,
      home: (
        <>
          <AssetTasks parent={{ type: 'Node', id: 3 }} />
          <PlanTasksAction choices={twelveManholes} />
        </>
      ),
    });
    await screen.findByText('No tasks');
    await user.click(screen.getByRole('button', { name: 'Plan tasks…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan tasks' });
    await waitFor(() => expect(within(dialog).getByLabelText('Project')).toHaveValue('5'));
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(server.callsTo('GET', '/api/tasks')).toHaveLength(1);
    await user.click(await within(dialog).findByRole('button', { name: 'Create 10 tasks' }));
    await within(dialog).findByText('10 tasks created');
    await waitFor(() => expect(server.callsTo('GET', '/api/tasks')).toHaveLength(2));
  });

  it('the scheduled date waits for a crew member, and goes with one who is taken away', async () => {
    const server = planningServer().on('POST', '/api/tasks/bulk-create/validate', { json: checked });
    const { user, dialog } = await openDialog(server);
    const scheduled = within(dialog).getByLabelText('Scheduled date');
    expect(scheduled).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Crew member'), 'Edna Editor (editor)');
    expect(scheduled).toBeEnabled();
    await user.type(scheduled, '2027-02-15');
    await user.selectOptions(within(dialog).getByLabelText('Crew member'), 'Nobody yet');
    expect(scheduled).toBeDisabled();
    expect(scheduled).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await within(dialog).findByTestId('plan-check');
    expect(bodyOf(server.callsTo('POST', '/api/tasks/bulk-create/validate')[0])).not.toHaveProperty('scheduledDate');
  });

  it('a field the server refuses shows its message at that field, and nothing is checked', async () => {
    const server = planningServer().on('POST', '/api/tasks/bulk-create/validate', {
      status: 400,
      json: {
        Message: 'The request is invalid.',
        ModelState: { assignedTo: ['Assign the work to an existing, enabled user who is not a guest.'] },
      },
    });
    const { user, dialog } = await openDialog(server);
    await user.selectOptions(within(dialog).getByLabelText('Crew member'), 'Edna Editor (editor)');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    const crewField = within(dialog).getByLabelText('Crew member');
    await waitFor(() => expect(crewField).toHaveAttribute('aria-invalid', 'true'));
    expect(crewField).toHaveAccessibleDescription('Assign the work to an existing, enabled user who is not a guest.');
    expect(within(dialog).queryByTestId('plan-check')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Create/ })).toBeNull();
  });

  it('without a project chosen, Check asks for one and calls nothing', async () => {
    const server = planningServer({ projects: [project(), project({ id: 6, name: 'Relining 2026' })] });
    const user = userEvent.setup();
    await renderEdition({ server, home: <PlanTasksAction choices={twelveManholes} /> });
    await user.click(await screen.findByRole('button', { name: 'Plan tasks…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan tasks' });
    await waitFor(() => expect(within(dialog).getByLabelText('Project')).toBeEnabled());
    expect(within(dialog).getByLabelText('Project')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(within(dialog).getByLabelText('Project')).toHaveAccessibleDescription(CHOOSE_PROJECT);
    expect(server.callsTo('POST', '/api/tasks/bulk-create/validate')).toHaveLength(0);
  });

  it('Check waits for the projects, so a check is never refused for a project the user could not yet choose', async () => {
    const server = planningServer().hang('GET', '/api/projects');
    const user = userEvent.setup();
    await renderEdition({ server, home: <PlanTasksAction choices={twelveManholes} /> });
    await user.click(await screen.findByRole('button', { name: 'Plan tasks…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan tasks' });
    expect(within(dialog).getByLabelText('Project')).toHaveDisplayValue('Loading…');
    expect(within(dialog).getByRole('button', { name: 'Check' })).toBeDisabled();
  });

  it('changing the plan after a check asks for a new check before anything is created', async () => {
    const server = planningServer().on('POST', '/api/tasks/bulk-create/validate', { json: checked });
    const { user, dialog } = await openDialog(server);
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await within(dialog).findByRole('button', { name: 'Create 10 tasks' });
    await user.selectOptions(within(dialog).getByLabelText('Task type'), 'Clean');
    expect(within(dialog).queryByRole('button', { name: /^Create/ })).toBeNull();
    expect(within(dialog).queryByTestId('plan-check')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await within(dialog).findByTestId('plan-check');
    expect(bodyOf(server.callsTo('POST', '/api/tasks/bulk-create/validate')[1])).toMatchObject({ taskType: 'clean' });
  });

  it('a box holding manholes and pipe sections plans on the type the user picks, each offered with its count', async () => {
    const server = planningServer().on('POST', '/api/tasks/bulk-create/validate', { json: checked });
    const choices = boxChoices({
      items: [
        { objectType: 'Node', id: 1 },
        { objectType: 'Section', id: 20 },
        { objectType: 'Section', id: 21 },
      ],
      found: { Node: 1, Section: 2 },
      extent: [8.3, 51.88, 8.32, 51.9],
    });
    const { user, dialog } = await openDialog(server, choices);
    const group = within(dialog).getByRole('group', { name: 'Plan on' });
    expect(within(group).getByRole('radio', { name: 'Manholes (1)' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Pipe sections (2)' }));
    expect(within(dialog).getByTestId('plan-selection')).toHaveTextContent('2 pipe sections selected');
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await within(dialog).findByTestId('plan-check');
    expect(bodyOf(server.callsTo('POST', '/api/tasks/bulk-create/validate')[0])).toMatchObject({
      selection: { kind: 'ids', objectType: 'Section', ids: [20, 21] },
    });
  });

  it('is not offered to a user without editor permissions', async () => {
    const server = planningServer({ user: { hasEditorPermissions: false } });
    await renderEdition({ server, home: <PlanTasksAction choices={twelveManholes} /> });
    expect(screen.queryByRole('button', { name: 'Plan tasks…' })).toBeNull();
  });
});
