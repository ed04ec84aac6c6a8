import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import './DropdownMenu.css';

export interface DropdownMenuItem {
  id: string;
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
}

export interface DropdownMenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** The trigger's accessible name when it shows only an icon. */
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  items: readonly DropdownMenuItem[];
  /** True holds the menu open whatever the trigger says, for guided tours and walkthroughs. */
  visible?: boolean;
  /** Every open and close by the user: trigger, item, Escape, Tab away or a click outside. */
  onToggle?: (open: boolean) => void;
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
}

type FocusTarget = 'first' | 'last';

// Disabled items stay reachable (WAI-ARIA menu pattern) so a screen reader can say they exist.
function itemsIn(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

function focusItemIn(menu: HTMLElement | null, target: FocusTarget) {
  const candidates = itemsIn(menu);
  (target === 'first' ? candidates[0] : candidates[candidates.length - 1])?.focus();
}

/** A menu button (WAI-ARIA menu button pattern): the trigger opens a list of actions. */
export function DropdownMenu({
  trigger,
  triggerLabel,
  triggerVariant = 'secondary',
  items,
  visible = false,
  onToggle,
  align = 'start',
  className,
}: DropdownMenuProps) {
  const triggerId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<FocusTarget | null>(null);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = visible || ownOpen;

  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onToggle?.(next);
  };

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusItemIn(menuRef.current, focusOnOpen.current);
    focusOnOpen.current = null;
  }, [open]);

  // Read through a ref so the document listener is attached once per opening and sees fresh props.
  const closeFromOutside = useRef(() => undefined as void);
  useEffect(() => {
    closeFromOutside.current = () => {
      if (ownOpen) setOpen(false);
    };
  });
  useEffect(() => {
    if (!open) return;
    // Same rule as the modals: a click or a tap outside closes.
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      closeFromOutside.current();
    };
    document.addEventListener('click', onOutside);
    document.addEventListener('touchend', onOutside);
    return () => {
      document.removeEventListener('click', onOutside);
      document.removeEventListener('touchend', onOutside);
    };
  }, [open]);

  const closeAndReturnFocus = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const openWithFocus = (target: FocusTarget) => {
    // A menu already on screen (held by `visible`) takes focus now; a closed one once it has rendered.
    if (open) focusItemIn(menuRef.current, target);
    else focusOnOpen.current = target;
    if (!ownOpen) setOpen(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWithFocus(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onTriggerClick = () => {
    if (ownOpen) {
      setOpen(false);
      return;
    }
    openWithFocus('first');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const candidates = itemsIn(menuRef.current);
    const current = candidates.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => candidates[(index + candidates.length) % candidates.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        // Handled here so a modal around the menu stays open.
        event.preventDefault();
        event.stopPropagation();
        closeAndReturnFocus();
        break;
      case 'Tab':
        // Focus moves on to the next control as usual; the menu just gets out of the way.
        setOpen(false);
        break;
    }
  };

  const select = (item: DropdownMenuItem) => {
    if (item.disabled) return;
    closeAndReturnFocus();
    item.onSelect();
  };

  return (
    <div ref={rootRef} className={['mw-dropdown', className].filter(Boolean).join(' ')}>
      <Button
        ref={triggerRef}
        id={triggerId}
        variant={triggerVariant}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          className={`mw-dropdown__menu mw-dropdown__menu--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <li
              key={item.id}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              className="mw-dropdown__item"
              onClick={() => select(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  select(item);
                }
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
