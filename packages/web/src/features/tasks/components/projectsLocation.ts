/**
 * Where the user is on the Projects page lives in the address, so a reload, a link or the plan
 * dialog's "Show the project's tasks" opens the same view: `?project=5&state=open`.
 */
import { TASK_STATE_FILTERS } from '@manway/core/api/work';
import type { TaskStateFilter } from '../api/projectTasks';

/** The page's path in the edition (relative to its base). */
export const PROJECTS_PAGE_PATH = 'projects';

export interface ProjectsLocation {
  project: number | null;
  state: TaskStateFilter | null;
}

export function readProjectsLocation(search: URLSearchParams): ProjectsLocation {
  const id = Number(search.get('project'));
  const state = search.get('state');
  return {
    project: Number.isInteger(id) && id > 0 ? id : null,
    state: (TASK_STATE_FILTERS as readonly (string | null)[]).includes(state) ? (state as TaskStateFilter) : null,
  };
}

/** The search part for a view of the page: the list of projects, or one project's tasks. */
export function projectsSearch({ project, state }: ProjectsLocation): string {
  const params = new URLSearchParams();
  if (project !== null) params.set('project', String(project));
  if (project !== null && state !== null) params.set('state', state);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A project's tasks from anywhere in the edition. */
export function projectHref(projectId: number): string {
  return `/${PROJECTS_PAGE_PATH}${projectsSearch({ project: projectId, state: null })}`;
}
