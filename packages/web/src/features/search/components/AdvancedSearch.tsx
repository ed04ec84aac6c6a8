import { useState } from 'react';
import type { FilterDefinition, FilterForm } from '@manway/core/api/filters';
import { Button } from '../../../ui/controls/Button';
import { IconButton } from '../../../ui/controls/IconButton';
import { CloseIcon } from '../../../ui/controls/icons';
import {
  canNestGroupAt,
  formFields,
  isGroup,
  newCondition,
  newGroup,
  removeNode,
  toDefinition,
  updateNode,
  type DraftGroup,
  type DraftNode,
  type FilterDraft,
  type FormField,
} from '../filterDraft';
import { ConditionRow } from './ConditionRow';

export interface AdvancedSearchProps {
  form: FilterForm;
  draft: FilterDraft;
  onDraftChange(draft: FilterDraft): void;
  onRun(definition: FilterDefinition): void;
  onClear(): void;
  /** Names the form, where more than one search is on the page. */
  label?: string;
}

const other = (combine: 'and' | 'or') => (combine === 'and' ? 'or' : 'and');

/**
 * Conditions on any property of the type, combined with AND or OR, in groups that combine their own
 * conditions the other way (a AND (b OR c)); running them filters the map.
 */
export function AdvancedSearch({
  form,
  draft,
  onDraftChange,
  onRun,
  onClear,
  label = 'Advanced search',
}: AdvancedSearchProps) {
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

  const edit = {
    form,
    errors,
    first,
    change: (key: string, next: DraftNode) =>
      onDraftChange({ ...draft, conditions: updateNode(draft.conditions, key, () => next) }),
    remove: (key: string) => onDraftChange({ ...draft, conditions: removeNode(draft.conditions, key) }),
  };

  return (
    <form
      className="mw-search__advanced"
      aria-label={label}
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
        <NodeList nodes={draft.conditions} depth={1} prefix="" edit={edit} />
      )}
      <div className="mw-search__actions">
        {first && (
          <>
            <Button onClick={() => onDraftChange({ ...draft, conditions: [...draft.conditions, newCondition(first)] })}>
              Add condition
            </Button>
            <Button
              onClick={() =>
                onDraftChange({ ...draft, conditions: [...draft.conditions, newGroup(first, other(draft.combine))] })
              }
            >
              Add group
            </Button>
          </>
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

interface Edit {
  form: FilterForm;
  errors: Record<string, string>;
  first: FormField | undefined;
  change(key: string, next: DraftNode): void;
  remove(key: string): void;
}

/** One list of conditions and groups; `depth` is the list's, the draft's own being 1. */
function NodeList({ nodes, depth, prefix, edit }: { nodes: DraftNode[]; depth: number; prefix: string; edit: Edit }) {
  return (
    <ol className="mw-search__conditions">
      {nodes.map((node, i) => {
        const n = `${prefix}${i + 1}`;
        return isGroup(node) ? (
          <GroupEditor key={node.key} group={node} n={n} depth={depth + 1} edit={edit} />
        ) : (
          <ConditionRow
            key={node.key}
            form={edit.form}
            condition={node}
            n={n}
            error={edit.errors[node.key]}
            onChange={(next) => edit.change(node.key, next)}
            onRemove={() => edit.remove(node.key)}
          />
        );
      })}
    </ol>
  );
}

function GroupEditor({ group, n, depth, edit }: { group: DraftGroup; n: string; depth: number; edit: Edit }) {
  const error = edit.errors[group.key];
  const errorId = `${group.key}-error`;
  const add = (node: DraftNode) => edit.change(group.key, { ...group, conditions: [...group.conditions, node] });
  return (
    <li className="mw-search__group" data-testid="filter-group" aria-invalid={error ? true : undefined}>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mw-visually-hidden">Group {n}</legend>
        <div className="mw-search__condition-head">
          <select
            aria-label={`Combine group ${n}`}
            value={group.combine}
            onChange={(e) => edit.change(group.key, { ...group, combine: e.target.value as DraftGroup['combine'] })}
          >
            <option value="and">All of (AND)</option>
            <option value="or">Any of (OR)</option>
          </select>
          <IconButton label={`Remove group ${n}`} icon={<CloseIcon />} onClick={() => edit.remove(group.key)} />
        </div>
        {group.conditions.length > 0 && (
          <NodeList nodes={group.conditions} depth={depth} prefix={`${n}.`} edit={edit} />
        )}
        {edit.first && (
          <div className="mw-search__group-actions">
            <Button
              variant="ghost"
              aria-label={`Add condition to group ${n}`}
              onClick={() => add(newCondition(edit.first!))}
            >
              Add condition
            </Button>
            {canNestGroupAt(depth) && (
              <Button
                variant="ghost"
                aria-label={`Add group to group ${n}`}
                onClick={() => add(newGroup(edit.first!, other(group.combine)))}
              >
                Add group
              </Button>
            )}
          </div>
        )}
        {error && (
          <p id={errorId} className="mw-search__error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </li>
  );
}
