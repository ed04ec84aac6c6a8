import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../controls/Button';
import { IconButton } from '../controls/IconButton';
import { CheckIcon, CloseIcon } from '../controls/icons';
import { BoundedModal } from '../modal/Modal';
import { ScrollStrip } from '../scroll/ScrollStrip';
import { SearchBox } from '../search-box/SearchBox';
import { matchesSearch, sameSelection, showsSearchBox, toggled, type SelectOption } from './selection';
import './SelectModal.css';

/** Spec section 8: "Empty select list: 'no data'", verbatim. */
export const DEFAULT_NO_DATA_TEXT = 'no data';
export const DEFAULT_NO_RESULTS_TEXT = 'No results';

interface CommonProps {
  title: string;
  options: readonly SelectOption[];
  /** Listed only after the user asks to 'show all'; still shown in the strip when chosen. */
  hiddenOptionIds?: readonly string[];
  /** Offers a search box, shown once there are more than 8 options. */
  searchable?: boolean;
  /** Called after any change has been applied. */
  onClose: () => void;
  noDataText?: string;
}

export interface SingleSelectModalProps extends CommonProps {
  multiple?: false;
  value: string | null;
  /** Called only when the pick differs from `value`. */
  onChange: (id: string | null) => void;
}

export interface MultiSelectModalProps extends CommonProps {
  multiple: true;
  value: readonly string[];
  /** Called on close, only when the chosen set differs from `value`. */
  onChange: (ids: string[]) => void;
}

export type SelectModalProps = SingleSelectModalProps | MultiSelectModalProps;

function asSelection(props: SelectModalProps): string[] {
  if (props.multiple) return [...props.value];
  return props.value === null ? [] : [props.value];
}

/**
 * Picks one or several options in a bounded modal: chosen items sit in a strip above the list,
 * a single pick closes at once, several are applied when the modal closes, and nothing is
 * reported unless the choice actually changed.
 */
export function SelectModal(props: SelectModalProps) {
  const {
    title,
    options,
    hiddenOptionIds = [],
    searchable = false,
    onClose,
    noDataText = DEFAULT_NO_DATA_TEXT,
  } = props;
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [original] = useState(() => asSelection(props));
  const [chosen, setChosen] = useState(original);
  const [term, setTerm] = useState('');
  const [showingAll, setShowingAll] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Position of a chip just removed: its button is gone, and focus must not fall out of the modal.
  const refocusChipAt = useRef<number | null>(null);

  const hidden = new Set(hiddenOptionIds);
  const hasHidden = !showingAll && options.some((option) => hidden.has(option.id));
  const withSearch = showsSearchBox(searchable, options.length);
  const listed = options.filter(
    (option) => (showingAll || !hidden.has(option.id)) && (!withSearch || matchesSearch(option, term)),
  );
  const labelOf = (id: string) => options.find((option) => option.id === id)?.value ?? id;
  // The one option in the tab order: the last one focused, else the first chosen, else the first.
  const tabStopId =
    listed.find((option) => option.id === activeId)?.id ??
    listed.find((option) => chosen.includes(option.id))?.id ??
    listed[0]?.id;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    listRef.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
  }, [activeId]);

  useEffect(() => {
    const index = refocusChipAt.current;
    if (index === null) return;
    refocusChipAt.current = null;
    const removeButtons = bodyRef.current?.querySelectorAll<HTMLElement>('.mw-select-modal__chip button') ?? [];
    const next = removeButtons[Math.min(index, removeButtons.length - 1)];
    (next ?? searchRef.current ?? listRef.current)?.focus();
  }, [chosen]);

  const removeChosen = (id: string) => {
    refocusChipAt.current = chosen.indexOf(id);
    setChosen((current) => current.filter((chosenId) => chosenId !== id));
  };

  const finish = (selection: readonly string[]) => {
    if (!sameSelection(original, selection)) {
      if (props.multiple) props.onChange([...selection]);
      else props.onChange(selection[0] ?? null);
    }
    onClose();
  };

  const pick = (id: string) => {
    setActiveId(id);
    if (props.multiple) setChosen((current) => toggled(current, id));
    else finish([id]);
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = listed.findIndex((option) => option.id === tabStopId);
    const target = (() => {
      switch (event.key) {
        case 'ArrowDown':
          return listed[Math.min(index + 1, listed.length - 1)];
        case 'ArrowUp':
          return listed[Math.max(index - 1, 0)];
        case 'Home':
          return listed[0];
        case 'End':
          return listed[listed.length - 1];
        default:
          return undefined;
      }
    })();
    if (target) {
      event.preventDefault();
      moveFocus.current = true;
      setActiveId(target.id);
    } else if ((event.key === 'Enter' || event.key === ' ') && tabStopId !== undefined) {
      event.preventDefault();
      pick(tabStopId);
    }
  };

  const emptyText = options.length === 0 ? noDataText : DEFAULT_NO_RESULTS_TEXT;

  return (
    <BoundedModal
      title={title}
      onDismiss={() => finish(chosen)}
      initialFocusRef={withSearch ? searchRef : listRef}
      footer={
        props.multiple ? (
          <Button variant="primary" onClick={() => finish(chosen)}>
            Done
          </Button>
        ) : undefined
      }
    >
      <div ref={bodyRef} className="mw-select-modal">
        {chosen.length > 0 && (
          <ScrollStrip label="Chosen" className="mw-select-modal__chosen">
            {chosen.map((id) => (
              <span key={id} className="mw-select-modal__chip">
                <span className="mw-select-modal__chip-label">{labelOf(id)}</span>
                <IconButton label={`Remove ${labelOf(id)}`} icon={<CloseIcon />} onClick={() => removeChosen(id)} />
              </span>
            ))}
          </ScrollStrip>
        )}
        {withSearch && (
          <SearchBox
            inputRef={searchRef}
            label="Search"
            placeholder="Search"
            controls={listId}
            // A short list in memory filters as fast as the user types.
            debounceMs={0}
            value={term}
            onSearch={setTerm}
            onKeyDown={(event) => {
              // Down from the search box goes into the results, as in a combobox.
              if (event.key !== 'ArrowDown') return;
              event.preventDefault();
              listRef.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
            }}
          />
        )}
        {listed.length === 0 ? (
          <p className="mw-select-modal__empty" role="status">
            {emptyText}
          </p>
        ) : (
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={title}
            aria-multiselectable={props.multiple || undefined}
            className="mw-select-modal__list"
            // Focus sits on an option; the list takes it only to pass it on (initial focus).
            tabIndex={-1}
            onFocus={(event) => {
              if (event.target === event.currentTarget)
                event.currentTarget.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
            }}
            onKeyDown={onListKeyDown}
          >
            {listed.map((option) => {
              const selected = chosen.includes(option.id);
              return (
                <li
                  key={option.id}
                  role="option"
                  aria-selected={selected}
                  tabIndex={option.id === tabStopId ? 0 : -1}
                  className={['mw-select-modal__option', selected && 'mw-select-modal__option--selected']
                    .filter(Boolean)
                    .join(' ')}
                  onClick={() => pick(option.id)}
                >
                  <span className="mw-select-modal__check" aria-hidden="true">
                    {selected && <CheckIcon />}
                  </span>
                  {option.value}
                </li>
              );
            })}
          </ul>
        )}
        {hasHidden && (
          <Button variant="ghost" className="mw-select-modal__show-all" onClick={() => setShowingAll(true)}>
            show all
          </Button>
        )}
      </div>
    </BoundedModal>
  );
}
