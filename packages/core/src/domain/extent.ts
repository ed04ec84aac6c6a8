/**
 * A box on the map in WGS 84 degrees: the viewport the map asks for, the extent a filter is
 * restricted to, the box around the network. OpenLayers' own `Extent` (projected, mutable) is not this.
 */
import { z } from 'zod';

export type Wgs84Extent = [west: number, south: number, east: number, north: number];

export const EXTENT_FORMAT_MESSAGE = 'The extent is four numbers: west,south,east,north in WGS 84 degrees.';
export const EXTENT_RANGE_MESSAGE = 'Longitudes lie between -180 and 180, latitudes between -90 and 90.';
export const EXTENT_ORDER_MESSAGE = 'West must not exceed east, nor south north.';

/** Four numbers that make a box on the globe: in range, west not past east, south not past north. */
export const Wgs84Extent = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .superRefine(([west, south, east, north], ctx) => {
    if (west < -180 || east > 180 || south < -90 || north > 90) {
      ctx.addIssue({ code: 'custom', message: EXTENT_RANGE_MESSAGE });
    } else if (west > east || south > north) {
      ctx.addIssue({ code: 'custom', message: EXTENT_ORDER_MESSAGE });
    }
  });

/** An extent written `west,south,east,north`, as the map sends it in a query string. */
export const Wgs84ExtentText = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    const parts = raw.split(',').map((p) => p.trim());
    const values = parts.map(Number);
    if (parts.length !== 4 || parts.some((p) => p === '') || values.some((v) => !Number.isFinite(v))) {
      ctx.addIssue({ code: 'custom', message: EXTENT_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return values as Wgs84Extent;
  })
  .pipe(Wgs84Extent);
