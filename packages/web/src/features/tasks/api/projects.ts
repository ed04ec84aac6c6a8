/**
 * GET api/projects: the projects with their tasks counted per state, open ones first. Planning
 * and deleting tasks change the counts: they invalidate PROJECTS_TAG (planTasks.ts, projectTasks.ts).
 */
import { ProjectList } from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';

export const PROJECTS_TAG = 'Projects';

const projectsApi = shellApi.enhanceEndpoints({ addTagTypes: [PROJECTS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getProjects: build.query<ProjectList, void>({
      query: () => ({ url: 'api/projects' }),
      transformResponse: (data: unknown) => ProjectList.parse(data),
      providesTags: [PROJECTS_TAG],
    }),
  }),
});

export const { useGetProjectsQuery } = projectsApi;
