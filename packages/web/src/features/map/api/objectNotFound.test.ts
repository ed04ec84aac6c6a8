import { describe, expect, it } from 'vitest';
import { createTestShell, mapAnswer } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { getAssetInspections } from './assetInspections';
import { getLayerFeature } from './layerFeatures';
import { getObjectDetails } from './objectDetails';

const OBJECT_NOT_FOUND = expect.objectContaining({ type: 'error', title: 'Object not found' });

describe('an object opened by id that is gone', () => {
  it("its details show 'Object not found', not 'Something unexpected just happened'", async () => {
    const server = new FakeServer().on('GET', '/api/objects/Node/404', {
      status: 404,
      json: { message: 'Object not found' },
    });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getObjectDetails.initiate({ type: 'Node', id: 404 })).unwrap()).rejects.toMatchObject({
      status: 404,
    });

    expect(store.getState().notifications.items).toEqual([OBJECT_NOT_FOUND]);
  });

  it("its summary, picked on a tile drawn before it was deleted, shows 'Object not found'", async () => {
    const server = new FakeServer().on('GET', '/api/filters/results/map', { json: mapAnswer('Node', 0, 0) });
    const { store } = createTestShell({ server });

    await expect(
      store.dispatch(getLayerFeature.initiate({ layer: 'Node', id: 404, pick: 1 })).unwrap(),
    ).resolves.toBeNull();

    await expect.poll(() => store.getState().notifications.items).toEqual([OBJECT_NOT_FOUND]);
  });

  it("its inspections show 'Object not found'", async () => {
    const server = new FakeServer().on('GET', '/api/inspections', {
      status: 404,
      json: { message: 'Section not found' },
    });
    const { store } = createTestShell({ server });

    await expect(
      store.dispatch(getAssetInspections.initiate({ type: 'Section', id: 404 })).unwrap(),
    ).rejects.toMatchObject({ status: 404 });

    expect(store.getState().notifications.items).toEqual([OBJECT_NOT_FOUND]);
  });

  it('other failures still show the unexpected-error notification', async () => {
    const server = new FakeServer().on('GET', '/api/objects/Node/7', { status: 500 });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getObjectDetails.initiate({ type: 'Node', id: 7 })).unwrap()).rejects.toMatchObject({
      status: 500,
    });

    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({ title: 'Something unexpected just happened' }),
    ]);
  });

  it('a feature that is there shows no notification', async () => {
    const server = new FakeServer().on('GET', '/api/filters/results/map', { json: mapAnswer('Node', 1, 1) });
    const { store } = createTestShell({ server });

    await expect(
      store.dispatch(getLayerFeature.initiate({ layer: 'Node', id: 1, pick: 1 })).unwrap(),
    ).resolves.toMatchObject({
      id: 1,
    });

    expect(store.getState().notifications.items).toEqual([]);
  });
});
