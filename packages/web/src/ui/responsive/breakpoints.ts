import { useSyncExternalStore } from 'react';

/** Mobile below 48em, tablet from 48em to 64em, desktop from 64em. theme.css repeats these numbers. */
export const TABLET_MIN_WIDTH = '48em';
export const DESKTOP_MIN_WIDTH = '64em';

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

const TABLET_QUERY = `(min-width: ${TABLET_MIN_WIDTH})`;
const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH})`;

function currentBreakpoint(): Breakpoint {
  // Without matchMedia (old embedded browsers, some test environments) the full layout is the safe choice.
  if (typeof window.matchMedia !== 'function') return 'desktop';
  if (window.matchMedia(DESKTOP_QUERY).matches) return 'desktop';
  if (window.matchMedia(TABLET_QUERY).matches) return 'tablet';
  return 'mobile';
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const queries = [window.matchMedia(TABLET_QUERY), window.matchMedia(DESKTOP_QUERY)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

/** The current layout class; re-renders only when the window crosses a breakpoint. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, currentBreakpoint, () => 'desktop');
}
