import { useState, type ReactNode } from 'react';
import { ADVANCED_FILTER_MESSAGE, type SavedFilterSummary } from '@manway/core/api/filters';
import { Button } from '../../../ui/controls/Button';

interface RowProps {
  filter: SavedFilterSummary;
  first: boolean;
  last: boolean;
  canUpdate: boolean;
  onApply(): void;
  onUp(): void;
  onDown(): void;
  onRename(name: string): Promise<string | null>;
  onUpdate(): void;
  onDelete(): void;
  /** What an edition adds to the filter's commands. */
  actions?: ReactNode;
}

/** One saved filter with its commands; renaming happens in place. */
export function SavedFilterRow({
  filter,
  first,
  last,
  canUpdate,
  onApply,
  onUp,
  onDown,
  onRename,
  onUpdate,
  onDelete,
  actions,
}: RowProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const f = filter;
  const lockedAdvanced = !f.editable && f.advanced && f.importedFrom !== null;
  return (
    <li className="mw-search__saved-row" data-testid="saved-filter">
      <div className="mw-search__saved-head">
        <span className="mw-search__saved-name">{f.name}</span>
        <span className="mw-search__saved-meta">
          {[f.objectType, f.importedFrom !== null && 'imported', f.advanced && 'advanced'].filter(Boolean).join(' · ')}
        </span>
      </div>
      {lockedAdvanced && <p className="mw-search__hint">{ADVANCED_FILTER_MESSAGE}</p>}
      {renaming !== null ? (
        <form
          className="mw-search__inline"
          onSubmit={(e) => {
            e.preventDefault();
            onRename(renaming).then(
              (problem) => {
                setError(problem);
                if (problem === null) setRenaming(null);
              },
              () => {},
            );
          }}
        >
          <input
            aria-label={`New name for ${f.name}`}
            value={renaming}
            maxLength={100}
            autoFocus
            onChange={(e) => setRenaming(e.target.value)}
          />
          <Button type="submit">OK</Button>
          <Button variant="ghost" onClick={() => setRenaming(null)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="mw-search__saved-actions">
          <Button variant="primary" onClick={onApply} aria-label={`Apply ${f.name}`}>
            Apply
          </Button>
          <Button variant="ghost" disabled={first} onClick={onUp} aria-label={`Move ${f.name} up`}>
            ↑
          </Button>
          <Button variant="ghost" disabled={last} onClick={onDown} aria-label={`Move ${f.name} down`}>
            ↓
          </Button>
          {f.editable && (
            <>
              <Button variant="ghost" onClick={() => setRenaming(f.name)} aria-label={`Rename ${f.name}`}>
                Rename
              </Button>
              {canUpdate && (
                <Button variant="ghost" onClick={onUpdate} aria-label={`Update ${f.name} with the current search`}>
                  Update
                </Button>
              )}
              <Button variant="ghost" onClick={onDelete} aria-label={`Delete ${f.name}`}>
                Delete
              </Button>
            </>
          )}
          {actions}
        </div>
      )}
      {error && (
        <p className="mw-search__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
