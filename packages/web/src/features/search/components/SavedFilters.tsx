import { useState, type ReactNode } from 'react';
import type { FilterDefinition, SavedFilter, SavedFilterSummary, UpdateSavedFilter } from '@manway/core/api/filters';
import { validateName } from '@manway/core/rules/names';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  isStaleVersion,
  useCreateSavedFilterMutation,
  useDeleteSavedFilterMutation,
  useLazyGetSavedFilterQuery,
  useListSavedFiltersQuery,
  useOrderSavedFiltersMutation,
  useUpdateSavedFilterMutation,
} from '../api/savedFilters';
import { ImportSharedFilter } from './ImportSharedFilter';
import { NameExistsDialog } from './NameExistsDialog';
import { SaveAsForm } from './SaveAsForm';
import { SavedFilterRow } from './SavedFilterRow';

export const EMPTY_NAME_TEXT = 'Enter a name for the filter.';

export interface SavedFiltersProps {
  /** The search on the map now, which Save as and Update store. */
  current: FilterDefinition | null;
  onApply(filter: SavedFilter): void;
  /** An edition's actions on a filter, in its row (the office's Plan tasks…). */
  renderActions?(filter: SavedFilterSummary): ReactNode;
}

/**
 * The user's saved filters: apply, save the current search, rename, update, delete, reorder, import.
 * Each change refreshes the list through its cache tag.
 */
export function SavedFilters({ current, onApply, renderActions }: SavedFiltersProps) {
  const dispatch = useAppDispatch();
  // Read each time the list opens: the user may have changed it in another session.
  const listed = useListSavedFiltersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [createFilter] = useCreateSavedFilterMutation();
  const [updateFilter] = useUpdateSavedFilterMutation();
  const [deleteFilter] = useDeleteSavedFilterMutation();
  const [orderFilters] = useOrderSavedFiltersMutation();
  const [readFilter] = useLazyGetSavedFilterQuery();
  const [nameExists, setNameExists] = useState(false);

  // A list that cannot be read shows as empty; the request layer has told the user why.
  const filters = listed.data ?? (listed.isError ? [] : null);
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
    await createFilter({ name: name.trim(), definition: current }).unwrap();
    dispatch(showNotification({ type: 'success', title: 'Filter saved', text: `Saved as "${name.trim()}".` }));
    return null;
  };

  /**
   * Saves with the version the list was read at. When another user changed the filter since, the
   * request has shown the catalogue's 'Another user modified the same item' and the list is read
   * again so it shows their change. Answers whether this save went through.
   */
  const saveVersioned = async (filter: SavedFilterSummary, update: UpdateSavedFilter): Promise<boolean> => {
    try {
      await updateFilter({ name: filter.name, update }).unwrap();
      return true;
    } catch (error) {
      if (!isStaleVersion(error)) throw error;
      return false;
    }
  };

  const rename = async (filter: SavedFilterSummary, name: string): Promise<string | null> => {
    const check = checkName(name, filter.name);
    if (check === 'same' || check === 'exists') return null;
    if (check !== 'ok') return check;
    await saveVersioned(filter, { name: name.trim(), version: filter.version });
    return null;
  };

  const update = async (filter: SavedFilterSummary) => {
    if (!current) return;
    if (!(await saveVersioned(filter, { definition: current, version: filter.version }))) return;
    dispatch(
      showNotification({ type: 'success', title: 'Filter updated', text: `"${filter.name}" now holds this search.` }),
    );
  };

  const remove = async (filter: SavedFilterSummary) => {
    const yes = await dispatch(
      confirm({
        title: 'Delete saved filter',
        text: `Delete the saved filter "${filter.name}"? This cannot be undone.`,
        proceedButtonText: 'Delete',
      }),
    );
    if (yes) await deleteFilter(filter.name).unwrap();
  };

  const move = async (index: number, by: -1 | 1) => {
    const next = [...names];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    await orderFilters(next).unwrap();
  };

  const apply = async (name: string) => onApply(await readFilter(name).unwrap());

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
              actions={renderActions?.(f)}
            />
          ))}
        </ol>
      )}
      <ImportSharedFilter onImported={onApply} />
      {nameExists && <NameExistsDialog onClose={() => setNameExists(false)} />}
    </div>
  );
}
