/** An inspection of the crew's outside any task (an asset picked on the map or by its id), with Report…. */
import { Link, useParams } from 'react-router';
import { CrewInspection } from '../../features/inspections/components/CrewInspection';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import { INSPECTION_VIEWS } from '../inspectionViews';
import { inspectionReport } from '../reportActions';
import { objectIdParam } from './InspectTaskPage';
import './inspect.css';

export function InspectInspectionPage() {
  const inspectionId = objectIdParam(useParams().inspectionId);
  if (inspectionId === null) return <NotFoundPage />;
  return (
    <div className="mw-inspect-page">
      <Link to="/" className="mw-inspect-page__back">
        ← My work
      </Link>
      <CrewInspection
        key={inspectionId}
        inspectionId={inspectionId}
        pageHeading
        {...INSPECTION_VIEWS}
        renderInspectionActions={inspectionReport}
      />
    </div>
  );
}
