import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNEXPECTED_ERROR } from '../../shell/errors/catalogue';
import { advanceTimers, setupUserWithFakeTimers, withFakeTimersForUserEvent } from '../../testing/fakeTimers';
import type { GridColumn } from './columns';
import { DEFAULT_SEARCH_DEBOUNCE_MS } from '../search-box/SearchBox';
import { Grid, type GridParams, type GridProps, type GridUpdate } from './Grid';
import { DEFAULT_GRID_PAGE_SIZE, GRID_PAGE_SIZES } from '@manway/core/rules/grid-pages';
import { COLUMN_FILTER_DEBOUNCE_MS } from './gridConstants';

interface Asset {
  assetId: string;
  name: string;
  type: string;
  location: { city: string };
  notes?: string;
  isSpecial?: string;
}

const TYPES = ['Manhole', 'Pipe', 'Valve'];

function makeAssets(count: number): Asset[] {
  return Array.from({ length: count }, (_, i) => ({
    assetId: `A-${i + 1}`,
    name: `Asset ${i + 1}`,
    type: TYPES[i % TYPES.length] ?? 'Pipe',
    location: { city: i % 2 === 0 ? 'Leeds' : 'York' },
  }));
}

const COLUMNS: GridColumn<Asset>[] = [
  { propertyPath: 'assetId', label: 'Asset ID' },
  { propertyPath: 'name', label: 'Name' },
  { propertyPath: 'type', label: 'Type' },
  { propertyPath: 'location.city', label: 'City' },
];

function renderGrid(props: Partial<GridProps<Asset>> = {}) {
  return render(<Grid<Asset> label="Assets" columns={COLUMNS} data={makeAssets(60)} rowIdPath="assetId" {...props} />);
}

