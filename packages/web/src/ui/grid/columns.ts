import type { BuiltInFilterFn, BuiltInSortingFn, ColumnDef, FilterFn, SortingFn } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { alphanumericSort } from './alphanumericSort';
import { CHECKBOX_COLUMN_WIDTH, COLUMN_WIDTH_PER_CHARACTER, MIN_COLUMN_WIDTH } from './gridConstants';

export type GridSortType<TRow> = BuiltInSortingFn | SortingFn<TRow>;
export type GridFilter<TRow> = BuiltInFilterFn | FilterFn<TRow>;

export interface GridCellContext<TRow> {
  /** The value at the column's propertyPath. */
  value: unknown;
  row: TRow;
  rowId: string;
}

export interface GridFilterRendererProps {
  /** The filter as last entered; undefined when the column is not filtered. */
  value: unknown;
  /** Applies after the column filter debounce, like typing in the default filter box. */
  onChange: (value: unknown) => void;
  /** Accessible name for the control, e.g. 'Filter Status'. */
  label: string;
  columnId: string;
}

/** A grid column as the spec defines it (section 3). */
export interface GridColumn<TRow> {
  /** Where the value lives in the row; dots read nested values ('asset.type'). Also the column id. */
  propertyPath: string;
  /** Header text; falls back to propertyPath. */
  label?: string;
  /** Initial width in pixels; without it the width follows the label's length. */
  width?: number;
  /** Takes the space the other columns leave, until the user resizes it. */
  autoExpand?: boolean;
  /** How values compare when sorting; 'alphanumeric' unless given. */
  sortType?: GridSortType<TRow>;
  disableSortBy?: boolean;
  /** Leaves the column out of the global search. */
  disableGlobalFilter?: boolean;
  /** How the inline filter matches ('includesString' unless given); false offers no inline filter. */
  filter?: GridFilter<TRow> | false;
  /** A custom inline filter control in place of the default text box. */
  filterRenderer?: (props: GridFilterRendererProps) => ReactNode;
  /** Custom cell content; the value as text otherwise. */
  cellRenderer?: (context: GridCellContext<TRow>) => ReactNode;
  /** Buttons or links rather than data: no sorting, no filtering, one header cell spanning the header rows. */
  isControlColumn?: boolean;
}

/** The id of the checkbox column; chosen so it cannot clash with a propertyPath. */
export const SELECTION_COLUMN_ID = '#selection';

export function columnLabel(column: Pick<GridColumn<unknown>, 'label' | 'propertyPath'>): string {
  return column.label || column.propertyPath;
}

/** 10 px per character of the label, capped by an optional maximum, never under the minimum width. */
export function initialColumnWidth(label: string, maxWidth?: number): number {
  const byLabel = label.length * COLUMN_WIDTH_PER_CHARACTER;
  const capped = maxWidth === undefined ? byLabel : Math.min(byLabel, maxWidth);
  return Math.max(MIN_COLUMN_WIDTH, capped);
}

/** Reads a dotted path ('location.address.city'); a missing step gives undefined rather than throwing. */
export function createPathReader(propertyPath: string): (row: unknown) => unknown {
  const steps = propertyPath.split('.');
  return (row) => {
    let value: unknown = row;
    for (const step of steps) {
      if (value === null || typeof value !== 'object') return undefined;
      value = (value as Record<string, unknown>)[step];
    }
    return value;
  };
}

/** Default cell text: nothing for empty values, local date and time for dates, the value as text otherwise. */
export function formatCellValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleString();
  return String(value);
}

export function isSpecialRow(row: unknown): boolean {
  return typeof row === 'object' && row !== null && (row as { isSpecial?: unknown }).isSpecial === 'true';
}

/** Turns the spec's column definitions into TanStack's; the grid renders headers and cells itself. */
export function toTableColumns<TRow>(
  columns: readonly GridColumn<TRow>[],
  { withSelection, maxColumnWidth }: { withSelection: boolean; maxColumnWidth?: number },
): ColumnDef<TRow, unknown>[] {
  const definitions: ColumnDef<TRow, unknown>[] = columns.map((column) => {
    const width = column.width ?? initialColumnWidth(columnLabel(column), maxColumnWidth);
    const control = column.isControlColumn === true;
    return {
      id: column.propertyPath,
      accessorFn: createPathReader(column.propertyPath) as (row: TRow) => unknown,
      size: width,
      // A width given below the minimum is a deliberate choice (an icon column); resizing keeps to it.
      minSize: Math.min(width, MIN_COLUMN_WIDTH),
      enableSorting: !control && !column.disableSortBy,
      sortingFn:
        column.sortType === undefined || column.sortType === 'alphanumeric'
          ? (alphanumericSort as SortingFn<TRow>)
          : column.sortType,
      enableColumnFilter: !control && column.filter !== false,
      filterFn: column.filter || 'includesString',
      enableGlobalFilter: !control && !column.disableGlobalFilter,
    };
  });
  if (!withSelection) return definitions;
  return [
    {
      id: SELECTION_COLUMN_ID,
      size: CHECKBOX_COLUMN_WIDTH,
      minSize: CHECKBOX_COLUMN_WIDTH,
      maxSize: CHECKBOX_COLUMN_WIDTH,
      enableResizing: false,
      enableSorting: false,
      enableColumnFilter: false,
      enableGlobalFilter: false,
    },
    ...definitions,
  ];
}
