/**
 * The office's review of inspections: the inspections feature's lists and review, with the forms
 * feature's views of an inspection (its header form, its observations with their photos and the
 * subjects connected to it) and the search feature's observation search, as the map shows them,
 * and the reports feature's Report… on an inspection and on the inspections selected in a list.
 */
import { InspectionsPage } from '../../features/inspections/components/InspectionsPage';
import { INSPECTION_VIEWS } from '../inspectionViews';
import { inspectionReport, selectedInspectionsReport } from '../reportActions';

export function OfficeInspectionsPage() {
  return (
    <InspectionsPage
      {...INSPECTION_VIEWS}
      renderInspectionActions={inspectionReport}
      renderSelectionActions={selectedInspectionsReport}
    />
  );
}
