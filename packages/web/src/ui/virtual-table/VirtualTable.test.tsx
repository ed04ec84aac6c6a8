import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualTable, type VirtualTableColumn, type VirtualTableProps, type VirtualTableSort } from './VirtualTable';
import {
  DETAILS_BATCH_SIZE,
  VIRTUAL_HEADER_HEIGHT,
  VIRTUAL_OVERSCAN,
  VIRTUAL_ROW_HEIGHT,
} from './virtualTableConstants';

interface Task {
  id: string;
  scenario: string;
  login: string;
  canBeDeleted: boolean;
}

const VIEWPORT_HEIGHT = 600;

// jsdom lays nothing out, so the scroll element reports no size and TanStack Virtual would show no
// rows. As TanStack Virtual's maintainers suggest for tests, the element's size is stubbed; this
// version reads clientHeight and clientWidth of the scroll element.
beforeEach(() => {
  const sized = (size: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'table' ? size : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(VIEWPORT_HEIGHT));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized(800));
});

afterEach(() => {
  // The stubs shadow jsdom's getters on Element.prototype; removing them brings those back.
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

const taskIds = (count: number) => Array.from({ length: count }, (_, i) => `T${i}`);
const taskFor = (id: string): Task => ({
  id,
  scenario: `Scenario of ${id}`,
  login: 'anna',
  canBeDeleted: Number(id.slice(1)) % 5 !== 4,
});

/** A details endpoint whose answers the test releases one by one. */
function detailsEndpoint() {
  const requests: { ids: string[]; answer: (leaveOut?: string[]) => Promise<void>; fail: () => Promise<void> }[] = [];
  const loadDetails = vi.fn(
    (ids: string[]) =>
      new Promise<Partial<Record<string, Task>>>((resolve, reject) => {
        requests.push({
          ids,
          answer: (leaveOut = []) =>
            act(async () =>
              resolve(Object.fromEntries(ids.filter((id) => !leaveOut.includes(id)).map((id) => [id, taskFor(id)]))),
            ),
          fail: () => act(async () => reject(new Error('offline'))),
        });
      }),
  );
  return { loadDetails, requests };
}

const COLUMNS: VirtualTableColumn<Task, string>[] = [
  { id: 'scenario', label: 'Tasks', width: 200, sortable: true, render: (task) => task.scenario },
  { id: 'login', label: 'Login', sortable: true, render: (task) => task.login },
  {
    id: 'logs',
    label: 'Logs',
    render: (task) => (
      <button type="button" aria-label={`Delete ${task.id}`}>
        Delete
      </button>
    ),
  },
];

function renderTable(props: Partial<VirtualTableProps<Task, string>> = {}) {
  const endpoint = detailsEndpoint();
  const view = render(
    <VirtualTable<Task, string>
      label="Sync tasks"
      ids={taskIds(1000)}
      loadDetails={endpoint.loadDetails}
      columns={COLUMNS}
      {...props}
    />,
  );
  return { ...endpoint, ...view };
}

const table = () => screen.getByRole('table', { name: 'Sync tasks' });
const bodyRows = () => within(within(table()).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const rowIndexes = () => bodyRows().map((row) => Number(row.getAttribute('aria-rowindex')) - 2);

function scrollTo(top: number) {
  act(() => {
    table().scrollTop = top;
    fireEvent.scroll(table());
  });
}

const firstRowAt = (top: number) => Math.floor((top - VIRTUAL_HEADER_HEIGHT) / VIRTUAL_ROW_HEIGHT);

describe('virtual table', () => {
  it('uses rows of height 60, overscan 1 and batches of at least 20', () => {
    expect(VIRTUAL_ROW_HEIGHT).toBe(60);
    expect(VIRTUAL_OVERSCAN).toBe(1);
    expect(DETAILS_BATCH_SIZE).toBe(20);
  });

  it('renders only the rows in view plus one, and counts every row for assistive technology', () => {
    renderTable({ ids: taskIds(100_000) });
    expect(table()).toHaveAttribute('aria-rowcount', String(100_000 + 1));
    const visible = Math.ceil((VIEWPORT_HEIGHT - VIRTUAL_HEADER_HEIGHT) / VIRTUAL_ROW_HEIGHT);
    expect(rowIndexes()).toEqual(Array.from({ length: visible + VIRTUAL_OVERSCAN }, (_, i) => i));
    expect(bodyRows()[0]).toHaveStyle({ height: '60px' });
  });

  it('details are fetched for the visible range in batches of at least 20', async () => {
    const { loadDetails, requests } = renderTable();
    expect(loadDetails).toHaveBeenCalledTimes(1);
    expect(requests[0]?.ids).toEqual(taskIds(DETAILS_BATCH_SIZE));
    await requests[0]?.answer();

    const top = 30 * VIRTUAL_ROW_HEIGHT;
    scrollTo(top);
    expect(loadDetails).toHaveBeenCalledTimes(2);
    const second = requests[1]?.ids ?? [];
    expect(second.length).toBeGreaterThanOrEqual(DETAILS_BATCH_SIZE);
    // From the first row on screen (less the overscan row), and only ids not fetched before.
    expect(second[0]).toBe(`T${firstRowAt(top) - VIRTUAL_OVERSCAN}`);
    expect(second.some((id) => requests[0]?.ids.includes(id))).toBe(false);
    for (const index of rowIndexes()) expect(second).toContain(`T${index}`);
  });

  it('shows placeholder rows until their details arrive', async () => {
    const { requests } = renderTable();
    const [first] = bodyRows();
    expect(first).toHaveAttribute('aria-busy', 'true');
    expect(within(first!).getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('Scenario of T0')).not.toBeInTheDocument();

    await requests[0]?.answer();
    expect(bodyRows()[0]).not.toHaveAttribute('aria-busy');
    expect(within(bodyRows()[0]!).getByText('Scenario of T0')).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByRole('button', { name: 'Delete T0' })).toBeInTheDocument();
  });

  it('never asks twice for an id it has or is loading', async () => {
    const { loadDetails, requests } = renderTable();
    // A small scroll while the first batch is on its way: every row on screen is being loaded.
    scrollTo(3 * VIRTUAL_ROW_HEIGHT);
    expect(loadDetails).toHaveBeenCalledTimes(1);

    await requests[0]?.answer();
    scrollTo(0);
    scrollTo(5 * VIRTUAL_ROW_HEIGHT);
    expect(loadDetails).toHaveBeenCalledTimes(1);

    scrollTo(20 * VIRTUAL_ROW_HEIGHT);
    expect(loadDetails).toHaveBeenCalledTimes(2);
    const asked = requests.flatMap((request) => request.ids);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('retries a failed batch when it becomes visible again', async () => {
    const { loadDetails, requests } = renderTable();
    await requests[0]?.fail();
    expect(within(bodyRows()[0]!).getByText('Could not load; scroll to retry')).toBeInTheDocument();
    // Not straight away: a failing server would otherwise be asked again and again.
    expect(loadDetails).toHaveBeenCalledTimes(1);

    scrollTo(100 * VIRTUAL_ROW_HEIGHT);
    expect(loadDetails).toHaveBeenCalledTimes(2);
    scrollTo(0);
    expect(loadDetails).toHaveBeenCalledTimes(3);
    expect(requests[2]?.ids).toEqual(taskIds(DETAILS_BATCH_SIZE));

    await requests[2]?.answer();
    expect(within(bodyRows()[0]!).getByText('Scenario of T0')).toBeInTheDocument();
  });

  it('ids the answer leaves out show as unavailable and are not asked for again', async () => {
    const { loadDetails, requests } = renderTable();
    await requests[0]?.answer(['T1']);
    expect(within(bodyRows()[1]!).getByText('No longer available')).toBeInTheDocument();
    scrollTo(100 * VIRTUAL_ROW_HEIGHT);
    scrollTo(0);
    expect(loadDetails.mock.calls.flatMap(([ids]) => ids).filter((id) => id === 'T1')).toHaveLength(1);
  });

  it("an empty list says 'No results', or the message given", () => {
    const { rerender, loadDetails } = renderTable({ ids: [] });
    expect(within(table()).getByText('No results')).toBeInTheDocument();
    expect(loadDetails).not.toHaveBeenCalled();
    rerender(
      <VirtualTable<Task, string>
        label="Sync tasks"
        ids={[]}
        loadDetails={loadDetails}
        columns={COLUMNS}
        emptyMessage="No schedules"
      />,
    );
    expect(within(table()).getByText('No schedules')).toBeInTheDocument();
  });

  it('shows a loader while the ids load', () => {
    renderTable({ ids: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(table()).toHaveAttribute('aria-busy', 'true');
  });

  it('gives columns their widths, 100 px unless given', () => {
    renderTable();
    const [tasks, login] = within(table()).getAllByRole('columnheader');
    expect(tasks).toHaveStyle({ width: '200px' });
    expect(login).toHaveStyle({ width: '100px' });
  });

  it('a row click reports the row and its id, but not a click on a control inside it', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const { requests } = renderTable({ onRowClick });
    await user.click(within(bodyRows()[0]!).getByText('Loading…'));
    expect(onRowClick).not.toHaveBeenCalled();

    await requests[0]?.answer();
    await user.click(within(bodyRows()[2]!).getByText('Scenario of T2'));
    expect(onRowClick).toHaveBeenCalledWith(taskFor('T2'), 'T2');

    onRowClick.mockClear();
    await user.click(within(bodyRows()[2]!).getByRole('button', { name: 'Delete T2' }));
    expect(onRowClick).not.toHaveBeenCalled();

    bodyRows()[3]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(taskFor('T3'), 'T3');
  });

  it('sortable headers report the sort, flipping the direction of the current column', async () => {
    const user = userEvent.setup();
    function Owner() {
      const [sort, setSort] = useState<VirtualTableSort>({ columnId: 'login', direction: 'asc' });
      return (
        <VirtualTable<Task, string>
          label="Sync tasks"
          ids={taskIds(5)}
          loadDetails={async (ids) => Object.fromEntries(ids.map((id) => [id, taskFor(id)]))}
          columns={COLUMNS}
          sort={sort}
          onSortChange={setSort}
        />
      );
    }
    render(<Owner />);
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Login')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Tasks')).toHaveAttribute('aria-sort', 'none');
    expect(header('Logs')).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(header('Login')).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(header('Login')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Tasks' }));
    expect(header('Tasks')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Login')).toHaveAttribute('aria-sort', 'none');
  });
});

describe('virtual table selection', () => {
  function SelectableTable({
    endpoint,
    initial = [],
    onChange,
  }: {
    endpoint: ReturnType<typeof detailsEndpoint>;
    initial?: string[];
    onChange?: (ids: string[]) => void;
  }) {
    const [selectedIds, setSelectedIds] = useState<string[]>(initial);
    return (
      <VirtualTable<Task, string>
        label="Sync tasks"
        ids={taskIds(40)}
        loadDetails={endpoint.loadDetails}
        columns={COLUMNS}
        selectedIds={selectedIds}
        onSelectedIdsChange={(ids) => {
          onChange?.(ids);
          setSelectedIds(ids);
        }}
        isRowSelectable={(task) => task.canBeDeleted}
      />
    );
  }

  it('ticks rows by id, and only loaded rows that may be ticked', async () => {
    const user = userEvent.setup();
    const endpoint = detailsEndpoint();
    const onChange = vi.fn();
    render(<SelectableTable endpoint={endpoint} onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).toBeDisabled();

    await endpoint.requests[0]?.answer();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onChange).toHaveBeenLastCalledWith(['T1']);
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
    // T4 cannot be deleted.
    expect(screen.getByRole('checkbox', { name: 'Select row 5' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('select all ticks every row that may be ticked, and reads all-selected when every loaded one is', async () => {
    const user = userEvent.setup();
    const endpoint = detailsEndpoint();
    const onChange = vi.fn();
    render(<SelectableTable endpoint={endpoint} onChange={onChange} />);
    await endpoint.requests[0]?.answer();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });

    await user.click(selectAll);
    const ticked: string[] = onChange.mock.lastCall?.[0] ?? [];
    // Loaded rows that cannot be deleted are left out; rows not loaded yet are ticked for now.
    expect(ticked).not.toContain('T4');
    expect(ticked).toContain('T3');
    expect(ticked).toContain('T39');
    expect(selectAll).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(selectAll).toBePartiallyChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(selectAll).not.toBeChecked();
  });

  it('a ticked row stays ticked after its details load only if it may be ticked', async () => {
    const endpoint = detailsEndpoint();
    const onChange = vi.fn();
    render(<SelectableTable endpoint={endpoint} initial={['T3', 'T4', 'T30']} onChange={onChange} />);
    await endpoint.requests[0]?.answer();
    expect(onChange).toHaveBeenLastCalledWith(['T3', 'T30']);
    expect(screen.getByRole('checkbox', { name: 'Select row 4' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 5' })).not.toBeChecked();
  });
});
