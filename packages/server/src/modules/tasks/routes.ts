import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  BulkCreateResult,
  BulkCreateValidation,
  CreateTaskInspectionRequest,
  DeletedIds,
  DeleteTasksRequest,
  PlanTasksRequest,
  PlanTasksResult,
  TaskCommandRequest,
  TaskCommandResult,
  TaskIdParams,
  TaskInspectionCreated,
  TaskList,
  TasksQuery,
  TaskStartInfo,
} from '@manway/core/api/work';
import type { CurrentUser } from '../users/service';
import type { TasksService } from './service';

const refusals = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: CodeBody };

const COMMAND_NOTE =
  'A crew member (no editor permissions) works only on tasks assigned to them or to nobody: 403 otherwise. ' +
  'A command the task’s state does not allow answers 409 workflow/illegal-transition with the reason; sent again ' +
  'after it took effect it answers 200 with changed: false; a stale version answers 409 ' +
  'concurrency/modified-by-another-user. The task’s assignment takes the status its tasks give it.';

const PLAN_NOTE =
  'Editors. The project must exist and be neither completed nor archived (400 naming projectId); assignedTo an ' +
  'existing, enabled user who is neither a guest nor a sync agent (400 naming assignedTo). Assets with an open task, of a type the ' +
  'project’s standard does not cover, without an inspection form for it, or not in the ground (lifecycle planned ' +
  'or removed) are skipped with their reason; ids of no asset of the selected type are skipped as not-found.';

export function tasksRoutes(tasks: TasksService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.get(
      '/api/tasks',
      {
        schema: {
          summary: 'The tasks of an asset, a project or a crew member; nearest first with near',
          description:
            'parentObjectType Node, Section or Lateral: the asset’s tasks (404 when it is no asset of that type); ' +
            'Project: the project’s tasks; User (a user id, or me): the tasks of the assignments assigned to that ' +
            'user, another user’s only for editors and reviewers (403 otherwise); none: every task. taskState ' +
            'narrows to a state or to open ones; near=longitude,latitude sorts by distance to the asset, else by ' +
            'due date. items holds at most limit tasks from offset on, total counts every match, counts the parent’s ' +
            'tasks per state.',
          tags: ['tasks'],
          querystring: TasksQuery,
          response: { 200: TaskList, ...refusals },
        },
      },
      async (request) => tasks.list(user(request), request.query),
    );

    app.get(
      '/api/tasks/:id/start-info',
      {
        schema: {
          summary: 'What starting a task needs, and whether the caller may start it',
          description:
            'The task, its asset (a section’s two end nodes to start from), project and standard, the caller’s open ' +
            'inspection session, what is still needed in words for the crew, and canStart with the reason when not.',
          tags: ['tasks'],
          params: TaskIdParams,
          response: { 200: TaskStartInfo, ...refusals },
        },
      },
      async (request) => tasks.startInfo(user(request), request.params.id),
    );

    app.post(
      '/api/tasks/:id/start',
      {
        schema: {
          summary: 'Start a task (planned → started)',
          description: COMMAND_NOTE,
          tags: ['tasks'],
          params: TaskIdParams,
          body: TaskCommandRequest,
          response: { 200: TaskCommandResult, ...refusals },
        },
      },
      async (request) => tasks.start(user(request), request.params.id, request.body.version),
    );

    app.post(
      '/api/tasks/:id/create-inspection',
      {
        schema: {
          summary: 'Create the task’s inspection (planned or started → inspection created)',
          description:
            `${COMMAND_NOTE} The inspection is of the task’s asset under its project’s standard, in the session ` +
            'named (an open one of the caller’s, else 400 naming sessionId) or else the caller’s open session; ' +
            'the header values are checked by the forms engine and defaults fill the rest. Sent again, it answers ' +
            'the inspection already created with changed: false.',
          tags: ['tasks'],
          params: TaskIdParams,
          body: CreateTaskInspectionRequest,
          response: { 200: TaskInspectionCreated, ...refusals },
        },
      },
      async (request) => tasks.createInspection(user(request), request.params.id, request.body),
    );

    app.post(
      '/api/tasks',
      {
        schema: {
          summary: 'Delete tasks (ids in the body)',
          description:
            'Editors. All or nothing: an unknown id answers 404, a stale version 409, and a task that cannot be ' +
            'deleted (its inspection was created, or it is completed) 409 workflow/illegal-transition naming it. ' +
            'Deleted tasks stay as history in the deleted state; their assignments’ statuses follow.',
          tags: ['tasks'],
          body: DeleteTasksRequest,
          response: { 200: DeletedIds, ...refusals },
        },
      },
      async (request) => tasks.delete(request.body),
    );

    app.post(
      '/api/tasks/plan',
      {
        schema: {
          summary: 'Plan tasks on a few assets, with one assignment for them',
          description: `${PLAN_NOTE} At most 1,000 assets (400 naming selection); answers the tasks made.`,
          tags: ['tasks'],
          body: PlanTasksRequest,
          response: { 200: PlanTasksResult, ...refusals },
        },
      },
      async (request) => tasks.plan(user(request), request.body),
    );

    app.post(
      '/api/tasks/bulk-create/validate',
      {
        schema: {
          summary: 'What bulk-create would do with this body; nothing is written',
          description: `${PLAN_NOTE} At most 50,000 assets. Answers the counts and the first 1,000 skipped.`,
          tags: ['tasks'],
          body: PlanTasksRequest,
          response: { 200: BulkCreateValidation, ...refusals },
        },
      },
      async (request) => tasks.validateBulk(user(request), request.body),
    );

    app.post(
      '/api/tasks/bulk-create',
      {
        schema: {
          summary: 'Plan tasks on up to 50,000 assets in one transaction, with one assignment for them',
          description:
            `${PLAN_NOTE} At most 50,000 assets (400 naming selection). One set-based statement: assets another ` +
            'planner gave an open task in the meantime are skipped as open-task.',
          tags: ['tasks'],
          body: PlanTasksRequest,
          response: { 200: BulkCreateResult, ...refusals },
        },
      },
      async (request) => tasks.bulkCreate(user(request), request.body),
    );
  };
}
