import { useEffect, useState } from 'react';
import { throttle } from './throttle';

/** Resizing fires dozens of events a second; layouts need at most one answer per 20 ms. */
export const RESIZE_THROTTLE_MS = 20;

/**
 * Reads `measure` on mount and again after window resizes, at most every 20 ms. Pass a
 * module-level function: a new one on every render would resubscribe on every render.
 */
export function useResizeWatcher<T>(measure: () => T): T {
  const [measured, setMeasured] = useState(measure);
  useEffect(() => {
    const onResize = throttle(() => setMeasured(measure), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, [measure]);
  return measured;
}

export interface WindowSize {
  width: number;
  height: number;
}

function readWindowSize(): WindowSize {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** The window's inner size in CSS pixels, updated at most every 20 ms while resizing. */
export function useWindowSize(): WindowSize {
  return useResizeWatcher(readWindowSize);
}
