import type { Header, Table } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import { columnLabel, SELECTION_COLUMN_ID, type GridColumn } from './columns';
import { ColumnFilter } from './filters';
import { KEYBOARD_RESIZE_STEP } from './gridConstants';
import { SelectionCheckbox } from './SelectionCheckbox';
import { ariaSort, SortButton } from './SortButton';

function ResizeHandle<TRow>({ header, label }: { header: Header<TRow, unknown>; label: string }) {
  const { column } = header;
  const onMouseOrTouchDown = header.getResizeHandler();

  // The drag handle alone would leave keyboard users with the widths they were given.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -KEYBOARD_RESIZE_STEP, ArrowRight: KEYBOARD_RESIZE_STEP }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const minSize = column.columnDef.minSize ?? 0;
    header
      .getContext()
      .table.setColumnSizing((sizes) => ({ ...sizes, [column.id]: Math.max(minSize, column.getSize() + step) }));
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={column.getSize()}
      aria-valuemin={column.columnDef.minSize}
      tabIndex={0}
      className={`mw-grid__resizer${column.getIsResizing() ? ' mw-grid__resizer--active' : ''}`}
      onMouseDown={onMouseOrTouchDown}
      onTouchStart={onMouseOrTouchDown}
      onDoubleClick={() => column.resetSize()}
      onKeyDown={onKeyDown}
      // The header's sort button sits underneath; a click that ends a drag must not sort.
      onClick={(event) => event.stopPropagation()}
    />
  );
}

function HeaderCell<TRow>({
  header,
  gridColumn,
  rowSpan,
}: {
  header: Header<TRow, unknown>;
  gridColumn: GridColumn<TRow>;
  rowSpan: number;
}) {
  const { column } = header;
  const label = columnLabel(gridColumn);
  const sortable = column.getCanSort();
  const direction = column.getIsSorted();

  return (
    <th
      scope="col"
      rowSpan={rowSpan}
      className={gridColumn.isControlColumn ? 'mw-grid__header mw-grid__header--control' : 'mw-grid__header'}
      aria-sort={sortable ? ariaSort(direction) : undefined}
    >
      {sortable ? (
        <SortButton direction={direction} onClick={column.getToggleSortingHandler()}>
          {/* Label-based widths can cut a long label short; the title shows it whole on hover. */}
          <span className="mw-grid__header-label" title={label}>
            {label}
          </span>
        </SortButton>
      ) : (
        <span className="mw-grid__header-label" title={label}>
          {label}
        </span>
      )}
      {column.getCanResize() && <ResizeHandle header={header} label={label} />}
    </th>
  );
}

export function GridHeader<TRow>({
  table,
  columnsById,
  showFilterRow,
  filterGeneration,
}: {
  table: Table<TRow>;
  columnsById: ReadonlyMap<string, GridColumn<TRow>>;
  showFilterRow: boolean;
  /** Changes on 'reset all', remounting the filter boxes so their typed text clears too. */
  filterGeneration: number;
}) {
  const headers = table.getFlatHeaders();
  // Columns with nothing to filter span both header rows: the spec's merged control-column cell.
  const spansBothRows = (columnId: string) =>
    showFilterRow && (columnId === SELECTION_COLUMN_ID || columnsById.get(columnId)?.isControlColumn === true);
  const rowSpanOf = (columnId: string) => (spansBothRows(columnId) ? 2 : 1);

  return (
    <thead>
      <tr aria-rowindex={1}>
        {headers.map((header) => {
          if (header.column.id === SELECTION_COLUMN_ID) {
            return (
              <th key={header.id} scope="col" rowSpan={rowSpanOf(header.column.id)} className="mw-grid__checkbox-cell">
                <SelectionCheckbox
                  label="Select all rows on this page"
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  disabled={table.getRowModel().rows.length === 0}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
              </th>
            );
          }
          const gridColumn = columnsById.get(header.column.id);
          if (!gridColumn) return null;
          return (
            <HeaderCell key={header.id} header={header} gridColumn={gridColumn} rowSpan={rowSpanOf(header.column.id)} />
          );
        })}
      </tr>
      {showFilterRow && (
        <tr className="mw-grid__filter-row" aria-rowindex={2}>
          {headers.map(({ id, column }) => {
            if (spansBothRows(column.id)) return null;
            const gridColumn = columnsById.get(column.id);
            if (!gridColumn) return null;
            return (
              // A plain cell, so screen readers do not read the filter row as a second set of headers.
              <td key={id} className="mw-grid__filter-cell">
                {column.getCanFilter() && (
                  <ColumnFilter
                    key={filterGeneration}
                    columnId={column.id}
                    label={columnLabel(gridColumn)}
                    value={column.getFilterValue()}
                    onCommit={column.setFilterValue}
                    renderer={gridColumn.filterRenderer}
                  />
                )}
              </td>
            );
          })}
        </tr>
      )}
    </thead>
  );
}