const table = () => screen.getByRole('table', { name: 'Assets' });
const bodyRows = () => within(within(table()).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstColumn = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const columnValues = (index: number) => bodyRows().map((row) => within(row).getAllByRole('cell')[index]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const pagerPosition = () =>
  within(screen.getByRole('navigation', { name: 'Assets pages' }))
    .getByRole('textbox', { name: 'Page number' })
    .getAttribute('value');

describe('grid: columns and cells', () => {
  it('renders a labelled table whose headers fall back to the propertyPath, reading dotted paths', () => {
    render(
      <Grid<Asset>
        label="Assets"
        columns={[{ propertyPath: 'assetId' }, { propertyPath: 'location.city', label: 'City' }]}
        data={makeAssets(2)}
      />,
    );
    expect(table()).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['assetId', 'City']);
    expect(columnValues(1)).toEqual(['Leeds', 'York']);
  });

  it('a cellRenderer draws the cell from its value and row', () => {
    const columns: GridColumn<Asset>[] = [
      {
        propertyPath: 'name',
        label: 'Name',
        cellRenderer: ({ value, row }) => <a href={`/a/${row.assetId}`}>{String(value)}</a>,
      },
    ];
    render(<Grid<Asset> label="Assets" columns={columns} data={makeAssets(1)} />);
    expect(screen.getByRole('link', { name: 'Asset 1' })).toHaveAttribute('href', '/a/A-1');
  });

  it("rows with isSpecial 'true' are highlighted", () => {
    const data = makeAssets(3);
    data[1] = { ...data[1]!, isSpecial: 'true' };
    data[2] = { ...data[2]!, isSpecial: 'false' };
    renderGrid({ data });
    const [plain, special, notSpecial] = bodyRows();
    expect(special).toHaveClass('mw-grid__row--special');
    expect(plain).not.toHaveClass('mw-grid__row--special');
    expect(notSpecial).not.toHaveClass('mw-grid__row--special');
  });

  it('renders only the current page of 10,000 client-side rows', () => {
    renderGrid({ data: makeAssets(10_000) });
    expect(bodyRows()).toHaveLength(DEFAULT_GRID_PAGE_SIZE);
    expect(within(screen.getByRole('navigation', { name: 'Assets pages' })).getByText('400')).toBeInTheDocument();
  });
});

describe('grid: sorting', () => {
  it('sorts by a header click or the keyboard, shown by aria-sort on the header', async () => {
    const user = userEvent.setup();
    renderGrid({ data: makeAssets(3) });
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(columnValues(1)).toEqual(['Asset 1', 'Asset 2', 'Asset 3']);

    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(columnValues(1)).toEqual(['Asset 3', 'Asset 2', 'Asset 1']);

    await user.keyboard(' ');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
  });

  it('sortType defaults to alphanumeric, so Asset 2 comes before Asset 10', async () => {
    const user = userEvent.setup();
    renderGrid({ data: makeAssets(10).reverse() });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(columnValues(1).slice(0, 3)).toEqual(['Asset 1', 'Asset 2', 'Asset 3']);
    expect(columnValues(1).at(-1)).toBe('Asset 10');
  });

  it('disableSortBy and control columns offer no sorting', () => {
    const columns: GridColumn<Asset>[] = [
      { propertyPath: 'name', label: 'Name', disableSortBy: true },
      { propertyPath: 'actions', label: 'Actions', isControlColumn: true, cellRenderer: () => <button>Edit</button> },
    ];
    render(<Grid<Asset> label="Assets" columns={columns} data={makeAssets(2)} />);
    expect(screen.queryByRole('button', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    expect(header('Actions')).not.toHaveAttribute('aria-sort');
  });

  it('a sort change on a page other than the first goes to page 0', async () => {
    const user = userEvent.setup();
    renderGrid();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pagerPosition()).toBe('2');
    expect(firstColumn()[0]).toBe('A-26');

    await user.click(screen.getByRole('button', { name: 'Type' }));
    expect(pagerPosition()).toBe('1');
    expect(columnValues(2)[0]).toBe('Manhole');
  });

  it('follows a sortBy the parent changes', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [params, setParams] = useState<GridParams>({ sortBy: [{ id: 'name', desc: true }] });
      return (
        <>
          <button onClick={() => setParams({ sortBy: [{ id: 'assetId', desc: false }] })}>Sort by id</button>
          <Grid<Asset> label="Assets" columns={COLUMNS} data={makeAssets(3)} params={params} />
        </>
      );
    }
    render(<Parent />);
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Sort by id' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(header('Asset ID')).toHaveAttribute('aria-sort', 'ascending');
  });
});

