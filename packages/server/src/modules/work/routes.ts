import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  AssigneeList,
  DeletedIds,
  DeleteProjectsRequest,
  DeleteSubjectsRequest,
  ProjectList,
} from '@manway/core/api/work';
import type { WorkService } from './service';

const responses = {
  200: DeletedIds,
  400: ModelStateBody,
  401: MessageBody,
  403: MessageBody,
  404: MessageBody,
  409: CodeBody,
};

export function workRoutes(work: WorkService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const reading = { 401: MessageBody, 403: MessageBody };

    app.get(
      '/api/projects',
      {
        schema: {
          summary: 'The projects with their progress',
          description:
            'Editors and reviewers. Each project with its standard and its tasks counted per state; open ones ' +
            '(planned or active: work may be planned in them, open is true) first, then by name.',
          tags: ['projects'],
          response: { 200: ProjectList, ...reading },
        },
      },
      async () => work.projects(),
    );

    app.get(
      '/api/assignees',
      {
        schema: {
          summary: 'The users work may be assigned to',
          description:
            'Editors, for planning. Enabled users who are neither guests nor sync-agent service accounts, by ' +
            'display name: the assignedTo of a plan.',
          tags: ['projects'],
          response: { 200: AssigneeList, ...reading },
        },
      },
      async () => work.assignees(),
    );

    app.post(
      '/api/projects',
      {
        schema: {
          summary: 'Delete projects (ids in the body)',
          description:
            'Refused with 400 and a message per project while it has tasks or inspections; 404 when an id is unknown; ' +
            '409 when a version given is stale. Nothing is deleted unless everything can be.',
          tags: ['projects'],
          body: DeleteProjectsRequest,
          response: responses,
        },
      },
      async (request) => work.deleteProjects(request.body),
    );

    app.post(
      '/api/subjects',
      {
        schema: {
          summary: 'Delete subjects (ids in the body)',
          description:
            'Refused with 400 and a message per subject while it is connected to an object; 404 when an id is unknown; ' +
            '409 when a version given is stale.',
          tags: ['subjects'],
          body: DeleteSubjectsRequest,
          response: responses,
        },
      },
      async (request) => work.deleteSubjects(request.body),
    );
  };
}
