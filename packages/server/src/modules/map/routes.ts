import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { MAP_RESULTS_MAX_LIMIT, MapResults, MapResultsQuery } from '@manway/core/api/map';
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
            'features and the total count in the extent. ignoreCache and timestamp are accepted; answers are ' +
            'always read fresh. The filter variant (filter, filterBy, filterName, …) answers 400 until saved ' +
            'filters are available.',
          tags: ['filters'],
          querystring: MapResultsQuery,
          response: { 200: MapResults, 400: ModelStateBody, 401: MessageBody },
        },
      },
      async (request) => map.results(request.query),
    );
  };
}
