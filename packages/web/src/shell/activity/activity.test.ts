import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { showErrorPage } from '../errors/errorPageSlice';
import { SESSION_EXPIRED_PAGE } from '../errors/errorPages';
import { performRequest } from '../request/request';
import type { AppThunk } from '../store/types';
import { ACTIVITY_THROTTLE_MS, KEEP_ALIVE_AFTER_MS, userActivity, watchActivity } from './activity';

const getTasks = (): AppThunk<Promise<unknown>> => (dispatch, _getState, extra) =>
  performRequest({ url: 'api/tasks' }, { ...extra, dispatch });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('activity tracking', () => {
  it('activity tracking throttle: 1000 ms (user activity is recorded at most once a second)', () => {
    const target = new EventTarget();
    const dispatch = vi.fn();
    const stop = watchActivity(dispatch, target as unknown as Window);

    // Three seconds of steady mouse movement and typing, an event every 50 ms.
    for (let t = 0; t < 3000; t += 50) {
      target.dispatchEvent(new Event(t % 100 === 0 ? 'pointermove' : 'keydown'));
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);

    const times = dispatch.mock.calls.map(([action]) => (action as ReturnType<typeof userActivity>).payload.at);
    expect(ACTIVITY_THROTTLE_MS).toBe(1000);
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(times.length).toBeLessThanOrEqual(4);
    times.slice(1).forEach((at, i) => expect(at - times[i]!).toBeGreaterThanOrEqual(ACTIVITY_THROTTLE_MS));

    stop();
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    expect(dispatch).toHaveBeenCalledTimes(times.length);
  });
});

describe('session keep-alive', () => {
  function shell() {
    const server = new FakeServer().on('GET', '/api/applications', { json: [] }).on('GET', '/api/tasks', { json: [] });
    return createTestShell({ server });
  }
  const active = (store: ReturnType<typeof shell>['store']) => store.dispatch(userActivity({ at: Date.now() }));

  it('a user working for a minute without any call keeps the session alive with one small call', async () => {
    const { store, server } = shell();

    active(store);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_AFTER_MS - 1000);
    active(store);
    expect(server.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1000);
    active(store);
    active(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.callsTo('GET', '/api/applications')).toHaveLength(1);
  });

  it('any other call in the minute is enough: no keep-alive call is added', async () => {
    const { store, server } = shell();

    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_AFTER_MS / 2);
    await store.dispatch(getTasks());
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_AFTER_MS / 2);
    active(store);

    expect(server.callsTo('GET', '/api/applications')).toHaveLength(0);
  });

  it('a user who does nothing is not kept signed in', async () => {
    const { server } = shell();

    await vi.advanceTimersByTimeAsync(30 * KEEP_ALIVE_AFTER_MS);

    expect(server.calls).toHaveLength(0);
  });

  it('nothing is kept alive behind an error page', async () => {
    const { store, server } = shell();
    store.dispatch(showErrorPage(SESSION_EXPIRED_PAGE));

    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_AFTER_MS);
    active(store);

    expect(server.calls).toHaveLength(0);
  });
});
