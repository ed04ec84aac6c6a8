/**
 * The office's review of inspections: the inspections feature's lists and review, with the forms
 * feature's views of an inspection (its header form, its observations with their photos and the
 * subjects connected to it) and the search feature's observation search, as the map shows them.
 */
import { ConnectedSubjects } from '../../features/forms/components/ConnectedSubjects';
import { InspectionObservations } from '../../features/forms/components/InspectionObservations';
import { ObjectForm } from '../../features/forms/components/ObjectForm';
import { InspectionsPage } from '../../features/inspections/components/InspectionsPage';
import { ObservationSearch } from '../../features/search/components/ObservationSearch';

export function OfficeInspectionsPage() {
  return (
    <InspectionsPage
      renderHeaderForm={(id) => <ObjectForm key={`Inspection:${id}`} object={{ type: 'Inspection', id }} showTitle />}
      renderObservations={(id) => (
        <>
          <InspectionObservations
            key={`observations:${id}`}
            inspectionId={id}
            search={<ObservationSearch key={id} inspectionId={id} title="Observations of this inspection" />}
          />
          <ConnectedSubjects key={`subjects:Inspection:${id}`} parent={{ type: 'Inspection', id }} />
        </>
      )}
    />
  );
}
