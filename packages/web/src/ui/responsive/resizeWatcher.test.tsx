import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceTimers } from '../../testing/fakeTimers';
import { RESIZE_THROTTLE_MS, useWindowSize } from './resizeWatcher';
import { isSoftKeyboardVisible, SOFT_KEYBOARD_MIN_HEIGHT_PX, useSoftKeyboardVisible } from './softKeyboard';

function resizeWindow(width: number, height: number) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('innerHeight', height);
  window.dispatchEvent(new Event('resize'));
}

function SizeProbe() {
  const { width, height } = useWindowSize();
  return <p>{`${width}x${height}`}</p>;
}

function KeyboardProbe() {
  return <p>{useSoftKeyboardVisible() ? 'keyboard up' : 'keyboard down'}</p>;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('resize watcher', () => {
  it('follows window resizes at most every 20 ms and always ends on the last size', () => {
    expect(RESIZE_THROTTLE_MS).toBe(20);
    resizeWindow(1024, 768);
    render(<SizeProbe />);
    expect(screen.getByText('1024x768')).toBeInTheDocument();

    act(() => {
      resizeWindow(800, 600);
      resizeWindow(700, 500);
      resizeWindow(640, 480);
    });
    expect(screen.getByText('800x600')).toBeInTheDocument();
    advanceTimers(RESIZE_THROTTLE_MS);
    expect(screen.getByText('640x480')).toBeInTheDocument();
  });
});

describe('soft keyboard detection', () => {
  it('visible when screen height minus window height exceeds 250', () => {
    expect(SOFT_KEYBOARD_MIN_HEIGHT_PX).toBe(250);
    expect(isSoftKeyboardVisible(800, 550)).toBe(false);
    expect(isSoftKeyboardVisible(800, 549)).toBe(true);
  });

  it('the hook notices the window shrinking under the keyboard and growing back', () => {
    vi.stubGlobal('screen', { height: 800 });
    resizeWindow(400, 740);
    render(<KeyboardProbe />);
    expect(screen.getByText('keyboard down')).toBeInTheDocument();

    act(() => {
      resizeWindow(400, 420);
      vi.advanceTimersByTime(RESIZE_THROTTLE_MS);
    });
    expect(screen.getByText('keyboard up')).toBeInTheDocument();
    act(() => {
      resizeWindow(400, 740);
      vi.advanceTimersByTime(RESIZE_THROTTLE_MS);
    });
    expect(screen.getByText('keyboard down')).toBeInTheDocument();
  });
});
