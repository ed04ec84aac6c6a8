import { useState } from 'react';
import type { FilterDefinition, FilterForm } from '@manway/core/api/filters';
import { Button } from '../../../ui/controls/Button';
import { formFields, newCondition, toDefinition, type FilterDraft } from '../filterDraft';
import { ConditionRow } from './ConditionRow';

export interface AdvancedSearchProps {
  form: FilterForm;
  draft: FilterDraft;
  onDraftChange(draft: FilterDraft): void;
  onRun(definition: FilterDefinition): void;
  onClear(): void;
}

/** Conditions on any property of the type, combined with AND or OR; running them filters the map. */
export function AdvancedSearch({ form, draft, onDraftChange, onRun, onClear }: AdvancedSearchProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = formFields(form)[0];

  const run = () => {
    const result = toDefinition(draft, form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onRun(result.definition);
  };

  return (
    <form
      className="mw-search__advanced"
      aria-label="Advanced search"
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      <fieldset className="mw-search__combine">
        <legend>Find {form.label.toLowerCase()} matching</legend>
        <label>
          <input
            type="radio"
            name="combine"
            checked={draft.combine === 'and'}
            onChange={() => onDraftChange({ ...draft, combine: 'and' })}
          />
          all conditions (AND)
        </label>
        <label>
          <input
            type="radio"
            name="combine"
            checked={draft.combine === 'or'}
            onChange={() => onDraftChange({ ...draft, combine: 'or' })}
          />
          any condition (OR)
        </label>
      </fieldset>
      {draft.conditions.length === 0 ? (
        <p className="mw-search__hint">No conditions: every {form.label.toLowerCase()} matches.</p>
      ) : (
        <ol className="mw-search__conditions">
          {draft.conditions.map((c, i) => (
            <ConditionRow
              key={c.key}
              form={form}
              condition={c}
              index={i}
              error={errors[c.key]}
              onChange={(next) =>
                onDraftChange({ ...draft, conditions: draft.conditions.map((x) => (x.key === c.key ? next : x)) })
              }
              onRemove={() => onDraftChange({ ...draft, conditions: draft.conditions.filter((x) => x.key !== c.key) })}
            />
          ))}
        </ol>
      )}
      <div className="mw-search__actions">
        {first && (
          <Button onClick={() => onDraftChange({ ...draft, conditions: [...draft.conditions, newCondition(first)] })}>
            Add condition
          </Button>
        )}
        <Button type="submit" variant="primary">
          Search
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setErrors({});
            onClear();
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
