/**
 * An inspection's header form, observations (with the search feature's observation search) and
 * connected subjects, as the office's review and the crew's inspection both show them.
 */
import { ConnectedSubjects } from '../features/forms/components/ConnectedSubjects';
import { InspectionObservations } from '../features/forms/components/InspectionObservations';
import { ObjectForm } from '../features/forms/components/ObjectForm';
import type { InspectionReviewSlots } from '../features/inspections/components/InspectionReview';
import { ObservationSearch } from '../features/search/components/ObservationSearch';

export const INSPECTION_VIEWS: Required<InspectionReviewSlots> = {
  renderHeaderForm: (id) => <ObjectForm key={`Inspection:${id}`} object={{ type: 'Inspection', id }} showTitle />,
  renderObservations: (id) => (
    <>
      <InspectionObservations
        key={`observations:${id}`}
        inspectionId={id}
        search={<ObservationSearch key={id} inspectionId={id} title="Observations of this inspection" />}
      />
      <ConnectedSubjects key={`subjects:Inspection:${id}`} parent={{ type: 'Inspection', id }} />
    </>
  ),
};
