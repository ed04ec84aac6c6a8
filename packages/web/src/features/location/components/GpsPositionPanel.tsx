import { useState } from 'react';
import type { UserLocationFix } from '@manway/core/api/locations';
import type { CoordinateFormat } from '@manway/core/coordinates-format';
import { Button } from '../../../ui/controls/Button';
import { FAILURE_TEXTS, gpsDetailRows, type GeolocationFailure } from '../positionFix';

export interface GpsPositionPanelProps {
  fix: UserLocationFix | null;
  failure: GeolocationFailure | null;
  sendFailed: boolean;
  format: CoordinateFormat;
  onCentre(): void;
  onClose(): void;
}

/** GPS position details: where the device is, how sure it is, and every receiver field. */
export function GpsPositionPanel({ fix, failure, sendFailed, format, onCentre, onClose }: GpsPositionPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const rows = fix ? gpsDetailRows(fix, format) : [];
  // Position and accuracy always; the receiver's fields on request, they are long.
  const shown = expanded ? rows : rows.filter(([label]) => ['Latitude', 'Longitude', 'Accuracy'].includes(label));
  return (
    <section className="mw-gps-panel" aria-labelledby="mw-gps-title" data-testid="gps-position">
      <header className="mw-map-card__header">
        <h2 id="mw-gps-title" className="mw-map-card__title">
          GPS position
        </h2>
        <Button variant="ghost" aria-label="Stop showing my location" onClick={onClose}>
          ✕
        </Button>
      </header>
      {failure && (
        <p className="mw-gps-panel__message" role={failure === 'timeout' ? 'status' : 'alert'}>
          {FAILURE_TEXTS[failure]}
        </p>
      )}
      {!fix && !failure && (
        <p className="mw-gps-panel__message" role="status">
          Finding your position…
        </p>
      )}
      {fix && (
        <>
          <dl className="mw-map-card__facts mw-gps-panel__facts">
            {shown.map(([label, value]) => (
              <div key={label} className="mw-map-details__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {sendFailed && (
            <p className="mw-gps-panel__message" role="status">
              Your position could not be sent to the server; it is tried again with the next fix.
            </p>
          )}
          <div className="mw-gps-panel__actions">
            <Button onClick={onCentre}>Centre on me</Button>
            <Button variant="ghost" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Fewer details' : 'All details'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
