/**
 * The crew's lists of incomplete, pending and completed inspections: the inspections feature's
 * lists, whose rows open the crew's own page of an inspection (Complete, Take back) rather than the
 * office's review.
 */
import { InspectionsPage } from '../../features/inspections/components/InspectionsPage';

const crewPage = (_group: string, row: { id: number }) => `/inspections/${row.id}`;

export function InspectInspectionsPage() {
  return <InspectionsPage inspectionHref={crewPage} />;
}
