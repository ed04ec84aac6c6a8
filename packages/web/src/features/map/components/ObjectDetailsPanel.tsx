import type { ReactNode } from 'react';
import type { ObjectDetails } from '@manway/core/api/objects';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus } from '../../../ui/Spinner';

/** "sizeMm" → "Size mm", "header.weather" → "Header weather". */
export function propertyLabel(name: string): string {
  const words = name
    .replace(/\./g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: ObjectDetails['properties'][string]): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Everything GET api/objects/{type}/{id} tells about the selected asset, and what other features add. */
export function ObjectDetailsPanel({
  details,
  onClose,
  body,
  children,
}: {
  details: ObjectDetails | null;
  onClose(): void;
  /** Shown in place of the list of properties, when the edition draws them its own way. */
  body?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <aside className="mw-map-details" aria-labelledby="mw-details-title" data-testid="object-details">
      <header className="mw-map-card__header">
        <h2 id="mw-details-title" className="mw-map-card__title">
          {details ? `${details.type} ${details.readableId}` : 'Details'}
        </h2>
        <Button variant="ghost" aria-label="Close details" onClick={onClose}>
          ✕
        </Button>
      </header>
      {details && body !== undefined ? (
        body
      ) : details ? (
        <dl className="mw-map-card__facts mw-map-details__facts">
          {details.subtype && (
            <div className="mw-map-details__row">
              <dt>Subtype</dt>
              <dd>{details.subtype.label}</dd>
            </div>
          )}
          {Object.entries(details.properties)
            .filter(([name]) => name !== 'subtype')
            .map(([name, value]) => (
              <div key={name} className="mw-map-details__row">
                <dt>{propertyLabel(name)}</dt>
                <dd>{valueText(value)}</dd>
              </div>
            ))}
        </dl>
      ) : (
        <LoadingStatus />
      )}
      {children}
    </aside>
  );
}
