/**
 * Where a scroll container stands against its edges, and moving it a viewport at a time. Used by
 * strips with arrow buttons and by lists that load more at the end.
 */

export const SCROLL_HANDLER_THROTTLE_MS = 20;

/**
 * Chromium reports fractional scroll offsets at browser zoom levels and device pixel ratios other
 * than 1, and the scrolled-to-the-end sum can fall short of the scroll size by less than a pixel.
 * Others round to whole pixels, where any slack would call the edge early.
 */
export const CHROMIUM_SCROLL_EDGE_THRESHOLD_PX = 1;
export const DEFAULT_SCROLL_EDGE_THRESHOLD_PX = 0;

/** The one user-agent check: Chrome, Edge, Opera and Samsung Internet all carry "Chrome/". */
export function isChromium(userAgent: string): boolean {
  return /\bChrome\/\d/.test(userAgent);
}

export function scrollEdgeThreshold(userAgent: string = navigator.userAgent): number {
  return isChromium(userAgent) ? CHROMIUM_SCROLL_EDGE_THRESHOLD_PX : DEFAULT_SCROLL_EDGE_THRESHOLD_PX;
}

export type ScrollAxis = 'horizontal' | 'vertical';

export interface ScrollEdges {
  atStart: boolean;
  atEnd: boolean;
}

export interface ScrollMetrics {
  /** scrollLeft or scrollTop. */
  offset: number;
  /** clientWidth or clientHeight: the visible part. */
  viewport: number;
  /** scrollWidth or scrollHeight: the whole content. */
  content: number;
}

export function scrollMetrics(element: HTMLElement, axis: ScrollAxis): ScrollMetrics {
  return axis === 'horizontal'
    ? { offset: element.scrollLeft, viewport: element.clientWidth, content: element.scrollWidth }
    : { offset: element.scrollTop, viewport: element.clientHeight, content: element.scrollHeight };
}

export function edgesOf({ offset, viewport, content }: ScrollMetrics, thresholdPx: number): ScrollEdges {
  // Right-to-left strips scroll into negative offsets; the distance from the start is what counts.
  const fromStart = Math.abs(offset);
  return {
    atStart: fromStart <= thresholdPx,
    atEnd: fromStart + viewport >= content - thresholdPx,
  };
}

export function scrollEdgesOf(
  element: HTMLElement,
  axis: ScrollAxis,
  thresholdPx: number = scrollEdgeThreshold(),
): ScrollEdges {
  return edgesOf(scrollMetrics(element, axis), thresholdPx);
}

/**
 * Moves one viewport back or forward. The offset is set directly rather than through scrollBy so
 * that the container's CSS scroll-behavior decides whether it glides.
 */
export function scrollByViewport(element: HTMLElement, axis: ScrollAxis, direction: 'back' | 'forward') {
  const { offset, viewport } = scrollMetrics(element, axis);
  const next = direction === 'forward' ? offset + viewport : offset - viewport;
  if (axis === 'horizontal') element.scrollLeft = next;
  else element.scrollTop = next;
}
