import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskList } from '@manway/core/api/work';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { ASSET_TASKS_LIMIT } from '../api/assetTasks';
import { NO_TASKS } from '../taskLabels';
import { AssetTasks } from './AssetTasks';
import { taskSummary } from './taskFixtures';

const task = taskSummary;

async function open(list: TaskList) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/tasks', { json: list });
  await renderEdition({ server, home: <AssetTasks parent={{ type: 'Section', id: 2026 }} /> });
  return server;
}

describe("an asset's tasks in its details", () => {
  it('lists each task with its type, state, project, due date, assignee and scheduled date', async () => {
    const server = await open({
      items: [task(), task({ id: 32, taskType: 'clean', state: 'completed', dueDate: null, assignment: null })],
      total: 2,
      counts: { planned: 1, started: 0, 'inspection-created': 0, completed: 1, deleted: 0 },
    });
    const items = await screen.findAllByTestId('asset-task');
    expect(server.callsTo('GET', '/api/tasks')[0]!.url.search).toBe(
      `?parentObjectType=Section&parentObjectId=2026&limit=${ASSET_TASKS_LIMIT}`,
    );
    expect(screen.getByRole('heading', { name: 'Tasks (2)' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Inspect');
    expect(items[0]).toHaveTextContent('Planned');
    expect(items[0]).toHaveTextContent('North catchment 2024');
    expect(items[0]).toHaveTextContent('Carl Crew');
    expect(within(items[0]!).getByText('Due').nextSibling).toHaveTextContent(/2024/);
    expect(within(items[0]!).getByText('Scheduled').nextSibling).toHaveTextContent(/2024/);
    expect(items[1]).toHaveTextContent('Clean');
    expect(items[1]).toHaveTextContent('Completed');
    expect(items[1]).toHaveTextContent('Unassigned');
  });

  it('an asset without tasks says No tasks', async () => {
    await open({
      items: [],
      total: 0,
      counts: { planned: 0, started: 0, 'inspection-created': 0, completed: 0, deleted: 0 },
    });
    expect(await screen.findByText(NO_TASKS)).toBeInTheDocument();
    expect(NO_TASKS).toBe('No tasks');
    expect(screen.getByRole('heading', { name: 'Tasks (0)' })).toBeInTheDocument();
  });

  it('more tasks than shown says how many of them', async () => {
    await open({
      items: [task()],
      total: 120,
      counts: { planned: 120, started: 0, 'inspection-created': 0, completed: 0, deleted: 0 },
    });
    expect(await screen.findByRole('heading', { name: 'Tasks (1 of 120)' })).toBeInTheDocument();
  });
});
