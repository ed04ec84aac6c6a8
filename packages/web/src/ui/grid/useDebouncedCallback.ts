import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Returns a function that calls `callback` once calls have stopped for `delayMs`. A pending call is
 * dropped on unmount: the grid remounts its filter boxes on 'reset all', and a late call from the old
 * box must not bring back the filter that was just cleared.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): (...args: Args) => void {
  const latestCallback = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useLayoutEffect(() => {
    latestCallback.current = callback;
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (...args: Args) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latestCallback.current(...args), delayMs);
    },
    [delayMs],
  );
}
