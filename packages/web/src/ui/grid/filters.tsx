import { useState, type ReactNode } from 'react';
import type { GridFilterRendererProps } from './columns';
import { COLUMN_FILTER_DEBOUNCE_MS } from './gridConstants';
import { useDebouncedCallback } from './useDebouncedCallback';

/**
 * One inline column filter. What the user types shows at once; the grid filters only once typing
 * has paused, so 10,000 rows are not re-filtered on every key.
 */
export function ColumnFilter({
  columnId,
  label,
  value,
  onCommit,
  renderer,
}: {
  columnId: string;
  label: string;
  value: unknown;
  onCommit: (value: unknown) => void;
  renderer?: (props: GridFilterRendererProps) => ReactNode;
}) {
  const [draft, setDraft] = useState<unknown>(value);
  const commitLater = useDebouncedCallback(onCommit, COLUMN_FILTER_DEBOUNCE_MS);
  const accessibleName = `Filter ${label}`;

  const change = (next: unknown) => {
    setDraft(next);
    commitLater(typeof next === 'string' ? next.trim() : next);
  };

  if (renderer) return renderer({ value: draft, onChange: change, label: accessibleName, columnId });

  return (
    <input
      type="search"
      className="mw-grid__filter-input mw-compact-input"
      aria-label={accessibleName}
      placeholder="Filter"
      autoComplete="off"
      value={typeof draft === 'string' ? draft : ''}
      onChange={(event) => change(event.target.value)}
    />
  );
}
