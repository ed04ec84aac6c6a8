/**
 * Large point sets (nodes drawn from vector tiles, tens of thousands at once). On a GPU, WebGL: the
 * canvas renderer replays every symbol on each frame of a pan, WebGL keeps them on the GPU; its flat
 * style is written from the same style table as the canvas styles, so the legend still matches.
 * Where WebGL is missing, or drawn in software (a machine without a GPU, a virtual desktop:
 * SwiftShader, llvmpipe), each tile is drawn once into an image with the ordinary style function
 * (rasterPoints.ts): a software rasteriser shades every pixel of every symbol on the CPU, several
 * times slower than canvas (bench/mapFps.ts measures all three).
 */
import type { FeatureLike } from 'ol/Feature';
import type VectorTile from 'ol/VectorTile';
import type { Extent } from 'ol/extent';
import type Layer from 'ol/layer/Layer';
import VectorTileLayer from 'ol/layer/VectorTile';
import WebGLVectorTileLayer from 'ol/layer/WebGLVectorTile';
import type TileSource from 'ol/source/Tile';
import VectorTileSource from 'ol/source/VectorTile';
import type { Rule } from 'ol/style/flat';
import type { Style } from 'ol/style';
import type { TileCoord } from 'ol/tilecoord';
import { createXYZ } from 'ol/tilegrid';
import { TILE_MAX_ZOOM } from '@manway/core/api/tiles';
import { imageDataZoomFor, rasterPointTileLayer } from './rasterPoints';
import { TileFeatureMemory, type TilePointLoader } from './tileFeatures';
import {
  GRADE_STYLES,
  OUTLINE_COLOUR,
  SUBTYPE_STYLES,
  subtypeStyle,
  type MapLayerId,
  type SubtypeSymbol,
} from './styleTable';
import { polygonFor } from './symbols';

/** Renderer names of WebGL drawn by the CPU. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether a WebGL renderer name is a software rasteriser's. */
export function softwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

let gpuWebgl: boolean | undefined;

/** Whether this browser draws WebGL on a GPU (asked once: a context is costly to make). */
export function webglOnGpu(): boolean {
  if (gpuWebgl === undefined) {
    try {
      const canvas = document.createElement('canvas');
      const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
      // Browsers that hide the unmasked name give the real one as RENDERER, or a generic one.
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      const name = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : '';
      gpuWebgl = !!gl && !softwareRenderer(name);
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      gpuWebgl = false;
    }
  }
  return gpuWebgl;
}

/** The condition colour of a feature, as an expression over its conditionGrade (absent: not inspected). */
function gradeColour(): unknown[] {
  const graded = GRADE_STYLES.filter((g) => g.grade !== null).flatMap((g) => [g.grade, g.colour]);
  const none = GRADE_STYLES.find((g) => g.grade === null)!.colour;
  return ['match', ['get', 'conditionGrade'], ...graded, none];
}

/**
 * A circle drawn as a regular polygon of this many sides: it lets one shape style draw every
 * subtype. At symbol sizes its edge is within a hundredth of a pixel of the circle's.
 */
const CIRCLE_SIDES = 64;

type PointSymbol = SubtypeSymbol & { kind: 'point' };

/** Corners, corner radius and rotation of a point symbol. */
function polygonOf(symbol: PointSymbol): { points: number; radius: number; angle: number } {
  return polygonFor(symbol.shape, symbol.radius) ?? { points: CIRCLE_SIDES, radius: symbol.radius, angle: 0 };
}

/** As the canvas symbols' outline (olStyles.ts). */
const STROKE_WIDTH = 1.5;

/** One value per subtype of the layer, chosen on the GPU by the feature's subtype. */
function bySubtype(layer: MapLayerId, value: (symbol: PointSymbol) => number): unknown {
  const subtypes = SUBTYPE_STYLES.filter((s) => s.layer === layer && s.symbol.kind === 'point');
  const fallback = value(fallbackSymbol(layer));
  const cases = subtypes.flatMap((s) => [s.subtype, value(s.symbol as PointSymbol)]);
  return cases.length ? ['match', ['get', 'subtype'], ...cases, fallback] : fallback;
}

function fallbackSymbol(layer: MapLayerId): PointSymbol {
  const symbol = subtypeStyle(layer, '\u0000unknown').symbol;
  if (symbol.kind !== 'point') throw new Error('A point layer draws point symbols');
  return symbol;
}

/**
 * Every feature's symbol from one rule: WebGL draws all instances once per rule, so a rule per
 * subtype would cost a pass over every point for each subtype; `match` picks the symbol instead.
 * The selection is drawn above the layer by the map, as for the images.
 */
export function pointFlatStyle(layer: MapLayerId): Rule[] {
  return [
    {
      style: {
        'shape-points': bySubtype(layer, (s) => polygonOf(s).points),
        'shape-radius': bySubtype(layer, (s) => polygonOf(s).radius),
        'shape-angle': bySubtype(layer, (s) => polygonOf(s).angle),
        'shape-fill-color': gradeColour(),
        'shape-stroke-color': OUTLINE_COLOUR,
        'shape-stroke-width': STROKE_WIDTH,
      },
    },
  ] as Rule[];
}

