import OlFeature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { createXYZ } from 'ol/tilegrid';
import { fromGeojsonVt } from 'vt-pbf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageDataZoomFor, tilePixel } from './rasterPoints';
import { mvtPointLoader, pointOf, TileFeatureMemory } from './tileFeatures';

const grid = createXYZ({ maxZoom: 22 });

function point(id: number, x: number, y: number) {
  const f = new OlFeature(new Point([x, y]));
  f.setId(id);
  return f;
}

/** Remembers a zoom-z tile around a coordinate holding these points. */
function remember(memory: TileFeatureMemory, z: number, at: [number, number], features: OlFeature[]) {
  const tileCoord = grid.getTileCoordForCoordAndZ(at, z);
  memory.remember(tileCoord, grid.getTileCoordExtent(tileCoord), features);
}

describe('the features kept beside point tiles', () => {
  const memory = new TileFeatureMemory();
  remember(memory, 14, [1000, 1000], [point(1, 1000, 1000), point(2, 1010, 1000), point(3, 1100, 1000)]);
  // Its neighbour's buffer repeats point 3.
  remember(memory, 14, [-1000, 1000], [point(3, 1100, 1000), point(6, -1000, 1000)]);
  // The same place at another zoom level: not what is drawn now.
  remember(memory, 10, [1000, 1000], [point(1, 990, 990), point(5, 1005, 1000)]);

  it('a box finds the points inside it on the tiles of the zoom level drawn, each once', () => {
    const ids = (extent: number[], z: number) =>
      memory
        .inExtent(extent, z)
        .map((f) => f.getId())
        .sort();
    expect(ids([995, 995, 1015, 1005], 14)).toEqual([1, 2]);
    expect(ids([0, 0, 2000, 2000], 14)).toEqual([1, 2, 3]);
    expect(ids([-50_000, -50_000, -40_000, -40_000], 14)).toEqual([]);
  });

  it('a click picks the nearest point within the radius, and none beyond it', () => {
    expect(memory.nearest([1007, 1001], 10, 14)?.getId()).toBe(2);
    expect(memory.nearest([1003, 999], 10, 14)?.getId()).toBe(1);
    expect(memory.nearest([1050, 1050], 10, 14)).toBeUndefined();
  });

  it('the selection is found by id, from a tile of the zoom drawn where there is one', () => {
    const found = memory.withIds(new Set([1, 5, 99]), 14);
    expect(found.map((f) => f.getId()).sort()).toEqual([1, 5]);
    const one = found.find((f) => f.getId() === 1)!;
    expect(pointOf(one)).toEqual([1000, 1000]);
  });

  it('remembers a few screens of tiles, forgetting the oldest first', () => {
    const small = new TileFeatureMemory();
    for (let i = 0; i <= 256; i += 1) remember(small, 16, [i * 700, 0], [point(i + 1, i * 700 + 1, 1)]);
    expect(small.inExtent([0, 0, 10, 10], 16)).toEqual([]);
    expect(small.inExtent([256 * 700, 0, 256 * 700 + 10, 10], 16).map((f) => f.getId())).toEqual([257]);
  });
});

describe('loading a point tile from GET api/tiles', () => {
  afterEach(() => vi.unstubAllGlobals());
  const tileCoord = [14, 8192, 8191];
  const extent = grid.getTileCoordExtent(tileCoord);

  it('reads the features into map coordinates with the ids and properties the server gave', async () => {
    const body = fromGeojsonVt(
      {
        Node: {
          features: [
            { id: 7, type: 1, geometry: [[0, 4096]], tags: { assetId: 'MH-7', subtype: 'manhole' } },
            {
              id: 8,
              type: 1,
              geometry: [[2048, 1024]],
              tags: { assetId: 'MH-8', subtype: 'gully', conditionGrade: 4 },
            },
          ],
        },
      } as unknown as Parameters<typeof fromGeojsonVt>[0],
      { version: 2, extent: 4096 },
    );
    const fetch = vi.fn(async () => new Response(Buffer.from(body)));
    vi.stubGlobal('fetch', fetch);
    const features = await mvtPointLoader('/api/tiles/Node/{z}/{x}/{y}.pbf')(
      tileCoord,
      extent,
      new AbortController().signal,
    );
    expect(fetch).toHaveBeenCalledWith('/api/tiles/Node/14/8192/8191.pbf', expect.anything());
    expect(features.map((f) => [f.getId(), f.get('assetId'), f.get('conditionGrade')])).toEqual([
      [7, 'MH-7', undefined],
      [8, 'MH-8', 4],
    ]);
    const [x0, y0, x1, y1] = extent as [number, number, number, number];
    // Tile units run from the top left corner, y downwards.
    const [a, b] = features.map(pointOf);
    expect(a![0]).toBeCloseTo(x0);
    expect(a![1]).toBeCloseTo(y0);
    expect(b![0]).toBeCloseTo((x0 + x1) / 2);
    expect(b![1]).toBeCloseTo(y1 - (y1 - y0) / 4);
    // And drawn where the tile image puts them.
    const [px, py] = tilePixel(b!, extent, grid.getResolution(14));
    expect(px).toBeCloseTo(128);
    expect(py).toBeCloseTo(64);
  });

  it('an empty tile (204) has no features; a failed one is an error, not an empty tile', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    const load = mvtPointLoader('/t/{z}/{x}/{y}');
    await expect(load(tileCoord, extent, new AbortController().signal)).resolves.toEqual([]);
    vi.stubGlobal('fetch', async () => new Response('no', { status: 500 }));
    await expect(load(tileCoord, extent, new AbortController().signal)).rejects.toThrow(/HTTP 500/);
  });
});

describe('node images between zoom levels', () => {
  const atZoom = (zoom: number) => grid.getResolution(0) / 2 ** zoom;

  it('are drawn from the vector tiles of the whole level at or above the image level nearest the view', () => {
    expect(imageDataZoomFor(atZoom(12))).toBe(12);
    // Zoom 12.6 is drawn on the level 12.5 (a quarter-zoom grid), from zoom-12 tiles.
    expect(imageDataZoomFor(atZoom(12.6))).toBe(12);
    // Zoom 12.9 is nearest the level 13.
    expect(imageDataZoomFor(atZoom(12.9))).toBe(13);
  });
});
