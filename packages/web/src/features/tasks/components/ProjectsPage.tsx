import { Link, useSearchParams } from 'react-router';
import type { ProjectSummary } from '@manway/core/api/work';
import { useAppSelector } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetProjectsQuery } from '../api/projects';
import { ProjectProgress } from './ProjectProgress';
import { projectsSearch, readProjectsLocation } from './projectsLocation';
import { ProjectTasks } from './ProjectTasks';
import './ProjectsPage.css';

export const PROJECT_STATUS_LABELS: Record<ProjectSummary['status'], string> = {
  planned: 'Planned',
  active: 'Active',
  completed: 'Completed',
  archived: 'Archived',
};

export const NO_PERMISSION_TEXT = 'The projects are for the office: editors and reviewers.';

function ProjectCard({ project }: { project: ProjectSummary }) {
  const facts = [project.client, project.contractor, project.standard.name].filter(Boolean).join(' · ');
  return (
    <li className="mw-projects__card" data-testid="project">
      <div className="mw-projects__card-head">
        <Link className="mw-projects__name" to={projectsSearch({ project: project.id, state: null })}>
          {project.name}
        </Link>
        <span className={`mw-projects__status mw-projects__status--${project.status}`}>
          {PROJECT_STATUS_LABELS[project.status]}
        </span>
      </div>
      {facts && <p className="mw-projects__facts">{facts}</p>}
      <ProjectProgress name={project.name} counts={project.taskCounts} />
    </li>
  );
}

function ProjectList() {
  // Read afresh on each visit: crews move tasks along all day.
  const { data: projects, isError } = useGetProjectsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <>
      <h1 className="mw-projects__title">Projects</h1>
      {isError ? (
        <p role="alert">The projects could not be loaded.</p>
      ) : !projects ? (
        <LoadingStatus />
      ) : projects.length === 0 ? (
        <p className="mw-projects__empty">No projects</p>
      ) : (
        <ul className="mw-projects__list" aria-label="Projects">
          {projects.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The office's projects with their progress (completed tasks out of those not deleted) and, for
 * one project, its tasks page by page. Where the user is lives in the address (projectsLocation.ts).
 */
export function ProjectsPage() {
  const [searchParams] = useSearchParams();
  const { project, state } = readProjectsLocation(searchParams);
  const user = useAppSelector((s) => s.settings.data?.user);
  const mayRead = user ? user.hasEditorPermissions || user.hasReviewPermissions : null;

  return (
    <div className="mw-projects">
      {mayRead === null ? (
        <LoadingStatus />
      ) : !mayRead ? (
        <>
          <h1 className="mw-projects__title">Projects</h1>
          <p role="alert">{NO_PERMISSION_TEXT}</p>
        </>
      ) : project === null ? (
        <ProjectList />
      ) : (
        <ProjectTasks key={project} projectId={project} state={state} canDelete={user!.hasEditorPermissions} />
      )}
    </div>
  );
}
