/**
 * The map frame-rate page: 100,000 nodes in view, drawn either by the map's node-tile layer
 * (`?layer=ours`: WebGL from the style table on a GPU, tiles drawn once into images where WebGL is
 * missing or drawn in software; `?layer=ours-webgl`: WebGL whatever draws it) or by a plain
 * OpenLayers canvas vector layer with one circle style (`?layer=plain`). The node-tile layer gets
 * each tile's points from memory instead of GET api/tiles, so only drawing is measured.
 * `bench.pan(ms)` pans the view for that long and answers frames per second and the longest
 * main-thread task.
 */
import OlFeature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Point from 'ol/geom/Point';
import type Layer from 'ol/layer/Layer';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import { buffer, getWidth } from 'ol/extent';
import { TILE_BUFFER, TILE_EXTENT } from '@manway/core/api/tiles';
import { largePointTileLayer } from '../src/features/map/largePoints';
import { assetStyle } from '../src/features/map/olStyles';
import type { TilePointLoader } from '../src/features/map/tileFeatures';
import 'ol/ol.css';

const POINTS = Number(new URLSearchParams(location.search).get('points') ?? 100_000);
const HALF = 20_000; // metres: the points fill a 40 km square around the centre

/** Deterministic points with the subtypes and grades of a real network. */
function features(): OlFeature<Point>[] {
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const subtypes = ['manhole', 'manhole', 'manhole', 'gully', 'outfall', 'pump-station'];
  return Array.from({ length: POINTS }, (_, i) => {
    const f = new OlFeature(new Point([(random() * 2 - 1) * HALF, (random() * 2 - 1) * HALF]));
    f.setId(i + 1);
    f.setProperties({
      subtype: subtypes[i % subtypes.length],
      conditionGrade: i % 7 === 0 ? null : 1 + (i % 5),
      assetId: `MH-${i + 1}`,
    });
    return f;
  });
}

const which = new URLSearchParams(location.search).get('layer') ?? 'ours';
const source = new VectorSource({ features: features() });
const pointsMadeAt = performance.now();
const plainStyle = new Style({
  image: new CircleStyle({
    radius: 6,
    fill: new Fill({ color: '#1a9850' }),
    stroke: new Stroke({ color: '#fff', width: 1.5 }),
  }),
});
/**
 * A tile's points with its buffer, in the order of their ids, as the server's tiles carry them; in
 * a task of its own, as a tile's answer arrives.
 */
const fromMemory: TilePointLoader = async (_tileCoord, extent) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return source
    .getFeaturesInExtent(buffer(extent, (getWidth(extent) * TILE_BUFFER) / TILE_EXTENT))
    .sort((a, b) => Number(a.getId()) - Number(b.getId()));
};
const layer: Layer =
  which === 'plain'
    ? new VectorLayer({ source, style: plainStyle })
    : largePointTileLayer(fromMemory, {
        layer: 'Node',
        canvasStyle: assetStyle('Node', () => 'none'),
        webgl: which === 'ours-webgl' ? true : undefined,
      });
const view = new View({ center: [0, 0], resolution: (2 * HALF) / 1000 });
const map = new OlMap({ target: 'map', layers: [layer], view, controls: [] });

interface PanResult {
  fps: number;
  frames: number;
  longestTaskMs: number;
  longTasks: number;
  webgl: boolean;
  /** Opaque map pixels before and after the pan (a WebGL canvas reads as 0). */
  pixelsBefore: number;
  pixelsAfter: number;
  /** The longest task while the view was first drawn, before the pan. */
  firstDrawLongestTaskMs: number;
}

/**
 * Main-thread tasks over 50 ms after the points were made (the page's own set-up, not the layer's):
 * the first draw of the view, before any pan.
 */
const firstDrawTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.startTime >= pointsMadeAt) firstDrawTasks.push(e.duration);
}).observe({ type: 'longtask', buffered: true });

/** Pixels of the map's canvases drawn opaque: the points are really there. */
function drawnPixels(): number {
  let n = 0;
  for (const canvas of document.querySelectorAll<HTMLCanvasElement>('#map canvas')) {
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0) continue;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 200) n += 1;
  }
  return n;
}

async function pan(ms: number): Promise<PanResult> {
  // The first full draw (the points' setup, the tiles of the first view) is not part of the pan.
  await new Promise((resolve) => {
    map.once('rendercomplete', resolve);
    map.render();
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const pixelsBefore = drawnPixels();
  const firstDrawLongestTaskMs = Math.max(0, ...firstDrawTasks);
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let frames = 0;
  // A drag pans with the view's interacting hint set (OpenLayers' DragPan does the same), so the
  // layers redraw what they have prepared instead of preparing it again for every frame.
  view.beginInteraction();
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const step = (now: number) => {
      const t = (now - started) / ms;
      if (t >= 1) return resolve();
      frames += 1;
      // A circle of a quarter of the square's side: the view keeps moving, the points stay in view.
      const a = t * 2 * Math.PI;
      view.setCenter([Math.cos(a) * HALF * 0.25, Math.sin(a) * HALF * 0.25]);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const elapsed = performance.now() - started;
  view.endInteraction();
  observer.disconnect();
  const pixelsAfter = drawnPixels();
  return {
    pixelsBefore,
    pixelsAfter,
    firstDrawLongestTaskMs,
    fps: (frames * 1000) / elapsed,
    frames,
    longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
    longTasks: tasks.length,
    webgl: layer.get('webgl') === true,
  };
}

(window as unknown as { bench: { pan: typeof pan } }).bench = { pan };
