import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COLUMN_FILTER_DEBOUNCE_MS } from '../../../ui/grid/gridConstants';
import { DEFAULT_SEARCH_DEBOUNCE_MS } from '../../../ui/search-box/SearchBox';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../../testing/fakeTimers';
import type { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { bodyOf, inspectionRow, inspectionsServer, lastListQuery, listCalls } from './inspectionFixtures';
import { InspectionsPage } from './InspectionsPage';

async function open(server: FakeServer, path = '/') {
  const shell = await renderEdition({ server, path, home: <InspectionsPage /> });
  return shell;
}

const table = (name: string) => screen.findByRole('table', { name });
const bodyRows = (grid: HTMLElement) => within(within(grid).getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('the inspections lists', () => {
  it('open on the pending list, asking for page 0 of 25 newest first, and each tab shows its total', async () => {
    const server = inspectionsServer(
      { pending: [inspectionRow()], incomplete: [], completed: [] },
      { totals: { pending: 3, incomplete: 1, completed: 12 } },
    );
    await open(server);
    const grid = await table('Pending inspections');
    expect(await within(grid).findByText('S-00001')).toBeInTheDocument();
    expect(lastListQuery(server)).toEqual({
      group: 'pending',
      pageIndex: '0',
      pageSize: '25',
      sortBy: 'inspectedAt',
      sortDesc: 'true',
    });
    expect(await screen.findByRole('tab', { name: 'Pending (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Incomplete (1)' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('tab', { name: 'Completed (12)' })).toBeInTheDocument();
    const cells = within(bodyRows(grid)[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // After the selection box: asset, date, operator, project, district, peaks, length, observations, review.
    expect(cells.slice(1, 11)).toEqual([
      'S-00001',
      expect.stringMatching(/2024/),
      'Ann Operator',
      'North catchment 2024',
      'Riverside',
      '3',
      '2',
      '42.5',
      '6',
      '',
    ]);
  });

  it('a rejected inspection shows Rejected and its reason in the review column', async () => {
    const server = inspectionsServer({
      pending: [inspectionRow({ review: 'rejected', reviewReason: 'Camera lens fogged from 12 m' })],
    });
    await open(server);
    const grid = await table('Pending inspections');
    expect(await within(grid).findByText('Rejected: Camera lens fogged from 12 m')).toBeInTheDocument();
  });

  it("an edition with its own page of an inspection (the crew's) has each row lead there", async () => {
    const server = inspectionsServer({ pending: [inspectionRow({ id: 7 })] });
    const { router } = await renderEdition({
      server,
      home: <InspectionsPage inspectionHref={(_group, row) => `/inspections/${row.id}`} />,
    });
    const grid = await screen.findByRole('table', { name: 'Pending inspections' });
    await userEvent.click((await within(grid).findAllByText('Ann Operator'))[0]!);
    expect(router.state.location.pathname).toBe('/inspections/7');
  });

  it('the completed list shows who reviewed it and when, and is asked for with its group', async () => {
    const user = userEvent.setup();
    const server = inspectionsServer({
      completed: [
        inspectionRow({
          status: 'completed',
          review: 'accepted',
          reviewedBy: 'Olga Office',
          reviewedAt: '2024-06-01T10:30:00.000Z',
        }),
      ],
    });
    await open(server);
    await table('Pending inspections');
    await user.click(screen.getByRole('tab', { name: /^Completed/ }));
    const grid = await table('Completed inspections');
    expect(await within(grid).findByText('Olga Office')).toBeInTheDocument();
    expect(lastListQuery(server).group).toBe('completed');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Reviewed by', 'Reviewed at']));
    expect(headers).not.toContain('Review');
    // No selection outside the pending list: there is nothing to accept.
    expect(within(grid).queryByRole('checkbox')).toBeNull();
  });

  it('changing the sort on a page other than the first asks the server for page 0 in the new order', async () => {
    const user = userEvent.setup();
    const server = inspectionsServer({ pending: [inspectionRow()] }, { totals: { pending: 60 } });
    await open(server);
    await within(await table('Pending inspections')).findByText('S-00001');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(server).pageIndex).toBe('1'));

    // The second page's rows arrive with its answer.
    await user.click(await screen.findByRole('checkbox', { name: 'Select row 26' }));
    expect(screen.getByRole('button', { name: 'Accept 1' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Operator' }));
    await waitFor(() => expect(lastListQuery(server).sortBy).toBe('operator'));
    expect(lastListQuery(server)).toMatchObject({ pageIndex: '0', sortDesc: 'false' });
    // Another order is another list: the selection made in the old one is dropped.
    expect(screen.getByRole('button', { name: 'Accept selected' })).toBeDisabled();
  });

  it('a page size of 100 is asked of the server', async () => {
    const user = userEvent.setup();
    const server = inspectionsServer({ pending: [inspectionRow()] }, { totals: { pending: 160 } });
    await open(server);
    await within(await table('Pending inspections')).findByText('S-00001');
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100', '500', '1000']);
    await user.selectOptions(sizes, '100');
    await waitFor(() => expect(lastListQuery(server).pageSize).toBe('100'));
  });
});

describe('the inspections lists: search and filters', () => {
  withFakeTimersForUserEvent();

  it('the pending list asks the server for page 0 again when the filter changes, 1 s after typing', async () => {
    const user = setupUserWithFakeTimers();
    const server = inspectionsServer({ pending: [inspectionRow()] }, { totals: { pending: 60 } });
    await open(server);
    await within(await table('Pending inspections')).findByText('S-00001');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(server).pageIndex).toBe('1'));

    const before = listCalls(server).length;
    await user.type(screen.getByRole('searchbox', { name: 'Filter Operator' }), 'ann');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS - 1);
    await act(async () => {});
    expect(listCalls(server)).toHaveLength(before);
    advanceTimers(1);
    await waitFor(() => expect(lastListQuery(server).filters).toBe('{"operator":"ann"}'));
    expect(lastListQuery(server).pageIndex).toBe('0');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Review' }), 'rejected');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS);
    await waitFor(() => expect(lastListQuery(server).filters).toBe('{"operator":"ann","review":"rejected"}'));
  });

  it('the global search is sent as search, from page 0', async () => {
    const user = setupUserWithFakeTimers();
    const server = inspectionsServer({ pending: [inspectionRow()] }, { totals: { pending: 60 } });
    await open(server);
    await within(await table('Pending inspections')).findByText('S-00001');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' riverside ');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(lastListQuery(server).search).toBe('riverside'));
    expect(lastListQuery(server)).toMatchObject({ group: 'pending', pageIndex: '0' });
  });
});

describe('bulk accept in the pending list', () => {
  it('asks to type the number selected, posts the ids and says how many were accepted, already accepted and refused', async () => {
    const user = userEvent.setup();
    const server = inspectionsServer({
      pending: [
        inspectionRow({ id: 7, assetReadableId: 'S-00001' }),
        inspectionRow({ id: 8, assetReadableId: 'S-00002' }),
        inspectionRow({ id: 9, assetReadableId: 'S-00003' }),
      ],
    }).on('POST', '/api/inspections/bulk-accept', {
      json: {
        Accepted: [7],
        Unchanged: [8],
        Refused: [{ id: 9, reason: 'The inspection cannot be accepted: it is still in the field.' }],
      },
    });
    await open(server);
    const grid = await table('Pending inspections');
    await within(grid).findByText('S-00003');
    expect(screen.getByRole('button', { name: 'Accept selected' })).toBeDisabled();

    await user.click(within(grid).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Accept 3' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept 3 inspections?' });
    const proceed = within(dialog).getByRole('button', { name: 'Accept' });
    expect(proceed).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type 3 to confirm'), '2');
    expect(proceed).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type 3 to confirm'));
    await user.type(within(dialog).getByLabelText('Type 3 to confirm'), '3');
    const gridAsksBefore = listCalls(server).length;
    await user.click(proceed);

    await waitFor(() => expect(server.callsTo('POST', '/api/inspections/bulk-accept')).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST', '/api/inspections/bulk-accept')[0])).toEqual({ InspectionIds: [7, 8, 9] });
    const notification = await screen.findByTestId('notification');
    expect(notification).toHaveTextContent('1 inspection accepted');
    expect(notification).toHaveTextContent('1 accepted, 1 already accepted, 1 refused');
    expect(notification).toHaveTextContent('S-00003: The inspection cannot be accepted: it is still in the field.');
    // The lists are asked again, and the selection is gone with the accepted rows.
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(gridAsksBefore));
    expect(screen.getByRole('button', { name: 'Accept selected' })).toBeDisabled();
  });

  it('one inspection selected is accepted after a plain confirmation', async () => {
    const user = userEvent.setup();
    const server = inspectionsServer({ pending: [inspectionRow({ id: 7 })] }).on(
      'POST',
      '/api/inspections/bulk-accept',
      { json: { Accepted: [7], Unchanged: [], Refused: [] } },
    );
    await open(server);
    const grid = await table('Pending inspections');
    await within(grid).findByText('S-00001');
    await user.click(within(grid).getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('button', { name: 'Accept 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept 1 inspection?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/inspections/bulk-accept')).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST', '/api/inspections/bulk-accept')[0])).toEqual({ InspectionIds: [7] });
  });

  it('is not offered without the review permission', async () => {
    const server = inspectionsServer({ pending: [inspectionRow()] }, { user: { hasReviewPermissions: false } });
    await open(server);
    const grid = await table('Pending inspections');
    await within(grid).findByText('S-00001');
    expect(within(grid).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });
});
