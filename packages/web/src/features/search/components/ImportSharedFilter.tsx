import { useId, useState } from 'react';
import type { SavedFilter } from '@manway/core/api/filters';
import { Button } from '../../../ui/controls/Button';
import { useGetAvailableFiltersQuery, useImportFilterMutation } from '../api/savedFilters';

/** Copies a shared filter whose name the user has not taken into their list, then applies it. */
export function ImportSharedFilter({ onImported }: { onImported(filter: SavedFilter): void }) {
  // Read each time the saved filters open: what others share changes without this user's doing.
  const { data: available } = useGetAvailableFiltersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [importFilter] = useImportFilterMutation();
  const [choice, setChoice] = useState('');
  const id = useId();
  const importable = available?.filter((a) => !a.nameTaken) ?? [];
  if (importable.length === 0) return null;
  const chosen = importable.some((a) => a.name === choice) ? choice : importable[0]!.name;
  return (
    <form
      className="mw-search__import"
      onSubmit={(e) => {
        e.preventDefault();
        // A failure has been shown by the request layer.
        importFilter(chosen)
          .unwrap()
          .then(onImported, () => {});
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
