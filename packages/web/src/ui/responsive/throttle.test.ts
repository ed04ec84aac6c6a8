import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs at once, then at most once per interval with the latest arguments', () => {
    const action = vi.fn();
    const throttled = throttle(action, 20);

    throttled(1);
    expect(action.mock.calls).toEqual([[1]]);
    throttled(2);
    throttled(3);
    vi.advanceTimersByTime(19);
    expect(action.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(action.mock.calls).toEqual([[1], [3]]);

    vi.advanceTimersByTime(100);
    throttled(4);
    expect(action.mock.calls).toEqual([[1], [3], [4]]);
  });

  it('cancel drops the pending trailing call', () => {
    const action = vi.fn();
    const throttled = throttle(action, 20);
    throttled('first');
    throttled('dropped');
    throttled.cancel();
    vi.advanceTimersByTime(50);
    expect(action.mock.calls).toEqual([['first']]);
  });
});
