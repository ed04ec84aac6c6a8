import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  AvailableFilterList,
  CreateSavedFilter,
  FilterForm,
  FilterFormParams,
  FilterMetaParams,
  FilterMetaQuery,
  FilterPropertyMetaList,
  ImportFilterQuery,
  ObservationMetaParams,
  ObservationResultsBody,
  ResultIds,
  ResultIdsBody,
  ResultsList,
  ResultsListBody,
  SEARCH_COUNT_CAP,
  SEARCH_RESULTS_CAP,
  SELECTION_CAP,
  SavedFilter,
  SavedFilterList,
  SavedFilterOrder,
  SavedFilterParams,
  UpdateSavedFilter,
} from '@manway/core/api/filters';
import type { CurrentUser } from '../users/service';
import type { FiltersService } from './service';

const errors = { 400: z.union([ModelStateBody, CodeBody]), 401: MessageBody };
const Empty = z.null().describe('No content: an empty payload means success');

/** The filter and search calls of main-app spec section 7, at the spec's paths. */
export function filtersRoutes(filters: FiltersService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;
    const tags = ['filters'];
    const saved = '/api/filters/saved-filters';

    app.get(
      '/api/filters/meta/list/:objectType',
      {
        schema: {
          summary: 'The properties a condition may use for an asset type, with operators and options',
          tags,
          params: FilterMetaParams,
          querystring: FilterMetaQuery,
          response: { 200: FilterPropertyMetaList, ...errors },
        },
      },
      async (request) => filters.meta(request.params.objectType, request.query.standardId),
    );

    app.get(
      '/api/filters/meta/list/observation/:parentObjectType/:parentObjectId',
      {
        schema: {
          summary: "Observation properties, with the codes of the parent inspection's standard",
          tags,
          params: ObservationMetaParams,
          response: { 200: FilterPropertyMetaList, ...errors, 404: MessageBody },
        },
      },
      async (request) => filters.observationMeta(request.params.parentObjectType, request.params.parentObjectId),
    );

    app.get(
      '/api/filters/form/:x',
      {
        schema: {
          summary: 'The advanced search form of an asset type: grouped fields and the simple-search fields',
          tags,
          params: FilterFormParams,
          response: { 200: FilterForm, ...errors },
        },
      },
      async (request) => filters.form(request.params.x),
    );

    app.post(
      '/api/filters/results/list',
      {
        schema: {
          summary: 'One page of the assets a filter finds, with the search count',
          description:
            'filter (a filter definition) and additionalRestrictions ({ ids?, extent? }) are JSON strings. ' +
            `Counting stops above ${SEARCH_COUNT_CAP} (plusFound); only the top (sorted) or first ` +
            `${SEARCH_RESULTS_CAP} rows can be paged through.`,
          tags,
          body: ResultsListBody,
          response: { 200: ResultsList, ...errors },
        },
      },
      async (request) => filters.results(request.body),
    );

    app.post(
      '/api/filters/results/list/ids',
      {
        schema: {
          summary: 'The ids a filter finds, for select-all',
          description: `At most ${SELECTION_CAP} ids; selectionCapExceeded says more matched.`,
          tags,
          body: ResultIdsBody,
          response: { 200: ResultIds, ...errors },
        },
      },
      async (request) => filters.ids(request.body),
    );

    app.post(
      '/api/filters/results/observation',
      {
        schema: {
          summary: "One page of an inspection's observations matching the conditions",
          tags,
          body: ObservationResultsBody,
          response: { 200: ResultsList, ...errors, 404: MessageBody },
        },
      },
      async (request) => filters.observationResults(request.body),
    );

    app.get(
      `${saved}/list`,
      {
        schema: {
          summary: "The user's saved filters in their order",
          tags,
          response: { 200: SavedFilterList, ...errors },
        },
      },
      async (request) => filters.listSaved(user(request)),
    );

    app.get(
      `${saved}/available-filters`,
      {
        schema: {
          summary: 'Shared filters the user can import',
          tags,
          response: { 200: AvailableFilterList, ...errors },
        },
      },
      async (request) => filters.available(user(request)),
    );

    app.post(
      `${saved}/create`,
      {
        schema: {
          summary: 'Save a filter; shared filters only by administrators',
          tags,
          body: CreateSavedFilter,
          response: { 200: SavedFilter, ...errors, 403: MessageBody },
        },
      },
      async (request) => filters.createSaved(user(request), request.body),
    );

    app.post(
      `${saved}/order`,
      {
        schema: {
          summary: "Reorder the user's saved filters: names lists each exactly once",
          tags,
          body: SavedFilterOrder,
          response: { 200: SavedFilterList, ...errors },
        },
      },
      async (request) => filters.order(user(request), request.body.names),
    );

    app.post(
      `${saved}/import-filter`,
      {
        schema: {
          summary: "Copy a shared filter into the user's own list",
          tags,
          querystring: ImportFilterQuery,
          response: { 200: SavedFilter, ...errors, 404: MessageBody },
        },
      },
      async (request) => filters.importFilter(user(request), request.query.filterName),
    );

    app.get(
      `${saved}/:name`,
      {
        schema: {
          summary: "A saved filter: the user's own, else a shared one",
          description: "Another user's private filter answers 404, as if it did not exist.",
          tags,
          params: SavedFilterParams,
          response: { 200: SavedFilter, ...errors, 404: MessageBody },
        },
      },
      async (request) => filters.getSaved(user(request), request.params.name),
    );

    app.put(
      `${saved}/:name`,
      {
        schema: {
          summary: 'Rename, redefine, or make global or personal a saved filter; version must be the one read',
          description:
            'Stale version: 409. Shared filters of others: administrators only (403). Imported advanced ' +
            'filters: administrators only (403). Changing shared: administrators, on their own filters (403).',
          tags,
          params: SavedFilterParams,
          body: UpdateSavedFilter,
          response: { 200: SavedFilter, ...errors, 403: MessageBody, 404: MessageBody, 409: CodeBody },
        },
      },
      async (request) => filters.updateSaved(user(request), request.params.name, request.body),
    );

    app.delete(
      `${saved}/:name`,
      {
        schema: {
          summary: 'Delete a saved filter; answers an empty payload on success',
          tags,
          params: SavedFilterParams,
          response: { 204: Empty, ...errors, 403: MessageBody, 404: MessageBody },
        },
      },
      async (request, reply) => {
        await filters.deleteSaved(user(request), request.params.name);
        return reply.code(204).send(null);
      },
    );
  };
}
