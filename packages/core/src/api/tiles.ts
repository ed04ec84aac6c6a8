/**
 * Vector tiles of the network (GET api/tiles/{layer}/{z}/{x}/{y}.pbf): Mapbox Vector Tile 2.1, one
 * layer per asset type, features carrying the asset id as feature id and assetId, subtype and
 * conditionGrade as properties (absent when null). The path parts arrive as text and are read here,
 * so a bad one answers 400 naming it.
 */
import { z } from 'zod';

export const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';
/** The deepest zoom a tile is served for. */
export const TILE_MAX_ZOOM = 22;
/**
 * Tile coordinates run 0..TILE_EXTENT; features are kept TILE_BUFFER units beyond each edge: 10 of
 * a tile's 256 pixels, more than the largest point symbol reaches from its centre (radius 8 and its
 * outline), so each of two neighbouring tiles drawn apart draws its part of a symbol on the edge.
 */
export const TILE_EXTENT = 4096;
export const TILE_BUFFER = 160;

/**
 * Up to this zoom a tile is thinned to what a 256-pixel tile can show (at zoom 12 a pixel is about
 * 25 m on the ground; a zoom-10 tile over a district held 90,000 nodes, several megabytes): a line
 * shorter than a pixel is left out, every geometry is snapped to the tile's pixels, and of geometries
 * that land on the same pixels one is kept, the worst condition grade first, then the lowest id. Laterals,
 * house connections a few metres long, are not drawn at all.
 */
export const TILE_THIN_MAX_ZOOM = 12;
/** The pixels along a tile's side that a thinned tile is snapped to. */
export const TILE_PIXELS = 256;

/** Whether a tile at zoom z is thinned (TILE_THIN_MAX_ZOOM). */
export const tileIsThinned = (z: number): boolean => z <= TILE_THIN_MAX_ZOOM;

/** Whether a tile of this asset type at zoom z carries any feature: laterals are left out of thinned tiles. */
export const tileShowsType = (objectType: string, z: number): boolean =>
  !(tileIsThinned(z) && objectType === 'lateral');

/** A whole number in [0, max], or undefined. */
function wholeNumber(raw: string, max: number): number | undefined {
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n <= max ? n : undefined;
}

/** The tile's address read as numbers; x and y are checked against the columns and rows of zoom z. */
export const TileParams = z
  .object({
    layer: z.string().max(40).describe('Node, Section or Lateral (any case; nodes, sections, laterals too)'),
    z: z.string().max(8).describe(`zoom, 0–${TILE_MAX_ZOOM}`),
    x: z.string().max(12).describe('column, 0 to 2^z − 1'),
    y: z.string().max(12).describe('row from the north, 0 to 2^z − 1'),
  })
  .transform((p, ctx) => {
    const zoom = wholeNumber(p.z, TILE_MAX_ZOOM);
    if (zoom === undefined) {
      ctx.addIssue({ code: 'custom', path: ['z'], message: `The zoom is a whole number from 0 to ${TILE_MAX_ZOOM}.` });
      return z.NEVER;
    }
    const last = 2 ** zoom - 1;
    const x = wholeNumber(p.x, last);
    const y = wholeNumber(p.y, last);
    if (x === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['x'],
        message: `At zoom ${zoom} the column is a whole number from 0 to ${last}.`,
      });
    }
    if (y === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['y'],
        message: `At zoom ${zoom} the row is a whole number from 0 to ${last}.`,
      });
    }
    if (x === undefined || y === undefined) return z.NEVER;
    return { layer: p.layer, z: zoom, x, y };
  });
export type TileParams = z.infer<typeof TileParams>;
