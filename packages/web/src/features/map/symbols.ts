/** Point shapes as regular polygons: the map (OpenLayers RegularShape) and the legend (SVG) both draw from here. */
import type { PointShape } from './styleTable';

export interface Polygon {
  points: number;
  /** Distance from centre to a corner, in pixels. */
  radius: number;
  /** Rotation in radians; 0 puts a corner straight up. */
  angle: number;
}

/** null for a circle. */
export function polygonFor(shape: PointShape, radius: number): Polygon | null {
  switch (shape) {
    case 'circle':
      return null;
    case 'square':
      return { points: 4, radius: radius * Math.SQRT2, angle: Math.PI / 4 };
    case 'triangle':
      return { points: 3, radius, angle: 0 };
    case 'diamond':
      return { points: 4, radius, angle: 0 };
  }
}

/** The corners of a polygon around (cx, cy), screen y downwards, as an SVG points list. */
export function polygonPoints({ points, radius, angle }: Polygon, cx: number, cy: number): string {
  return Array.from({ length: points }, (_, i) => {
    const a = angle + (2 * Math.PI * i) / points;
    return `${(cx + radius * Math.sin(a)).toFixed(2)},${(cy - radius * Math.cos(a)).toFixed(2)}`;
  }).join(' ');
}
