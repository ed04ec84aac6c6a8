import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InspectionSessionSummary } from '@manway/core/api/work';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { bodyOf } from './inspectionFixtures';
import { SessionManager, type SessionAssignment } from './SessionManager';

const RUNNING: InspectionSessionSummary = {
  id: 5,
  assignmentId: 9,
  operator: { id: 'u-1', login: 'crew1', displayName: 'Carl Crew' },
  camera: 'CAM-1',
  startedAt: '2024-09-12T07:30:00.000Z',
  endedAt: null,
  status: 'open',
  inspectionCount: 2,
  version: 1,
};

/** The open sessions are read as `reads` say in turn (the last from then on). */
async function open(reads: InspectionSessionSummary[][], assignments: SessionAssignment[] = []) {
  let read = 0;
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/inspection-sessions', () => ({ json: reads[Math.min(read++, reads.length - 1)] }))
    .on('POST', '/api/inspection-sessions', { status: 201, json: RUNNING })
    .on('POST', '/api/inspection-sessions/5/end', {
      json: { changed: true, session: { ...RUNNING, status: 'closed' } },
    });
  await renderEdition({ server, home: <SessionManager assignments={assignments} /> });
  return { server, user: userEvent.setup() };
}

describe('the session manager', () => {
  it('a running session shows since when, its camera and how many inspections it holds', async () => {
    const { server } = await open([[RUNNING]]);
    const running = await screen.findByTestId('session-running');
    expect(server.callsTo('GET', '/api/inspection-sessions')[0]!.url.searchParams.get('status')).toBe('open');
    expect(within(running).getByText('Camera').nextSibling).toHaveTextContent('CAM-1');
    expect(within(running).getByText('Inspections').nextSibling).toHaveTextContent('2');
  });

  it('Start session sends the assignment chosen and the camera typed, and the session then runs', async () => {
    const { server, user } = await open(
      [[], [RUNNING]],
      [
        { id: 9, label: '2024-09-12 · 3 tasks' },
        { id: 10, label: '2024-09-13 · 1 task' },
      ],
    );
    await user.selectOptions(await screen.findByLabelText('Assignment'), '10');
    await user.type(screen.getByLabelText('Camera'), ' CAM-2 ');
    await user.click(screen.getByRole('button', { name: 'Start session' }));
    expect(bodyOf(server.callsTo('POST', '/api/inspection-sessions')[0])).toEqual({
      assignmentId: 10,
      camera: 'CAM-2',
    });
    expect(await screen.findByTestId('session-running')).toBeInTheDocument();
  });

  it("the only assignment is taken without choosing, and an empty camera is left to the user's profile", async () => {
    const { server, user } = await open([[]], [{ id: 9, label: '2024-09-12 · 3 tasks' }]);
    await user.click(await screen.findByRole('button', { name: 'Start session' }));
    expect(bodyOf(server.callsTo('POST', '/api/inspection-sessions')[0])).toEqual({ assignmentId: 9 });
  });

  it('End session asks first, then ends the session with the version read', async () => {
    const { server, user } = await open([[RUNNING], []]);
    await user.click(await screen.findByRole('button', { name: 'End session' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(bodyOf(server.callsTo('POST', '/api/inspection-sessions/5/end')[0])).toEqual({ version: 1 });
    expect(await screen.findByRole('button', { name: 'Start session' })).toBeInTheDocument();
  });
});
