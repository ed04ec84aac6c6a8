import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { IconButton } from '../controls/IconButton';
import { CloseIcon } from '../controls/icons';
import './SearchBox.css';

/** Spec section 9: the keyboard debounce default. */
export const DEFAULT_SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  /** The term to show. A new value from outside replaces what was typed, without being reported back. */
  value?: string;
  /** Receives the trimmed term once typing pauses, and '' at once when the box is cleared. */
  onSearch: (term: string) => void;
  /** How long typing must pause before the term is reported; 0 reports every keystroke. */
  debounceMs?: number;
  placeholder?: string;
  /** The accessible name; also shown above the box when showLabel is set. */
  label: string;
  showLabel?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** The input itself, for an owner that moves focus to it (a modal's first focus). */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The id of the list the box filters, announced as what it controls. */
  controls?: string;
  /** Keys the box does not use itself (Enter and Escape with text are its own), e.g. ArrowDown into results. */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * A search input that reports trimmed terms, debounced so a list is not filtered on every keystroke.
 * Enter searches at once; Escape or the clear button empties the box and reports '' at once.
 */
export function SearchBox({
  value = '',
  onSearch,
  debounceMs = DEFAULT_SEARCH_DEBOUNCE_MS,
  placeholder,
  label,
  showLabel = false,
  disabled = false,
  id,
  className,
  inputRef: givenInputRef,
  controls,
  onKeyDown,
}: SearchBoxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const ownInputRef = useRef<HTMLInputElement>(null);
  const inputRef = givenInputRef ?? ownInputRef;
  const [text, setText] = useState(value);
  const [valueShown, setValueShown] = useState(value);
  const lastReported = useRef(value.trim());
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // An owner that echoes each reported term back as its value must not eat the space the user
  // just typed before the next word: the text already stands for that term.
  if (value !== valueShown) {
    setValueShown(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    // The owner already knows a term it set itself; only what the user types is news to it.
    lastReported.current = value.trim();
  }, [value]);

  // A term reported after the box is gone would filter a list nobody is looking at any more.
  useEffect(() => () => clearTimeout(pending.current), []);

  const report = (term: string) => {
    clearTimeout(pending.current);
    // Spaces and retyping the same word change nothing worth searching again for.
    if (term === lastReported.current) return;
    lastReported.current = term;
    onSearch(term);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    clearTimeout(pending.current);
    if (debounceMs <= 0) report(next.trim());
    else pending.current = setTimeout(() => report(next.trim()), debounceMs);
  };

  const clear = () => {
    clearTimeout(pending.current);
    setText('');
    lastReported.current = '';
    onSearch('');
    inputRef.current?.focus();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter means "search now", not "submit the form this box happens to sit in".
      event.preventDefault();
      report(text.trim());
    } else if (event.key === 'Escape' && text !== '') {
      // The first Escape empties the box; only an Escape on an empty box may close a surrounding modal.
      event.preventDefault();
      event.stopPropagation();
      clear();
    } else {
      onKeyDown?.(event);
    }
  };

  return (
    <div className={['mw-search-box', className].filter(Boolean).join(' ')}>
      <label className={showLabel ? 'mw-search-box__label' : 'mw-visually-hidden'} htmlFor={inputId}>
        {label}
      </label>
      <div className="mw-search-box__control">
        <svg className="mw-search-box__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6" />
          <path d="M20 20l-4.5-4.5" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className="mw-search-box__input"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-controls={controls}
          onChange={onInputChange}
          onKeyDown={onInputKeyDown}
        />
        {text !== '' && !disabled && (
          <IconButton
            className="mw-search-box__clear"
            label="Clear search"
            icon={<CloseIcon />}
            aria-controls={inputId}
            onClick={clear}
          />
        )}
      </div>
    </div>
  );
}
