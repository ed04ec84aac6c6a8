import type { ReactNode } from 'react';
import { Button } from '../../../ui/controls/Button';
import { selectionKey, type SelectedFeature, type SelectionKey } from '../selection';
import { LAYER_LABELS, subtypeLabel } from '../styleTable';

export interface SelectionListProps {
  features: readonly SelectedFeature[];
  active: SelectionKey | null;
  /** The spec's 'Selection limit exceeded' notice, with how many the box held. */
  limitText: string | null;
  onOpen(feature: SelectedFeature): void;
  onClear(): void;
  /** What an edition offers to do with the selection, under its heading. */
  actions?: ReactNode;
}

/** What a box selected: one row per feature, the open one marked, and the way to let go of them all. */
export function SelectionList({ features, active, limitText, onOpen, onClear, actions }: SelectionListProps) {
  return (
    <section className="mw-selection" aria-labelledby="mw-selection-title" data-testid="selection-list">
      <header className="mw-selection__header">
        <h2 id="mw-selection-title" className="mw-map__panel-title">
          Selection ({features.length})
        </h2>
        <Button variant="ghost" aria-label="Clear selection" onClick={onClear}>
          Clear
        </Button>
      </header>
      {actions && features.length > 0 && <div className="mw-selection__actions">{actions}</div>}
      {limitText && (
        <div className="mw-selection__limit" role="status">
          <strong>Selection limit exceeded</strong>
          <p>{limitText}</p>
        </div>
      )}
      {features.length === 0 ? (
        <p className="mw-selection__empty">No results</p>
      ) : (
        <ul className="mw-selection__list">
          {features.map((f) => {
            const key = selectionKey(f.layer, f.id);
            return (
              <li key={key}>
                <button
                  type="button"
                  className="mw-selection__row"
                  aria-current={key === active || undefined}
                  onClick={() => onOpen(f)}
                >
                  <span className="mw-selection__id">{f.properties.assetId}</span>
                  <span className="mw-selection__meta">
                    {subtypeLabel(f.layer, f.properties.subtype)} · {LAYER_LABELS[f.layer]}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
