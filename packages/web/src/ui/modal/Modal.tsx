import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type TouchEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../controls/IconButton';
import { CloseIcon } from '../controls/icons';
import './Modal.css';

export const CLOSE_KEY = 'Escape';

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

/** The innermost open modal a DOM node belongs to: nested modals each trap their own focus. */
function owningModal(node: EventTarget | null): Element | null {
  return node instanceof Element ? node.closest('[aria-modal="true"]') : null;
}

export interface ModalProps {
  /** Id of the element that names the modal, usually its heading. */
  labelledBy: string;
  describedBy?: string;
  /** alertdialog for questions that interrupt the user, dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** The close key (Escape), or a click or tap outside the modal. */
  onDismiss: () => void;
  /**
   * Receives focus on opening, unless something inside took it with autoFocus; the first
   * focusable element otherwise.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A modal window: focus moves in when it opens, stays inside while it is open (Tab and Shift+Tab
 * wrap) and returns to where it was when it closes. It is rendered into document.body so a parent
 * with overflow or a transform cannot clip or offset it.
 */
export function Modal({
  labelledBy,
  describedBy,
  role = 'dialog',
  onDismiss,
  initialFocusRef,
  className,
  style,
  children,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // A press that starts inside (selecting text, dragging a slider) and ends on the backdrop still
  // produces a click on the backdrop; only a press that also started there is an outside click.
  const pressStartedOutside = useRef(false);

  // Noted while rendering, before an autoFocus inside the modal can take focus away from it.
  const [returnFocusTo] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const panel = panelRef.current;
    // Content that focused itself (autoFocus) knows better than the first-focusable guess.
    if (!panel?.contains(document.activeElement)) (initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel)?.focus();
    return () => returnFocusTo?.focus();
    // Focus moves in once, when the modal opens; a later change of the ref is not a new opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (owningModal(event.target) !== panelRef.current) return;
    if (event.key === CLOSE_KEY) {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(panelRef.current).filter((item) => owningModal(item) === panelRef.current);
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

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOutside.current = event.target === event.currentTarget;
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    const outside = event.target === event.currentTarget && pressStartedOutside.current;
    pressStartedOutside.current = false;
    if (outside) onDismiss();
  };

  // A touch's events all target the element where it started, so this is a tap that began outside.
  const onBackdropTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // Without this the browser's follow-up click would land on whatever lies under the closed modal.
    event.preventDefault();
    onDismiss();
  };

  const classes = ['mw-dialog', className].filter(Boolean).join(' ');
  return createPortal(
    <div
      className="mw-dialog-backdrop"
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
      onTouchEnd={onBackdropTouchEnd}
    >
      <div
        ref={panelRef}
        className={classes}
        style={style}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

export interface BoundedModalProps extends Omit<ModalProps, 'labelledBy' | 'children'> {
  title: ReactNode;
  /** Stays in view below the scroll area, usually the actions. */
  footer?: ReactNode;
  /** Any CSS length; the viewport still wins on smaller screens. */
  maxWidth?: string;
  maxHeight?: string;
  /** Label of the close button in the header. */
  closeLabel?: string;
  children: ReactNode;
}

export const DEFAULT_BOUNDED_MAX_WIDTH = '40rem';
export const DEFAULT_BOUNDED_MAX_HEIGHT = '80vh';

/**
 * A modal held to a maximum width and height: its title and footer stay put and only the body
 * between them scrolls, so long lists never push the actions off screen.
 */
export function BoundedModal({
  title,
  footer,
  maxWidth = DEFAULT_BOUNDED_MAX_WIDTH,
  maxHeight = DEFAULT_BOUNDED_MAX_HEIGHT,
  closeLabel = 'Close',
  className,
  style,
  children,
  ...modalProps
}: BoundedModalProps) {
  const titleId = useId();
  const boundedStyle = { ...style, '--mw-modal-max-width': maxWidth, '--mw-modal-max-height': maxHeight };
  return (
    <Modal
      {...modalProps}
      labelledBy={titleId}
      className={['mw-dialog--bounded', className].filter(Boolean).join(' ')}
      style={boundedStyle as CSSProperties}
    >
      {/* Plain divs: a header or footer outside any section would be a second page banner or contentinfo. */}
      <div className="mw-dialog__header">
        <h2 id={titleId} className="mw-dialog__title">
          {title}
        </h2>
        <IconButton label={closeLabel} icon={<CloseIcon />} variant="ghost" onClick={modalProps.onDismiss} />
      </div>
      <div className="mw-dialog__body">{children}</div>
      {footer !== undefined && <div className="mw-dialog__footer">{footer}</div>}
    </Modal>
  );
}
