import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { drawnPixels, nextLayerAnswer, waitForMapAtRest } from './map-canvas';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function layerCountText(page: Page, layer: string): Promise<string> {
  return (await page.getByTestId(`layer-count-${layer}`).textContent()) ?? '';
}

describe('the map of the office edition', () => {
  it(
    'shows the demo town, opens a clicked manhole and remembers a hidden layer across a reload, with nothing refused by the page policy',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      // The pages' Content-Security-Policy must not refuse anything the product itself does.
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await page.goto(`${baseUrl}/office/`);
      await page.getByLabel('Login').fill('editor');
      await page.getByLabel('Password').fill('editor-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${baseUrl}/office/`);

      // The whole town: every layer answered, laterals capped with their total.
      await expect.poll(() => layerCountText(page, 'Node'), { timeout: 20_000 }).toMatch(/found|shown/);
      await expect.poll(() => layerCountText(page, 'Section'), { timeout: 20_000 }).toMatch(/found|shown/);
      await expect.poll(() => layerCountText(page, 'Lateral'), { timeout: 20_000 }).toMatch(/found|shown/);
      await page.getByRole('heading', { name: 'Legend' }).waitFor();
      await expect.poll(() => drawnPixels(page), { timeout: 10_000 }).toBeGreaterThan(20_000);
      await screenshot(page, 'map-office-town');

      // Zoom in towards the middle of the town until manholes are drawn on their own and labelled.
      const canvas = page.getByTestId('map-canvas');
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const zoomedNodes = nextLayerAnswer(page, 'Node');
      for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -300);
      await zoomedNodes;
      await expect.poll(() => layerCountText(page, 'Node')).toMatch(/found/);
      await waitForMapAtRest(page);
      await screenshot(page, 'map-office-zoomed');

      // Click the manhole nearest the centre: try points on a grid, nearest first, until a click on
      // something under a pointer cursor opens a manhole's summary (pipes and laterals are skipped).
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const probes: [number, number][] = [];
      for (let dx = -240; dx <= 240; dx += 8) for (let dy = -240; dy <= 240; dy += 8) probes.push([dx, dy]);
      probes.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
      let found = false;
      for (const [dx, dy] of probes) {
        await page.mouse.move(cx + dx, cy + dy);
        if ((await canvas.evaluate((el) => el.style.cursor)) !== 'pointer') continue;
        const summary = page.getByTestId('feature-summary');
        // Close the last summary first, so the one waited for is this click's.
        if (await summary.isVisible()) await page.getByRole('button', { name: 'Close summary' }).click();
        await page.mouse.click(cx + dx, cy + dy);
        try {
          await summary.waitFor({ timeout: 2000 });
        } catch {
          continue;
        }
        if (((await summary.textContent()) ?? '').includes('Manhole')) {
          found = true;
          break;
        }
      }
      expect(found).toBe(true);
      expect(await page.getByTestId('pointer-coordinates').textContent()).toMatch(/^\d+\.\d{5}, \d+\.\d{5}$/);
      await screenshot(page, 'map-office-manhole-summary');

      await page.getByRole('button', { name: 'Open details' }).click();
      const details = page.getByTestId('object-details');
      await details.getByText('Asset ID', { exact: true }).waitFor();
      expect(await details.getByRole('heading', { level: 2 }).textContent()).toMatch(/^Node /);
      await screenshot(page, 'map-office-manhole-details');

      // Hide laterals: the choice is kept in the user's settings and survives a reload.
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/settings/user') && r.request().method() === 'PUT',
      );
      await page.getByLabel('Laterals').uncheck();
      expect((await saved).status()).toBe(200);
      expect(await layerCountText(page, 'Lateral')).toBe('hidden');
      await page.reload();
      await expect.poll(() => layerCountText(page, 'Node'), { timeout: 20_000 }).toMatch(/found|shown/);
      expect(await page.getByLabel('Laterals').isChecked()).toBe(false);
      expect(await layerCountText(page, 'Lateral')).toBe('hidden');
      expect(await page.getByRole('radio', { name: 'No basemap' }).isChecked()).toBe(true);
      await screenshot(page, 'map-office-laterals-hidden');

      // Put it back for the next run on the same data.
      await page.getByLabel('Laterals').check();
      expect(refused).toEqual([]);
      await context.close();
    },
  );
});
