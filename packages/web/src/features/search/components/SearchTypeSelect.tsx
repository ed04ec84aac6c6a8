import { filterFormsApi } from '../api/filterForms';
import { SEARCH_LAYERS, type SearchLayer } from '../searchMap';

/** Which asset type to search; a type whose form has been read is named by the form's label. */
export function SearchTypeSelect({ value, onChange }: { value: SearchLayer; onChange(type: SearchLayer): void }) {
  return (
    <div className="mw-search__type">
      <label htmlFor="mw-search-type">Find</label>
      <select id="mw-search-type" value={value} onChange={(e) => onChange(e.target.value as SearchLayer)}>
        {SEARCH_LAYERS.map((l) => (
          <TypeOption key={l} type={l} />
        ))}
      </select>
    </div>
  );
}

function TypeOption({ type }: { type: SearchLayer }) {
  // Reads what the panel has loaded; choosing the type is what loads its form.
  const { data: form } = filterFormsApi.endpoints.getFilterForm.useQueryState(type);
  return <option value={type}>{form?.label ?? type}</option>;
}
