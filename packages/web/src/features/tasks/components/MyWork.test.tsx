import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LonLatPoint } from '@manway/core/rules/nearest-first';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { MY_WORK_LIMIT } from '../api/myWork';
import { MyWork } from './MyWork';
import { taskList, taskSummary } from './taskFixtures';

const near: LonLatPoint = { longitude: 4.912345678, latitude: 52.37 };

async function open(list = taskList([]), props: { near?: LonLatPoint | null } = {}) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/tasks', { json: list });
  const onOpen = vi.fn();
  const onShowOnMap = vi.fn();
  const onListed = vi.fn();
  await renderEdition({
    server,
    home: <MyWork near={props.near ?? null} onOpen={onOpen} onShowOnMap={onShowOnMap} onListed={onListed} />,
  });
  return { server, onOpen, onShowOnMap, onListed, user: userEvent.setup() };
}

describe("the crew's list of work", () => {
  it("asks for the signed-in user's open tasks, nearest first from where they stand", async () => {
    const { server } = await open(taskList([taskSummary({ distanceM: 87.6 })]), { near });
    await screen.findAllByTestId('my-work-task');
    const query = server.callsTo('GET', '/api/tasks')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      parentObjectType: 'User',
      parentObjectId: 'me',
      taskState: 'open',
      limit: String(MY_WORK_LIMIT),
      near: '4.912346,52.370000',
    });
    expect(screen.getByText('Nearest first')).toBeInTheDocument();
    expect(screen.getByTestId('my-work-task')).toHaveTextContent('88 m');
  });

  it('without a position runs by due date and sends no near', async () => {
    const { server } = await open(taskList([taskSummary()]));
    await screen.findAllByTestId('my-work-task');
    expect(server.callsTo('GET', '/api/tasks')[0]!.url.searchParams.has('near')).toBe(false);
    expect(screen.getByText('By due date')).toBeInTheDocument();
  });

  it('numbers the tasks in their order, says where each stands, and hands them to the map', async () => {
    const tasks = [
      taskSummary({ id: 1, assetReadableId: 'MH-0001', assetType: 'Node' }),
      taskSummary({
        id: 2,
        assetReadableId: 'S-00002',
        state: 'inspection-created',
        inspection: { id: 9, status: 'pending' },
      }),
    ];
    const { onListed } = await open(taskList(tasks));
    const items = await screen.findAllByTestId('my-work-task');
    expect(items[0]).toHaveTextContent(/^1MH-0001/);
    expect(items[0]).toHaveTextContent('Planned');
    expect(items[1]).toHaveTextContent(/^2S-00002/);
    expect(items[1]).toHaveTextContent('Sent for review');
    expect(screen.getByRole('heading', { name: 'My work (2)' })).toBeInTheDocument();
    expect(onListed).toHaveBeenLastCalledWith(tasks);
  });

  it('Open opens the task; Map shows it, and only a task with a position can be shown', async () => {
    const placed = taskSummary({ id: 1, position: { longitude: 4.9, latitude: 52.3 } });
    const { onOpen, onShowOnMap, user } = await open(
      taskList([placed, taskSummary({ id: 2, assetReadableId: 'S-9' })]),
    );
    const [first, second] = await screen.findAllByTestId('my-work-task');
    await user.click(within(first!).getByRole('button', { name: 'Open the task on S-00001' }));
    expect(onOpen).toHaveBeenCalledWith(placed);
    await user.click(within(first!).getByRole('button', { name: 'Show S-00001 on the map' }));
    expect(onShowOnMap).toHaveBeenCalledWith(placed);
    expect(within(second!).getByRole('button', { name: 'Show S-9 on the map' })).toBeDisabled();
  });

  it('a crew member without open work reads No tasks', async () => {
    await open();
    expect(await screen.findByText('No tasks')).toBeInTheDocument();
  });
});
