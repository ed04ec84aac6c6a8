import { useState } from 'react';
import type { FilterDefinition, FilterForm } from '@manway/core/api/filters';
import { Checkbox } from '../../../ui/controls/Checkbox';
import { SearchBox } from '../../../ui/search-box/SearchBox';

export interface SimpleSearchProps {
  form: FilterForm;
  /** The term last searched, kept when the user switches tabs. */
  term: string;
  /** A definition to run, or null when the box was cleared. */
  onSearch(term: string, definition: FilterDefinition | null): void;
  debounceMs?: number;
}

/** The search box: the term is matched in the ticked search fields as the user types. */
export function SimpleSearch({ form, term, onSearch, debounceMs }: SimpleSearchProps) {
  const [fields, setFields] = useState<string[]>(form.defaultSearchFields);
  const labels = new Map(form.groups.flatMap((g) => g.fields).map((f) => [f.property, f.label]));

  const search = (nextTerm: string, nextFields: string[]) =>
    onSearch(
      nextTerm,
      nextTerm === '' || nextFields.length === 0
        ? null
        : { objectType: form.objectType, combine: 'and', conditions: [], term: nextTerm, searchFields: nextFields },
    );

  const toggle = (field: string, on: boolean) => {
    // Kept in the form's order, so the same choice always reads (and is sent) the same way.
    const next = form.searchFields.filter((f) => (f === field ? on : fields.includes(f)));
    setFields(next);
    search(term, next);
  };

  return (
    <div className="mw-search__simple">
      <SearchBox
        label={`Search ${form.label}`}
        placeholder={`Search ${form.label.toLowerCase()}`}
        value={term}
        debounceMs={debounceMs}
        onSearch={(t) => search(t, fields)}
      />
      <fieldset className="mw-search__fields">
        <legend>Search in</legend>
        {form.searchFields.map((f) => (
          <Checkbox key={f} label={labels.get(f) ?? f} checked={fields.includes(f)} onChange={(on) => toggle(f, on)} />
        ))}
      </fieldset>
    </div>
  );
}
