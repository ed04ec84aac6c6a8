/**
 * Large point sets (nodes drawn from vector tiles, tens of thousands at once) drawn by WebGL: the
 * canvas renderer replays every symbol on each frame of a pan, WebGL keeps them on the GPU. The
 * flat style is written from the same style table as the canvas styles, so the legend still
 * matches. Where WebGL is missing, or drawn in software (a machine without a GPU, a virtual
 * desktop: SwiftShader, llvmpipe), the layer is drawn on canvas with the ordinary style function:
 * a software rasteriser shades every pixel of every symbol on the CPU, several times slower than
 * canvas (bench/mapFps.ts measures both).
 */
import type { FeatureLike } from 'ol/Feature';
import VectorTile from 'ol/VectorTile';
import { intersects, type Extent } from 'ol/extent';
import type Layer from 'ol/layer/Layer';
import VectorLayer from 'ol/layer/Vector';
import VectorTileLayer from 'ol/layer/VectorTile';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import WebGLVectorTileLayer from 'ol/layer/WebGLVectorTile';
import type VectorSource from 'ol/source/Vector';
import type VectorTileSource from 'ol/source/VectorTile';
import type { Rule } from 'ol/style/flat';
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

/** Corners, corner radius and rotation of a point symbol, `extra` pixels larger (a halo). */
function polygonOf(symbol: PointSymbol, extra = 0): { points: number; radius: number; angle: number } {
  return (
    polygonFor(symbol.shape, symbol.radius + extra) ?? { points: CIRCLE_SIDES, radius: symbol.radius + extra, angle: 0 }
  );
}

function strokeWidth(extra = 0): number {
  return 1.5 + extra / 2;
}

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
 * The halo under the feature whose id is in the `activeId` style variable (the open summary), then
 * every feature's symbol from one style: WebGL draws all instances once per rule, so a rule per
 * subtype would cost a pass over every point for each subtype; `match` picks the symbol instead.
 */
export function pointFlatStyle(layer: MapLayerId): Rule[] {
  const halo = polygonOf(fallbackSymbol(layer), 7);
  return [
    {
      filter: ['==', ['id'], ['var', 'activeId']],
      style: {
        'shape-points': halo.points,
        'shape-radius': halo.radius,
        'shape-angle': halo.angle,
        'shape-fill-color': 'rgba(28,109,208,0.25)',
        'shape-stroke-color': SELECTION_COLOUR,
        'shape-stroke-width': strokeWidth(7),
      },
    },
    {
      style: {
        'shape-points': bySubtype(layer, (s) => polygonOf(s).points),
        'shape-radius': bySubtype(layer, (s) => polygonOf(s).radius),
        'shape-angle': bySubtype(layer, (s) => polygonOf(s).angle),
        'shape-fill-color': gradeColour(),
        'shape-stroke-color': OUTLINE_COLOUR,
        'shape-stroke-width': strokeWidth(),
      },
    },
  ] as Rule[];
}

export type CanvasStyle = (feature: FeatureLike, resolution: number) => Style[];

interface Options {
  layer: MapLayerId;
  /** Used where WebGL is missing or drawn in software. */
  canvasStyle: CanvasStyle;
  zIndex?: number;
  properties?: Record<string, unknown>;
  /** Forces WebGL (true) or canvas (false): tests, and the benchmark's comparison. */
  webgl?: boolean;
}

/** A layer drawing a point source: WebGL where available, canvas otherwise. */
export function largePointLayer(source: VectorSource, o: Options): Layer {
  const common = { source, zIndex: o.zIndex, properties: { ...o.properties, webgl: false } };
  if (!(o.webgl ?? webglOnGpu())) return new VectorLayer({ ...common, style: o.canvasStyle });
  return new WebGLVectorLayer({
    ...common,
    properties: { ...o.properties, webgl: true },
    style: pointFlatStyle(o.layer),
    variables: { activeId: -1 },
    // Hit detection would draw every point a second time on each frame; the map finds what was
    // clicked or boxed from the features themselves (networkMap.ts).
    disableHitDetection: true,
  });
}

/** How many loaded tiles a WebGL tile layer remembers for box selection: a few screens' worth. */
const REMEMBERED_TILES = 256;

/** The tiles each WebGL tile layer has loaded, newest last, by tile coordinate. */
const loadedTiles = new WeakMap<Layer, Map<string, VectorTile<FeatureLike>>>();

/** The same for points from vector tiles. */
export function largePointTileLayer(source: VectorTileSource, o: Options): Layer {
  const common = { source, zIndex: o.zIndex, properties: { ...o.properties, webgl: false } };
  if (!(o.webgl ?? webglOnGpu())) return new VectorTileLayer({ ...common, style: o.canvasStyle });
  // Its typings tie the source's feature type to a generic the MVT source does not fill in.
  const layer = new WebGLVectorTileLayer<VectorTileSource<never>>({
    ...common,
    source: source as unknown as VectorTileSource<never>,
    properties: { ...o.properties, webgl: true },
    style: pointFlatStyle(o.layer),
    variables: { activeId: -1 },
    disableHitDetection: true,
  });
  // A WebGL tile layer cannot list its features (the canvas one can): keep the tiles it loads.
  const tiles = new Map<string, VectorTile<FeatureLike>>();
  loadedTiles.set(layer, tiles);
  source.on('tileloadend', (e) => {
    if (!(e.tile instanceof VectorTile)) return;
    const key = e.tile.tileCoord.join('/');
    tiles.delete(key);
    tiles.set(key, e.tile as VectorTile<FeatureLike>);
    if (tiles.size > REMEMBERED_TILES) tiles.delete(tiles.keys().next().value!);
  });
  return layer;
}

/**
 * The features of a vector-tile layer made above (WebGL or canvas) inside an extent, from the
 * tiles of the zoom level drawn at `resolution`; a feature on a tile edge may come twice.
 */
export function tileFeaturesInExtent(layer: Layer, extent: Extent, resolution: number): FeatureLike[] {
  if (layer instanceof VectorTileLayer) return layer.getFeaturesInExtent(extent);
  const tiles = loadedTiles.get(layer);
  const source = layer.getSource() as VectorTileSource | null;
  const grid = source?.getTileGrid();
  if (!tiles || !source || !grid) return [];
  const z = grid.getZForResolution(resolution, source.zDirection);
  const found: FeatureLike[] = [];
  for (const tile of tiles.values()) {
    if (tile.tileCoord[0] !== z || !intersects(grid.getTileCoordExtent(tile.tileCoord), extent)) continue;
    for (const f of tile.getFeatures() ?? []) {
      const geometry = f.getGeometry();
      if (geometry && intersects(geometry.getExtent(), extent)) found.push(f);
    }
  }
  return found;
}

/** Marks the feature whose summary is open, on a layer made above (no-op on canvas, which styles per feature). */
export function setActivePoint(layer: Layer, id: number | null): void {
  if (layer instanceof WebGLVectorLayer || layer instanceof WebGLVectorTileLayer)
    layer.updateStyleVariables({ activeId: id ?? -1 });
}