describe('grid: filters', () => {
  withFakeTimersForUserEvent();

  let user: ReturnType<typeof setupUserWithFakeTimers>;
  beforeEach(() => {
    user = setupUserWithFakeTimers();
  });
  /** Replaces what the box holds, as a user selecting its text and typing over it would. */
  const type = async (name: string, value: string) => {
    const box = screen.getByRole('searchbox', { name });
    await user.clear(box);
    await user.type(box, value);
  };
  const click = (name: string) => user.click(screen.getByRole('button', { name }));

  it('column filters are debounced by 1000 ms', async () => {
    expect(COLUMN_FILTER_DEBOUNCE_MS).toBe(1000);
    renderGrid({ enableColumnFilters: true });
    await type('Filter Type', 'valve');
    expect(screen.getByRole('searchbox', { name: 'Filter Type' })).toHaveValue('valve');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS - 1);
    expect(bodyRows()).toHaveLength(DEFAULT_GRID_PAGE_SIZE);

    advanceTimers(1);
    expect(bodyRows()).toHaveLength(20);
    expect(new Set(columnValues(2))).toEqual(new Set(['Valve']));
  });

  it('a filter change resets to page 0', async () => {
    renderGrid({ enableColumnFilters: true });
    await click('Next page');
    expect(pagerPosition()).toBe('2');

    await type('Filter City', 'leeds');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS);
    expect(pagerPosition()).toBe('1');
    expect(firstColumn()[0]).toBe('A-1');
  });

  it('the global search looks in every column except those with disableGlobalFilter', async () => {
    const data = makeAssets(4);
    data[3] = { ...data[3]!, notes: 'hidden valve' };
    const columns: GridColumn<Asset>[] = [
      ...COLUMNS,
      { propertyPath: 'notes', label: 'Notes', disableGlobalFilter: true },
    ];
    render(<Grid<Asset> label="Assets" columns={columns} data={data} enableGlobalSearch />);

    await type('Search', ' valve ');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    expect(firstColumn()).toEqual(['A-3']);

    await type('Search', 'york');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    expect(firstColumn()).toEqual(['A-2', 'A-4']);
  });

  it('reset all clears the search, the column filters and the sort', async () => {
    renderGrid({ enableGlobalSearch: true, enableColumnFilters: true });
    await click('Name');
    await type('Search', 'leeds');
    await type('Filter Type', 'pipe');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS);
    expect(bodyRows()).toHaveLength(10);

    await click('reset all');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Filter Type' })).toHaveValue('');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(bodyRows()).toHaveLength(DEFAULT_GRID_PAGE_SIZE);
    expect(firstColumn()[0]).toBe('A-1');
  });

  it('with manual filtering, a column filter or search asks the server for page 0 and the page is not filtered again', async () => {
    const onUpdate = vi.fn<(update: GridUpdate) => void>();
    renderGrid({
      data: makeAssets(25),
      enableGlobalSearch: true,
      enableColumnFilters: true,
      params: {
        manualPagination: true,
        manualSorting: true,
        manualFiltering: true,
        page: { pageIndex: 2, pageSize: 25, pageCount: 8 },
      },
      onUpdate,
    });
    await type('Filter Type', 'valve');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS);
    expect(onUpdate).toHaveBeenLastCalledWith({
      page: { index: 0, size: 25 },
      sortBy: [],
      filters: [{ id: 'type', value: 'valve' }],
      search: '',
    });
    // The server filters: every row it sent stays.
    expect(bodyRows()).toHaveLength(25);

    await type('Search', ' york ');
    advanceTimers(DEFAULT_SEARCH_DEBOUNCE_MS);
    expect(onUpdate).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: [{ id: 'type', value: 'valve' }], search: 'york' }),
    );
    expect(bodyRows()).toHaveLength(25);

    await click('reset all');
    expect(onUpdate).toHaveBeenLastCalledWith({ page: { index: 0, size: 25 }, sortBy: [], filters: [], search: '' });
  });

  it('a typed filter still pending when reset all is pressed does not come back', async () => {
    renderGrid({ enableColumnFilters: true });
    await type('Filter Type', 'pipe');
    await click('reset all');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS);
    expect(bodyRows()).toHaveLength(DEFAULT_GRID_PAGE_SIZE);
  });

  it('a filterRenderer replaces the filter box and a column filter function decides the match', async () => {
    const columns: GridColumn<Asset>[] = [
      { propertyPath: 'assetId', label: 'Asset ID' },
      {
        propertyPath: 'type',
        label: 'Type',
        filter: 'equalsString',
        filterRenderer: ({ value, onChange, label }) => (
          <select aria-label={label} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)}>
            <option value="">All</option>
            <option value="pipe">Pipe</option>
          </select>
        ),
      },
      { propertyPath: 'name', label: 'Name', filter: false },
    ];
    render(<Grid<Asset> label="Assets" columns={columns} data={makeAssets(6)} enableColumnFilters />);
    expect(screen.queryByRole('searchbox', { name: 'Filter Name' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter Type' }), 'pipe');
    advanceTimers(COLUMN_FILTER_DEBOUNCE_MS);
    expect(firstColumn()).toEqual(['A-2', 'A-5']);
  });

  it('a control column has no filter, and its header cell spans both header rows', () => {
    const columns: GridColumn<Asset>[] = [
      { propertyPath: 'name', label: 'Name' },
      { propertyPath: 'actions', label: 'Actions', isControlColumn: true, cellRenderer: () => <button>Edit</button> },
    ];
    render(
      <Grid<Asset> label="Assets" columns={columns} data={makeAssets(2)} enableColumnFilters enableRowSelection />,
    );
    expect(header('Actions')).toHaveAttribute('rowspan', '2');
    expect(header('Name')).toHaveAttribute('rowspan', '1');
    expect(screen.queryByRole('searchbox', { name: 'Filter Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter Name' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' }).closest('th')).toHaveAttribute(
      'rowspan',
      '2',
    );
  });
});

describe('grid: paging', () => {
  it('offers page sizes 10, 25, 50, 100, 500 and 1000, 25 by default', async () => {
    const user = userEvent.setup();
    renderGrid();
    const pageSize = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(pageSize)
        .getAllByRole('option')
        .map((option) => Number(option.textContent)),
    ).toEqual([...GRID_PAGE_SIZES]);
    expect(GRID_PAGE_SIZES).toEqual([10, 25, 50, 100, 500, 1000]);
    expect(pageSize).toHaveValue('25');
    expect(bodyRows()).toHaveLength(25);

    await user.selectOptions(pageSize, '10');
    expect(bodyRows()).toHaveLength(10);
    expect(within(screen.getByRole('navigation', { name: 'Assets pages' })).getByText('6')).toBeInTheDocument();
  });

  it('pages with the pager, including its manual page entry', async () => {
    const user = userEvent.setup();
    renderGrid();
    const entry = screen.getByRole('textbox', { name: 'Page number' });
    await user.clear(entry);
    await user.type(entry, '3{Enter}');
    expect(firstColumn()).toEqual(Array.from({ length: 10 }, (_, i) => `A-${51 + i}`));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('with manual pagination, changing page or size calls the update callback with { page: { index, size } }', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn<(update: GridUpdate) => void>();
    renderGrid({
      data: makeAssets(25),
      params: { manualPagination: true, page: { pageIndex: 0, pageSize: 25, pageCount: 8 } },
      onUpdate,
    });
    expect(bodyRows()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onUpdate).toHaveBeenLastCalledWith({ page: { index: 1, size: 25 } });

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onUpdate).toHaveBeenLastCalledWith({ page: { index: 7, size: 25 } });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(onUpdate).toHaveBeenLastCalledWith({ page: { index: expect.any(Number), size: 100 } });
    expect(onUpdate).toHaveBeenCalledTimes(3);
  });

  it('client-side paging does not call the update callback', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn();
    renderGrid({ onUpdate });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('with manual sorting, a sort change asks the server for page 0 in the new order', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn<(update: GridUpdate) => void>();
    renderGrid({
      data: makeAssets(25),
      params: { manualPagination: true, manualSorting: true, page: { pageIndex: 2, pageSize: 25, pageCount: 8 } },
      onUpdate,
    });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onUpdate).toHaveBeenCalledWith({ page: { index: 0, size: 25 }, sortBy: [{ id: 'name', desc: false }] });
    // The server sorts: the grid shows the rows in the order they came.
    expect(firstColumn()[0]).toBe('A-1');
  });
});

