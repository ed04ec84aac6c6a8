/**
 * An inspection's header form, survey video (playing the observations linked to its moments, from
 * its list and from the observations grid), observations (with the search feature's observation
 * search, and each saved observation's gallery in its form), connected subjects and gallery, as the
 * office's review and the crew's inspection both show them.
 */
import type { ObservationItem } from '@manway/core/api/observations';
import { useGetRecordsOfInspectionQuery } from '../features/forms/api/records';
import { ConnectedSubjects } from '../features/forms/components/ConnectedSubjects';
import { InspectionObservations } from '../features/forms/components/InspectionObservations';
import { ObjectForm } from '../features/forms/components/ObjectForm';
import type { InspectionReviewSlots } from '../features/inspections/components/InspectionReview';
import {
  InspectionVideo,
  InspectionVideoProvider,
  PlayObservationButton,
  useInspectionVideo,
} from '../features/media/components/InspectionVideo';
import { MediaSection } from '../features/media/components/MediaSection';
import { ObservationSearch } from '../features/search/components/ObservationSearch';

/** A saved observation's files, in its form. */
export const observationMedia = (id: number) => (
  <MediaSection key={`media:Observation:${id}`} object={{ type: 'Observation', id }} defaultOpen />
);

/** "Play at m:ss" in the row of an observation linked to the inspection's video. */
const playObservation = (item: ObservationItem) => (
  <PlayObservationButton observationId={item.id} name={`observation ${String(item.values.sequence ?? '')}`} />
);

/** The video above the observations; the grid's rows get their Play action once a video links any. */
function VideoAndObservations({ inspectionId }: { inspectionId: number }) {
  const records = useGetRecordsOfInspectionQuery(inspectionId);
  const video = useInspectionVideo();
  return (
    <>
      <InspectionVideo observations={records.data} />
      <InspectionObservations
        inspectionId={inspectionId}
        search={<ObservationSearch inspectionId={inspectionId} title="Observations of this inspection" />}
        renderObservationMedia={observationMedia}
        renderObservationActions={video?.hasLinks ? playObservation : undefined}
      />
    </>
  );
}

export const INSPECTION_VIEWS: Required<InspectionReviewSlots> = {
  renderHeaderForm: (id) => <ObjectForm key={`Inspection:${id}`} object={{ type: 'Inspection', id }} showTitle />,
  renderObservations: (id) => (
    <InspectionVideoProvider key={`video:${id}`} inspectionId={id}>
      <VideoAndObservations inspectionId={id} />
      <ConnectedSubjects key={`subjects:Inspection:${id}`} parent={{ type: 'Inspection', id }} />
      <MediaSection key={`media:Inspection:${id}`} object={{ type: 'Inspection', id }} defaultOpen />
    </InspectionVideoProvider>
  ),
};
