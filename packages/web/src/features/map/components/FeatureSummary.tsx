import type { ReactNode } from 'react';
import { Button } from '../../../ui/controls/Button';
import type { SelectedFeature } from '../selection';
import { gradeStyle, subtypeLabel } from '../styleTable';

const dash = '—';

/** The clicked feature at a glance, with the way to everything about it. */
export function FeatureSummary({
  feature,
  actions,
  onOpenDetails,
  onClose,
}: {
  feature: SelectedFeature;
  /** What the edition offers beside Open details (Share…). */
  actions?: ReactNode;
  onOpenDetails(): void;
  onClose(): void;
}) {
  const p = feature.properties;
  const grade = gradeStyle(p.conditionGrade);
  return (
    <section className="mw-map-card" aria-labelledby="mw-summary-title" data-testid="feature-summary">
      <header className="mw-map-card__header">
        <h2 id="mw-summary-title" className="mw-map-card__title">
          {p.assetId}
        </h2>
        <Button variant="ghost" aria-label="Close summary" onClick={onClose}>
          ✕
        </Button>
      </header>
      <dl className="mw-map-card__facts">
        <dt>Asset ID</dt>
        <dd>{p.assetId}</dd>
        <dt>Type</dt>
        <dd>{feature.layer}</dd>
        <dt>Subtype</dt>
        <dd>{subtypeLabel(feature.layer, p.subtype)}</dd>
        <dt>Material</dt>
        <dd>{p.material ?? dash}</dd>
        <dt>Size</dt>
        <dd>{p.sizeMm === null ? dash : `${p.sizeMm} mm`}</dd>
        <dt>Condition</dt>
        <dd>
          <span className="mw-grade-dot" style={{ background: grade.colour }} aria-hidden="true" />
          {grade.label}
        </dd>
      </dl>
      <div className="mw-map-card__actions">
        <Button variant="primary" onClick={onOpenDetails}>
          Open details
        </Button>
        {actions}
      </div>
    </section>
  );
}
