/**
 * Large point sets (nodes drawn from vector tiles, tens of thousands at once) drawn by WebGL: the
 * canvas renderer replays every symbol on each frame of a pan, WebGL keeps them on the GPU. The
 * flat style is written from the same style table as the canvas styles, so the legend still
 * matches. Where WebGL is missing (a browser without it, a GPU-less machine without SwiftShader)
 * the layer is drawn on canvas with the ordinary style function.
 */
import type { FeatureLike } from 'ol/Feature';
import type Layer from 'ol/layer/Layer';
import VectorLayer from 'ol/layer/Vector';
import VectorTileLayer from 'ol/layer/VectorTile';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import WebGLVectorTileLayer from 'ol/layer/WebGLVectorTile';
import type VectorSource from 'ol/source/Vector';
import type VectorTileSource from 'ol/source/VectorTile';
import type { FlatStyle, Rule } from 'ol/style/flat';
import type { Style } from 'ol/style';
import {
  GRADE_STYLES,
  OUTLINE_COLOUR,
  SELECTION_COLOUR,
  SUBTYPE_STYLES,
  subtypeStyle,
  type MapLayerId,
  type SubtypeSymbol,
} from './styleTable';
import { polygonFor } from './symbols';

let webgl: boolean | undefined;

/** Whether this browser can draw with WebGL (asked once: a context is costly to make). */
export function webglAvailable(): boolean {
  if (webgl === undefined) {
    try {
      const canvas = document.createElement('canvas');
      webgl = !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

/** The condition colour of a feature, as an expression over its conditionGrade (absent: not inspected). */
function gradeColour(): unknown[] {
  const graded = GRADE_STYLES.filter((g) => g.grade !== null).flatMap((g) => [g.grade, g.colour]);
  const none = GRADE_STYLES.find((g) => g.grade === null)!.colour;
  return ['match', ['get', 'conditionGrade'], ...graded, none];
}

function pointStyle(symbol: SubtypeSymbol, fill: unknown, outline: string, extra = 0): FlatStyle {
  if (symbol.kind !== 'point') throw new Error('A point layer draws point symbols');
  const polygon = polygonFor(symbol.shape, symbol.radius + extra);
  const strokeWidth = 1.5 + extra / 2;
  if (!polygon) {
    return {
      'circle-radius': symbol.radius + extra,
      'circle-fill-color': fill,
      'circle-stroke-color': outline,
      'circle-stroke-width': strokeWidth,
    } as FlatStyle;
  }
  return {
    'shape-points': polygon.points,
    'shape-radius': polygon.radius,
    'shape-angle': polygon.angle,
    'shape-fill-color': fill,
    'shape-stroke-color': outline,
    'shape-stroke-width': strokeWidth,
  } as FlatStyle;
}

/**
 * One rule per subtype of the layer in the style table, a fallback for unknown subtypes, and a halo
 * under the feature whose id is in the `activeId` style variable (the open summary).
 */
export function pointFlatStyle(layer: MapLayerId): Rule[] {
  const subtypes = SUBTYPE_STYLES.filter((s) => s.layer === layer && s.symbol.kind === 'point');
  const colour = gradeColour();
  const fallback = subtypeStyle(layer, '\u0000unknown').symbol;
  return [
    {
      filter: ['==', ['id'], ['var', 'activeId']],
      style: pointStyle(fallback, 'rgba(28,109,208,0.25)', SELECTION_COLOUR, 7),
    },
    ...subtypes.map((s): Rule => ({
      filter: ['==', ['get', 'subtype'], s.subtype],
      style: pointStyle(s.symbol, colour, OUTLINE_COLOUR),
    })),
    {
      filter: ['!', ['in', ['get', 'subtype'], ['literal', subtypes.map((s) => s.subtype)]]],
      style: pointStyle(fallback, colour, OUTLINE_COLOUR),
    },
  ] as Rule[];
}

export type CanvasStyle = (feature: FeatureLike, resolution: number) => Style[];

interface Options {
  layer: MapLayerId;
  /** Used where WebGL is missing. */
  canvasStyle: CanvasStyle;
  zIndex?: number;
  properties?: Record<string, unknown>;
  /** Force the canvas path (tests, and the benchmark's comparison). */
  webgl?: boolean;
}

/** A layer drawing a point source: WebGL where available, canvas otherwise. */
export function largePointLayer(source: VectorSource, o: Options): Layer {
  const common = { source, zIndex: o.zIndex, properties: { ...o.properties, webgl: false } };
  if (!(o.webgl ?? webglAvailable())) return new VectorLayer({ ...common, style: o.canvasStyle });
  return new WebGLVectorLayer({
    ...common,
    properties: { ...o.properties, webgl: true },
    style: pointFlatStyle(o.layer),
    variables: { activeId: -1 },
  });
}

/** The same for points from vector tiles. */
export function largePointTileLayer(source: VectorTileSource, o: Options): Layer {
  const common = { source, zIndex: o.zIndex, properties: { ...o.properties, webgl: false } };
  if (!(o.webgl ?? webglAvailable())) return new VectorTileLayer({ ...common, style: o.canvasStyle });
  // Its typings tie the source's feature type to a generic the MVT source does not fill in.
  return new WebGLVectorTileLayer<VectorTileSource<never>>({
    ...common,
    source: source as unknown as VectorTileSource<never>,
    properties: { ...o.properties, webgl: true },
    style: pointFlatStyle(o.layer),
    variables: { activeId: -1 },
  });
}

/** Marks the feature whose summary is open, on a layer made above (no-op on canvas, which styles per feature). */
export function setActivePoint(layer: Layer, id: number | null): void {
  if (layer instanceof WebGLVectorLayer || layer instanceof WebGLVectorTileLayer)
    layer.updateStyleVariables({ activeId: id ?? -1 });
}
