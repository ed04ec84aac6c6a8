import { useEffect, useId, useRef, useState } from 'react';

export interface MultiSelectOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A select of several values: a button naming how many are chosen opens a list of checkboxes.
 * Escape or a click outside closes it.
 */
export function MultiSelect<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly MultiSelectOption<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const chosen = options.filter((o) => value.includes(o.value));
  const summary = chosen.length === 0 ? 'All' : chosen.length === 1 ? chosen[0]!.label : `${chosen.length} selected`;
  // Kept in the options' order, so the same choice always reads the same.
  const toggle = (v: T) =>
    onChange(options.map((o) => o.value).filter((o) => (o === v ? !value.includes(v) : value.includes(o))));

  return (
    <div className="mw-ws-field mw-ws-multi" ref={root}>
      <span id={labelId}>{label}</span>
      <button
        type="button"
        className="mw-ws-multi__button"
        aria-labelledby={labelId}
        aria-expanded={open}
        aria-controls={listId}
        aria-description={summary}
        onClick={() => setOpen((o) => !o)}
      >
        {summary} ▾
      </button>
      {open && (
        <fieldset id={listId} className="mw-ws-multi__list" aria-labelledby={labelId}>
          {options.map((o) => (
            <label key={o.value} className="mw-ws-check">
              <input type="checkbox" checked={value.includes(o.value)} onChange={() => toggle(o.value)} />
              {o.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
