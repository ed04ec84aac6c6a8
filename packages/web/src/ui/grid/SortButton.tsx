import type { MouseEventHandler, ReactNode } from 'react';
import './SortButton.css';

type SortDirection = 'asc' | 'desc' | false | undefined;

/** The header cell's aria-sort for a sortable column. */
export function ariaSort(direction: SortDirection): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  return direction === 'desc' ? 'descending' : 'none';
}

/**
 * A column header's sort button, shared by the grid and the virtual table: the label, then both
 * arrows with the active direction highlighted. The header cell carries aria-sort; the arrows are
 * decoration.
 */
export function SortButton({
  direction,
  onClick,
  children,
}: {
  direction: SortDirection;
  onClick: MouseEventHandler<HTMLButtonElement> | undefined;
  children: ReactNode;
}) {
  return (
    <button type="button" className="mw-sort-button" onClick={onClick}>
      {children}
      <svg className="mw-sort-button__indicator" viewBox="0 0 10 14" width="10" height="14" aria-hidden="true">
        <path d="M5 1 1 5.5h8z" className={direction === 'asc' ? 'mw-sort-button__arrow--active' : undefined} />
        <path d="M5 13 1 8.5h8z" className={direction === 'desc' ? 'mw-sort-button__arrow--active' : undefined} />
      </svg>
    </button>
  );
}
