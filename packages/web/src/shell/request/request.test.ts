import { describe, expect, it } from 'vitest';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import { createTestShell, FakeBrowser } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import type { ShellExtra } from '../store/extra';
import type { AppThunk } from '../store/types';
import { shellApi } from './api';
import {
  requestCancelled,
  requestFailure,
  requestFetch,
  requestSuccess,
  requestUnauthorized,
  stopRequest,
  stopRequests,
} from './lifecycle';
import { buildUrl, CANCELLED_STATUS_TEXT, performRequest, type RequestArgs } from './request';

/** Runs a call the way thunks do, and records every lifecycle action it dispatches. */
function setup(options: { server?: FakeServer; browser?: FakeBrowser } = {}) {
  const shell = createTestShell(options);
  const actions: string[] = [];
  const call =
    (args: RequestArgs): AppThunk<Promise<unknown>> =>
    (dispatch, _getState, extra: ShellExtra) =>
      performRequest(args, {
        ...extra,
        dispatch: (action) => {
          actions.push(action.type);
          return dispatch(action);
        },
      });
  return { ...shell, actions, request: (args: RequestArgs) => shell.store.dispatch(call(args)) };
}

describe('request layer', () => {
  it('sends the edition and session headers with same-origin credentials on every call', async () => {
    const server = new FakeServer().on('GET', '/api/ping', { json: { ok: true } });
    const { request } = setup({ server });

    await request({ url: 'api/ping' });

    const [call] = server.calls;
    expect(call?.headers.get(APPLICATION_EDITION_HEADER)).toBe('web-office');
    expect(call?.headers.get(SESSION_ID_HEADER)).toBe('session-under-test');
    expect(call?.credentials).toBe('same-origin');
  });

  it('an application header the caller gives wins over the edition', async () => {
    const server = new FakeServer().on('GET', '/session-api/seats', { json: [] });
    const { request } = setup({ server });

    await request({ url: 'session-api/seats', headers: { [APPLICATION_EDITION_HEADER]: 'web-office-editing' } });

    const [call] = server.calls;
    expect(call?.url.pathname).toBe('/session-api/seats');
    expect(call?.headers.get(APPLICATION_EDITION_HEADER)).toBe('web-office-editing');
    expect(call?.headers.get(SESSION_ID_HEADER)).toBe('session-under-test');
  });

  it('puts calls under the API base URL and leaves empty query values out', () => {
    expect(
      buildUrl('/', 'api/filters/results/map', { limit: 10, term: 'pipe', filterName: undefined, hash: null }),
    ).toBe('/api/filters/results/map?limit=10&term=pipe');
    expect(buildUrl('/manway/', '/api/settings/general')).toBe('/manway/api/settings/general');
    expect(buildUrl('/manway/', 'session-api/seats')).toBe('/manway/session-api/seats');
    expect(buildUrl('/', 'api/dashboard?dashboardName=a%20b', { isGallery: false })).toBe(
      '/api/dashboard?dashboardName=a%20b&isGallery=false',
    );
  });

  it('sends plain objects as JSON and FormData as it is', async () => {
    const server = new FakeServer().on('POST', '/api/things', { json: {} });
    const { request } = setup({ server });
    const form = new FormData();
    form.append('files', new Blob(['x']), 'x.txt');

    await request({ url: 'api/things', method: 'POST', body: { TaskIds: [1, 2] } });
    await request({ url: 'api/things', method: 'POST', body: form });

    expect(server.calls[0]?.body).toBe('{"TaskIds":[1,2]}');
    expect(server.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(server.calls[1]?.body).toBe(form);
    expect(server.calls[1]?.headers.has('content-type')).toBe(false);
  });

  it('a successful call goes through fetch then success and resolves with the parsed body', async () => {
    const server = new FakeServer().on('GET', '/api/object-types', { json: [{ typeName: 'Pipe' }] });
    const { request, actions } = setup({ server });

    await expect(request({ url: 'api/object-types' })).resolves.toEqual([{ typeName: 'Pipe' }]);
    expect(actions).toEqual([requestFetch.type, requestSuccess.type]);
  });

  it('a failed call goes through fetch then failure and rejects with data, status and statusText', async () => {
    const server = new FakeServer().on('GET', '/api/objects/Pipe/7', { status: 500, json: { message: 'boom' } });
    const { request, actions } = setup({ server });

    await expect(request({ url: 'api/objects/Pipe/7' })).rejects.toMatchObject({
      data: { message: 'boom' },
      status: 500,
      statusText: 'Internal Server Error',
    });
    expect(actions).toEqual([requestFetch.type, requestFailure.type]);
  });

  it('a plain-text error body is kept as text', async () => {
    const server = new FakeServer().on('DELETE', '/api/seats', {
      status: 403,
      text: 'Seats are managed by the administrator',
    });
    const { request } = setup({ server });

    await expect(request({ url: 'api/seats', method: 'DELETE' })).rejects.toMatchObject({
      data: 'Seats are managed by the administrator',
      status: 403,
    });
  });

  it('an unreachable server is a failure with status 0', async () => {
    const server = new FakeServer().unreachable('GET', '/api/applications');
    const { request, actions } = setup({ server });

    await expect(request({ url: 'api/applications' })).rejects.toMatchObject({
      status: 0,
      statusText: 'Network error',
    });
    expect(actions).toEqual([requestFetch.type, requestFailure.type]);
  });

  it('401 is reported as unauthorized and not dispatched further as a failure', async () => {
    const server = new FakeServer().on('GET', '/api/tasks', { status: 401 });
    const { request, actions } = setup({ server });

    await expect(request({ url: 'api/tasks' })).rejects.toMatchObject({ status: 401 });
    expect(actions).toEqual([requestFetch.type, requestUnauthorized.type]);
  });

  it('a stop for one request id cancels that request only', async () => {
    const server = new FakeServer().hang('GET', '/api/slow').on('GET', '/api/fast', { json: 'done' });
    const { store, request, actions } = setup({ server });

    const slow = request({ url: 'api/slow', requestId: 'slow-1' });
    const other = request({ url: 'api/slow', requestId: 'slow-2' });
    store.dispatch(stopRequest('slow-1'));

    await expect(slow).rejects.toMatchObject({ status: 0, statusText: CANCELLED_STATUS_TEXT });
    expect(actions).toContain(requestCancelled.type);
    expect(actions).not.toContain(requestFailure.type);
    store.dispatch(stopRequest('slow-2'));
    await expect(other).rejects.toMatchObject({ statusText: CANCELLED_STATUS_TEXT });
  });

  it('a stop-requests signal cancels every request in flight', async () => {
    const server = new FakeServer().hang('GET', '/api/a').hang('GET', '/api/b');
    const { store, request } = setup({ server });

    const calls = [request({ url: 'api/a' }), request({ url: 'api/b' })];
    store.dispatch(stopRequests());

    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(
      results.map((r) => (r.status === 'rejected' ? (r.reason as { statusText: string }).statusText : '')),
    ).toEqual([CANCELLED_STATUS_TEXT, CANCELLED_STATUS_TEXT]);
  });

  it('a framed page posts each response status to its parent window', async () => {
    const server = new FakeServer().on('GET', '/api/ok', { json: {} }).on('GET', '/api/broken', { status: 500 });
    const browser = new FakeBrowser();
    const { request } = setup({ server, browser });

    await request({ url: 'api/ok' });
    await request({ url: 'api/broken' }).catch(() => undefined);

    expect(browser.posted).toEqual([
      { type: 'manway:request-status', status: 200 },
      { type: 'manway:request-status', status: 500 },
    ]);
  });

  it('RTK Query endpoints go through the same request lifecycle', async () => {
    const server = new FakeServer().on('GET', '/api/applications', { json: [{ id: 'web-office' }] });
    const { store } = setup({ server });
    const api = shellApi.injectEndpoints({
      endpoints: (build) => ({ applications: build.query<unknown, void>({ query: () => 'api/applications' }) }),
    });

    const result = await store.dispatch(api.endpoints.applications.initiate());

    expect(result.data).toEqual([{ id: 'web-office' }]);
    expect(server.calls[0]?.headers.get(APPLICATION_EDITION_HEADER)).toBe('web-office');
  });
});
