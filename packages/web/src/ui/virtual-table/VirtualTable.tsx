import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { SelectionCheckbox } from '../grid/SelectionCheckbox';
import { ariaSort, SortButton } from '../grid/SortButton';
import { LoadingStatus } from '../Spinner';
import { RowDetailsStore } from './RowDetailsStore';
import {
  DETAILS_BATCH_SIZE,
  VIRTUAL_CHECKBOX_COLUMN_WIDTH,
  VIRTUAL_DEFAULT_COLUMN_WIDTH,
  VIRTUAL_EMPTY_MESSAGE,
  VIRTUAL_HEADER_HEIGHT,
  VIRTUAL_OVERSCAN,
  VIRTUAL_ROW_HEIGHT,
} from './virtualTableConstants';
import './VirtualTable.css';

export type RowId = string | number;

export interface VirtualTableColumn<TRow, TId extends RowId = RowId> {
  id: string;
  label: string;
  /** Pixels; 100 unless given. */
  width?: number;
  /** Offers a sort button in the header; the sort itself is the owner's (see sort and onSortChange). */
  sortable?: boolean;
  render: (row: TRow, id: TId) => ReactNode;
}

export interface VirtualTableSort {
  columnId: string;
  direction: 'asc' | 'desc';
}

export interface VirtualTableProps<TRow, TId extends RowId> {
  /** The table's accessible name. */
  label: string;
  /** Every id in display order. Keep the array stable between renders; a new list of ids can reuse loaded rows. */
  ids: readonly TId[];
  /** Details for the ids asked; ids left out of the answer show as unavailable. Remount (key) to reload. */
  loadDetails: (ids: TId[]) => Promise<Partial<Record<TId, TRow>>>;
  columns: readonly VirtualTableColumn<TRow, TId>[];
  /** The id list itself is loading. */
  loading?: boolean;
  emptyMessage?: string;
  /** With onSelectedIdsChange, adds a checkbox column. */
  selectedIds?: readonly TId[];
  onSelectedIdsChange?: (ids: TId[]) => void;
  /** Rows that may be ticked (e.g. canBeDeleted); all loaded rows by default. */
  isRowSelectable?: (row: TRow) => boolean;
  onRowClick?: (row: TRow, id: TId) => void;
  sort?: VirtualTableSort;
  /** Header clicks: the same column flips direction, another column starts ascending. */
  onSortChange?: (sort: VirtualTableSort) => void;
  className?: string;
}

const INTERACTIVE = 'a, button, input, label, select, textarea, [role="button"]';

function widthStyle(width: number): CSSProperties {
  return { width, minWidth: width, maxWidth: width };
}

/**
 * A table for id-first lists (the websync log and schedule): it is given every id up front and
 * fetches the details of the rows on screen in batches, showing placeholders until they arrive.
 * Only the rows in view (plus one either side) are in the DOM, so 100,000 ids scroll smoothly.
 */
