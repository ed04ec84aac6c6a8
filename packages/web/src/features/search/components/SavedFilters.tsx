import { useCallback, useEffect, useId, useState } from 'react';
import {
  ADVANCED_FILTER_MESSAGE,
  type AvailableFilter,
  type FilterDefinition,
  type SavedFilter,
  type SavedFilterSummary,
  type UpdateSavedFilter,
} from '@manway/core/api/filters';
import { validateName } from '@manway/core/rules/names';
import { confirm } from '../../../shell/confirm/confirm';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { isRequestError } from '../../../shell/request/request';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { Modal } from '../../../ui/modal/Modal';
import { LoadingStatus } from '../../../ui/Spinner';
import { createSavedFilter } from '../api/createSavedFilter';
import { deleteSavedFilter } from '../api/deleteSavedFilter';
import { getAvailableFilters } from '../api/getAvailableFilters';
import { getSavedFilter } from '../api/getSavedFilter';
import { importFilter } from '../api/importFilter';
import { listSavedFilters } from '../api/listSavedFilters';
import { orderSavedFilters } from '../api/orderSavedFilters';
import { updateSavedFilter } from '../api/updateSavedFilter';

export const EMPTY_NAME_TEXT = 'Enter a name for the filter.';

export interface SavedFiltersProps {
  /** The search on the map now, which Save as and Update store. */
  current: FilterDefinition | null;
  onApply(filter: SavedFilter): void;
}

/** The user's saved filters: apply, save the current search, rename, update, delete, reorder, import. */
export function SavedFilters({ current, onApply }: SavedFiltersProps) {
  const dispatch = useAppDispatch();
  const [filters, setFilters] = useState<SavedFilterSummary[] | null>(null);
  const [available, setAvailable] = useState<AvailableFilter[]>([]);
  const [nameExists, setNameExists] = useState(false);

  const reload = useCallback(
    () =>
      Promise.all([dispatch(listSavedFilters()), dispatch(getAvailableFilters())]).then(([list, shared]) => {
        setFilters(list);
        setAvailable(shared);
      }),
    [dispatch],
  );

  useEffect(() => {
    // A list that cannot be read shows as empty; the request layer has told the user why.
    reload().catch(() => setFilters([]));
  }, [reload]);

  const names = filters?.map((f) => f.name) ?? [];

  /** The core naming rules; a taken name opens the catalogue's dialog instead of calling the server. */
  const checkName = (name: string, currentName: string | null): 'ok' | 'same' | string => {
    switch (validateName(name, { current: currentName, forbidden: names.filter((n) => n !== currentName) })) {
      case 'Empty':
        return EMPTY_NAME_TEXT;
      case 'Same':
        return 'same';
      case 'ForbiddenValue':
        setNameExists(true);
        return 'exists';
      case 'Valid':
      case 'Invalid':
        return 'ok';
    }
  };

  const saveAs = async (name: string): Promise<string | null> => {
    if (!current) return null;
    const check = checkName(name, null);
    if (check === 'exists') return null;
    if (check !== 'ok') return check;
    await dispatch(createSavedFilter(name.trim(), current));
    dispatch(showNotification({ type: 'success', title: 'Filter saved', text: `Saved as "${name.trim()}".` }));
    await reload();
    return null;
  };

  /**
   * Saves with the version the list was read at. When another user changed the filter since, the
   * request has shown the catalogue's 'Another user modified the same item'; the list is read again
   * so it shows their change. Answers whether this save went through.
   */
  const saveVersioned = async (filter: SavedFilterSummary, change: UpdateSavedFilter): Promise<boolean> => {
    try {
      await dispatch(updateSavedFilter(filter.name, change));
      return true;
    } catch (error) {
      if (!isRequestError(error) || error.status !== 409) throw error;
      await reload().catch(() => {});
      return false;
    }
  };

  const rename = async (filter: SavedFilterSummary, name: string): Promise<string | null> => {
    const check = checkName(name, filter.name);
    if (check === 'same' || check === 'exists') return null;
    if (check !== 'ok') return check;
    if (await saveVersioned(filter, { name: name.trim(), version: filter.version })) await reload();
    return null;
  };

  const update = async (filter: SavedFilterSummary) => {
    if (!current) return;
    if (!(await saveVersioned(filter, { definition: current, version: filter.version }))) return;
    dispatch(
      showNotification({ type: 'success', title: 'Filter updated', text: `"${filter.name}" now holds this search.` }),
    );
    await reload();
  };

  const remove = async (filter: SavedFilterSummary) => {
    const yes = await dispatch(
      confirm({
        title: 'Delete saved filter',
        text: `Delete the saved filter "${filter.name}"? This cannot be undone.`,
        proceedButtonText: 'Delete',
      }),
    );
    if (!yes) return;
    await dispatch(deleteSavedFilter(filter.name));
    await reload();
  };

  const move = async (index: number, by: -1 | 1) => {
    const next = [...names];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    setFilters(await dispatch(orderSavedFilters(next)));
  };

  const apply = async (name: string) => onApply(await dispatch(getSavedFilter(name)));

  const doImport = async (name: string) => {
    const imported = await dispatch(importFilter(name));
    await reload();
    onApply(imported);
  };

  if (!filters) return <LoadingStatus />;
  return (
    <div className="mw-search__saved" data-testid="saved-filters">
      <SaveAsForm enabled={current !== null} onSave={saveAs} />
      {filters.length === 0 ? (
        <p className="mw-search__empty">No saved filters</p>
      ) : (
        <ol className="mw-search__saved-list">
          {filters.map((f, i) => (
            <SavedFilterRow
              key={f.name}
              filter={f}
              first={i === 0}
              last={i === filters.length - 1}
              canUpdate={current !== null}
              onApply={() => void apply(f.name).catch(() => {})}
              onUp={() => void move(i, -1).catch(() => {})}
              onDown={() => void move(i, 1).catch(() => {})}
              onRename={(name) => rename(f, name)}
              onUpdate={() => void update(f).catch(() => {})}
              onDelete={() => void remove(f).catch(() => {})}
            />
          ))}
        </ol>
      )}
      <ImportForm available={available} onImport={(name) => void doImport(name).catch(() => {})} />
      {nameExists && <NameExistsDialog onClose={() => setNameExists(false)} />}
    </div>
  );
}

