import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapResults } from '@manway/core/api/map';
import { createShellStore } from '../../shell/store/store';
import { testConfig } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { getLayerFeatures } from './api/layerFeatures';
import type { LayerSource } from './scaleMode';
import type { MapLayerId } from './styleTable';
import { VIEWPORT_DEBOUNCE_MS, ViewportLoader, type LayerLoad } from './viewportLoader';

const results = (total: number, { plusFound = false, shown = total } = {}): MapResults => ({
  type: 'FeatureCollection',
  objectType: 'Node',
  features: Array.from({ length: shown }, (_, i) => ({
    type: 'Feature' as const,
    id: i + 1,
    geometry: { type: 'Point' as const, coordinates: [7.5, 51.5] },
    properties: { assetId: `N${i + 1}`, subtype: 'Manhole', conditionGrade: null, material: null, sizeMm: null },
  })),
  total,
  plusFound,
  limit: 5000,
});

/** A loader on a real shell store against a fake server, recording what it hands the map. */
function setup(fetch: typeof globalThis.fetch) {
  const store = createShellStore({ config: testConfig(), fetch });
  const received: [MapLayerId, number, LayerSource][] = [];
  let loads = 0;
  const loader = new ViewportLoader({
    load: (layer, extent, countOnly) =>
      store.dispatch(getLayerFeatures.initiate({ layer, extent, countOnly, load: ++loads })),
    onResult: (layer, r, source) => received.push([layer, r.features.length, source]),
  });
  return { loader, received };
}

/** A load the test settles by hand. */
function manualLoad() {
  let resolve!: (r: MapResults) => void;
  const promise = new Promise<MapResults>((r) => (resolve = r));
  const load: LayerLoad = { unwrap: () => promise, abort: vi.fn(), unsubscribe: vi.fn() };
  return { load, resolve };
}

describe('loading the layers of the view', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the view stops moving, then asks once per visible layer for the last extent', async () => {
    const server = new FakeServer().on('GET', '/api/filters/results/map', { json: results(7) });
    const { loader, received } = setup(server.fetch);
    loader.request([7, 51, 8, 52], ['Node', 'Section']);
    vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 50);
    loader.request([7.1, 51.1, 8.1, 52.1], ['Node', 'Section']);
    vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 50);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(received).toHaveLength(2));
    const calls = server.callsTo('GET', '/api/filters/results/map');
    expect(calls.map((c) => [c.url.searchParams.get('dynamicLayerId'), c.url.searchParams.get('extent')])).toEqual([
      ['Node', '7.100000,51.100000,8.100000,52.100000'],
      ['Section', '7.100000,51.100000,8.100000,52.100000'],
    ]);
  });

  it('cancels the request of a layer still in flight when a newer view asks, through the request layer', async () => {
    const server = new FakeServer().hang('GET', '/api/filters/results/map');
    const signals: AbortSignal[] = [];
    const { loader, received } = setup((input, init) => {
      signals.push(init!.signal!);
      return server.fetch(input, init);
    });
    loader.request([7, 51, 8, 52], ['Node']);
    await vi.advanceTimersByTimeAsync(VIEWPORT_DEBOUNCE_MS);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    loader.loadNow('Node', [7.5, 51, 8.5, 52]);
    await vi.waitFor(() => expect(signals.map((s) => s.aborted)).toEqual([true, false]));
    loader.cancel('Node');
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual([]);
    loader.dispose();
  });

  it('applies only the newest answer of a layer when an older one arrives late', async () => {
    const loads = [manualLoad(), manualLoad()];
    const received: number[] = [];
    let n = 0;
    const loader = new ViewportLoader({
      load: () => loads[n++]!.load,
      onResult: (_layer, r) => received.push(r.total),
    });
    loader.loadNow('Node', [7, 51, 8, 52]);
    loader.loadNow('Node', [7.5, 51, 8.5, 52]);
    expect(loads[0]!.load.abort).toHaveBeenCalled();
    loads[1]!.resolve(results(2));
    loads[0]!.resolve(results(1));
    await vi.waitFor(() => expect(received).toEqual([2]));
  });

  it('keeps the answer a layer shows until a newer one replaces it or the map goes', async () => {
    const loads = [manualLoad(), manualLoad()];
    const shown: number[] = [];
    let n = 0;
    const loader = new ViewportLoader({
      load: () => loads[n++]!.load,
      onResult: (_layer, r) => shown.push(r.total),
    });
    loader.loadNow('Node', [7, 51, 8, 52]);
    loads[0]!.resolve(results(1));
    await vi.waitFor(() => expect(shown).toEqual([1]));
    expect(loads[0]!.load.unsubscribe).not.toHaveBeenCalled();

    loader.loadNow('Node', [7.5, 51, 8.5, 52]);
    loads[1]!.resolve(results(2));
    await vi.waitFor(() => expect(shown).toEqual([1, 2]));
    expect(loads[0]!.load.unsubscribe).toHaveBeenCalled();
    expect(loads[1]!.load.unsubscribe).not.toHaveBeenCalled();
    loader.dispose();
    expect(loads[1]!.load.unsubscribe).toHaveBeenCalled();
  });
});

describe('a layer drawn from vector tiles asks only for the count of the view', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const countOnlyOf = (server: FakeServer) =>
    server.callsTo('GET', '/api/filters/results/map').map((c) => c.url.searchParams.get('countOnly'));

  it('asks for features until the view holds more than one answer carries, then for the count only', async () => {
    const answers = [results(5000, { plusFound: true, shown: 5000 }), results(5000, { plusFound: true, shown: 0 })];
    const server = new FakeServer().on('GET', '/api/filters/results/map', () => ({ json: answers.shift() }));
    const { loader, received } = setup(server.fetch);

    loader.loadNow('Node', [7, 51, 8, 52]);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    loader.loadNow('Node', [6, 50, 9, 53]);
    await vi.waitFor(() => expect(received).toHaveLength(2));

    expect(countOnlyOf(server)).toEqual([null, 'true']);
    expect(received).toEqual([
      ['Node', 5000, 'tiles'],
      ['Node', 0, 'tiles'],
    ]);
  });

  it('fetches the features of the view before the layer leaves the tiles', async () => {
    const answers = [results(5000, { plusFound: true }), results(3000, { shown: 0 }), results(3000)];
    const server = new FakeServer().on('GET', '/api/filters/results/map', () => ({ json: answers.shift() }));
    const { loader, received } = setup(server.fetch);

    loader.loadNow('Node', [6, 50, 9, 53]);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    loader.loadNow('Node', [7, 51, 8, 52]);
    await vi.waitFor(() => expect(received).toHaveLength(2));

    expect(countOnlyOf(server)).toEqual([null, 'true', null]);
    expect(received[1]).toEqual(['Node', 3000, 'features']);
  });
});
