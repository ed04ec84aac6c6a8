import type { Row, RowSelectionState } from '@tanstack/react-table';
import { memo } from 'react';
import { formatCellValue, isSpecialRow, SELECTION_COLUMN_ID, type GridColumn } from './columns';
import { SelectionCheckbox } from './SelectionCheckbox';

interface GridBodyProps<TRow> {
  rows: Row<TRow>[];
  columnsById: ReadonlyMap<string, GridColumn<TRow>>;
  rowSelection: RowSelectionState;
  /** Rows on earlier pages, so the checkbox labels number rows across the whole list. */
  rowNumberOffset: number;
}

function GridBodyRows<TRow>({ rows, columnsById, rowSelection, rowNumberOffset }: GridBodyProps<TRow>) {
  return (
    <tbody>
      {rows.map((row, position) => {
        const special = isSpecialRow(row.original);
        const selected = rowSelection[row.id] === true;
        const classes = ['mw-grid__row', special && 'mw-grid__row--special', selected && 'mw-grid__row--selected'];
        return (
          <tr key={row.id} className={classes.filter(Boolean).join(' ')} data-special={special || undefined}>
            {row.getVisibleCells().map((cell) => {
              if (cell.column.id === SELECTION_COLUMN_ID) {
                return (
                  <td key={cell.id} className="mw-grid__checkbox-cell">
                    <SelectionCheckbox
                      label={`Select row ${rowNumberOffset + position + 1}`}
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
      })}
    </tbody>
  );
}

/**
 * Memoised so dragging a column edge, which re-renders the grid on every mouse move, does not
 * re-render a page of up to 1000 rows: widths live on the table's <col> elements, not on the cells.
 */
export const GridBody = memo(GridBodyRows) as typeof GridBodyRows;
