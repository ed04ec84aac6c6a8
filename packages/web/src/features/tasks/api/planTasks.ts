/**
 * Planning tasks on a selection in two steps: bulk-create/validate says what would be made and what
 * skipped, writing nothing; bulk-create then makes them all in one request, however many. The new
 * tasks change the projects' progress, a project's list, an asset's tasks and a crew's work list:
 * those lists carry the tags named here ('AssetTasks' and 'MyWork' by name, this file's neighbours).
 */
import { BulkCreateResult, BulkCreateValidation, type PlanTasksRequest } from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';
import { PROJECTS_TAG } from './projects';
import { PROJECT_TASKS_TAG } from './projectTasks';

const PLANNED_WORK_TAGS = [PROJECTS_TAG, PROJECT_TASKS_TAG, 'AssetTasks', 'MyWork'] as const;

const planTasksApi = shellApi.enhanceEndpoints({ addTagTypes: PLANNED_WORK_TAGS }).injectEndpoints({
  endpoints: (build) => ({
    /** POST api/tasks/bulk-create/validate: nothing is written. */
    validatePlan: build.mutation<BulkCreateValidation, PlanTasksRequest>({
      query: (body) => ({ url: 'api/tasks/bulk-create/validate', method: 'POST', body }),
      transformResponse: (data: unknown) => BulkCreateValidation.parse(data),
    }),

    /** POST api/tasks/bulk-create: one request, one transaction, one assignment for the crew. */
    bulkCreateTasks: build.mutation<BulkCreateResult, PlanTasksRequest>({
      query: (body) => ({ url: 'api/tasks/bulk-create', method: 'POST', body }),
      transformResponse: (data: unknown) => BulkCreateResult.parse(data),
      invalidatesTags: (answer) => (answer && answer.created > 0 ? [...PLANNED_WORK_TAGS] : []),
    }),
  }),
});

export const { useValidatePlanMutation, useBulkCreateTasksMutation } = planTasksApi;
