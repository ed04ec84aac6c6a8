/**
 * Point tiles drawn once into images, for browsers whose WebGL has no GPU. A canvas vector-tile
 * layer replays every symbol on each frame of a pan (100,000 nodes: about a second a frame on the
 * CPU); here each tile's points are drawn once, by the layer's ordinary style function, and a pan
 * only moves images (bench/mapFps.ts measures both). What an image cannot answer, what lies under a
 * click or inside a box, the tiles' features kept in a TileFeatureMemory answer; the selected
 * points are drawn live above the images (networkMap.ts).
 */
import type { FeatureLike } from 'ol/Feature';
import type { Extent } from 'ol/extent';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import { toContext } from 'ol/render';
import ImageTileSource from 'ol/source/ImageTile';
import type Style from 'ol/style/Style';
import { createXYZ } from 'ol/tilegrid';
import { TILE_MAX_ZOOM } from '@manway/core/api/tiles';
import { pointOf, type TileFeatureMemory, type TilePointLoader } from './tileFeatures';

/** CSS pixels along a tile's side. */
const TILE_SIZE = 256;

export type PointStyle = (feature: FeatureLike, resolution: number) => Style[];

/** Where a map coordinate falls on a tile drawn at `resolution`, in CSS pixels from its top left. */
export function tilePixel(coordinate: number[], tileExtent: Extent, resolution: number): [number, number] {
  return [(coordinate[0]! - tileExtent[0]!) / resolution, (tileExtent[3]! - coordinate[1]!) / resolution];
}

/**
 * Draws points on a tile-sized canvas: every symbol first, then the labels, so no symbol covers a
 * label. Points of the tile's buffer are drawn too; the canvas cuts them at the edge, where the
 * neighbouring tile draws the rest.
 */
export function drawPointTile(
  features: FeatureLike[],
  tileExtent: Extent,
  resolution: number,
  style: PointStyle,
  pixelRatio: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const render = toContext(canvas.getContext('2d')!, { size: [TILE_SIZE, TILE_SIZE], pixelRatio });
  const labels: [Style, Point][] = [];
  for (const feature of features) {
    const coordinate = pointOf(feature);
    if (!coordinate) continue;
    const at = new Point(tilePixel(coordinate, tileExtent, resolution));
    for (const s of style(feature, resolution)) {
      if (s.getText()) labels.push([s, at]);
      else {
        render.setStyle(s);
        render.drawGeometry(at);
      }
    }
  }
  for (const [s, at] of labels) {
    render.setStyle(s);
    render.drawGeometry(at);
  }
  return canvas;
}

interface Options {
  style: PointStyle;
  memory: TileFeatureMemory;
  zIndex?: number;
  properties?: Record<string, unknown>;
}

/** A tile layer of images of the points `load` gives per tile, on the grid of the vector tiles. */
export function rasterPointTileLayer(load: TilePointLoader, o: Options): TileLayer<ImageTileSource> {
  const grid = createXYZ({ maxZoom: TILE_MAX_ZOOM, tileSize: TILE_SIZE });
  const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  // A tile without points draws nothing; one blank image serves them all.
  let blank: HTMLCanvasElement | undefined;
  const source = new ImageTileSource({
    tileGrid: grid,
    tileSize: TILE_SIZE * pixelRatio,
    // As the vector tiles: between two zoom levels, the deeper one's tiles.
    zDirection: 1,
    wrapX: false,
    loader: async (z, x, y, { signal }) => {
      const tileCoord = [z, x, y];
      const extent = grid.getTileCoordExtent(tileCoord);
      const features = await load(tileCoord, extent, signal);
      o.memory.remember(tileCoord, extent, features);
      // Tiles that arrive together are drawn in a task each, so the frames of a pan go on between them.
      await new Promise((resolve) => setTimeout(resolve, 0));
      signal.throwIfAborted();
      if (features.length) return drawPointTile(features, extent, grid.getResolution(z), o.style, pixelRatio);
      blank ??= drawPointTile([], extent, 1, o.style, pixelRatio);
      return blank;
    },
  });
  return new TileLayer({ source, zIndex: o.zIndex, properties: o.properties });
}
