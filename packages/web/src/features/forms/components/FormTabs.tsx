import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface FormTabItem {
  id: string;
  label: string;
}

/** Keys that move between tabs, as the ARIA tabs pattern has them. */
function nextIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A form's tabs: one tab stop for the list (roving focus), arrows and Home/End move and open the
 * tab, as the WAI-ARIA tabs pattern with automatic activation does. A single tab shows no list.
 */
export function FormTabs({
  label,
  tabs,
  activeId,
  onSelect,
  withErrors = [],
  children,
}: {
  label: string;
  tabs: readonly FormTabItem[];
  activeId: string;
  onSelect(id: string): void;
  /** Tabs holding a field with an error shown, marked so the user can find it. */
  withErrors?: readonly string[];
  children: ReactNode;
}) {
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  if (tabs.length <= 1) return <div className="mw-form__panel">{children}</div>;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = nextIndex(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="mw-form__tabs">
        {tabs.map((tab, index) => {
          const selected = tab.id === activeId;
          const hasErrors = withErrors.includes(tab.id);
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={`mw-form__tab${selected ? ' mw-form__tab--selected' : ''}${hasErrors ? ' mw-form__tab--errors' : ''}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
              {hasErrors && <span className="mw-visually-hidden"> (has errors)</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeId)} className="mw-form__panel">
        {children}
      </div>
    </>
  );
}
