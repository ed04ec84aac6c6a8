import { useEffect, type ReactNode } from 'react';
import type { ObjectDetails } from '@manway/core/api/objects';
import type { InspectionSummary } from '@manway/core/api/work';
import { useGetObjectDetailsQuery } from '../api/objectDetails';
import type { SelectedFeature } from '../selection';
import { MAP_LAYERS } from '../styleTable';
import { AssetInspections } from './AssetInspections';
import { ObjectDetailsPanel } from './ObjectDetailsPanel';

/**
 * The details of the object the user opened, read afresh on opening, with what other features add
 * and the asset's inspections. A failed read closes them: the request has told the user why.
 */
export function OpenObjectDetails({
  object,
  onClose,
  renderBody,
  renderSections,
  renderObservations,
}: {
  object: Pick<SelectedFeature, 'layer' | 'id'>;
  onClose(): void;
  /** Drawn in place of the list of properties (the edition's form of the object). */
  renderBody?(object: ObjectDetails): ReactNode;
  renderSections?(object: ObjectDetails): ReactNode;
  renderObservations?(inspection: InspectionSummary, title: string): ReactNode;
}) {
  const { currentData: details, isError } = useGetObjectDetailsQuery(
    { type: object.layer, id: object.id },
    { refetchOnMountOrArgChange: true },
  );
  useEffect(() => {
    if (isError) onClose();
  }, [isError, onClose]);

  return (
    <ObjectDetailsPanel details={details ?? null} onClose={onClose} body={details && renderBody?.(details)}>
      {details && renderSections?.(details)}
      {details && (MAP_LAYERS as readonly string[]).includes(details.type) && (
        <AssetInspections
          key={`${details.type}:${details.id}`}
          object={details}
          renderObservations={renderObservations}
        />
      )}
    </ObjectDetailsPanel>
  );
}
