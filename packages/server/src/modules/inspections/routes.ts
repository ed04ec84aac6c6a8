/** The inspection workflow's calls (main-app §7 "Inspections and tasks") and the crews' inspection sessions. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  BulkAcceptRequest,
  BulkAcceptResult,
  CreateInspectionRequest,
  DeletedIds,
  DeleteInspectionQuery,
  EndSessionRequest,
  InspectionCommandParams,
  InspectionCommandRequest,
  InspectionCommandResult,
  InspectionGridPage,
  InspectionGridQuery,
  InspectionIdParams,
  InspectionListRow,
  InspectionSessionList,
  InspectionSessionSummary,
  InspectionsQuery,
  InspectionSummaryList,
  RejectInspectionRequest,
  SessionCommandResult,
  SessionsQuery,
  StartSessionRequest,
} from '@manway/core/api/work';
import type { CurrentUser } from '../users/service';
import type { InspectionsService } from './service';

/** What a call may answer besides its success. */
const refusals = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: CodeBody };

const COMMAND_DOC =
  'An illegal transition answers 409 workflow/illegal-transition with the reason; a command that already took ' +
  'effect (sent twice, or by two users at once) answers 200 with changed: false and writes nothing; a stale ' +
  '`version` answers 409 concurrency/modified-by-another-user (checked only when there is something to write).';

