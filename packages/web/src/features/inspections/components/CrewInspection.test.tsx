import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_ILLEGAL_TRANSITION, type InspectionListRow } from '@manway/core/api/work';
import type { FakeReply } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { CrewInspection } from './CrewInspection';
import { bodyOf, inspectionRow, inspectionsServer } from './inspectionFixtures';

const INCOMPLETE = inspectionRow({ id: 7, status: 'incomplete', version: 2 });

/** The inspection is read as `rows` say in turn (the last from then on), as commands move it. */
async function open(rows: InspectionListRow[], replies: Record<string, FakeReply> = {}) {
  let read = 0;
  const server = inspectionsServer({}).on('GET', '/api/inspections/7', () => ({
    json: rows[Math.min(read++, rows.length - 1)],
  }));
  for (const [route, reply] of Object.entries(replies)) {
    const [method, path] = route.split(' ');
    server.on(method!, path!, reply);
  }
  await renderEdition({
    server,
    home: (
      <CrewInspection
        inspectionId={7}
        renderHeaderForm={(id) => <p data-testid="header-form">{`Header form of ${id}`}</p>}
        renderObservations={(id) => <p data-testid="observations">{`Observations of ${id}`}</p>}
      />
    ),
  });
  return { server, user: userEvent.setup() };
}

describe("the crew's own inspection", () => {
  it('being recorded, it shows its header form and observations with Complete inspection', async () => {
    await open([INCOMPLETE]);
    expect(await screen.findByTestId('inspection-standing')).toHaveTextContent('Being recorded');
    expect(screen.getByRole('heading', { level: 2, name: 'Inspection of Section S-00001' })).toBeInTheDocument();
    expect(screen.getByTestId('header-form')).toHaveTextContent('Header form of 7');
    expect(screen.getByTestId('observations')).toHaveTextContent('Observations of 7');
    expect(screen.getByRole('button', { name: 'Complete inspection' })).toBeEnabled();
  });

  it('Complete inspection asks first, posts complete with the version read, and it then waits for the office', async () => {
    const pending = { ...INCOMPLETE, status: 'pending', version: 3 } as const;
    const { server, user } = await open([INCOMPLETE, pending], {
      'POST /api/inspections/7/complete': { json: { changed: true, inspection: pending } },
    });
    await user.click(await screen.findByRole('button', { name: 'Complete inspection' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete this inspection?' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete inspection' }));
    expect(bodyOf(server.callsTo('POST', '/api/inspections/7/complete')[0])).toEqual({ version: 2 });
    expect(
      await screen.findByText('The inspection of S-00001 is waiting for the office’s review.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Take back' })).toBeEnabled();
    expect(screen.getByTestId('inspection-standing')).toHaveTextContent('Waiting for the office’s review');
  });

  it('cancelled, Complete inspection sends nothing', async () => {
    const { server, user } = await open([INCOMPLETE]);
    await user.click(await screen.findByRole('button', { name: 'Complete inspection' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST', '/api/inspections/7/complete')).toHaveLength(0);
  });

  it('Take back reopens a pending inspection before the office decides', async () => {
    const pending = { ...INCOMPLETE, status: 'pending', version: 3 } as const;
    const { server, user } = await open([pending, { ...INCOMPLETE, version: 4 }], {
      'POST /api/inspections/7/reopen': { json: { changed: true, inspection: { ...INCOMPLETE, version: 4 } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Take back' }));
    expect(bodyOf(server.callsTo('POST', '/api/inspections/7/reopen')[0])).toEqual({ version: 3 });
    expect(await screen.findByRole('button', { name: 'Complete inspection' })).toBeEnabled();
  });

  it("a rejected inspection shows the office's reason and can be completed again", async () => {
    await open([{ ...INCOMPLETE, review: 'rejected', reviewReason: 'Video missing at 12 m.' }]);
    expect(await screen.findByTestId('inspection-standing')).toHaveTextContent('Rejected by the office');
    expect(screen.getByRole('alert')).toHaveTextContent('The office’s reason: Video missing at 12 m.');
    expect(screen.getByRole('button', { name: 'Complete inspection' })).toBeEnabled();
  });

  it('an accepted inspection offers no command', async () => {
    await open([{ ...INCOMPLETE, status: 'completed', review: 'accepted' }]);
    expect(await screen.findByTestId('inspection-standing')).toHaveTextContent('Accepted by the office');
    expect(screen.queryByRole('button', { name: 'Complete inspection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take back' })).toBeNull();
  });

  it('a refused command (409) says why', async () => {
    const { user } = await open([{ ...INCOMPLETE, status: 'pending' }], {
      'POST /api/inspections/7/reopen': {
        status: 409,
        json: { code: WORKFLOW_ILLEGAL_TRANSITION, message: 'The inspection cannot be reopened: it is accepted.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Take back' }));
    expect(await screen.findByText('The inspection cannot be reopened: it is accepted.')).toBeInTheDocument();
  });
});