export type CanvasStyle = (feature: FeatureLike, resolution: number) => Style[];

interface Options {
  layer: MapLayerId;
  /** Draws the images where WebGL is missing or drawn in software. */
  canvasStyle: CanvasStyle;
  zIndex?: number;
  properties?: Record<string, unknown>;
  /** Forces WebGL (true) or images (false): tests, and the benchmark's comparison. */
  webgl?: boolean;
}

/** The grid of the network's vector tiles, and between two zoom levels the deeper one, as OpenLayers' tile sources. */
const TILE_GRID = createXYZ({ maxZoom: TILE_MAX_ZOOM });
const TILE_Z_DIRECTION = 1;

/** The zoom level of the tiles drawn at a view resolution. */
export function tileZoomFor(resolution: number): number {
  return TILE_GRID.getZForResolution(resolution, TILE_Z_DIRECTION);
}

/** The features each layer made below has loaded. */
const memories = new WeakMap<Layer, { memory: TileFeatureMemory; zoomFor: (resolution: number) => number }>();

/**
 * A layer of point tiles: WebGL on a GPU, otherwise images drawn once per tile (rasterPoints.ts).
 * Neither can be asked for its features, so the features `load` gives are remembered for clicks,
 * boxes and the selection (tilePointNear, tileFeaturesInExtent, tilePointsWithIds).
 */
export function largePointTileLayer(load: TilePointLoader, o: Options): Layer {
  const memory = new TileFeatureMemory();
  const webgl = o.webgl ?? webglOnGpu();
  const properties = { ...o.properties, webgl, pointsRemembered: true };
  const layer = webgl
    ? webglPointTileLayer(load, memory, { ...o, properties })
    : rasterPointTileLayer(load, { style: o.canvasStyle, memory, zIndex: o.zIndex, properties });
  // The images draw a view from the vector tiles of their own level (rasterPoints.ts).
  memories.set(layer, { memory, zoomFor: webgl ? tileZoomFor : imageDataZoomFor });
  return layer;
}

function webglPointTileLayer(load: TilePointLoader, memory: TileFeatureMemory, o: Options): Layer {
  const source = new VectorTileSource({
    tileGrid: TILE_GRID,
    zDirection: TILE_Z_DIRECTION,
    // The "URL" only names the tile in the source's cache: `load` fetches it.
    tileUrlFunction: (tileCoord) => tileCoord.join('/'),
    tileLoadFunction: (tile) => {
      const vectorTile = tile as VectorTile<FeatureLike>;
      vectorTile.setLoader((extent) => {
        const tileCoord = vectorTile.getTileCoord();
        load(tileCoord, extent, new AbortController().signal).then(
          (features) => {
            memory.remember(tileCoord, extent, features);
            vectorTile.setFeatures(features);
          },
          () => vectorTile.onError(),
        );
      });
    },
  });
  // Its typings tie the source's feature type to a generic a loader-fed source does not fill in.
  return new WebGLVectorTileLayer<VectorTileSource<never>>({
    source: source as unknown as VectorTileSource<never>,
    zIndex: o.zIndex,
    properties: o.properties,
    style: pointFlatStyle(o.layer),
    // Hit detection would draw every point a second time on each frame; the map finds what was
    // clicked or boxed from the remembered features instead.
    disableHitDetection: true,
  });
}

/**
 * The features of a vector-tile layer (one made above, or a canvas VectorTileLayer) inside an
 * extent, from the tiles of the zoom level drawn at `resolution`.
 */
export function tileFeaturesInExtent(layer: Layer, extent: Extent, resolution: number): FeatureLike[] {
  if (layer instanceof VectorTileLayer) return layer.getFeaturesInExtent(extent);
  const m = memories.get(layer);
  return m?.memory.inExtent(extent, m.zoomFor(resolution)) ?? [];
}

/** The point of a layer made above nearest to a coordinate, within `radius` map units. */
export function tilePointNear(layer: Layer, coordinate: number[], radius: number, resolution: number) {
  const m = memories.get(layer);
  return m?.memory.nearest(coordinate, radius, m.zoomFor(resolution));
}

/** Whether a tile a layer made above has just loaded shows any of these ids. */
export function tileHoldsAny(layer: Layer, tileCoord: TileCoord, ids: ReadonlySet<number>): boolean {
  const m = memories.get(layer);
  const grid = (layer.getSource() as TileSource | null)?.getTileGrid();
  if (!m || !grid) return false;
  const z = m.zoomFor(grid.getResolution(tileCoord[0]!));
  return m.memory.inExtent(grid.getTileCoordExtent(tileCoord), z).some((f) => ids.has(Number(f.getId())));
}

/** The loaded points of a layer made above with these ids. */
export function tilePointsWithIds(layer: Layer, ids: ReadonlySet<number>, resolution: number): FeatureLike[] {
  const m = memories.get(layer);
  return m?.memory.withIds(ids, m.zoomFor(resolution)) ?? [];
}
