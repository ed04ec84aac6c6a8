import { useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { clampPageNumber, keepDigits } from './pageNumber';
import './Pager.css';

export interface PagerProps {
  /** Zero-based, as TanStack Table and the server count pages; the pager shows it plus one. */
  pageIndex: number;
  pageCount: number;
  /** Called with the zero-based index of the page the user asked for. */
  onPageChange: (pageIndex: number) => void;
  /** Adds 'First page' and 'Last page' buttons beside previous and next. */
  showFirstAndLast?: boolean;
  /** Replaces the page number with a box the user can type a page number into (applied on Enter). */
  allowManualEntry?: boolean;
  /** Names the navigation landmark; give each pager on a screen its own name. */
  label?: string;
  disabled?: boolean;
}

type Direction = 'first' | 'previous' | 'next' | 'last';

const ARROW_PATHS: Record<Direction, string> = {
  first: 'M11 4 7 8l4 4M6 4v8',
  previous: 'M10 4 6 8l4 4',
  next: 'M6 4l4 4-4 4',
  last: 'M5 4l4 4-4 4M10 4v8',
};

function Arrow({ direction }: { direction: Direction }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d={ARROW_PATHS[direction]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PagerButton({
  label,
  direction,
  disabled,
  onClick,
}: {
  label: string;
  direction: Direction;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="mw-pager__button" aria-label={label} disabled={disabled} onClick={onClick}>
      <Arrow direction={direction} />
    </button>
  );
}

/** 'N of M' with arrows to move between pages (spec section 2), and optionally a typed page number. */
export function Pager({
  pageIndex,
  pageCount,
  onPageChange,
  showFirstAndLast = false,
  allowManualEntry = false,
  label = 'Pagination',
  disabled = false,
}: PagerProps) {
  // An empty result still shows as page 1 of 1 rather than the puzzling '1 of 0'.
  const lastIndex = Math.max(pageCount, 1) - 1;
  const currentIndex = Math.min(Math.max(pageIndex, 0), lastIndex);
  const atStart = disabled || currentIndex === 0;
  const atEnd = disabled || currentIndex === lastIndex;

  const goTo = (index: number) => {
    if (index !== currentIndex) onPageChange(index);
  };

  let position: ReactNode;
  if (allowManualEntry) {
    position = (
      <ManualPageEntry
        currentPageNumber={currentIndex + 1}
        pageCount={lastIndex + 1}
        disabled={disabled}
        onCommit={(pageNumber) => goTo(pageNumber - 1)}
      />
    );
  } else {
    position = <span className="mw-pager__current">{currentIndex + 1}</span>;
  }

  return (
    <nav className="mw-pager" aria-label={label}>
      {showFirstAndLast && (
        <PagerButton label="First page" direction="first" disabled={atStart} onClick={() => goTo(0)} />
      )}
      <PagerButton
        label="Previous page"
        direction="previous"
        disabled={atStart}
        onClick={() => goTo(currentIndex - 1)}
      />
      <span className="mw-pager__position">
        {/* Real spaces, so assistive technology reads '3 of 7' rather than '3of7'. */}
        {position} <span className="mw-pager__of">of</span> <span className="mw-pager__count">{lastIndex + 1}</span>
      </span>
      <PagerButton label="Next page" direction="next" disabled={atEnd} onClick={() => goTo(currentIndex + 1)} />
      {showFirstAndLast && (
        <PagerButton label="Last page" direction="last" disabled={atEnd} onClick={() => goTo(lastIndex)} />
      )}
    </nav>
  );
}

function ManualPageEntry({
  currentPageNumber,
  pageCount,
  disabled,
  onCommit,
}: {
  currentPageNumber: number;
  pageCount: number;
  disabled: boolean;
  onCommit: (pageNumber: number) => void;
}) {
  // null while the user is not typing, so the box follows page changes made with the arrows.
  const [draft, setDraft] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => setDraft(keepDigits(event.target.value));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft !== null) onCommit(clampPageNumber(draft, currentPageNumber, pageCount));
      setDraft(null);
    } else if (event.key === 'Escape' && draft !== null) {
      event.stopPropagation();
      setDraft(null);
    }
  };

  return (
    <input
      className="mw-pager__input mw-compact-input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      aria-label="Page number"
      // Wide enough for the largest page number, so the box does not jump as pages change.
      size={Math.max(String(pageCount).length, 2)}
      value={draft ?? String(currentPageNumber)}
      disabled={disabled}
      onChange={onChange}
      onKeyDown={onKeyDown}
      onBlur={() => setDraft(null)}
    />
  );
}
