import { useCallback, useRef, useState } from 'react';
import { throttle } from '../responsive/throttle';
import {
  scrollByViewport,
  scrollEdgesOf,
  SCROLL_HANDLER_THROTTLE_MS,
  type ScrollAxis,
  type ScrollEdges,
} from './scrollEdges';

const BOTH_EDGES: ScrollEdges = { atStart: true, atEnd: true };

/**
 * Tracks whether a scroll container is at its start and end. Returns a callback ref to put on the
 * container; edges are measured when it mounts, on scroll (throttled to 20 ms), when it resizes
 * and when its content changes.
 */
export function useScrollEdges<T extends HTMLElement>(axis: ScrollAxis) {
  const [edges, setEdges] = useState<ScrollEdges>(BOTH_EDGES);
  const elementRef = useRef<T | null>(null);

  const ref = useCallback(
    (element: T | null) => {
      elementRef.current = element;
      if (!element) return;
      const measure = throttle(() => {
        const next = scrollEdgesOf(element, axis);
        setEdges((current) => (current.atStart === next.atStart && current.atEnd === next.atEnd ? current : next));
      }, SCROLL_HANDLER_THROTTLE_MS);
      measure();

      element.addEventListener('scroll', measure, { passive: true });
      window.addEventListener('resize', measure);
      // Both observers are missing from some embedded webviews; scrolling still updates the edges.
      const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => measure()) : null;
      resizeObserver?.observe(element);
      const mutationObserver = typeof MutationObserver === 'function' ? new MutationObserver(() => measure()) : null;
      mutationObserver?.observe(element, { childList: true, subtree: true, characterData: true });
      return () => {
        element.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
        resizeObserver?.disconnect();
        mutationObserver?.disconnect();
        measure.cancel();
        elementRef.current = null;
      };
    },
    [axis],
  );

  const scrollBy = useCallback(
    (direction: 'back' | 'forward') => {
      if (elementRef.current) scrollByViewport(elementRef.current, axis, direction);
    },
    [axis],
  );

  return { ref, edges, scrollBy };
}

/** For a horizontal strip with left and right arrow buttons that move it one viewport at a time. */
export function useHorizontalScrollStrip<T extends HTMLElement>() {
  const { ref, edges, scrollBy } = useScrollEdges<T>('horizontal');
  return {
    viewportRef: ref,
    overflowing: !(edges.atStart && edges.atEnd),
    canScrollLeft: !edges.atStart,
    canScrollRight: !edges.atEnd,
    scrollLeft: () => scrollBy('back'),
    scrollRight: () => scrollBy('forward'),
  };
}
