import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { TILE_BUFFER, TILE_CONTENT_TYPE, TILE_EXTENT, TILE_MAX_ZOOM, TileParams } from '@manway/core/api/tiles';
import type { TilesService } from './service';

const NoBody = z.null().describe('No content');
const TileBody = z.any().describe(`A Mapbox vector tile (${TILE_CONTENT_TYPE})`);

export function tilesRoutes(tiles: TilesService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/tiles/:layer/:z/:x/:y.pbf',
      {
        schema: {
          summary: 'A vector tile of one network layer',
          description:
            `Mapbox Vector Tile (${TILE_CONTENT_TYPE}) of the assets of layer (Node, Section or Lateral; any case, ` +
            `plural too) meeting tile z/x/y (z 0–${TILE_MAX_ZOOM}, x and y 0 to 2^z − 1, y from the north), ` +
            `extent ${TILE_EXTENT}, buffer ${TILE_BUFFER}. One layer named after the type; feature id = asset id; ` +
            'properties assetId, subtype, conditionGrade (absent when unknown). 204 when no asset meets the tile. ' +
            'The ETag changes whenever the network does; send it back as If-None-Match for a 304.',
          tags: ['map'],
          params: TileParams,
          response: { 200: TileBody, 204: NoBody, 304: NoBody, 400: ModelStateBody, 401: MessageBody },
        },
      },
      async (request, reply) => {
        const tile = await tiles.tile(request.params, request.headers['if-none-match']);
        // Private: tiles need a session. no-cache: the browser keeps them but asks each time, so edits show.
        void reply.header('etag', tile.etag).header('cache-control', 'private, no-cache');
        if ('notModified' in tile) return reply.code(304).send(null);
        if (!tile.body.byteLength) return reply.code(204).send(null);
        return reply
          .type(TILE_CONTENT_TYPE)
          .send(Buffer.from(tile.body.buffer, tile.body.byteOffset, tile.body.byteLength));
      },
    );
  };
}
