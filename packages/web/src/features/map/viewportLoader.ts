/**
 * Loads each visible layer for the current view: waits until the view has stopped moving for a
 * moment, and cancels a layer's request still in flight when a newer view asks again, so a stale
 * answer never replaces a fresh one and the server is not kept busy with views the user left.
 * It also decides whether a layer is drawn from the view's features or from vector tiles
 * (scaleMode.ts): a layer drawn from tiles asks only how many features the view holds.
 */
import type { MapResults } from '@manway/core/api/map';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import { nextLayerSource, type LayerSource } from './scaleMode';
import type { MapLayerId } from './styleTable';

/** Long enough to skip the stops of a drag or a wheel zoom, short enough to feel immediate. */
export const VIEWPORT_DEBOUNCE_MS = 250;

/**
 * One layer's request (what RTK Query's initiate returns fits): its answer stays subscribed while
 * the layer shows it, so it can be refreshed in place.
 */
export interface LayerLoad {
  unwrap(): Promise<MapResults>;
  abort(): void;
  unsubscribe(): void;
}

export interface ViewportLoaderOptions<Load extends LayerLoad> {
  /** Asks for one layer's features in the view, or only for their count (features: []). */
  load(layer: MapLayerId, extent: Wgs84Extent, countOnly: boolean): Load;
  /** The layer's answer for the view (the load now shown), and what it is drawn from. */
  onResult(layer: MapLayerId, results: MapResults, source: LayerSource, load: Load): void;
  onLoading?(layer: MapLayerId, loading: boolean): void;
  /** A failure other than a cancellation; the request layer has already told the user. */
  onError?(layer: MapLayerId, error: unknown): void;
  delayMs?: number;
}

export class ViewportLoader<Load extends LayerLoad = LayerLoad> {
  readonly #options: ViewportLoaderOptions<Load>;
  readonly #inFlight = new Map<MapLayerId, Load>();
  readonly #shown = new Map<MapLayerId, Load>();
  readonly #sources = new Map<MapLayerId, LayerSource>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ViewportLoaderOptions<Load>) {
    this.#options = options;
  }

  /** Asks for these layers in this extent once the view settles; a later call replaces an earlier one. */
  request(extent: Wgs84Extent, layers: readonly MapLayerId[]): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      for (const layer of layers) this.#load(layer, extent);
    }, this.#options.delayMs ?? VIEWPORT_DEBOUNCE_MS);
  }

  /** Loads one layer now (a layer switched on), cancelling its older request. */
  loadNow(layer: MapLayerId, extent: Wgs84Extent): void {
    this.#load(layer, extent);
  }

  /** Cancels one layer's request in flight (a layer switched off). */
  cancel(layer: MapLayerId): void {
    const load = this.#inFlight.get(layer);
    if (load === undefined) return;
    this.#inFlight.delete(layer);
    load.abort();
    load.unsubscribe();
    this.#options.onLoading?.(layer, false);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    for (const layer of [...this.#inFlight.keys()]) this.cancel(layer);
    for (const load of this.#shown.values()) load.unsubscribe();
    this.#shown.clear();
  }

  #load(layer: MapLayerId, extent: Wgs84Extent): void {
    this.cancel(layer);
    this.#options.onLoading?.(layer, true);
    this.#start(layer, extent, this.#sources.get(layer) === 'tiles');
  }

  #start(layer: MapLayerId, extent: Wgs84Extent, countOnly: boolean): void {
    const load = this.#options.load(layer, extent, countOnly);
    this.#inFlight.set(layer, load);
    // A cancelled load is no longer the layer's in flight: its late answer or failure is dropped.
    const isCurrent = () => this.#inFlight.get(layer) === load;
    load.unwrap().then(
      (results) => {
        if (!isCurrent()) return;
        const source = nextLayerSource(this.#sources.get(layer) ?? 'features', results, countOnly);
        // Tiles no longer draw the view: the layer leaves them once the view's features are here.
        if (countOnly && source === 'features') {
          load.unsubscribe();
          this.#start(layer, extent, false);
          return;
        }
        this.#inFlight.delete(layer);
        this.#shown.get(layer)?.unsubscribe();
        this.#shown.set(layer, load);
        this.#sources.set(layer, source);
        this.#options.onLoading?.(layer, false);
        this.#options.onResult(layer, results, source, load);
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        load.unsubscribe();
        this.#inFlight.delete(layer);
        this.#options.onLoading?.(layer, false);
        this.#options.onError?.(layer, error);
      },
    );
  }
}
