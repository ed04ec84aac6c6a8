import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapResults } from '@manway/core/api/map';
import { createShellStore } from '../../shell/store/store';
import { stopRequest } from '../../shell/request/lifecycle';
import { testConfig } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { getLayerFeatures } from './api/getLayerFeatures';
import type { MapLayerId } from './styleTable';
import { VIEWPORT_DEBOUNCE_MS, ViewportLoader } from './viewportLoader';

const results = (total: number): MapResults => ({
  type: 'FeatureCollection',
  objectType: 'Node',
  features: [],
  total,
  plusFound: false,
  limit: 5000,
});

function setup(server: FakeServer) {
  const store = createShellStore({ config: testConfig(), fetch: server.fetch });
  const received: [MapLayerId, number][] = [];
  let n = 0;
  const loader = new ViewportLoader({
    load: (layer, extent, requestId) => store.dispatch(getLayerFeatures({ layer, extent, requestId })),
    cancel: (requestId) => store.dispatch(stopRequest(requestId)),
    newRequestId: () => `r${++n}`,
    onResult: (layer, r) => received.push([layer, r.total]),
  });
  return { loader, received };
}

describe('loading the layers of the view', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the view stops moving, then asks once per visible layer for the last extent', async () => {
    const server = new FakeServer().on('GET', '/api/filters/results/map', { json: results(7) });
    const { loader, received } = setup(server);
    loader.request([7, 51, 8, 52], ['Node', 'Section']);
    vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 50);
    loader.request([7.1, 51.1, 8.1, 52.1], ['Node', 'Section']);
    vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 50);
    expect(server.calls).toHaveLength(0);
    vi.advanceTimersByTime(50);
    const calls = server.callsTo('GET', '/api/filters/results/map');
    expect(calls.map((c) => [c.url.searchParams.get('dynamicLayerId'), c.url.searchParams.get('extent')])).toEqual([
      ['Node', '7.100000,51.100000,8.100000,52.100000'],
      ['Section', '7.100000,51.100000,8.100000,52.100000'],
    ]);
    await vi.waitFor(() => expect(received).toHaveLength(2));
  });

  it('cancels the request of a layer still in flight when a newer view asks, through the request layer', async () => {
    const server = new FakeServer().hang('GET', '/api/filters/results/map');
    const signals: AbortSignal[] = [];
    const store = createShellStore({
      config: testConfig(),
      fetch: (input, init) => {
        signals.push(init!.signal!);
        return server.fetch(input, init);
      },
    });
    const received: number[] = [];
    let n = 0;
    const loader = new ViewportLoader({
      load: (layer, extent, requestId) => store.dispatch(getLayerFeatures({ layer, extent, requestId })),
      cancel: (requestId) => store.dispatch(stopRequest(requestId)),
      newRequestId: () => `r${++n}`,
      onResult: (_layer, r) => received.push(r.total),
    });
    loader.request([7, 51, 8, 52], ['Node']);
    vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS);
    loader.loadNow('Node', [7.5, 51, 8.5, 52]);
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    loader.cancel('Node');
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
    await Promise.resolve();
    expect(received).toEqual([]);
    loader.dispose();
  });

  it('applies only the newest answer of a layer when an older one arrives late', async () => {
    const pending: ((r: MapResults) => void)[] = [];
    const received: number[] = [];
    let n = 0;
    const loader = new ViewportLoader({
      load: () => new Promise<MapResults>((resolve) => pending.push(resolve)),
      cancel: () => {},
      newRequestId: () => `r${++n}`,
      onResult: (_layer, r) => received.push(r.total),
    });
    loader.loadNow('Node', [7, 51, 8, 52]);
    loader.loadNow('Node', [7.5, 51, 8.5, 52]);
    pending[1]!(results(2));
    pending[0]!(results(1));
    await vi.waitFor(() => expect(received).toEqual([2]));
  });
});
