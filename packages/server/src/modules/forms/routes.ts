import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  DetailsTemplate,
  EmptyForm,
  FormCalculate,
  FormCalculated,
  FormCreate,
  FormDefaults,
  FormObjectParams,
  FormSave,
  FormSaved,
  FormTabAnswer,
  FormTabParams,
  FormTypeParams,
  NewObjectContext,
} from '@manway/core/api/forms';
import type { CurrentUser } from '../users/service';
import type { FormsService } from './service';

/** A refused form names each field (ModelState); a type without a template answers form/missing-templates. */
const refused = z.union([ModelStateBody, CodeBody]);
const reads = { 400: refused, 401: MessageBody, 404: MessageBody };
const writes = { ...reads, 403: MessageBody, 409: CodeBody };

const TYPE_NOTE =
  'type: Node, Section or Lateral (key or type name, any case), Inspection, Observation or ConnectedSubject ' +
  '(connected-subject). A type without a form template answers 400 with code form/missing-templates. ' +
  'Observations and connected subjects are read and written as api/observations and api/connected-subjects ' +
  'do (their rules, versions and permissions), without files.';

export function formsRoutes(forms: FormsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.get(
      '/api/object-details-templates/:type/:id',
      {
        schema: {
          summary: "The tabs of an object's details panel, and whether the caller may edit it",
          description: TYPE_NOTE,
          tags: ['forms'],
          params: FormObjectParams,
          response: { 200: DetailsTemplate, ...reads },
        },
      },
      async (request) => forms.detailsTemplate(user(request), request.params.type, request.params.id),
    );

    app.get(
      '/api/object-forms/:type/:id/:tabId',
      {
        schema: {
          summary: "One tab of an object's form: its fields, with options from the database, and the values",
          description: `${TYPE_NOTE} An unknown tab answers 404.`,
          tags: ['forms'],
          params: FormTabParams,
          response: { 200: FormTabAnswer, ...reads },
        },
      },
      async (request) => forms.tab(request.params.type, request.params.id, request.params.tabId),
    );

    app.put(
      '/api/object-forms/:type/:id/:tabId',
      {
        schema: {
          summary: "Save one tab of an object's form",
          description:
            `${TYPE_NOTE} Writes that tab's writable fields; read-only and create-only values are ignored, unknown ` +
            'field ids refused. Send the version read: a stale one answers 409 and changes nothing. Assets need ' +
            'editor permissions; inspections any non-guest, completed ones an editor.',
          tags: ['forms'],
          params: FormTabParams,
          body: FormSave,
          response: { 200: FormSaved, ...writes },
        },
      },
      async (request) =>
        forms.save(user(request), request.params.type, request.params.id, request.params.tabId, request.body),
    );

    app.post(
      '/api/object-forms/:type/empty',
      {
        schema: {
          summary: "A new object's form: every tab, options filled in, and the default values",
          description:
            `${TYPE_NOTE} For an inspection, parentType and parentId name the asset; for an observation, the ` +
            'inspection (its standard gives the form and the codes); for a connected subject, its parent (Node, ' +
            'Section, Lateral, Inspection or Observation).',
          tags: ['forms'],
          params: FormTypeParams,
          body: NewObjectContext,
          response: { 200: EmptyForm, ...reads },
        },
      },
      async (request) => forms.emptyForm(user(request), request.params.type, request.body),
    );

    app.post(
      '/api/object-forms/:type/empty/calculate',
      {
        schema: {
          summary: 'The derived fields of a new object from the values on the page',
          description:
            `${TYPE_NOTE} A section's or lateral's length from the line its nodes or parent would make; an ` +
            "observation's grade under the standard of its inspection (parentId), else of standardId.",
          tags: ['forms'],
          params: FormTypeParams,
          body: FormCalculate,
          response: { 200: FormCalculated, ...reads },
        },
      },
      async (request) => forms.calculate(user(request), request.params.type, null, request.body),
    );

    app.post(
      '/api/object-forms/:type/empty/default-value',
      {
        schema: {
          summary: 'The default values of a new object',
          description:
            `${TYPE_NOTE} Assets: the subtype, lifecycle status active, the location of the caller's last GPS fix. ` +
            "Inspections: now, the caller as operator, the standard of the asset's open task's project (else the " +
            "caller's inspection profile's, else the demo standard), the caller's last GPS fix, the profile's " +
            'direction (else downstream). Observations: the largest distance recorded so ' +
            "far in the inspection, else 0. Connected subjects: the caller's last GPS fix as the position.",
          tags: ['forms'],
          params: FormTypeParams,
          body: NewObjectContext,
          response: { 200: FormDefaults, ...reads },
        },
      },
      async (request) => forms.defaults(user(request), request.params.type, request.body),
    );

    app.post(
      '/api/object-forms/:type',
      {
        schema: {
          summary: 'Create an object from the values of every tab of its form',
          description:
            `${TYPE_NOTE} Answers 201 with the object as stored. Assets need editor permissions; a node is placed at ` +
            'its location, a section between its nodes, a lateral from its chainage on the parent section to its ' +
            'property end. An asset ID taken within the type answers code asset/duplicate-name-and-subtype. ' +
            'Inspections: parentType and parentId name the asset; any non-guest may create one. Observations and ' +
            'connected subjects: parentType and parentId name the inspection or the parent.',
          tags: ['forms'],
          params: FormTypeParams,
          body: FormCreate,
          response: { 201: FormSaved, ...writes },
        },
      },
      async (request, reply) => {
        const saved = await forms.create(user(request), request.params.type, request.body);
        return reply.status(201).send(saved);
      },
    );

    app.post(
      '/api/object-forms/:type/:id',
      {
        schema: {
          summary: 'Save every tab of an object’s form',
          description: `${TYPE_NOTE} As the tab save, over the writable fields of every tab.`,
          tags: ['forms'],
          params: FormObjectParams,
          body: FormSave,
          response: { 200: FormSaved, ...writes },
        },
      },
      async (request) => forms.save(user(request), request.params.type, request.params.id, null, request.body),
    );

    app.post(
      '/api/object-forms/:type/:id/calculate',
      {
        schema: {
          summary: 'The derived fields of an object from the values on the page',
          description:
            `${TYPE_NOTE} A section's or lateral's length from its geometry, an inspection's family scores from ` +
            "its observations, an observation's grade, the date modified.",
          tags: ['forms'],
          params: FormObjectParams,
          body: FormCalculate,
          response: { 200: FormCalculated, ...reads },
        },
      },
      async (request) => forms.calculate(user(request), request.params.type, request.params.id, request.body),
    );
  };
}
