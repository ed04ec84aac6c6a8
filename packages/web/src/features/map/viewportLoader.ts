/**
 * Loads each visible layer for the current view: waits until the view has stopped moving for a
 * moment, and cancels a layer's request still in flight when a newer view asks again, so a stale
 * answer never replaces a fresh one and the server is not kept busy with views the user left.
 */
import type { MapResults } from '@manway/core/api/map';
import type { MapLayerId } from './styleTable';

export type Wgs84Extent = readonly [west: number, south: number, east: number, north: number];

/** Long enough to skip the stops of a drag or a wheel zoom, short enough to feel immediate. */
export const VIEWPORT_DEBOUNCE_MS = 250;

export interface ViewportLoaderOptions {
  load(layer: MapLayerId, extent: Wgs84Extent, requestId: string): Promise<MapResults>;
  cancel(requestId: string): void;
  onResult(layer: MapLayerId, results: MapResults): void;
  onLoading?(layer: MapLayerId, loading: boolean): void;
  /** A failure other than a cancellation; the request layer has already told the user. */
  onError?(layer: MapLayerId, error: unknown): void;
  newRequestId(): string;
  delayMs?: number;
}

export class ViewportLoader {
  readonly #options: ViewportLoaderOptions;
  readonly #inFlight = new Map<MapLayerId, string>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ViewportLoaderOptions) {
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
    const id = this.#inFlight.get(layer);
    if (id === undefined) return;
    this.#inFlight.delete(layer);
    this.#options.cancel(id);
    this.#options.onLoading?.(layer, false);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    for (const layer of [...this.#inFlight.keys()]) this.cancel(layer);
  }

  #load(layer: MapLayerId, extent: Wgs84Extent): void {
    this.cancel(layer);
    const requestId = this.#options.newRequestId();
    this.#inFlight.set(layer, requestId);
    this.#options.onLoading?.(layer, true);
    this.#options.load(layer, extent, requestId).then(
      (results) => {
        if (this.#inFlight.get(layer) !== requestId) return;
        this.#inFlight.delete(layer);
        this.#options.onLoading?.(layer, false);
        this.#options.onResult(layer, results);
      },
      (error: unknown) => {
        if (this.#inFlight.get(layer) !== requestId) return;
        this.#inFlight.delete(layer);
        this.#options.onLoading?.(layer, false);
        this.#options.onError?.(layer, error);
      },
    );
  }
}
