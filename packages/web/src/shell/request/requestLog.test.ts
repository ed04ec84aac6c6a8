import { describe, expect, it } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import type { AppThunk } from '../store/types';
import { performRequest, type RequestArgs } from './request';
import { REQUEST_ACTION_BUFFER_SIZE } from './requestLogSlice';

const callThunk =
  (args: RequestArgs): AppThunk<Promise<unknown>> =>
  (dispatch, _getState, extra) =>
    performRequest(args, { ...extra, dispatch });

describe('request state', () => {
  it('records each request action: fetch, then success or failure with its status and answer', async () => {
    const server = new FakeServer()
      .on('GET', '/api/tasks', { json: [] })
      .on('POST', '/api/tasks', { status: 400, json: { code: 'something/new' } });
    const { store } = createTestShell({ server });

    await store.dispatch(callThunk({ url: 'api/tasks', requestId: 'list' }));
    await store
      .dispatch(callThunk({ url: 'api/tasks', method: 'POST', requestId: 'save', ignoreGlobal: true }))
      .catch(() => {});

    expect(store.getState().requests.actions).toEqual([
      { stage: 'fetch', requestId: 'list', method: 'GET', url: '/api/tasks' },
      { stage: 'success', requestId: 'list', method: 'GET', url: '/api/tasks', status: 200 },
      { stage: 'fetch', requestId: 'save', method: 'POST', url: '/api/tasks' },
      {
        stage: 'failure',
        requestId: 'save',
        method: 'POST',
        url: '/api/tasks',
        status: 400,
        error: { status: 400, statusText: 'Bad Request', data: { code: 'something/new' } },
      },
    ]);
  });

  it('request action buffer: sliding, 200 (the newest 200 are kept, the oldest go)', async () => {
    const server = new FakeServer().on('GET', '/api/tasks', { json: [] });
    const { store } = createTestShell({ server });

    // Two actions a call: 150 calls are 300 actions.
    for (let i = 0; i < 150; i++) await store.dispatch(callThunk({ url: 'api/tasks', requestId: `call-${i}` }));

    const actions = store.getState().requests.actions;
    expect(REQUEST_ACTION_BUFFER_SIZE).toBe(200);
    expect(actions).toHaveLength(200);
    expect(actions[0]).toMatchObject({ stage: 'fetch', requestId: 'call-50' });
    expect(actions.at(-1)).toMatchObject({ stage: 'success', requestId: 'call-149' });
  });
});
