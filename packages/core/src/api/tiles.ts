/**
 * Vector tiles of the network (GET api/tiles/{layer}/{z}/{x}/{y}.pbf): Mapbox Vector Tile 2.1, one
 * layer per asset type, features carrying the asset id as feature id and assetId, subtype and
 * conditionGrade as properties (absent when null). The path parts arrive as text; the server reads
 * them so a bad one answers 400 naming it.
 */
import { z } from 'zod';

export const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';
/** The deepest zoom a tile is served for. */
export const TILE_MAX_ZOOM = 22;
/** Tile coordinates run 0..TILE_EXTENT; features are kept TILE_BUFFER units beyond each edge. */
export const TILE_EXTENT = 4096;
export const TILE_BUFFER = 64;

export const TileParams = z.object({
  layer: z.string().max(40).describe('Node, Section or Lateral (any case; nodes, sections, laterals too)'),
  z: z.string().max(8).describe(`zoom, 0–${TILE_MAX_ZOOM}`),
  x: z.string().max(12).describe('column, 0 to 2^z − 1'),
  y: z.string().max(12).describe('row from the north, 0 to 2^z − 1'),
});
export type TileParams = z.infer<typeof TileParams>;