export function inspectionsRoutes(service: InspectionsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.get(
      '/api/inspections',
      {
        schema: {
          summary: 'The inspections of a task (taskId) or of an asset (parentObjectType, parentObjectId), newest first',
          description:
            'Exactly one of the two ways; each inspection carries its status, standard and observation count. ' +
            'An unknown task or asset answers 404.',
          tags: ['inspections'],
          querystring: InspectionsQuery,
          response: { 200: InspectionSummaryList, 400: ModelStateBody, 401: MessageBody, 404: MessageBody },
        },
      },
      async (request) => service.list(request.query),
    );

    app.get(
      '/api/inspections/grid',
      {
        schema: {
          summary: "One page of a group of inspections (incomplete, pending, completed) for the office's grid",
          description:
            'Sorted by one column (ties by id); `search` looks for the text in the asset ID, operator, project and ' +
            'district; `filters` is JSON text of { column: text } (contains, case-insensitive; review matches ' +
            'exactly). A filter that is not JSON or names an unknown column answers 400 naming `filters`. ' +
            '`total` counts the whole group under the same search and filters.',
          tags: ['inspections'],
          querystring: InspectionGridQuery,
          response: { 200: InspectionGridPage, 400: ModelStateBody, 401: MessageBody },
        },
      },
      async (request) => service.grid(request.query),
    );

    app.get(
      '/api/inspections/:id',
      {
        schema: {
          summary: 'One inspection as the lists show it: status, review and its reason, scores, operator, project',
          description: 'What a review page shows on its own (a reload, a link); an unknown id answers 404.',
          tags: ['inspections'],
          params: InspectionIdParams,
          response: { 200: InspectionListRow, 400: ModelStateBody, 401: MessageBody, 404: MessageBody },
        },
      },
      async (request) => service.one(request.params.id),
    );

    app.post(
      '/api/inspections',
      {
        schema: {
          summary: 'Create an inspection of an asset outside any task, optionally in an inspection session',
          description:
            'The header values are checked by the template of the standard; defaults fill the rest. `sessionId` must ' +
            'name an open session of the caller (else 400 naming sessionId). Answers 201 with the new inspection.',
          tags: ['inspections'],
          body: CreateInspectionRequest,
          response: { 201: InspectionListRow, ...refusals },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(user(request), request.body)),
    );

    app.delete(
      '/api/inspections/:id',
      {
        schema: {
          summary: 'Delete an inspection that is not accepted, with its observations, connections and media',
          description:
            'An accepted inspection answers 409 workflow/illegal-transition. Without the review permission only ' +
            'the inspection one created may be deleted (else 403). A task left without inspections goes back to ' +
            'started. A stale `version` answers 409.',
          tags: ['inspections'],
          params: InspectionIdParams,
          querystring: DeleteInspectionQuery,
          response: { 200: DeletedIds, ...refusals },
        },
      },
      async (request) => service.delete(user(request), request.params.id, request.query.version),
    );

    app.post(
      '/api/inspections/bulk-accept',
      {
        schema: {
          summary: 'Accept several pending inspections',
          description:
            'Each inspection is accepted as by its own call, in its own transaction: one refused (not found, not ' +
            'pending) is listed under Refused with why and does not undo the others.',
          tags: ['inspections'],
          body: BulkAcceptRequest,
          response: { 200: BulkAcceptResult, 400: ModelStateBody, 401: MessageBody, 403: MessageBody },
        },
      },
      async (request) => service.bulkAccept(user(request), request.body.InspectionIds),
    );

    app.post(
      '/api/inspections/:id/accept',
      {
        schema: {
          summary: 'Accept a pending inspection (the office review)',
          description: `The asset's condition follows it and its task is completed. ${COMMAND_DOC}`,
          tags: ['inspections'],
          params: InspectionIdParams,
          body: InspectionCommandRequest.optional(),
          response: { 200: InspectionCommandResult, ...refusals },
        },
      },
      async (request) => service.accept(user(request), request.params.id, request.body?.version),
    );

    app.post(
      '/api/inspections/:id/reject',
      {
        schema: {
          summary: 'Reject a pending inspection with a reason: it goes back to the crew',
          description: `The reason is required (400 naming reason). ${COMMAND_DOC}`,
          tags: ['inspections'],
          params: InspectionIdParams,
          body: RejectInspectionRequest,
          response: { 200: InspectionCommandResult, ...refusals },
        },
      },
      async (request) => service.reject(user(request), request.params.id, request.body.reason, request.body.version),
    );

    app.post(
      '/api/inspections/:id/:command',
      {
        schema: {
          summary: "The crew's commands: complete (done in the field) and reopen (taken back before the review)",
          description:
            'Without the review permission, only on an inspection one created or one in a session one operates ' +
            `(else 403). ${COMMAND_DOC}`,
          tags: ['inspections'],
          params: InspectionCommandParams,
          body: InspectionCommandRequest.optional(),
          response: { 200: InspectionCommandResult, ...refusals },
        },
      },
      async (request) =>
        service.crewCommand(user(request), request.params.id, request.params.command, request.body?.version),
    );

    app.get(
      '/api/inspection-sessions',
      {
        schema: {
          summary: "The caller's inspection sessions, open first",
          description: "A reviewer or an editor may ask for another operator's with operatorId (others: 403).",
          tags: ['inspection-sessions'],
          querystring: SessionsQuery,
          response: { 200: InspectionSessionList, 400: ModelStateBody, 401: MessageBody, 403: MessageBody },
        },
      },
      async (request) => service.sessions(user(request), request.query),
    );

    app.post(
      '/api/inspection-sessions',
      {
        schema: {
          summary: 'Start an inspection session for the caller, optionally for an assignment',
          description:
            'The assignment must be assigned to the caller unless they are an editor (else 403). One open session ' +
            'at a time: starting another answers 409 workflow/illegal-transition naming the open one. Without a ' +
            "camera, the one of the caller's inspection profile (PUT api/settings/user). Answers 201.",
          tags: ['inspection-sessions'],
          body: StartSessionRequest,
          response: { 201: InspectionSessionSummary, ...refusals },
        },
      },
      async (request, reply) => reply.status(201).send(await service.startSession(user(request), request.body)),
    );

    app.post(
      '/api/inspection-sessions/:id/end',
      {
        schema: {
          summary: 'End an inspection session',
          description: `Only its operator or an editor (else 403). ${COMMAND_DOC}`,
          tags: ['inspection-sessions'],
          params: InspectionIdParams,
          body: EndSessionRequest.optional(),
          response: { 200: SessionCommandResult, ...refusals },
        },
      },
      async (request) => service.endSession(user(request), request.params.id, request.body?.version),
    );
  };
}