function SaveAsForm({ enabled, onSave }: { enabled: boolean; onSave(name: string): Promise<string | null> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="mw-search__save-as"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(name).then(
          (problem) => {
            setError(problem);
            if (problem === null) setName('');
          },
          () => {},
        );
      }}
    >
      <label htmlFor={id}>Save the current search as</label>
      <div className="mw-search__inline">
        <input
          id={id}
          value={name}
          maxLength={100}
          disabled={!enabled}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={!enabled}>
          Save
        </Button>
      </div>
      {!enabled && <p className="mw-search__hint">Run a search first.</p>}
      {error && (
        <p className="mw-search__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

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
}

function SavedFilterRow({
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

function ImportForm({ available, onImport }: { available: AvailableFilter[]; onImport(name: string): void }) {
  const importable = available.filter((a) => !a.nameTaken);
  const [choice, setChoice] = useState('');
  const id = useId();
  if (importable.length === 0) return null;
  const chosen = importable.some((a) => a.name === choice) ? choice : importable[0]!.name;
  return (
    <form
      className="mw-search__import"
      onSubmit={(e) => {
        e.preventDefault();
        onImport(chosen);
      }}
    >
      <label htmlFor={id}>Import a shared filter</label>
      <div className="mw-search__inline">
        <select id={id} value={chosen} onChange={(e) => setChoice(e.target.value)}>
          {importable.map((a) => (
            <option key={a.name} value={a.name}>
              {a.name} ({a.objectType}
              {a.advanced ? ', advanced' : ''})
            </option>
          ))}
        </select>
        <Button type="submit">Import</Button>
      </div>
    </form>
  );
}

function NameExistsDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const textId = useId();
  const message = KNOWN_ERROR_MESSAGES['filter/name-exists'];
  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId} className="mw-dialog__title">
        {message.title}
      </h2>
      <p id={textId}>{message.text}</p>
      <div className="mw-dialog__actions">
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </div>
    </Modal>
  );
}
