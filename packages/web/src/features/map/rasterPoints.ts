/**
 * Point tiles drawn once into images, for browsers whose WebGL has no GPU. A canvas vector-tile
 * layer replays every symbol on each frame of a pan (100,000 nodes: about a second a frame on the
 * CPU); here each tile's points are drawn once, by the layer's ordinary style function, and a pan
 * only moves images (bench/mapFps.ts measures both). What an image cannot answer, what lies under a
 * click or inside a box, the tiles' features kept in a TileFeatureMemory answer; the selected
 * points are drawn live above the images (networkMap.ts).
 */
import type { FeatureLike } from 'ol/Feature';
import { buffer, containsCoordinate, getTopLeft, type Extent } from 'ol/extent';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import { toContext } from 'ol/render';
import ImageTileSource from 'ol/source/ImageTile';
import type ImageStyle from 'ol/style/Image';
import type Style from 'ol/style/Style';
import type { TileCoord } from 'ol/tilecoord';
import { createXYZ } from 'ol/tilegrid';
import TileGrid from 'ol/tilegrid/TileGrid';
import { TILE_BUFFER, TILE_EXTENT, TILE_MAX_ZOOM } from '@manway/core/api/tiles';
import { pointOf, type TileFeatureMemory, type TilePointLoader } from './tileFeatures';

/** CSS pixels along a tile's side. */
const TILE_SIZE = 256;

export type PointStyle = (feature: FeatureLike, resolution: number) => Style[];

/** Where a map coordinate falls on a tile drawn at `resolution`, in CSS pixels from its top left. */
export function tilePixel(coordinate: number[], tileExtent: Extent, resolution: number): [number, number] {
  return [(coordinate[0]! - tileExtent[0]!) / resolution, (tileExtent[3]! - coordinate[1]!) / resolution];
}

/** The image of a point symbol drawn as it is, if the style is only that (no label, no rotation, no scale). */
function plainSymbol(style: Style): { image: ImageStyle; anchor: number[]; size: number[] } | undefined {
  const image = style.getImage();
  if (!image || style.getText() || style.getFill() || style.getStroke() || style.getGeometry()) return undefined;
  const [sx, sy] = image.getScaleArray();
  const anchor = image.getAnchor();
  const size = image.getSize();
  const plain = image.getRotation() === 0 && sx === 1 && sy === 1 && image.getOpacity() === 1;
  return plain && anchor && size ? { image, anchor, size } : undefined;
}

/**
 * Draws points on a tile-sized canvas: every symbol first, then the labels, so no symbol covers a
 * label. A symbol is its style's ready image, copied into place (OpenLayers' immediate renderer
 * sets every part of the style again for each point, several times slower); anything else goes
 * through that renderer. Points of the tile's buffer are drawn too; the canvas cuts them at the edge,
 * where the neighbouring tile draws the rest.
 */
export function drawPointTile(
  features: FeatureLike[],
  tileExtent: Extent,
  resolution: number,
  style: PointStyle,
  pixelRatio: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  const render = toContext(context, { size: [TILE_SIZE, TILE_SIZE], pixelRatio });
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  const labels: [Style, Point][] = [];
  for (const feature of features) {
    const coordinate = pointOf(feature);
    if (!coordinate) continue;
    const [x, y] = tilePixel(coordinate, tileExtent, resolution);
    for (const s of style(feature, resolution)) {
      const symbol = plainSymbol(s);
      if (symbol) {
        const { image, anchor, size } = symbol;
        context.drawImage(image.getImage(pixelRatio), x - anchor[0]!, y - anchor[1]!, size[0]!, size[1]!);
      } else if (s.getText()) labels.push([s, new Point([x, y])]);
      else {
        render.setStyle(s);
        render.drawGeometry(new Point([x, y]));
      }
    }
  }
  for (const [s, at] of labels) {
    render.setStyle(s);
    render.drawGeometry(at);
  }
  return canvas;
}

/**
 * Images are drawn on levels a quarter of a zoom apart, so a view between levels shows them within
 * 9 % of the size they were drawn at (on whole levels, images of a view at zoom 11.5 would be
 * stretched or shrunk by up to 41 %, and their symbols with them). The data comes from the vector
 * tiles of the whole level at or above.
 */
const LEVELS_PER_ZOOM = 4;

