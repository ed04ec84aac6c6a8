import type { FilterChoice, FilterChoices } from '@manway/core/api/websync';

/** Before the console's session has loaded /api/filter (or outside a console, in tests). */
export const NO_FILTERS: FilterChoices = { jobs: [], subjects: [], projects: [] };

/**
 * A saved filter's name, or none, from the lists of /api/filter; a saved name no longer offered stays shown so it is not lost silently.
 * `required` is only announced: the spec shows no required message.
 */
export function FilterSelect({
  label,
  choices,
  value,
  required = false,
  disabled,
  onChange,
}: {
  label: string;
  choices: readonly FilterChoice[];
  value: string | null;
  required?: boolean;
  disabled?: boolean;
  onChange: (filterName: string | null) => void;
}) {
  const offered = value && !choices.some((c) => c.FilterName === value);
  return (
    <label className="mw-ws-field">
      <span>{label}</span>
      <select
        value={value ?? ''}
        aria-required={required || undefined}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="" />
        {offered && <option value={value}>{value}</option>}
        {choices.map((c) => (
          <option key={c.FilterName} value={c.FilterName}>
            {c.DisplayName}
          </option>
        ))}
      </select>
    </label>
  );
}
