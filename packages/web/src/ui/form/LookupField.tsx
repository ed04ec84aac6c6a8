import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LookupValue } from '@manway/core/forms/template';
import { IconButton } from '../controls/IconButton';
import { CloseIcon } from '../controls/icons';
import { useDebouncedCallback } from '../grid/useDebouncedCallback';
import { DEFAULT_SEARCH_DEBOUNCE_MS } from '../search-box/SearchBox';
import { FieldFrame } from './FieldFrame';
import type { FramedFieldProps } from './SelectField';

export type LookupSearchFn = (objectType: string, text: string, assetSubtype?: string) => Promise<LookupValue[]>;

export interface LookupFieldProps extends FramedFieldProps {
  value: LookupValue | null;
  onChange: (value: LookupValue | null) => void;
  /** Absent, the field says it cannot search rather than pretending nothing matched. */
  search?: LookupSearchFn;
  objectType: string;
  assetSubtype?: string;
}

type SearchState =
  { status: 'idle' } | { status: 'searching' } | { status: 'found'; hits: LookupValue[] } | { status: 'failed' };

export const LOOKUP_NO_RESULTS_TEXT = 'No results';
export const LOOKUP_FAILED_TEXT = 'The search failed. Try again.';
export const LOOKUP_UNAVAILABLE_TEXT = 'Search is not available here.';

/**
 * Another object picked by its readable id (a section's end nodes, a lateral's section): typing
 * searches the server once typing pauses, and a hit is picked by click or arrows and Enter.
 */
export function LookupField({ value, onChange, search, objectType, assetSubtype, ...frame }: LookupFieldProps) {
  const listId = useId();
  const [text, setText] = useState(value?.readableId ?? '');
  const [valueShown, setValueShown] = useState(value);
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [activeIndex, setActiveIndex] = useState(-1);
  // Answers can arrive out of order; only the latest search's counts.
  const latestSearch = useRef(0);

  if (value?.id !== valueShown?.id || value?.readableId !== valueShown?.readableId) {
    setValueShown(value);
    setText(value?.readableId ?? '');
  }

  const runSearch = useDebouncedCallback((term: string) => {
    if (!search) return;
    const searchNumber = ++latestSearch.current;
    search(objectType, term, assetSubtype).then(
      (hits) => {
        if (searchNumber === latestSearch.current) setState({ status: 'found', hits });
      },
      () => {
        if (searchNumber === latestSearch.current) setState({ status: 'failed' });
      },
    );
  }, DEFAULT_SEARCH_DEBOUNCE_MS);

  const close = () => {
    latestSearch.current++;
    setState({ status: 'idle' });
    setActiveIndex(-1);
  };

  const onTextChange = (next: string) => {
    setText(next);
    setActiveIndex(-1);
    const term = next.trim();
    if (term === '') {
      close();
      return;
    }
    setState({ status: 'searching' });
    runSearch(term);
  };

  const pick = (hit: LookupValue) => {
    close();
    setText(hit.readableId);
    if (hit.id !== value?.id) onChange(hit);
  };

  const clear = () => {
    close();
    setText('');
    if (value !== null) onChange(null);
  };

  const hits = state.status === 'found' ? state.hits : [];
  const open = state.status !== 'idle';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        if (hits.length === 0) return;
        event.preventDefault();
        setActiveIndex((index) => Math.min(index + 1, hits.length - 1));
        return;
      case 'ArrowUp':
        if (hits.length === 0) return;
        event.preventDefault();
        setActiveIndex((index) => Math.max(index - 1, 0));
        return;
      case 'Enter': {
        const hit = hits[activeIndex];
        if (!hit) return;
        event.preventDefault();
        pick(hit);
        return;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        close();
        setText(value?.readableId ?? '');
        return;
    }
  };

  const statusText = (() => {
    if (!search) return LOOKUP_UNAVAILABLE_TEXT;
    if (state.status === 'searching') return 'Searching…';
    if (state.status === 'failed') return LOOKUP_FAILED_TEXT;
    return hits.length === 0 ? LOOKUP_NO_RESULTS_TEXT : null;
  })();

  return (
    <FieldFrame {...frame}>
      {(control) => (
        <div className="mw-lookup">
          <div className="mw-form-field__with-button">
            <input
              {...control}
              type="text"
              role="combobox"
              autoComplete="off"
              className="mw-field__input"
              value={text}
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
              onChange={(event) => onTextChange(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                // Leaving without a pick puts back the object the field holds.
                close();
                setText(value?.readableId ?? '');
              }}
            />
            {value && <IconButton label={`Clear ${frame.label}`} icon={<CloseIcon />} onClick={clear} />}
          </div>
          {open && (
            <div className="mw-lookup__popup">
              {statusText && (
                <p className="mw-lookup__status" role="status">
                  {statusText}
                </p>
              )}
              <ul id={listId} role="listbox" aria-label={frame.label} className="mw-lookup__hits">
                {hits.map((hit, index) => (
                  <li
                    key={hit.id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={['mw-lookup__hit', index === activeIndex && 'mw-lookup__hit--active']
                      .filter(Boolean)
                      .join(' ')}
                    // Picking on mouse down keeps the input's blur from closing the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      pick(hit);
                    }}
                  >
                    {hit.readableId}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