/** The grid the images are drawn on. */
function imageGrid(): TileGrid {
  const xyz = createXYZ({ maxZoom: 0, tileSize: TILE_SIZE });
  const extent = xyz.getExtent()!;
  const resolutions = Array.from(
    { length: TILE_MAX_ZOOM * LEVELS_PER_ZOOM + 1 },
    (_, level) => xyz.getResolution(0) / 2 ** (level / LEVELS_PER_ZOOM),
  );
  return new TileGrid({ extent, origin: getTopLeft(extent), resolutions, tileSize: TILE_SIZE });
}

const IMAGE_GRID = imageGrid();
const DATA_GRID = createXYZ({ maxZoom: TILE_MAX_ZOOM, tileSize: TILE_SIZE });

/** The zoom of the vector tiles whose points the images drawn at a view resolution show. */
export function imageDataZoomFor(resolution: number): number {
  return Math.floor(IMAGE_GRID.getZForResolution(resolution, 0) / LEVELS_PER_ZOOM);
}

/** Pixels beyond an image's edge whose points are drawn in it: the largest symbol's reach (TILE_BUFFER). */
const OVERDRAW_PIXELS = (TILE_BUFFER / TILE_EXTENT) * TILE_SIZE;

/** How many vector tiles' promises are kept, so the images of one view share their data tiles. */
const KEPT_DATA_TILES = 64;

interface Options {
  style: PointStyle;
  memory: TileFeatureMemory;
  zIndex?: number;
  properties?: Record<string, unknown>;
}

/** A tile layer of images of the points `load` gives per vector tile. */
export function rasterPointTileLayer(load: TilePointLoader, o: Options): TileLayer<ImageTileSource> {
  const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
  const dataTiles = new Map<string, Promise<FeatureLike[]>>();
  const dataTile = (tileCoord: TileCoord): Promise<FeatureLike[]> => {
    const key = tileCoord.join('/');
    let features = dataTiles.get(key);
    if (!features) {
      const extent = DATA_GRID.getTileCoordExtent(tileCoord);
      // Shared by the images over it, so no one image's abort stops it.
      features = load(tileCoord, extent, new AbortController().signal).then((f) => {
        o.memory.remember(tileCoord, extent, f);
        return f;
      });
      features.catch(() => dataTiles.delete(key));
      dataTiles.set(key, features);
      if (dataTiles.size > KEPT_DATA_TILES) dataTiles.delete(dataTiles.keys().next().value!);
    }
    return features;
  };
  // A tile without points draws nothing; one blank image serves them all.
  let blank: HTMLCanvasElement | undefined;
  const source = new ImageTileSource({
    tileGrid: IMAGE_GRID,
    tileSize: TILE_SIZE * pixelRatio,
    wrapX: false,
    loader: async (level, x, y, { signal }) => {
      const extent = IMAGE_GRID.getTileCoordExtent([level, x, y]);
      const resolution = IMAGE_GRID.getResolution(level);
      const reach = buffer(extent, OVERDRAW_PIXELS * resolution);
      // The vector tiles under the image: their own buffers (as many of their pixels, which are at
      // least as large) hold the points its edges reach. Shrunk a little, so a neighbour that only
      // touches an edge is not asked.
      const coords: TileCoord[] = [];
      const under = buffer(extent, -resolution / 100);
      DATA_GRID.forEachTileCoord(under, Math.floor(level / LEVELS_PER_ZOOM), (c) => void coords.push([...c]));
      const byId = new Map<number | string, FeatureLike>();
      for (const features of await Promise.all(coords.map(dataTile)))
        for (const f of features) {
          const point = pointOf(f);
          if (point && containsCoordinate(reach, point)) byId.set(f.getId() ?? byId.size, f);
        }
      // Tiles that arrive together are drawn in a task each, so the frames of a pan go on between them.
      await new Promise((resolve) => setTimeout(resolve, 0));
      signal.throwIfAborted();
      // In the order of their ids, so two images sharing a symbol overlap it the same way.
      const features = [...byId.values()].sort((a, b) => Number(a.getId()) - Number(b.getId()));
      if (features.length) return drawPointTile(features, extent, resolution, o.style, pixelRatio);
      blank ??= drawPointTile([], extent, 1, o.style, pixelRatio);
      return blank;
    },
  });
  return new TileLayer({ source, zIndex: o.zIndex, properties: o.properties });
}
