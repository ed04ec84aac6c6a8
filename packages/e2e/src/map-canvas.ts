/**
 * What the tests can observe of the OpenLayers map, which draws on canvases and exposes no state
 * of its own: the pixels it has drawn, whether they have stopped changing, and the layer answers
 * it asks the server for. Tests wait on these instead of sleeping through an animation.
 */
import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';

/** How many pixels of the map's canvases hold anything at all. */
export async function drawnPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    let count = 0;
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-canvas"] canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
    }
    return count;
  });
}

async function pictureFingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const sums: number[] = [];
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-canvas"] canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      for (let i = 0; i < data.length; i++) sum = (sum * 31 + data[i]!) | 0;
      sums.push(sum);
    }
    return sums.join(',');
  });
}

/**
 * Waits until the map draws the same picture on two looks in a row, a tenth of a second apart: a fit,
 * centring or zoom animation redraws every frame, so an unchanged picture means it has ended.
 */
export async function waitForMapAtRest(page: Page): Promise<void> {
  let previous: string | null = null;
  await expect
    .poll(
      async () => {
        const current = await pictureFingerprint(page);
        const unchanged = current === previous;
        previous = current;
        return unchanged;
      },
      { interval: 100, timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * The next answer to the map's request for one layer in its view. The map asks only once the view
 * has stopped moving (viewportLoader.ts), so this answer belongs to where a zoom or pan came to rest.
 * Call it before the gesture, so the answer cannot slip past.
 */
export function nextLayerAnswer(page: Page, layer: string): Promise<Response> {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.endsWith('/api/filters/results/map') && url.searchParams.get('dynamicLayerId') === layer;
  });
}
