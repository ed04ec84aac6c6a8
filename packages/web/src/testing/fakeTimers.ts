/**
 * Fake timers that user-event can work with, for testing debounces and auto-hide delays with the
 * clock under the test's control.
 *
 * Testing Library settles each user-event step on a setTimeout(0) and advances fake timers for it
 * only when it sees Jest; without the stand-in below every step would wait forever on the fake
 * clock. user-event itself is told to move the fake clock when it pauses between keys.
 */
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';

/** Call inside a describe (or at the top of a file): fake timers before each test, real ones after. */
export function withFakeTimersForUserEvent(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/** A user-event session whose pauses move the fake clock. */
export function setupUserWithFakeTimers() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/** Moves the fake clock, letting React apply what the timers that fired changed. */
export function advanceTimers(ms: number): void {
  act(() => vi.advanceTimersByTime(ms));
}
