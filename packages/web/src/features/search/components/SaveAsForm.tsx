import { useId, useState } from 'react';
import { Button } from '../../../ui/controls/Button';

/** Saves the current search under a name; onSave answers the problem with the name, or null. */
export function SaveAsForm({ enabled, onSave }: { enabled: boolean; onSave(name: string): Promise<string | null> }) {
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
