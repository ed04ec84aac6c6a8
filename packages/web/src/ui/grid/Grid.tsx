import {
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { UNEXPECTED_ERROR } from '../../shell/errors/catalogue';
import { Button } from '../controls/Button';
import { Pager } from '../pager/Pager';
import { SearchBox } from '../search-box/SearchBox';
import { LoadingStatus } from '../Spinner';
import { createPathReader, toTableColumns, type GridColumn } from './columns';
import { GridBody, VirtualGridBody } from './GridBody';
import { GRID_EMPTY_MESSAGE, GRID_VIRTUALIZE_ABOVE_ROWS } from './gridConstants';
import { DEFAULT_GRID_PAGE_SIZE, GRID_PAGE_SIZES } from '@manway/core/rules/grid-pages';
import { GridHeader } from './GridHeader';
import './Grid.css';

/** One sorted column: its propertyPath and whether it sorts descending. */
export interface GridSort {
  id: string;
  desc: boolean;
}

/** The grid params of spec section 3; manualSorting is ours, for server-sorted lists. */
export interface GridParams {
  sortBy?: GridSort[];
  /** pageCount matters only with manualPagination, when the server knows how many pages there are. */
  page?: { pageIndex?: number; pageSize?: number; pageCount?: number };
  /** The server pages: data holds the current page only, and page changes go to onUpdate. */
  manualPagination?: boolean;
  /** The server sorts: data arrives sorted, and sort changes go to onUpdate. */
  manualSorting?: boolean;
  /** The server filters: data arrives filtered, and column filter and search changes go to onUpdate. */
  manualFiltering?: boolean;
}

/** One column's inline filter, as committed after the filter debounce. */
export interface GridColumnFilter {
  id: string;
  value: unknown;
}

/** What the server needs to fetch the page the user asked for; sortBy only with manualSorting. */
export interface GridUpdate {
  page: { index: number; size: number };
  sortBy?: GridSort[];
  /** With manualFiltering: the column filters in force and the global search ('' for none). */
  filters?: GridColumnFilter[];
  search?: string;
}

export interface GridProps<TRow> {
  /** The table's accessible name. */
  label: string;
  /** Keep the array stable (module constant or useMemo): a new array rebuilds every column. */
  columns: readonly GridColumn<TRow>[];
  data: readonly TRow[];
  /** The propertyPath whose value identifies a row; selection reports these ids. Row positions otherwise. */
  rowIdPath?: string;
  params?: GridParams;
  /** Called when paging (manualPagination), sorting (manualSorting) or filtering (manualFiltering) needs the server. */
  onUpdate?: (update: GridUpdate) => void;
  loading?: boolean;
  /** true shows the unexpected-error text; a string shows that text. */
  error?: boolean | string;
  emptyMessage?: string;
  enableGlobalSearch?: boolean;
  enableColumnFilters?: boolean;
  /** A 'reset all' button clearing search, column filters and sort; shown with either filter by default. */
  enableResetAll?: boolean;
  enableRowSelection?: boolean;
  /** Controls the selection when given; the grid keeps its own otherwise. */
  selectedRowIds?: readonly string[];
  onSelectedRowIdsChange?: (rowIds: string[]) => void;
  /** Makes rows clickable (clicks on a checkbox, link or button inside stay theirs); keep it stable. */
  onRowClick?: (row: TRow) => void;
  /** true by default; without it every row renders, so keep it for long lists. */
  enablePagination?: boolean;
  /** Caps the label-based initial width of columns that have no width of their own. */
  maxColumnWidth?: number;
}

function sameSorting(a: readonly GridSort[] = [], b: readonly GridSort[] = []): boolean {
  return a.length === b.length && a.every((sort, i) => sort.id === b[i]?.id && sort.desc === b[i]?.desc);
}

function sameFilters(a: ColumnFiltersState, b: ColumnFiltersState): boolean {
  return a.length === b.length && a.every((filter, i) => filter.id === b[i]?.id && filter.value === b[i]?.value);
}

function toPagination(page: GridParams['page']): PaginationState {
  return { pageIndex: page?.pageIndex ?? 0, pageSize: page?.pageSize ?? DEFAULT_GRID_PAGE_SIZE };
}

function toSelectionState(rowIds: readonly string[]): RowSelectionState {
  return Object.fromEntries(rowIds.map((id) => [id, true]));
}

/**
 * The shared data grid (spec section 2) on TanStack Table: sorting, global and inline column
 * filters, resizable columns, checkbox selection and paging, client-side or by the server.
 * Only the current page is rendered, so 10,000 client-side rows stay quick.
 */
export function Grid<TRow>({
  label,
  columns,
  data,
  rowIdPath,
  params,
  onUpdate,
  loading = false,
  error = false,
  emptyMessage = GRID_EMPTY_MESSAGE,
  enableGlobalSearch = false,
  enableColumnFilters = false,
  enableResetAll = enableGlobalSearch || enableColumnFilters,
  enableRowSelection = false,
  selectedRowIds,
  onSelectedRowIdsChange,
  onRowClick,
  enablePagination = true,
  maxColumnWidth,
}: GridProps<TRow>) {
  // State rather than a ref: a long page's body needs the box it scrolls in, which is attached
  // only after the body's own first layout effects have run.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const manualPagination = params?.manualPagination === true;
  const manualSorting = params?.manualSorting === true;
  const manualFiltering = params?.manualFiltering === true;

  const [sorting, setSorting] = useState<SortingState>(params?.sortBy ?? []);
  const [pagination, setPagination] = useState<PaginationState>(() => toPagination(params?.page));
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const [filterGeneration, setFilterGeneration] = useState(0);

  // Params the parent changes later (a restored sort, the page a server answered with) win over
  // the grid's own state; comparing values, not objects, lets the parent pass a fresh literal.
  const [appliedParams, setAppliedParams] = useState(params);
  if (params !== appliedParams) {
    setAppliedParams(params);
    if (!sameSorting(params?.sortBy, appliedParams?.sortBy)) setSorting(params?.sortBy ?? []);
    const next = toPagination(params?.page);
    const previous = toPagination(appliedParams?.page);
    if (next.pageIndex !== previous.pageIndex || next.pageSize !== previous.pageSize) setPagination(next);
  }

  const rowSelection = useMemo(
    () => (selectedRowIds ? toSelectionState(selectedRowIds) : ownSelection),
    [selectedRowIds, ownSelection],
  );

  const tableColumns = useMemo(
    () => toTableColumns(columns, { withSelection: enableRowSelection, maxColumnWidth }),
    [columns, enableRowSelection, maxColumnWidth],
  );
  const columnsById = useMemo(() => new Map(columns.map((column) => [column.propertyPath, column])), [columns]);

  // With nothing sorted or filtered in the browser, the current page is simply a slice of `data`:
  // the table model is then built for that page alone, so the first rows of a 10,000-row list
  // paint as soon as those of a short one. Sorting or filtering brings in the whole list.
  const pageStart = pagination.pageIndex * pagination.pageSize;
  const pageOnly =
    enablePagination &&
    !manualPagination &&
    (sorting.length === 0 || manualSorting) &&
    columnFilters.length === 0 &&
    globalFilter === '';
  const tableData = useMemo(
    () => (pageOnly ? data.slice(pageStart, pageStart + pagination.pageSize) : data),
    [pageOnly, data, pageStart, pagination.pageSize],
  );
  const getRowId = useMemo(() => {
    if (rowIdPath) {
      const readId = createPathReader(rowIdPath);
      return (row: TRow) => String(readId(row));
    }
    // Positions in the whole list, as the table numbers rows when it is given all of them.
    return pageOnly ? (_row: TRow, index: number) => String(pageStart + index) : undefined;
  }, [rowIdPath, pageOnly, pageStart]);

  /** Applies sort, filter and page changes together, so the server hears of them in one update. */
  const update = (change: {
    sorting?: SortingState;
    pagination?: PaginationState;
    columnFilters?: ColumnFiltersState;
    globalFilter?: string;
  }) => {
    const nextPagination = change.pagination ?? pagination;
    const pageChanged =
      nextPagination.pageIndex !== pagination.pageIndex || nextPagination.pageSize !== pagination.pageSize;
    if (change.sorting) setSorting(change.sorting);
    if (pageChanged) setPagination(nextPagination);
    const filtersChanged = change.columnFilters !== undefined || change.globalFilter !== undefined;
    const serverNeedsToKnow =
      (manualPagination && pageChanged) ||
      (manualSorting && change.sorting !== undefined) ||
      (manualFiltering && filtersChanged);
    if (!serverNeedsToKnow || !onUpdate) return;
    onUpdate({
      page: { index: nextPagination.pageIndex, size: nextPagination.pageSize },
      ...(manualSorting ? { sortBy: change.sorting ?? sorting } : {}),
      ...(manualFiltering
        ? { filters: change.columnFilters ?? columnFilters, search: change.globalFilter ?? globalFilter }
        : {}),
    });
  };
  const firstPage = (): PaginationState => ({ ...pagination, pageIndex: 0 });

  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    // The rows the user was looking at are elsewhere now: start again from the top.
    update({ sorting: functionalUpdate(updater, sorting), pagination: firstPage() });
  };
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    update({ pagination: functionalUpdate(updater, pagination) });
  };
  const onColumnFiltersChange: OnChangeFn<ColumnFiltersState> = (updater) => {
    const next = functionalUpdate(updater, columnFilters);
    if (sameFilters(next, columnFilters)) return;
    setColumnFilters(next);
    update({ pagination: firstPage(), columnFilters: next });
  };
  const onGlobalFilterChange: OnChangeFn<string> = (updater) => {
    const next = functionalUpdate(updater, globalFilter);
    if (next === globalFilter) return;
    setGlobalFilter(next);
    update({ pagination: firstPage(), globalFilter: next });
  };
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    const next = functionalUpdate(updater, rowSelection);
    if (!selectedRowIds) setOwnSelection(next);
    onSelectedRowIdsChange?.(Object.keys(next).filter((id) => next[id]));
  };

  const resetAll = () => {
    setGlobalFilter('');
    setColumnFilters([]);
    setFilterGeneration((generation) => generation + 1);
    update({ sorting: [], pagination: firstPage(), columnFilters: [], globalFilter: '' });
  };

  // TanStack Table keeps a mutable table object across renders, which the React Compiler cannot
  // memoise; this project does not compile with it, and the grid memoises by hand where it counts.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<TRow>({
    data: tableData as TRow[],
    columns: tableColumns,
    getRowId,
    state: { sorting, pagination, columnFilters, globalFilter, rowSelection },
    onSortingChange,
    onPaginationChange,
    onColumnFiltersChange,
    onGlobalFilterChange,
    onRowSelectionChange,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: enablePagination ? getPaginationRowModel() : undefined,
    manualPagination: manualPagination || !enablePagination || pageOnly,
    manualSorting,
    // The server's page is already filtered; filtering it again here would hide rows it matched.
    manualFiltering,
    pageCount: manualPagination
      ? (params?.page?.pageCount ?? -1)
      : pageOnly
        ? Math.ceil(data.length / pagination.pageSize)
        : undefined,
    // Page changes are handled above, the same way for client and server paging.
    autoResetPageIndex: false,
    sortDescFirst: false,
    enableRowSelection,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    globalFilterFn: 'includesString',
    // TanStack's default guesses from the first row and drops a column whose first value is empty.
    getColumnCanGlobalFilter: () => true,
  });

  const pageCount = Math.max(table.getPageCount(), 1);
  // Data that shrank under the current page (a refresh, a deletion) would leave an empty page.
  if (enablePagination && !manualPagination && pagination.pageIndex >= pageCount) {
    setPagination({ ...pagination, pageIndex: pageCount - 1 });
  }

  const rows = table.getRowModel().rows;
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  // Short pages render whole and grow with the page; long ones scroll in a box of their own.
  const virtual = rows.length > GRID_VIRTUALIZE_ABOVE_ROWS;
  const headerRowCount = enableColumnFilters ? 2 : 1;
  const bodyProps = {
    rows,
    columnsById,
    rowSelection,
    rowNumberOffset: enablePagination ? pagination.pageIndex * pagination.pageSize : 0,
    onRowClick,
  };
  const showToolbar = enableGlobalSearch || enableResetAll;

  let status: ReactNode = null;
  if (error) {
    status = (
      <div role="alert" className="mw-grid__message mw-grid__message--error">
        {typeof error === 'string' ? (
          error
        ) : (
          <>
            <strong>{UNEXPECTED_ERROR.title}</strong>
            <span>{UNEXPECTED_ERROR.text}</span>
          </>
        )}
      </div>
    );
  } else if (loading) {
    status = <LoadingStatus className="mw-grid__message" />;
  } else if (rows.length === 0) {
    status = <div className="mw-grid__message">{emptyMessage}</div>;
  }

  // Without an auto-expanding column the table is exactly as wide as its columns; with one, that
  // column takes whatever width is left.
  const totalWidth = table.getTotalSize();
  const expands = (columnId: string) =>
    columnsById.get(columnId)?.autoExpand === true && table.getState().columnSizing[columnId] === undefined;
  const anyExpanding = table.getVisibleLeafColumns().some((column) => expands(column.id));

  return (
    <div className="mw-grid">
      {showToolbar && (
        <div className="mw-grid__toolbar">
          {enableGlobalSearch && (
            // Trimmed and debounced by the search box (250 ms); remounted on 'reset all' to clear its text.
            <SearchBox
              key={filterGeneration}
              className="mw-grid__search"
              label="Search"
              placeholder="Search"
              onSearch={table.setGlobalFilter}
            />
          )}
          {enableResetAll && <Button onClick={resetAll}>reset all</Button>}
        </div>
      )}
      <div ref={setScroller} className={virtual ? 'mw-grid__scroller mw-grid__scroller--bounded' : 'mw-grid__scroller'}>
        <table
          className="mw-grid__table"
          aria-label={label}
          aria-busy={loading || undefined}
          aria-rowcount={virtual && !status ? headerRowCount + rows.length : undefined}
          style={anyExpanding ? { width: '100%', minWidth: totalWidth } : { width: totalWidth }}
        >
          <colgroup>
            {table.getVisibleLeafColumns().map((column) => (
              <col key={column.id} style={expands(column.id) ? undefined : { width: column.getSize() }} />
            ))}
          </colgroup>
          <GridHeader
            table={table}
            columnsById={columnsById}
            showFilterRow={enableColumnFilters}
            filterGeneration={filterGeneration}
          />
          {status ? (
            <tbody>
              <tr>
                <td colSpan={visibleColumnCount} className="mw-grid__status-cell">
                  {status}
                </td>
              </tr>
            </tbody>
          ) : virtual ? (
            <VirtualGridBody
              {...bodyProps}
              scrollElement={scroller}
              columnCount={visibleColumnCount}
              headerRowCount={headerRowCount}
            />
          ) : (
            <GridBody {...bodyProps} />
          )}
        </table>
      </div>
      {enablePagination && (
        <div className="mw-grid__footer">
          <label className="mw-grid__page-size">
            <span>Rows per page</span>
            <select
              className="mw-compact-input"
              value={pagination.pageSize}
              disabled={loading}
              onChange={(event) => table.setPageSize(Number(event.target.value))}
            >
              {GRID_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <Pager
            label={`${label} pages`}
            pageIndex={pagination.pageIndex}
            pageCount={pageCount}
            onPageChange={table.setPageIndex}
            showFirstAndLast
            allowManualEntry
            disabled={loading}
          />
        </div>
      )}
    </div>
  );
}
