/**
 * The features of point tiles, read once and kept beside the layer that draws them: a layer that
 * draws on the GPU or into images cannot be asked what lies under a click or inside a box, so the
 * map asks these instead.
 */
import type { FeatureLike } from 'ol/Feature';
import { containsCoordinate, intersects, type Extent } from 'ol/extent';
import MVT from 'ol/format/MVT';
import type { TileCoord } from 'ol/tilecoord';

/** The point features of one tile, in map coordinates; `signal` aborts a tile no longer wanted. */
export type TilePointLoader = (tileCoord: TileCoord, extent: Extent, signal: AbortSignal) => Promise<FeatureLike[]>;

/** Loads GET api/tiles/{layer}/{z}/{x}/{y}.pbf and reads its features (204: an empty tile). */
export function mvtPointLoader(urlTemplate: string): TilePointLoader {
  const format = new MVT();
  return async ([z, x, y], extent, signal) => {
    const url = urlTemplate.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    const res = await fetch(url, { signal, credentials: 'same-origin' });
    if (res.status === 204) return [];
    if (!res.ok) throw new Error(`tile ${z}/${x}/${y}: HTTP ${res.status}`);
    return format.readFeatures(await res.arrayBuffer(), { extent, featureProjection: 'EPSG:3857' });
  };
}

/** How many tiles a layer remembers: a few screens' worth. */
const REMEMBERED_TILES = 256;

/** A point feature's coordinate (MVT gives render features, which are their own geometry). */
export function pointOf(feature: FeatureLike): number[] | undefined {
  const geometry = feature.getGeometry() as { getFlatCoordinates(): number[] } | undefined;
  return geometry?.getFlatCoordinates();
}

export class TileFeatureMemory {
  /** By tile coordinate, the most recently loaded last. */
  readonly #tiles = new Map<string, { tileCoord: TileCoord; extent: Extent; features: FeatureLike[] }>();

  remember(tileCoord: TileCoord, extent: Extent, features: FeatureLike[]): void {
    const key = tileCoord.join('/');
    this.#tiles.delete(key);
    this.#tiles.set(key, { tileCoord, extent, features });
    if (this.#tiles.size > REMEMBERED_TILES) this.#tiles.delete(this.#tiles.keys().next().value!);
  }

  /** The features of the zoom-z tiles inside an extent, each once (a tile's buffer repeats its neighbours' edges). */
  inExtent(extent: Extent, z: number): FeatureLike[] {
    const found = new Map<number | string, FeatureLike>();
    for (const tile of this.#tiles.values()) {
      if (tile.tileCoord[0] !== z || !intersects(tile.extent, extent)) continue;
      for (const f of tile.features) {
        const point = pointOf(f);
        if (point && containsCoordinate(extent, point)) found.set(f.getId() ?? found.size, f);
      }
    }
    return [...found.values()];
  }

  /** The feature of the zoom-z tiles nearest to a coordinate within `radius`, if any. */
  nearest(coordinate: number[], radius: number, z: number): FeatureLike | undefined {
    const [x, y] = coordinate as [number, number];
    let best: FeatureLike | undefined;
    let bestDistance = radius * radius;
    for (const f of this.inExtent([x - radius, y - radius, x + radius, y + radius], z)) {
      const [px, py] = pointOf(f) as [number, number];
      const distance = (px - x) ** 2 + (py - y) ** 2;
      if (distance <= bestDistance) {
        best = f;
        bestDistance = distance;
      }
    }
    return best;
  }

  /**
   * The remembered features with these ids, each once: from a zoom-z tile where there is one (a
   * thinned tile of another zoom has them snapped to its pixels), otherwise from any.
   */
  withIds(ids: ReadonlySet<number>, z: number): FeatureLike[] {
    const found = new Map<number, { feature: FeatureLike; z: number }>();
    if (ids.size === 0) return [];
    for (const tile of this.#tiles.values())
      for (const feature of tile.features) {
        const id = Number(feature.getId());
        if (ids.has(id) && found.get(id)?.z !== z) found.set(id, { feature, z: tile.tileCoord[0]! });
      }
    return [...found.values()].map((f) => f.feature);
  }
}
