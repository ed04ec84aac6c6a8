import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { START_TIME_IN_PAST } from '@manway/core/api/websync';
import { createTestShell } from '../../../testing/fixtures';
import { renderInShell } from '../../../testing/render';
import { newScheduleForm, type ScheduleForm } from './scheduleForm';
import { ScheduleTaskModal } from './ScheduleTaskModal';

const USERS = [
  { id: '00000000-0000-4000-8000-000000000001', userName: 'Sam Syncer', organization: '', login: 'syncer' },
];
const NOW = new Date('2030-01-01T10:00:30Z');
const choice = (name: string) => ({ FilterName: name, DisplayName: `${name} (Section, shared)` });
const FILTERS = {
  jobs: [choice('Planned'), choice('Very poor sections')],
  subjects: [choice('Very poor sections')],
  projects: [choice('Active works')],
};

function renderModal(initial: ScheduleForm = newScheduleForm()) {
  const shell = createTestShell();
  const onSave = vi.fn();
  renderInShell(
    <ScheduleTaskModal
      initial={initial}
      users={USERS}
      filters={FILTERS}
      onSave={onSave}
      onClose={() => {}}
      now={() => NOW}
    />,
    shell,
  );
  const save = () => screen.getByRole('button', { name: 'Save' });
  return { ...shell, onSave, save, user: userEvent.setup() };
}

describe('Schedule task options', () => {
  it('shows every field in order, titled with the task-type icon', () => {
    renderModal({ ...newScheduleForm(), kind: 'Weekly' });
    expect(screen.getByRole('heading', { name: /Schedule task options/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Getting planned tasks' })).toBeInTheDocument();
    const labels = [
      'Name *',
      'Login *',
      'Specific date',
      'Daily',
      'Weekly',
      'Start time *',
      'Recur every (weeks)',
      'Sunday',
      'Saturday',
      'Repeat every (e.g. 1d 12h 30m)',
      'Duration (e.g. 1d 12h 30m)',
      'Filter *',
    ];
    const positions = labels.map((l) => document.body.innerHTML.indexOf(`>${l}<`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('save stays disabled until name, login, start time and filter are given, and Weekly has a day', async () => {
    const { user, save } = renderModal();
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText('Name *'), 'Nightly');
    await user.selectOptions(screen.getByLabelText('Login *'), 'syncer');
    await user.click(screen.getByLabelText('Start time *')); // takes the next minute
    expect(save()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Filter *'), 'Planned');
    expect(save()).toBeEnabled();
    await user.click(screen.getByLabelText('Weekly'));
    expect(screen.getByLabelText('Recur every (weeks)')).toHaveValue(1);
    expect(save()).toBeDisabled();
    await user.click(screen.getByLabelText('Monday'));
    expect(save()).toBeEnabled();
  });

  it('normalises time spans on blur; a span off the pattern disables save', async () => {
    const { user, save } = renderModal({
      ...newScheduleForm(),
      name: 'n',
      userId: USERS[0]!.id,
      startTime: '2030-01-02T00:00:00Z',
      filterName: 'f',
    });
    const every = screen.getByLabelText('Repeat every (e.g. 1d 12h 30m)');
    await user.type(every, '1D12h  30M');
    await user.tab();
    expect(every).toHaveValue('1d 12h 30m');
    const duration = screen.getByLabelText('Duration (e.g. 1d 12h 30m)');
    await user.type(duration, '2 weeks');
    await user.tab();
    expect(duration).toHaveValue('2 weeks');
    expect(save()).toBeDisabled();
  });

  it("a start time in the past shows 'The 'Start time' cannot be in the past' and sends nothing", async () => {
    const { user, save, onSave, store } = renderModal({
      ...newScheduleForm(),
      name: 'n',
      userId: USERS[0]!.id,
      startTime: '2030-01-01T09:00:00Z',
      filterName: 'f',
    });
    await user.click(save());
    expect(onSave).not.toHaveBeenCalled();
    expect(store.getState().notifications.items).toMatchObject([
      { type: 'error', title: 'Schedule task options', text: START_TIME_IN_PAST },
    ]);
  });

  it('getting assets with all assets needs no filter and disables it', async () => {
    const { user, save } = renderModal({
      ...newScheduleForm('GettingAssets'),
      name: 'n',
      userId: USERS[0]!.id,
      startTime: '2030-01-02T00:00:00Z',
    });
    expect(save()).toBeDisabled();
    await user.click(screen.getByLabelText('All assets'));
    expect(screen.getByLabelText('Assets filter')).toBeDisabled();
    expect(save()).toBeEnabled();
  });

  it('the settings block offers the saved filters of /api/filter: jobs for tasks, projects for projects', async () => {
    const { user, save } = renderModal({
      ...newScheduleForm('GettingProjects'),
      name: 'n',
      userId: USERS[0]!.id,
      startTime: '2030-01-02T00:00:00Z',
    });
    const projects = screen.getByLabelText('Projects filter');
    expect([...projects.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '',
      'Active works (Section, shared)',
    ]);
    expect(projects).toHaveAttribute('aria-required', 'true');
    expect(save()).toBeDisabled();
    await user.selectOptions(projects, 'Active works');
    expect(save()).toBeEnabled();
  });
});
