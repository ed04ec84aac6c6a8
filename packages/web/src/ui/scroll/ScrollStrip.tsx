import type { ReactNode } from 'react';
import { IconButton } from '../controls/IconButton';
import { ChevronLeftIcon, ChevronRightIcon } from '../controls/icons';
import { useHorizontalScrollStrip } from './useScrollEdges';
import './ScrollStrip.css';

export interface ScrollStripProps {
  /** Names the strip for screen readers, e.g. "Chosen items". */
  label: string;
  scrollLeftLabel?: string;
  scrollRightLabel?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A single row that scrolls sideways, with arrows that appear once it overflows. Keyboard users
 * reach every item with Tab, which scrolls it into view; the arrows serve pointer and touch.
 */
export function ScrollStrip({
  label,
  scrollLeftLabel = 'Scroll left',
  scrollRightLabel = 'Scroll right',
  className,
  children,
}: ScrollStripProps) {
  const { viewportRef, overflowing, canScrollLeft, canScrollRight, scrollLeft, scrollRight } =
    useHorizontalScrollStrip<HTMLDivElement>();
  return (
    <div role="group" aria-label={label} className={['mw-scroll-strip', className].filter(Boolean).join(' ')}>
      {overflowing && (
        <IconButton label={scrollLeftLabel} icon={<ChevronLeftIcon />} disabled={!canScrollLeft} onClick={scrollLeft} />
      )}
      <div ref={viewportRef} className="mw-scroll-strip__viewport">
        {children}
      </div>
      {overflowing && (
        <IconButton
          label={scrollRightLabel}
          icon={<ChevronRightIcon />}
          disabled={!canScrollRight}
          onClick={scrollRight}
        />
      )}
    </div>
  );
}
