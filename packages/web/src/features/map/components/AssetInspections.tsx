import { useState, type ReactNode } from 'react';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { InspectionSummary } from '@manway/core/api/work';
import { Button } from '../../../ui/controls/Button';
import { formatDate } from '../../../ui/date-time/DateTimeText';
import { useDateLocale } from '../../../ui/date-time/dateLocale';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetAssetInspectionsQuery } from '../api/assetInspections';

const STATUS_LABELS: Record<InspectionSummary['status'], string> = {
  incomplete: 'Incomplete',
  pending: 'Pending',
  completed: 'Completed',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The inspections of the asset in its details, newest first; one of them opens what the edition
 * offers for an inspection's observations (the observation search).
 */
export function AssetInspections({
  object,
  renderObservations,
}: {
  object: ObjectDetails;
  renderObservations?(inspection: InspectionSummary, title: string): ReactNode;
}) {
  const locale = useDateLocale();
  const { currentData: inspections, isError: failed } = useGetAssetInspectionsQuery(
    { type: object.type, id: object.id },
    { refetchOnMountOrArgChange: true },
  );
  const [openId, setOpenId] = useState<number | null>(null);

  const dateOf = (i: InspectionSummary) => formatDate(new Date(i.inspectedAt), locale);
  const open = inspections?.find((i) => i.id === openId);

  return (
    <section className="mw-map-inspections" aria-labelledby="mw-inspections-title" data-testid="asset-inspections">
      <h3 id="mw-inspections-title" className="mw-map-inspections__title">
        Inspections{inspections ? ` (${inspections.length})` : ''}
      </h3>
      {failed ? (
        <p className="mw-map-page__message" role="alert">
          The inspections could not be loaded.
        </p>
      ) : !inspections ? (
        <LoadingStatus />
      ) : inspections.length === 0 ? (
        <p className="mw-map-inspections__empty">No inspections</p>
      ) : (
        <ul className="mw-map-inspections__list">
          {inspections.map((i) => (
            <li key={i.id} className="mw-map-inspections__item" data-testid="asset-inspection">
              <div className="mw-map-inspections__facts">
                <strong>{dateOf(i)}</strong>
                <span>
                  {[
                    STATUS_LABELS[i.status],
                    i.standardId,
                    i.direction,
                    i.lengthSurveyedM === null ? null : `${i.lengthSurveyedM} m surveyed`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span>{plural(i.observationCount, 'observation')}</span>
              </div>
              {renderObservations && (
                <Button
                  variant={openId === i.id ? 'primary' : 'secondary'}
                  aria-expanded={openId === i.id}
                  aria-label={`Observations of the inspection of ${dateOf(i)}`}
                  onClick={() => setOpenId(openId === i.id ? null : i.id)}
                >
                  Observations
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && renderObservations?.(open, `Observations of the inspection of ${dateOf(open)}`)}
    </section>
  );
}
