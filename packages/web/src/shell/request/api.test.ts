import { describe, expect, it } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { shellApi } from './api';
import { stopRequests } from './lifecycle';
import { CANCELLED_STATUS_TEXT } from './request';

/** A superseding log page endpoint, a plain one beside it, on a real shell store. */
function setup(server: FakeServer) {
  const shell = createTestShell({ server });
  const api = shellApi.injectEndpoints({
    endpoints: (build) => ({
      logPage: build.query<unknown, number>({
        query: (page) => `api/log/${page}`,
        extraOptions: { supersede: true },
      }),
      taskList: build.query<unknown, number>({ query: (page) => `api/tasks/${page}` }),
    }),
    overrideExisting: true,
  });
  const stagesOf = (path: string) =>
    shell.store
      .getState()
      .requests.actions.filter((action) => action.url === path)
      .map((action) => action.stage);
  return { ...shell, api, stagesOf };
}

describe('RTK Query base query', () => {
  it('a newer request of a superseding endpoint aborts the older one', async () => {
    const server = new FakeServer().hang('GET', '/api/log/1').on('GET', '/api/log/2', { json: ['newer'] });
    const { store, api, stagesOf } = setup(server);

    const older = store.dispatch(api.endpoints.logPage.initiate(1));
    const newer = store.dispatch(api.endpoints.logPage.initiate(2));

    await expect(newer).resolves.toMatchObject({ data: ['newer'] });
    await expect(older).resolves.toMatchObject({ error: { status: 0, statusText: CANCELLED_STATUS_TEXT } });
    expect(stagesOf('/api/log/1')).toEqual(['fetch', 'cancelled']);
    // A superseded request is no failure: nothing is shown to the user.
    expect(store.getState().notifications.items).toEqual([]);
    expect(store.getState().errorPage.errorOccurred).toBe(false);
  });

  it('requests of other endpoints are not aborted', async () => {
    const server = new FakeServer()
      .hang('GET', '/api/tasks/1')
      .hang('GET', '/api/tasks/2')
      .hang('GET', '/api/log/1')
      .on('GET', '/api/log/2', { json: [] });
    const { store, api, stagesOf } = setup(server);

    const tasks = store.dispatch(api.endpoints.taskList.initiate(1));
    const moreTasks = store.dispatch(api.endpoints.taskList.initiate(2));
    const olderLog = store.dispatch(api.endpoints.logPage.initiate(1));
    await store.dispatch(api.endpoints.logPage.initiate(2));
    await olderLog;

    expect(stagesOf('/api/tasks/1')).toEqual(['fetch']);
    expect(stagesOf('/api/tasks/2')).toEqual(['fetch']);
    store.dispatch(stopRequests());
    await Promise.all([tasks, moreTasks]);
  });

  it('a superseding endpoint still reports success and failure with data, status and statusText', async () => {
    const server = new FakeServer()
      .on('GET', '/api/log/1', { json: ['first'] })
      .on('GET', '/api/log/2', { status: 500, json: { message: 'boom' } });
    const { store, api, stagesOf } = setup(server);

    await expect(store.dispatch(api.endpoints.logPage.initiate(1))).resolves.toMatchObject({ data: ['first'] });
    await expect(store.dispatch(api.endpoints.logPage.initiate(2))).resolves.toMatchObject({
      error: { data: { message: 'boom' }, status: 500, statusText: 'Internal Server Error' },
    });

    expect(stagesOf('/api/log/1')).toEqual(['fetch', 'success']);
    expect(stagesOf('/api/log/2')).toEqual(['fetch', 'failure']);
    // A request that ran to its end is not affected by the next one: a failure is still shown.
    expect(store.getState().notifications.items).toHaveLength(1);
  });
});