export function VirtualTable<TRow, TId extends RowId>({
  label,
  ids,
  loadDetails,
  columns,
  loading = false,
  emptyMessage = VIRTUAL_EMPTY_MESSAGE,
  selectedIds,
  onSelectedIdsChange,
  isRowSelectable,
  onRowClick,
  sort,
  onSortChange,
  className,
}: VirtualTableProps<TRow, TId>) {
  const scrollElement = useRef<HTMLDivElement>(null);
  const [store] = useState(() => new RowDetailsStore<TId, TRow>());
  useSyncExternalStore(store.subscribe, store.getVersion);

  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  // TanStack Virtual keeps a mutable virtualizer across renders, which the React Compiler cannot
  // memoise; this project does not compile with it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => VIRTUAL_ROW_HEIGHT,
    overscan: VIRTUAL_OVERSCAN,
    // Rows are laid out below the sticky header, which shares the scroll element.
    paddingStart: VIRTUAL_HEADER_HEIGHT,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? -1;
  const lastIndex = items.at(-1)?.index ?? -1;

  const selectable = selectedIds !== undefined && onSelectedIdsChange !== undefined;
  const selected = useMemo(() => new Set(selectedIds ?? []), [selectedIds]);
  const canSelect = useCallback((row: TRow) => isRowSelectable?.(row) ?? true, [isRowSelectable]);

  // The fetch runs from an effect but must see the latest callbacks and selection without
  // re-running (which would retry a failed batch at once instead of when next on screen).
  const latest = useRef({ loadDetails, selected, selectable, canSelect, onSelectedIdsChange });
  useLayoutEffect(() => {
    latest.current = { loadDetails, selected, selectable, canSelect, onSelectedIdsChange };
  });

  // An answer can land after the table is gone; the owner's selection is then none of its business.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Asked for before the frame is painted, so details that arrive at once (a cache, a fast answer)
  // replace the placeholders in the same frame instead of one frame later.
  useLayoutEffect(() => {
    if (firstIndex < 0) return;
    const batch = store.takeBatch(ids, firstIndex, lastIndex, DETAILS_BATCH_SIZE);
    if (batch.length === 0) return;
    latest.current.loadDetails(batch).then(
      (found) => {
        store.settle(batch, found);
        // A row ticked before its details were known (select all) stays ticked only if it may be.
        const now = latest.current;
        if (!mounted.current || !now.selectable || !now.onSelectedIdsChange) return;
        const refused = new Set(
          batch.filter((id) => {
            const row = store.get(id);
            return now.selected.has(id) && (row === null || (row !== undefined && !now.canSelect(row)));
          }),
        );
        if (refused.size > 0) now.onSelectedIdsChange([...now.selected].filter((id) => !refused.has(id)));
      },
      () => store.fail(batch),
    );
  }, [store, ids, firstIndex, lastIndex]);

  const isLoadedAndSelectable = (id: TId) => {
    const row = store.get(id);
    return row !== undefined && row !== null && canSelect(row);
  };
  const isKnownUnselectable = (id: TId) => {
    const row = store.get(id);
    return row === null || (row !== undefined && !canSelect(row));
  };

  // All-selected means every loaded row that may be ticked is ticked (websync spec, log list).
  // Only settled rows are counted, so this stays cheap however long the id list is.
  const listed = useMemo(() => (selectable ? new Set(ids) : new Set<TId>()), [ids, selectable]);
  let loadedSelectable = 0;
  let loadedSelectableTicked = 0;
  if (selectable) {
    for (const [id, row] of store.settled()) {
      if (row === null || !listed.has(id) || !canSelect(row)) continue;
      loadedSelectable += 1;
      if (selected.has(id)) loadedSelectableTicked += 1;
    }
  }
  const allSelected = loadedSelectable > 0 && loadedSelectableTicked === loadedSelectable;
  const someSelected = !allSelected && selected.size > 0;

  const toggleAll = () => {
    if (!onSelectedIdsChange) return;
    // Rows not loaded yet are ticked too, and dropped as they load if they may not be.
    onSelectedIdsChange(allSelected ? [] : ids.filter((id) => !isKnownUnselectable(id)));
  };
  const toggleOne = (id: TId) => {
    if (!onSelectedIdsChange) return;
    onSelectedIdsChange(selected.has(id) ? [...selected].filter((other) => other !== id) : [...selected, id]);
  };

  const onHeaderSort = (columnId: string) => {
    const direction = sort?.columnId === columnId && sort.direction === 'asc' ? 'desc' : 'asc';
    onSortChange?.({ columnId, direction });
  };

  const rowWidth =
    (selectable ? VIRTUAL_CHECKBOX_COLUMN_WIDTH : 0) +
    columns.reduce((sum, column) => sum + (column.width ?? VIRTUAL_DEFAULT_COLUMN_WIDTH), 0);
  const bodyHeight = Math.max(virtualizer.getTotalSize() - VIRTUAL_HEADER_HEIGHT, 0);
  const columnCount = columns.length + (selectable ? 1 : 0);

  let message: ReactNode = null;
  if (loading) {
    message = <LoadingStatus className="mw-virtual-table__message" />;
  } else if (ids.length === 0) {
    message = <div className="mw-virtual-table__message">{emptyMessage}</div>;
  }
  // Inside a row and cell, so the table holds only what a table may hold.
  const status = message && (
    <div role="rowgroup">
      <div role="row">
        <div role="cell" aria-colspan={columnCount}>
          {message}
        </div>
      </div>
    </div>
  );

  return (
    <div
      ref={scrollElement}
      role="table"
      aria-label={label}
      aria-rowcount={ids.length + 1}
      aria-colcount={columnCount}
      aria-busy={loading || undefined}
      // Focusable so the list scrolls from the keyboard even before any row is focusable.
      tabIndex={0}
      className={['mw-virtual-table', className].filter(Boolean).join(' ')}
    >
      <div role="rowgroup" className="mw-virtual-table__head" style={{ minWidth: rowWidth }}>
        <div
          role="row"
          aria-rowindex={1}
          className="mw-virtual-table__header-row"
          style={{ height: VIRTUAL_HEADER_HEIGHT, width: rowWidth }}
        >
          {selectable && (
            <div
              role="columnheader"
              className="mw-virtual-table__cell mw-virtual-table__cell--checkbox"
              style={widthStyle(VIRTUAL_CHECKBOX_COLUMN_WIDTH)}
            >
              <SelectionCheckbox
                label="Select all rows"
                checked={allSelected}
                indeterminate={someSelected}
                disabled={ids.length === 0}
                onChange={toggleAll}
              />
            </div>
          )}
          {columns.map((column) => {
            const direction = sort?.columnId === column.id ? sort.direction : undefined;
            const sortable = column.sortable === true && onSortChange !== undefined;
            return (
              <div
                key={column.id}
                role="columnheader"
                aria-sort={sortable ? ariaSort(direction) : undefined}
                className="mw-virtual-table__cell mw-virtual-table__header"
                style={widthStyle(column.width ?? VIRTUAL_DEFAULT_COLUMN_WIDTH)}
              >
                {sortable ? (
                  <SortButton direction={direction} onClick={() => onHeaderSort(column.id)}>
                    <span>{column.label}</span>
                  </SortButton>
                ) : (
                  column.label
                )}
              </div>
            );
          })}
        </div>
      </div>
      {status ?? (
        <div role="rowgroup" className="mw-virtual-table__body" style={{ height: bodyHeight, width: rowWidth }}>
          {items.map((item) => {
            const id = ids[item.index] as TId;
            const row = store.get(id);
            const onClick =
              onRowClick && row
                ? (event: MouseEvent<HTMLDivElement> | KeyboardEvent<HTMLDivElement>) => {
                    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
                    onRowClick(row, id);
                  }
                : undefined;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-busy={row === undefined || undefined}
                tabIndex={onClick ? 0 : undefined}
                className={[
                  'mw-virtual-table__row',
                  onClick && 'mw-virtual-table__row--clickable',
                  selected.has(id) && 'mw-virtual-table__row--selected',
                ]
                  .filter(Boolean)
                  .join(' ')}
                style={{ height: VIRTUAL_ROW_HEIGHT, transform: `translateY(${item.start - VIRTUAL_HEADER_HEIGHT}px)` }}
                onClick={onClick}
                onKeyDown={
                  onClick
                    ? (event) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onClick(event);
                      }
                    : undefined
                }
              >
                {selectable && (
                  <div
                    role="cell"
                    className="mw-virtual-table__cell mw-virtual-table__cell--checkbox"
                    style={widthStyle(VIRTUAL_CHECKBOX_COLUMN_WIDTH)}
                  >
                    <SelectionCheckbox
                      label={`Select row ${item.index + 1}`}
                      checked={selected.has(id)}
                      disabled={!isLoadedAndSelectable(id)}
                      onChange={() => toggleOne(id)}
                    />
                  </div>
                )}
                {columns.map((column, columnIndex) => (
                  <div
                    key={column.id}
                    role="cell"
                    className="mw-virtual-table__cell"
                    style={widthStyle(column.width ?? VIRTUAL_DEFAULT_COLUMN_WIDTH)}
                  >
                    {row ? (
                      column.render(row, id)
                    ) : (
                      <RowPlaceholder first={columnIndex === 0} missing={row === null} failed={store.hasFailed(id)} />
                    )}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

function RowPlaceholder({ first, missing, failed }: { first: boolean; missing: boolean; failed: boolean }) {
  if (missing) return first ? <span className="mw-virtual-table__note">No longer available</span> : null;
  if (failed) return first ? <span className="mw-virtual-table__note">Could not load; scroll to retry</span> : null;
  return (
    <>
      {first && <span className="mw-visually-hidden">Loading…</span>}
      <span className="mw-virtual-table__skeleton" aria-hidden="true" />
    </>
  );
}
