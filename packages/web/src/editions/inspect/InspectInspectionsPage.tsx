/**
 * The crew's lists of incomplete, pending and completed inspections: the inspections feature's
 * lists, whose rows open the crew's own page of an inspection (Complete, Take back) rather than the
 * office's review, with the reports feature's Report… on the inspections selected.
 */
import { InspectionsPage } from '../../features/inspections/components/InspectionsPage';
import { selectedInspectionsReport } from '../reportActions';

const crewPage = (_group: string, row: { id: number }) => `/inspections/${row.id}`;

export function InspectInspectionsPage() {
  return <InspectionsPage inspectionHref={crewPage} renderSelectionActions={selectedInspectionsReport} />;
}
