import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_ILLEGAL_TRANSITION, type TaskStartInfo } from '@manway/core/api/work';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type FakeReply } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { startInfo } from './taskFixtures';
import { TaskWork } from './TaskWork';

/** start-info answers each of `infos` in turn (the last one from then on), as the task moves. */
async function open(infos: TaskStartInfo[], replies: Record<string, FakeReply> = {}) {
  let read = 0;
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/tasks/31/start-info', () => ({ json: infos[Math.min(read++, infos.length - 1)] }));
  for (const [route, reply] of Object.entries(replies)) {
    const [method, path] = route.split(' ');
    server.on(method!, path!, reply);
  }
  await renderEdition({
    server,
    home: <TaskWork taskId={31} renderInspection={(id) => <p data-testid="inspection">{`Inspection ${id}`}</p>} />,
  });
  return { server, user: userEvent.setup() };
}

const started = startInfo({}, { state: 'started', version: 2 });

describe('a task as the crew works it', () => {
  it("shows what start-info says: the project, its standard, the section's ends and the schedule", async () => {
    await open([startInfo()]);
    expect(await screen.findByRole('heading', { name: 'Inspect S-00001' })).toBeInTheDocument();
    expect(screen.getByText('Standard').nextSibling).toHaveTextContent('Manway demo standard');
    expect(screen.getByText('Ends').nextSibling).toHaveTextContent('MH-0001 (upstream), MH-0002 (downstream)');
    expect(screen.getByText('Assigned to').nextSibling).toHaveTextContent('Carl Crew');
    expect(screen.getByTestId('task-stage')).toHaveTextContent('Planned');
  });

  it('Start task posts the version read, and the task then offers Create inspection', async () => {
    const { server, user } = await open([startInfo(), started], {
      'POST /api/tasks/31/start': { json: { changed: true, task: started.task } },
    });
    await user.click(await screen.findByRole('button', { name: 'Start task' }));
    expect(JSON.parse(server.callsTo('POST', '/api/tasks/31/start')[0]!.body as string)).toEqual({ version: 1 });
    expect(await screen.findByRole('button', { name: 'Create inspection' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Start task' })).toBeNull();
  });

  it('Create inspection records it in the running session, then shows the inspection', async () => {
    const created = startInfo(
      {},
      { state: 'inspection-created', version: 3, inspection: { id: 77, status: 'incomplete' } },
    );
    const { server, user } = await open([started, created], {
      'POST /api/tasks/31/create-inspection': { json: { changed: true, inspectionId: 77, task: created.task } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create inspection' }));
    expect(JSON.parse(server.callsTo('POST', '/api/tasks/31/create-inspection')[0]!.body as string)).toEqual({
      version: 2,
      sessionId: 5,
    });
    expect(await screen.findByTestId('inspection')).toHaveTextContent('Inspection 77');
  });

  it('what the task still needs is listed, and no inspection can be created until it is met', async () => {
    await open([startInfo({ needs: ['Start an inspection session first.'], openSession: null }, { state: 'started' })]);
    expect(await screen.findByText('Start an inspection session first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create inspection' })).toBeDisabled();
  });

  it("another crew's task says why it cannot be started and offers nothing", async () => {
    await open([startInfo({ canStart: false, reason: 'The task is assigned to Dora Diver.' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The task is assigned to Dora Diver.');
    expect(screen.queryByRole('button', { name: 'Start task' })).toBeNull();
  });

  it('a refused start (409) tells the crew why in a notification', async () => {
    const { user } = await open([startInfo()], {
      'POST /api/tasks/31/start': {
        status: 409,
        json: { code: WORKFLOW_ILLEGAL_TRANSITION, message: 'The task cannot be started: it is deleted.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Start task' }));
    expect(await screen.findByText('The task cannot be started: it is deleted.')).toBeInTheDocument();
  });

  it('a completed task shows its inspection and no step', async () => {
    await open([
      startInfo({ canStart: false, reason: 'x' }, { state: 'completed', inspection: { id: 9, status: 'completed' } }),
    ]);
    expect(await screen.findByTestId('inspection')).toHaveTextContent('Inspection 9');
    expect(screen.queryByRole('alert')).toBeNull();
    for (const step of ['Start task', 'Create inspection'])
      expect(screen.queryByRole('button', { name: step })).toBeNull();
  });
});
