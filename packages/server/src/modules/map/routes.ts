import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { SEARCH_COUNT_CAP } from '@manway/core/api/filters';
import { MAP_RESULTS_MAX_LIMIT, MapResults, MapResultsQuery } from '@manway/core/api/map';
import type { CurrentUser } from '../users/service';
import type { MapService } from './service';

export function mapRoutes(map: MapService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/filters/results/map',
      {
        schema: {
          summary: 'Features of a map layer inside the viewport',
          description:
            'Dynamic-layer variant: dynamicLayerId (Node, Section, Lateral), extent (west,south,east,north in ' +
            `WGS 84), optional term matched in searchFields (assetId, street, district, material; default assetId) ` +
            `and limit (1–${MAP_RESULTS_MAX_LIMIT}, default ${MAP_RESULTS_MAX_LIMIT}). Answers at most limit ` +
            'features and their count, counted up to the limit: plusFound says more match; countOnly=true answers the ' +
            'same without the features (features empty), for a layer that shows only the count. ignoreCache and timestamp are accepted; answers are ' +
            'always read fresh. Filter variant: filterName (a saved filter, filterBy=name) or filter (a filter ' +
            'definition as JSON, filterBy=filter), additionalRestrictions ({ ids?, extent? } as JSON) and limit; ' +
            `filterHash, when sent, must match the filter (409 otherwise), and counts up to ${SEARCH_COUNT_CAP} matches (plusFound beyond).`,
          tags: ['filters'],
          querystring: MapResultsQuery,
          response: { 200: MapResults, 400: ModelStateBody, 401: MessageBody, 404: MessageBody, 409: CodeBody },
        },
      },
      // Already JSON text (see MapService.results): Fastify sends a string as it is, past the
      // serialiser, which the typed reply does not know.
      async (request, reply) => {
        const json = await map.results(request.user as CurrentUser, request.query);
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );
  };
}
