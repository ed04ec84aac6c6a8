import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceTimers } from '../../testing/fakeTimers';
import { edgesOf, isChromium, scrollByViewport, scrollEdgeThreshold, SCROLL_HANDLER_THROTTLE_MS } from './scrollEdges';
import { ScrollStrip } from './ScrollStrip';

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** jsdom lays nothing out: give the element the sizes a browser would. */
function giveLayout(element: HTMLElement, { viewport, content }: { viewport: number; content: number }) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: viewport });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: content });
}

describe('scroll edges', () => {
  it('edge threshold is 1 px in Chrome and 0 elsewhere', () => {
    expect(isChromium(CHROME_UA)).toBe(true);
    expect(scrollEdgeThreshold(CHROME_UA)).toBe(1);
    expect(scrollEdgeThreshold(FIREFOX_UA)).toBe(0);
    expect(scrollEdgeThreshold(SAFARI_UA)).toBe(0);
  });

  it('a fractional offset less than a pixel short of the end counts as the end only with the Chrome threshold', () => {
    const nearlyAtEnd = { offset: 199.5, viewport: 100, content: 300 };
    expect(edgesOf(nearlyAtEnd, 1)).toEqual({ atStart: false, atEnd: true });
    expect(edgesOf(nearlyAtEnd, 0)).toEqual({ atStart: false, atEnd: false });
    expect(edgesOf({ offset: 0.5, viewport: 100, content: 300 }, 1).atStart).toBe(true);
    expect(edgesOf({ offset: 0, viewport: 100, content: 300 }, 0)).toEqual({ atStart: true, atEnd: false });
  });

  it('right-to-left offsets count from the start', () => {
    expect(edgesOf({ offset: -200, viewport: 100, content: 300 }, 0)).toEqual({ atStart: false, atEnd: true });
  });

  it('scrolling by arrows moves one viewport', () => {
    const strip = document.createElement('div');
    giveLayout(strip, { viewport: 120, content: 500 });
    scrollByViewport(strip, 'horizontal', 'forward');
    expect(strip.scrollLeft).toBe(120);
    scrollByViewport(strip, 'horizontal', 'forward');
    expect(strip.scrollLeft).toBe(240);
    scrollByViewport(strip, 'horizontal', 'back');
    expect(strip.scrollLeft).toBe(120);

    const list = document.createElement('div');
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 300 });
    scrollByViewport(list, 'vertical', 'forward');
    expect(list.scrollTop).toBe(300);
  });
});

describe('scroll strip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, userAgent: FIREFOX_UA });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Lets the throttled scroll handler's trailing call run. */
  function afterThrottle() {
    advanceTimers(SCROLL_HANDLER_THROTTLE_MS);
  }

  function scrollTo(viewport: HTMLElement, offset: number) {
    act(() => {
      viewport.scrollLeft = offset;
      viewport.dispatchEvent(new Event('scroll'));
    });
  }

  function renderOverflowingStrip() {
    render(
      <ScrollStrip label="Chosen items">
        <span>Pipes</span>
        <span>Valves</span>
        <span>Hydrants</span>
      </ScrollStrip>,
    );
    const viewport = screen.getByText('Pipes').parentElement;
    if (!viewport) throw new Error('strip has no viewport');
    giveLayout(viewport, { viewport: 100, content: 250 });
    // Layout arrived after mount, as it does when content grows: a resize makes the strip look again.
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    afterThrottle();
    return viewport;
  }

  it('shows no arrows while everything fits', () => {
    render(
      <ScrollStrip label="Chosen items">
        <span>Pipes</span>
      </ScrollStrip>,
    );
    expect(screen.getByRole('group', { name: 'Chosen items' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('left and right arrows move one viewport and are disabled at each edge', () => {
    const viewport = renderOverflowingStrip();
    const left = screen.getByRole('button', { name: 'Scroll left' });
    const right = screen.getByRole('button', { name: 'Scroll right' });
    expect(left).toBeDisabled();
    expect(right).toBeEnabled();

    fireEvent.click(right);
    expect(viewport.scrollLeft).toBe(100);
    // The browser fires scroll after moving; jsdom does not.
    scrollTo(viewport, 100);
    afterThrottle();
    expect(left).toBeEnabled();
    expect(right).toBeEnabled();

    fireEvent.click(right);
    // jsdom does not clamp; a browser stops at the end, 150.
    scrollTo(viewport, 150);
    afterThrottle();
    expect(right).toBeDisabled();

    fireEvent.click(left);
    expect(viewport.scrollLeft).toBe(50);
  });

  it('the scroll handler runs at most every 20 ms', () => {
    const viewport = renderOverflowingStrip();
    const right = screen.getByRole('button', { name: 'Scroll right' });
    afterThrottle();

    scrollTo(viewport, 10);
    scrollTo(viewport, 150);
    expect(right).toBeEnabled();
    afterThrottle();
    expect(right).toBeDisabled();
  });
});
