/**
 * A task of the crew's, worked from start to end on one page: the tasks feature's start-info and
 * steps, the session manager beside them, and once created the task's inspection with its header
 * form and observations, completed (or reported on) from here.
 */
import { Link, useParams } from 'react-router';
import { CrewInspection } from '../../features/inspections/components/CrewInspection';
import { SessionManager } from '../../features/inspections/components/SessionManager';
import { TaskWork } from '../../features/tasks/components/TaskWork';
import { assignmentsOf } from '../../features/tasks/taskLabels';
import { NotFoundPage } from '../../shell/pages/NotFoundPage';
import { INSPECTION_VIEWS } from '../inspectionViews';
import { inspectionReport } from '../reportActions';
import './inspect.css';

/** A route parameter that names an object: a positive whole number, else the page does not exist. */
export const objectIdParam = (text: string | undefined) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

export function InspectTaskPage() {
  const taskId = objectIdParam(useParams().taskId);
  if (taskId === null) return <NotFoundPage />;
  return (
    <div className="mw-inspect-page">
      <Link to="/" className="mw-inspect-page__back">
        ← My work
      </Link>
      <TaskWork
        key={taskId}
        taskId={taskId}
        renderAside={({ task }) => <SessionManager assignments={assignmentsOf([task])} />}
        renderInspection={(inspectionId) => (
          <CrewInspection
            key={inspectionId}
            inspectionId={inspectionId}
            {...INSPECTION_VIEWS}
            renderInspectionActions={inspectionReport}
          />
        )}
      />
    </div>
  );
}