describe('grid: row clicks', () => {
  it('a click on a row reports the row, a click on its checkbox does not', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn<(row: Asset) => void>();
    renderGrid({ data: makeAssets(3), enableRowSelection: true, onRowClick });
    await user.click(within(bodyRows()[1]!).getByText('Asset 2'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ assetId: 'A-2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});

describe('grid: states', () => {
  it('shows a loader until loaded', () => {
    const { rerender } = renderGrid({ data: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(table()).toHaveAttribute('aria-busy', 'true');

    rerender(<Grid<Asset> label="Assets" columns={COLUMNS} data={makeAssets(2)} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
  });

  it('an error shows the unexpected-error text by default, or the message given', () => {
    const { rerender } = renderGrid({ data: [], error: true });
    expect(screen.getByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR.title);
    expect(UNEXPECTED_ERROR.title).toBe('Something unexpected just happened');

    rerender(<Grid<Asset> label="Assets" columns={COLUMNS} data={[]} error="Reports could not be loaded" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Reports could not be loaded');
  });

  it("an empty grid says 'No results', or the message given", () => {
    const { rerender } = renderGrid({ data: [] });
    expect(within(table()).getByText('No results')).toBeInTheDocument();
    rerender(<Grid<Asset> label="Assets" columns={COLUMNS} data={[]} emptyMessage="No media" />);
    expect(within(table()).getByText('No media')).toBeInTheDocument();
  });
});

describe('grid: long pages', () => {
  // jsdom lays nothing out; as for the virtual table, sizes are stubbed so TanStack Virtual has a
  // viewport to fill (the scroll box's clientHeight) and rows to measure (their offsetHeight).
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('mw-grid__scroller') ? 600 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.tagName === 'TR' ? 45 : 0;
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight');
  });

  it('a page of more than 100 rows scrolls in its own box and keeps only the rows in view in the page', () => {
    render(
      <Grid<Asset>
        label="Assets"
        columns={COLUMNS}
        data={makeAssets(1200)}
        rowIdPath="assetId"
        enableRowSelection
        params={{ page: { pageIndex: 1, pageSize: 500 } }}
      />,
    );
    const shown = bodyRows();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(50);
    // Screen readers still hear how long the page is and where each row stands in it.
    expect(table()).toHaveAttribute('aria-rowcount', '501');
    expect(shown[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(shown[0]!).getByRole('checkbox')).toHaveAccessibleName('Select row 501');
    expect(table().closest('.mw-grid__scroller')).toHaveClass('mw-grid__scroller--bounded');
  });

  it('a page of 100 rows or fewer renders whole', () => {
    render(
      <Grid<Asset> label="Assets" columns={COLUMNS} data={makeAssets(150)} params={{ page: { pageSize: 100 } }} />,
    );
    expect(bodyRows()).toHaveLength(100);
    expect(table()).not.toHaveAttribute('aria-rowcount');
  });
});

describe('grid: selection', () => {
  it('the row id comes from the id column, and selection reports those ids', async () => {
    const user = userEvent.setup();
    const onSelectedRowIdsChange = vi.fn();
    renderGrid({ enableRowSelection: true, onSelectedRowIdsChange });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(onSelectedRowIdsChange).toHaveBeenLastCalledWith(['A-2']);
    expect(bodyRows()[1]).toHaveClass('mw-grid__row--selected');
  });

  it('numbers rows across pages in the checkbox labels', async () => {
    const user = userEvent.setup();
    renderGrid({ enableRowSelection: true });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('checkbox', { name: 'Select row 26' })).toBeInTheDocument();
  });

  it('select all selects the rows on this page, and the header is mixed when some are selected', async () => {
    const user = userEvent.setup();
    const onSelectedRowIdsChange = vi.fn();
    renderGrid({ enableRowSelection: true, onSelectedRowIdsChange });
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows on this page' });

    await user.click(selectAll);
    expect(onSelectedRowIdsChange).toHaveBeenLastCalledWith(makeAssets(25).map((asset) => asset.assetId));
    expect(selectAll).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(selectAll).toBePartiallyChecked();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(selectAll).not.toBeChecked();
    expect(selectAll).not.toBePartiallyChecked();
  });

  it('without an id column a row is known by its position in the whole list, sorted or not', async () => {
    const user = userEvent.setup();
    const onSelectedRowIdsChange = vi.fn();
    renderGrid({ rowIdPath: undefined, enableRowSelection: true, onSelectedRowIdsChange });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 27' }));
    expect(onSelectedRowIdsChange).toHaveBeenLastCalledWith(['26']);

    // Sorted, the same asset keeps its id and its tick.
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const row = bodyRows().find((candidate) => within(candidate).queryByText('Asset 27'));
    expect(within(row!).getByRole('checkbox')).toBeChecked();
  });

  it('a controlled selection follows the ids it is given', () => {
    renderGrid({ enableRowSelection: true, selectedRowIds: ['A-3'] });
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).not.toBeChecked();
  });
});
