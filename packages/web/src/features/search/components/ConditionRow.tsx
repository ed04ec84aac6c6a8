import type { FilterForm } from '@manway/core/api/filters';
import { IconButton } from '../../../ui/controls/IconButton';
import { CloseIcon } from '../../../ui/controls/icons';
import { needsValue, OPERATOR_LABELS, withProperty, type DraftCondition, type FormField } from '../filterDraft';

export interface ConditionRowProps {
  form: FilterForm;
  condition: DraftCondition;
  /** Its place, as the labels name it: 2, or 3.1 inside the third item's group. */
  n: string;
  error: string | undefined;
  onChange(condition: DraftCondition): void;
  onRemove(): void;
}

/** One condition: a property, how it compares, and the value its kind takes. */
export function ConditionRow({ form, condition, n, error, onChange, onRemove }: ConditionRowProps) {
  const fields = form.groups.flatMap((g) => g.fields);
  const field = fields.find((f) => f.property === condition.property) ?? fields[0]!;
  const errorId = `${condition.key}-error`;
  return (
    <li className="mw-search__condition" data-testid="filter-condition" aria-invalid={error ? true : undefined}>
      <div className="mw-search__condition-head">
        <select
          aria-label={`Property of condition ${n}`}
          value={condition.property}
          onChange={(e) =>
            onChange(
              withProperty(
                condition,
                fields.find((f) => f.property === e.target.value)!,
              ),
            )
          }
        >
          {form.groups.map((g) => (
            <optgroup key={g.key} label={g.label}>
              {g.fields.map((f) => (
                <option key={f.property} value={f.property}>
                  {f.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <IconButton label={`Remove condition ${n}`} icon={<CloseIcon />} onClick={onRemove} />
      </div>
      <select
        aria-label={`Comparison of condition ${n}`}
        value={condition.operator}
        onChange={(e) => onChange({ ...condition, operator: e.target.value as DraftCondition['operator'] })}
      >
        {field.operators.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </option>
        ))}
      </select>
      {needsValue(condition.operator) && (
        <ValueInput
          field={field}
          condition={condition}
          n={n}
          errorId={error ? errorId : undefined}
          onChange={onChange}
        />
      )}
      {error && (
        <p id={errorId} className="mw-search__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function ValueInput({
  field,
  condition,
  n,
  errorId,
  onChange,
}: {
  field: FormField;
  condition: DraftCondition;
  n: string;
  errorId: string | undefined;
  onChange(condition: DraftCondition): void;
}) {
  const label = `Value of condition ${n}`;
  const common = { 'aria-describedby': errorId, 'aria-invalid': errorId ? true : undefined };
  if (field.kind === 'lookup' && (condition.operator === 'in' || condition.operator === 'notIn')) {
    return (
      <fieldset className="mw-search__options" aria-label={label}>
        {(field.options ?? []).map((o) => (
          <label key={o.id} className="mw-search__option">
            <input
              type="checkbox"
              checked={condition.values.includes(o.id)}
              onChange={(e) =>
                onChange({
                  ...condition,
                  values: (field.options ?? [])
                    .map((x) => x.id)
                    .filter((id) => (id === o.id ? e.target.checked : condition.values.includes(id))),
                })
              }
            />
            {o.value}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.kind === 'lookup' || field.kind === 'boolean') {
    const options =
      field.kind === 'boolean'
        ? [
            { id: 'true', value: 'Yes' },
            { id: 'false', value: 'No' },
          ]
        : (field.options ?? []);
    return (
      <select
        aria-label={label}
        {...common}
        value={condition.value}
        onChange={(e) => onChange({ ...condition, value: e.target.value })}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.value}
          </option>
        ))}
      </select>
    );
  }
  const type = field.kind === 'date' ? 'date' : 'text';
  const inputMode = field.kind === 'number' ? ('decimal' as const) : undefined;
  const unit = field.unit ? ` (${field.unit})` : '';
  if (condition.operator === 'between') {
    return (
      <div className="mw-search__range">
        <input
          type={type}
          inputMode={inputMode}
          aria-label={`${label}, from${unit}`}
          {...common}
          value={condition.value}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
        />
        <span aria-hidden="true">–</span>
        <input
          type={type}
          inputMode={inputMode}
          aria-label={`${label}, to${unit}`}
          {...common}
          value={condition.value2}
          onChange={(e) => onChange({ ...condition, value2: e.target.value })}
        />
      </div>
    );
  }
  return (
    <input
      type={type}
      inputMode={inputMode}
      aria-label={`${label}${unit}`}
      {...common}
      value={condition.value}
      onChange={(e) => onChange({ ...condition, value: e.target.value })}
    />
  );
}
