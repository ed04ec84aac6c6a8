import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { drawnPixels, waitForMapAtRest } from './map-canvas';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const countText = async (page: Page, layer: string) =>
  (await page.getByTestId(`layer-count-${layer}`).textContent()) ?? '';

/** Canvas pixels of the map drawn opaque and darker than the white casing, near the centre first. */
async function colouredPixels(page: Page): Promise<{ x: number; y: number }[]> {
  return page.evaluate(() => {
    const out: { x: number; y: number; d: number }[] = [];
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-canvas"] canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0) continue;
      const rect = canvas.getBoundingClientRect();
      const scale = canvas.width / rect.width;
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let y = 0; y < height; y += 3)
        for (let x = 0; x < width; x += 3) {
          const i = (y * width + x) * 4;
          const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
          if (a < 250 || Math.max(r, g, b) > 200) continue;
          const px = rect.left + x / scale;
          const py = rect.top + y / scale;
          out.push({
            x: px,
            y: py,
            d: Math.hypot(px - (rect.left + rect.width / 2), py - (rect.top + rect.height / 2)),
          });
        }
    }
    return out.sort((a, b) => a.d - b.d).map(({ x, y }) => ({ x, y }));
  });
}

describe('the map at scale', () => {
  it(
    'above one answer of features a layer is drawn from vector tiles, and a click on a tile still selects',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const tiles: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/tiles/') && r.status() < 300) tiles.push(r.url());
      });
      await page.goto(`${baseUrl}/office/`);
      await page.getByLabel('Login').fill('editor');
      await page.getByLabel('Password').fill('editor-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${baseUrl}/office/`);

      // The demo town's full extent holds more laterals than one answer carries.
      await expect
        .poll(() => countText(page, 'Lateral'), { timeout: 20_000 })
        .toMatch(/\+ found, all drawn from tiles/);
      await expect
        .poll(() => tiles.filter((u) => u.includes('/api/tiles/Lateral/')).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      // Every lateral is drawn, so the notice that some are missing does not show.
      await expect
        .poll(() => page.getByText('Too many features to show them all here').count(), { timeout: 5000 })
        .toBe(0);
      await screenshot(page, 'map-scale-full-extent-tiles', { viewport: true });

      // Only laterals, so a coloured pixel is a lateral drawn from a tile.
      const withEveryLayer = await drawnPixels(page);
      await page.getByLabel('Manholes and nodes').uncheck();
      await page.getByLabel('Pipe sections').uncheck();
      await expect.poll(() => drawnPixels(page), { timeout: 5000 }).toBeLessThan(withEveryLayer);
      await waitForMapAtRest(page);
      const pixels = await colouredPixels(page);
      expect(pixels.length).toBeGreaterThan(500);
      const summary = page.getByTestId('feature-summary');
      let selected = '';
      for (const p of pixels.slice(0, 400).filter((_, i) => i % 20 === 0)) {
        await page.mouse.click(p.x, p.y);
        try {
          await summary.waitFor({ timeout: 3000 });
        } catch {
          continue;
        }
        selected = (await summary.textContent()) ?? '';
        break;
      }
      // The summary was loaded by the tile feature's id: it carries what the tile does not (material).
      expect(selected).toMatch(/Lateral/);
      expect(selected).toMatch(/Size\d+ mm/);
      await screenshot(page, 'map-scale-tile-click-summary', { viewport: true });

      // Zoomed in below the limit the layer is drawn from its features again.
      const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
      await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
      for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -300);
      await expect.poll(() => countText(page, 'Lateral'), { timeout: 20_000 }).toMatch(/^[\d,]+ found$/);
      await screenshot(page, 'map-scale-zoomed-features', { viewport: true });

      // Put the layers back for the other tests on the same data.
      await page.getByLabel('Manholes and nodes').check();
      await page.getByLabel('Pipe sections').check();
      await context.close();
    },
  );
});
