import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WORKFLOW_ILLEGAL_TRANSITION } from '@manway/core/api/work';
import type { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { bodyOf, inspectionRow, inspectionsServer, listCalls } from './inspectionFixtures';
import { InspectionsPage } from './InspectionsPage';
import { REJECT_REASON_MAX_LENGTH } from './RejectDialog';

const PENDING = inspectionRow({ id: 7, version: 3 });

async function open(server: FakeServer, path = '/') {
  const shell = await renderEdition({
    server,
    path,
    home: (
      <InspectionsPage
        renderHeaderForm={(id) => <p data-testid="header-form">{`Header form of ${id}`}</p>}
        renderObservations={(id) => <p data-testid="observations">{`Observations of ${id}`}</p>}
      />
    ),
  });
  return { ...shell, user: userEvent.setup() };
}

/** Opens the review of the row by a click on one of its cells, as a reviewer would. */
async function openReview(server: FakeServer) {
  const shell = await open(server);
  const grid = await screen.findByRole('table', { name: 'Pending inspections' });
  await shell.user.click((await within(grid).findAllByText('Ann Operator'))[0]!);
  await screen.findByRole('heading', { name: 'Inspection of Section S-00001' });
  return shell;
}

const accepted = { ...PENDING, status: 'completed', review: 'accepted', version: 4, reviewedBy: 'Jane Doe' } as const;

describe('the review of an inspection', () => {
  it("a click on a row opens its review in the address, with its facts and the edition's header form and observations", async () => {
    const server = inspectionsServer({
      pending: [PENDING, inspectionRow({ id: 8, assetReadableId: 'S-00002', review: 'rejected', reviewReason: 'x' })],
    });
    const { router } = await openReview(server);
    expect(router.state.location.search).toBe('?group=pending&inspection=7');
    const review = screen.getByRole('region', { name: 'Inspection of Section S-00001' });
    expect(within(review).getByText('Operator').nextSibling).toHaveTextContent('Ann Operator');
    expect(within(review).getByText('Status').nextSibling).toHaveTextContent('Pending');
    expect(within(review).getByText('Review').nextSibling).toHaveTextContent('Not reviewed yet');
    expect(within(review).getByText('Structural peak').nextSibling).toHaveTextContent('3');
    expect(within(review).getByText('O&M peak').nextSibling).toHaveTextContent('2');
    expect(screen.getByTestId('header-form')).toHaveTextContent('Header form of 7');
    expect(screen.getByTestId('observations')).toHaveTextContent('Observations of 7');
    // The list waits, hidden, for the way back.
    expect(screen.queryByRole('table', { name: 'Pending inspections' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: /Back to the pending inspections/ }));
    expect(await screen.findByRole('table', { name: 'Pending inspections' })).toBeInTheDocument();
  });

  it('Accept posts the version read, says so, and the lists are asked again', async () => {
    const server = inspectionsServer({ pending: [PENDING] });
    // As the server would: the inspection reads as accepted once it is.
    server.on('POST', '/api/inspections/7/accept', () => {
      server.on('GET', '/api/inspections/7', { json: accepted });
      return { json: { changed: true, inspection: accepted } };
    });
    const { user } = await openReview(server);
    const asked = listCalls(server).length;
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/inspections/7/accept')).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST', '/api/inspections/7/accept')[0])).toEqual({ version: 3 });
    expect(await screen.findByText('Inspection accepted')).toBeInTheDocument();
    // The review follows the inspection, though it has left the pending list.
    const review = screen.getByRole('region', { name: 'Inspection of Section S-00001' });
    await waitFor(() => expect(within(review).getByText('Status').nextSibling).toHaveTextContent('Completed'));
    expect(within(review).queryByRole('button', { name: 'Accept' })).toBeNull();
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(asked));
  });

  it('Reject needs a reason: its button stays disabled until one is typed, and the reason is posted', async () => {
    const rejected = {
      ...PENDING,
      status: 'incomplete',
      review: 'rejected',
      reviewReason: 'Lens fogged',
      version: 4,
    } as const;
    const server = inspectionsServer({ pending: [PENDING] });
    server.on('POST', '/api/inspections/7/reject', () => {
      server.on('GET', '/api/inspections/7', { json: rejected });
      return { json: { changed: true, inspection: rejected } };
    });
    const { user } = await openReview(server);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the inspection of S-00001' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    expect(reason).toHaveAttribute('maxLength', String(REJECT_REASON_MAX_LENGTH));
    expect(reject).toBeDisabled();
    await user.type(reason, '   ');
    expect(reject).toBeDisabled();
    await user.type(reason, 'Lens fogged ');
    expect(reject).toBeEnabled();
    await user.click(reject);

    await waitFor(() => expect(server.callsTo('POST', '/api/inspections/7/reject')).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST', '/api/inspections/7/reject')[0])).toEqual({
      reason: 'Lens fogged',
      version: 3,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const review = screen.getByRole('region', { name: 'Inspection of Section S-00001' });
    await waitFor(() => expect(within(review).getByText('Reason').nextSibling).toHaveTextContent('Lens fogged'));
    expect(within(review).getByText('Status').nextSibling).toHaveTextContent('Incomplete');
  });

  it("a refused decision (409) shows the server's reason in the review and asks the lists again", async () => {
    const reason = 'The inspection cannot be accepted: it is still in the field.';
    const server = inspectionsServer({ pending: [PENDING] }).on('POST', '/api/inspections/7/accept', {
      status: 409,
      json: { code: WORKFLOW_ILLEGAL_TRANSITION, message: reason },
    });
    const { user } = await openReview(server);
    const asked = listCalls(server).length;
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(asked));
    // The global handling shows nothing for a 409.
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it('a stale version (409) says another user changed it', async () => {
    const server = inspectionsServer({ pending: [PENDING] }).on('POST', '/api/inspections/7/accept', {
      status: 409,
      json: { code: 'concurrency/modified-by-another-user' },
    });
    const { user } = await openReview(server);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another user modified the same item');
  });

  it('offers no Accept or Reject without the review permission', async () => {
    const server = inspectionsServer({ pending: [PENDING] }, { user: { hasReviewPermissions: false } });
    await openReview(server);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByTestId('observations')).toBeInTheDocument();
  });

  it('offers no Accept or Reject for an inspection that is not pending', async () => {
    const server = inspectionsServer({ completed: [accepted] });
    await open(server, '/?group=completed&inspection=7');
    await screen.findByRole('heading', { name: 'Inspection of Section S-00001' });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a reload (or a link) reads the inspection by its id', async () => {
    const server = inspectionsServer({ pending: [PENDING] });
    await open(server, '/?group=pending&inspection=7');
    expect(await screen.findByRole('heading', { name: 'Inspection of Section S-00001' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/inspections/7')).not.toHaveLength(0);
  });

  it('an inspection the server no longer has says it could not be loaded', async () => {
    const server = inspectionsServer({ pending: [] }).on('GET', '/api/inspections/7', {
      status: 404,
      json: { code: 'object/not-found', message: 'Inspection not found' },
    });
    await open(server, '/?group=pending&inspection=7');
    expect(await screen.findByText('The inspection could not be loaded.')).toBeInTheDocument();
  });
});
