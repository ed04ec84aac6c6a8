import { describe, expect, it } from 'vitest';
import { createTestShell, mapAnswer } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { getAssetInspections } from './getAssetInspections';
import { getLayerFeature } from './getLayerFeature';
import { getObjectDetails } from './getObjectDetails';

const OBJECT_NOT_FOUND = expect.objectContaining({ type: 'error', title: 'Object not found' });

describe('an object opened by id that is gone', () => {
  it("its details show 'Object not found', not 'Something unexpected just happened'", async () => {
    const server = new FakeServer().on('GET', '/api/objects/Node/404', {
      status: 404,
      json: { message: 'Object not found' },
    });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getObjectDetails('Node', 404))).rejects.toMatchObject({ status: 404 });

    expect(store.getState().notifications.items).toEqual([OBJECT_NOT_FOUND]);
  });

  it("its summary, picked on a tile drawn before it was deleted, shows 'Object not found'", async () => {
    const server = new FakeServer().on('GET', '/api/filters/results/map', { json: mapAnswer('Node', 0, 0) });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getLayerFeature('Node', 404))).resolves.toBeNull();

    expect(store.getState().notifications.items).toEqual([OBJECT_NOT_FOUND]);
  });

  it("its inspections show 'Object not found'", async () => {
    const server = new FakeServer().on('GET', '/api/inspections', {
      status: 404,
      json: { message: 'Section not found' },
    });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getAssetInspections('Section', 404))).rejects.toMatchObject({ status: 404 });

    expect(store.getState().notifications.items).toEqual([OBJECT_NOT_FOUND]);
  });

  it('other failures still show the unexpected-error notification', async () => {
    const server = new FakeServer().on('GET', '/api/objects/Node/7', { status: 500 });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getObjectDetails('Node', 7))).rejects.toMatchObject({ status: 500 });

    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({ title: 'Something unexpected just happened' }),
    ]);
  });

  it('a feature that is there shows no notification', async () => {
    const server = new FakeServer().on('GET', '/api/filters/results/map', { json: mapAnswer('Node', 1, 1) });
    const { store } = createTestShell({ server });

    await expect(store.dispatch(getLayerFeature('Node', 1))).resolves.toMatchObject({ id: 1 });

    expect(store.getState().notifications.items).toEqual([]);
  });
});
