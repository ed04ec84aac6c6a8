import { describe, expect, it } from 'vitest';
import { shellApi } from '../../../shell/request/api';
import { createTestShell } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { inspectionRow } from '../components/inspectionFixtures';
import { inspectionCommands, refusalMessage } from './inspectionCommands';

/** Stands in for the map's reads, which tag themselves with these names (features/map/api). */
const probeApi = shellApi
  .enhanceEndpoints({ addTagTypes: ['Object', 'LayerFeatures', 'AssetInspections'] })
  .injectEndpoints({
    endpoints: (build) => ({
      probeMapTags: build.query<unknown, void>({
        query: () => 'api/probe',
        providesTags: [
          { type: 'Object', id: 'Section:2026' },
          { type: 'LayerFeatures', id: 'Section' },
          'AssetInspections',
        ],
      }),
    }),
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('inspection commands', () => {
  it("an accepted inspection makes the map's objects, layer colours and asset inspections stale", async () => {
    const server = new FakeServer().on('GET', '/api/probe', { json: {} }).on('POST', '/api/inspections/7/accept', {
      json: { changed: true, inspection: inspectionRow({ status: 'completed', review: 'accepted', version: 4 }) },
    });
    const { store } = createTestShell({ server });
    const probe = store.dispatch(probeApi.endpoints.probeMapTags.initiate());
    await probe;
    await store.dispatch(inspectionCommands.acceptInspection.initiate({ id: 7, version: 3 })).unwrap();
    await settle();
    expect(server.callsTo('GET', '/api/probe')).toHaveLength(2);
    probe.unsubscribe();
  });

  it('an accept sent again (changed: false) makes nothing stale', async () => {
    const server = new FakeServer().on('GET', '/api/probe', { json: {} }).on('POST', '/api/inspections/7/accept', {
      json: { changed: false, inspection: inspectionRow({ status: 'completed', review: 'accepted', version: 4 }) },
    });
    const { store } = createTestShell({ server });
    const probe = store.dispatch(probeApi.endpoints.probeMapTags.initiate());
    await probe;
    await store.dispatch(inspectionCommands.acceptInspection.initiate({ id: 7 })).unwrap();
    await settle();
    expect(server.callsTo('GET', '/api/probe')).toHaveLength(1);
    probe.unsubscribe();
  });

  it('a 409 is worded by its message; other failures are left to the global handling', () => {
    expect(refusalMessage({ status: 409, data: { code: 'workflow/illegal-transition', message: 'No.' } })).toBe('No.');
    expect(refusalMessage({ status: 409, data: { code: 'concurrency/modified-by-another-user' } })).toMatch(
      /^Another user modified the same item/,
    );
    expect(refusalMessage({ status: 500, data: null })).toBeNull();
  });
});
