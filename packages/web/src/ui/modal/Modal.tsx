import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type TouchEvent } from 'react';
import './Modal.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

export interface ModalProps {
  /** Id of the element that names the dialog, usually its heading. */
  labelledBy: string;
  describedBy?: string;
  /** alertdialog for questions that interrupt the user, dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Escape, or a click or tap outside the dialog. */
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * A modal window: focus moves in when it opens, stays inside while it is open (Tab and Shift+Tab
 * wrap) and returns to where it was when it closes.
 */
export function Modal({ labelledBy, describedBy, role = 'dialog', onDismiss, children }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (focusableIn(panel)[0] ?? panel)?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onDismiss();
  };

  const onBackdropTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // Without this the browser's follow-up click would land on whatever lies under the closed dialog.
    event.preventDefault();
    onDismiss();
  };

  return (
    <div className="mw-dialog-backdrop" onClick={onBackdropClick} onTouchEnd={onBackdropTouchEnd}>
      <div
        ref={panelRef}
        className="mw-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
