import type { Row, RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useState } from 'react';
import { formatCellValue, isSpecialRow, SELECTION_COLUMN_ID, type GridColumn } from './columns';
import { GRID_ESTIMATED_ROW_HEIGHT, GRID_VIRTUAL_OVERSCAN } from './gridConstants';
import { SelectionCheckbox } from './SelectionCheckbox';

interface GridBodyProps<TRow> {
  rows: Row<TRow>[];
  columnsById: ReadonlyMap<string, GridColumn<TRow>>;
  rowSelection: RowSelectionState;
  /** Rows on earlier pages, so the checkbox labels number rows across the whole list. */
  rowNumberOffset: number;
  onRowClick?: (row: TRow) => void;
}

interface GridRowProps<TRow> {
  row: Row<TRow>;
  /** 1 for the first row of the whole list. */
  rowNumber: number;
  columnsById: ReadonlyMap<string, GridColumn<TRow>>;
  selected: boolean;
  /** Set when only the rows in view are rendered: the row's place in the page, for measuring it. */
  virtualIndex?: number;
  /** Set with virtualIndex: the row's place in the table, header rows included, for screen readers. */
  ariaRowIndex?: number;
  measure?: (element: HTMLTableRowElement | null) => void;
  onRowClick?: (row: TRow) => void;
}

/** A click meant for a control inside the row (its checkbox, a link, a button) is not a row click. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';

function GridRow<TRow>({
  row,
  rowNumber,
  columnsById,
  selected,
  virtualIndex,
  ariaRowIndex,
  measure,
  onRowClick,
}: GridRowProps<TRow>) {
  const special = isSpecialRow(row.original);
  const classes = [
    'mw-grid__row',
    special && 'mw-grid__row--special',
    selected && 'mw-grid__row--selected',
    onRowClick && 'mw-grid__row--clickable',
  ];
  return (
    <tr
      ref={measure}
      className={classes.filter(Boolean).join(' ')}
      data-special={special || undefined}
      data-index={virtualIndex}
      aria-rowindex={ariaRowIndex}
      onClick={
        onRowClick
          ? (event) => {
              if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
              onRowClick(row.original);
            }
          : undefined
      }
    >
      {row.getVisibleCells().map((cell) => {
        if (cell.column.id === SELECTION_COLUMN_ID) {
          return (
            <td key={cell.id} className="mw-grid__checkbox-cell">
              <SelectionCheckbox
                label={`Select row ${rowNumber}`}
                checked={selected}
                disabled={!row.getCanSelect()}
                onChange={row.getToggleSelectedHandler()}
              />
            </td>
          );
        }
        const gridColumn = columnsById.get(cell.column.id);
        const value = cell.getValue();
        const content = gridColumn?.cellRenderer
          ? gridColumn.cellRenderer({ value, row: row.original, rowId: row.id })
          : formatCellValue(value);
        return (
          <td key={cell.id} className={gridColumn?.isControlColumn ? 'mw-grid__cell--control' : undefined}>
            {content}
          </td>
        );
      })}
    </tr>
  );
}

function GridBodyRows<TRow>({ rows, columnsById, rowSelection, rowNumberOffset, onRowClick }: GridBodyProps<TRow>) {
  return (
    <tbody>
      {rows.map((row, position) => (
        <GridRow
          key={row.id}
          row={row}
          rowNumber={rowNumberOffset + position + 1}
          columnsById={columnsById}
          selected={rowSelection[row.id] === true}
          onRowClick={onRowClick}
        />
      ))}
    </tbody>
  );
}

/**
 * Memoised so dragging a column edge, which re-renders the grid on every mouse move, does not
 * re-render a page of rows: widths live on the table's <col> elements, not on the cells.
 */
export const GridBody = memo(GridBodyRows) as typeof GridBodyRows;

/** An empty row standing in for the rows above or below the ones rendered, keeping the scroll height. */
function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  if (height <= 0) return null;
  return (
    <tr className="mw-grid__spacer" aria-hidden="true">
      <td colSpan={columnCount} style={{ height }} />
    </tr>
  );
}

function VirtualGridBodyRows<TRow>({
  rows,
  columnsById,
  rowSelection,
  rowNumberOffset,
  onRowClick,
  scrollElement,
  columnCount,
  headerRowCount,
}: GridBodyProps<TRow> & {
  /** The grid's scroll box; the rows wait for it. */
  scrollElement: HTMLDivElement | null;
  columnCount: number;
  headerRowCount: number;
}) {
  // The rows start below the sticky head, which shares the scroll box.
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    setHeadHeight(scrollElement?.querySelector('thead')?.getBoundingClientRect().height ?? 0);
  }, [scrollElement]);

  // TanStack Virtual keeps a mutable virtualizer across renders, which the React Compiler cannot
  // memoise; this project does not compile with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => GRID_ESTIMATED_ROW_HEIGHT,
    overscan: GRID_VIRTUAL_OVERSCAN,
    getItemKey: (index) => rows[index]?.id ?? index,
    scrollMargin: headHeight,
  });
  const items = virtualizer.getVirtualItems();
  const before = (items[0]?.start ?? headHeight) - headHeight;
  const after = virtualizer.getTotalSize() - ((items.at(-1)?.end ?? headHeight) - headHeight);
  return (
    <tbody>
      <Spacer height={before} columnCount={columnCount} />
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <GridRow
            key={item.key}
            row={row}
            rowNumber={rowNumberOffset + item.index + 1}
            columnsById={columnsById}
            selected={rowSelection[row.id] === true}
            virtualIndex={item.index}
            ariaRowIndex={headerRowCount + item.index + 1}
            measure={virtualizer.measureElement}
            onRowClick={onRowClick}
          />
        );
      })}
      <Spacer height={after} columnCount={columnCount} />
    </tbody>
  );
}

/**
 * The body of a long page (500 or 1000 rows): only the rows in view of the grid's scroll box, plus
 * a few either side, are in the page, so a 1000-row page opens and scrolls as fast as a short one.
 */
export const VirtualGridBody = memo(VirtualGridBodyRows) as typeof VirtualGridBodyRows;
