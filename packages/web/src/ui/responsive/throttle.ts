export interface Throttled<Args extends unknown[]> {
  (...args: Args): void;
  /** Drops a pending trailing call, for unmounting. */
  cancel(): void;
}

/**
 * Runs `action` at once, then at most once per `waitMs`; calls in between collapse into one
 * trailing call with the latest arguments, so the last state after a burst is never lost.
 */
export function throttle<Args extends unknown[]>(action: (...args: Args) => void, waitMs: number): Throttled<Args> {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: Args | undefined;

  const run = (args: Args) => {
    lastRunAt = Date.now();
    action(...args);
  };

  const throttled = (...args: Args) => {
    const remaining = waitMs - (Date.now() - lastRunAt);
    if (remaining <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pendingArgs = args;
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      const latest = pendingArgs;
      pendingArgs = undefined;
      if (latest) run(latest);
    }, remaining);
  };

  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pendingArgs = undefined;
  };
  return throttled;
}
