/**
 * The map tools in Chromium against the real server: box selection and its list, the location
 * editor taking a degree-minute-second pair, and the user's location from the browser's geolocation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { nextLayerAnswer, waitForMapAtRest } from './map-canvas';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/office/`);
  await page.getByLabel('Login').fill('editor');
  await page.getByLabel('Password').fill('editor-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/office/`);
  await expect
    .poll(() => page.getByTestId('layer-count-Node').textContent(), { timeout: 20_000 })
    .toMatch(/found|shown/);
  return page;
}

/** The middle of the demo town, from the extent the map opens on. */
async function townCentre(page: Page): Promise<{ latitude: number; longitude: number }> {
  const [west, south, east, north] = await page.evaluate(async () => {
    const settings = (await (await fetch('/api/settings/map')).json()) as { initialExtent: number[] };
    return settings.initialExtent;
  });
  return { longitude: (west! + east!) / 2, latitude: (south! + north!) / 2 };
}

/** Zooms in on the middle of the map, and returns once the nodes of the new view are drawn. */
async function zoomIn(page: Page, steps: number) {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoomedNodes = nextLayerAnswer(page, 'Node');
  for (let i = 0; i < steps; i++) await page.mouse.wheel(0, -300);
  await zoomedNodes;
  await expect.poll(() => page.getByTestId('layer-count-Node').textContent()).toMatch(/found|shown/);
  await waitForMapAtRest(page);
  return box;
}

/** The colour drawn at a point of the map, whichever canvas holds it. */
async function colourAt(page: Page, x: number, y: number): Promise<number[][]> {
  return page.evaluate(
    ([px, py]) => {
      const found: number[][] = [];
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-canvas"] canvas')) {
        const rect = canvas.getBoundingClientRect();
        const ctx = canvas.getContext('2d');
        if (!ctx || rect.width === 0) continue;
        const scale = canvas.width / rect.width;
        const data = ctx.getImageData((px! - rect.left) * scale, (py! - rect.top) * scale, 1, 1).data;
        if (data[3]! > 0) found.push([data[0]!, data[1]!, data[2]!]);
      }
      return found;
    },
    [x, y],
  );
}

describe('map tools in the office edition', () => {
  it('a box drawn with Shift lists the features inside it, and a listed one opens its summary', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(context);
    const box = await zoomIn(page, 5);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    await page.keyboard.down('Shift');
    await page.mouse.move(cx - 120, cy - 90);
    await page.mouse.down();
    await page.mouse.move(cx, cy, { steps: 5 });
    await page.mouse.move(cx + 120, cy + 90, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Shift');

    const list = page.getByTestId('selection-list');
    await list.waitFor();
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await list.getByRole('heading').textContent()).toBe(`Selection (${await rows.count()})`);
    const first = rows.first().getByRole('button');
    const firstText = (await first.textContent()) ?? '';
    expect(firstText).toMatch(/·/);
    await first.click();
    expect(await first.getAttribute('aria-current')).toBe('true');
    const summary = page.getByTestId('feature-summary');
    await summary.waitFor();
    expect(firstText.startsWith((await summary.getByRole('heading').textContent()) ?? '-')).toBe(true);
    await screenshot(page, 'map-tools-box-selection', { viewport: true });

    // The touch path: with Select by box on, a plain drag draws the box instead of panning.
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('button', { name: 'Select by box' }).click();
    expect(await page.getByRole('button', { name: 'Select by box' }).getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(cx - 60, cy - 60);
    await page.mouse.down();
    await page.mouse.move(cx + 60, cy + 60, { steps: 8 });
    await page.mouse.up();
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('at low zoom nodes gather into counted clusters, and a clicked cluster opens up', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(context);
    // A pixel of a cluster's fill (#334e68), away from its white count.
    const findCluster = () =>
      page.evaluate(() => {
        for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map-canvas"] canvas')) {
          const ctx = canvas.getContext('2d');
          const rect = canvas.getBoundingClientRect();
          if (!ctx || rect.width === 0) continue;
          const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
          const scale = canvas.width / rect.width;
          const isFill = (x: number, y: number) => {
            const i = (y * width + x) * 4;
            return data[i] === 0x33 && data[i + 1] === 0x4e && data[i + 2] === 0x68 && data[i + 3] === 255;
          };
          for (let y = Math.floor(height / 3); y < height; y += 2)
            for (let x = Math.floor(width / 3); x < width; x += 2)
              if (isFill(x, y) && isFill(x + 6, y) && isFill(x, y + 6))
                return { x: rect.left + (x + 3) / scale, y: rect.top + (y + 3) / scale };
        }
        return null;
      });
    await expect.poll(findCluster, { timeout: 10_000 }).not.toBeNull();
    // Clusters regroup while the map still settles; click one where it stays.
    await waitForMapAtRest(page);
    const cluster = await findCluster();
    expect(cluster).not.toBeNull();
    // The nodes the view answers, once it has answered ('loading…' counts as not yet).
    const nodeCount = async () => {
      const text = (await page.getByTestId('layer-count-Node').textContent()) ?? '';
      return /found|shown/.test(text) ? Number(text.replace(/\D/g, '')) : Number.POSITIVE_INFINITY;
    };
    const nodesBefore = await nodeCount();
    expect(nodesBefore).toBeGreaterThan(100);
    await page.mouse.click(cluster!.x, cluster!.y);
    await expect.poll(nodeCount, { timeout: 10_000 }).toBeLessThan(nodesBefore / 4);
    expect(await nodeCount()).toBeGreaterThan(0);
    await screenshot(page, 'map-tools-cluster-opened', { viewport: true });
    await context.close();
  });

  it(`the location editor accepts 47°22'35.5"N 8°32'28.1"E and saves it`, { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(context);
    const box = await zoomIn(page, 6);
    const canvas = page.getByTestId('map-canvas');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const probes: [number, number][] = [];
    for (let dx = -240; dx <= 240; dx += 8) for (let dy = -240; dy <= 240; dy += 8) probes.push([dx, dy]);
    probes.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
    const summary = page.getByTestId('feature-summary');
    for (const [dx, dy] of probes) {
      await page.mouse.move(cx + dx, cy + dy);
      if ((await canvas.evaluate((el) => el.style.cursor)) !== 'pointer') continue;
      await page.mouse.click(cx + dx, cy + dy);
      // OpenLayers answers a single click only once it cannot become a double click.
      const opened = await summary.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      );
      if (opened) break;
    }
    await page.getByRole('button', { name: 'Open details' }).click();
    const location = page.getByTestId('object-location');
    await location.getByTestId('location-coordinates').waitFor();
    await location.getByRole('button', { name: 'Edit location' }).click();
    const field = location.getByLabel('Coordinates');

    // Pick on map: the next click on the map fills in its coordinates and marks them.
    const [px, py] = [box.x + 200, box.y + 200];
    const ring = async () => [
      ...(await colourAt(page, px + 10, py)),
      ...(await colourAt(page, px, py - 10)),
      ...(await colourAt(page, px - 10, py)),
    ];
    const before = await ring();
    await location.getByRole('button', { name: 'Pick on map' }).click();
    await location.getByText('Click the map where the object is.').waitFor();
    await page.mouse.click(px, py);
    await expect.poll(() => field.inputValue()).toMatch(/^\d+\.\d{5}, \d+\.\d{5}$/);
    // The picked point is marked in red around where it was clicked.
    await expect
      .poll(async () => (await ring()).some(([r, g, b]) => r! > 180 && g! < 110 && b! < 110), { timeout: 5000 })
      .toBe(true);
    expect(await ring()).not.toEqual(before);
    await screenshot(page, 'map-tools-location-picked', { viewport: true });

    await field.fill(`47°22'35.5"N 8°32'28.1"E`);
    expect(await location.getByTestId('location-reading').textContent()).toBe('Reads as 47.37653, 8.54114');
    await screenshot(page, 'map-tools-location-editor', { viewport: true });

    const saved = page.waitForResponse(
      (r) => /\/api\/locations\/[^/]+\/\d+$/.test(r.url()) && r.request().method() === 'POST',
    );
    await location.getByRole('button', { name: 'Confirm' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ latitude: 47.37653, longitude: 8.54114, source: 'collected' });
    expect(await location.getByTestId('location-coordinates').textContent()).toBe('47.37653, 8.54114');
    await page.getByText('Location saved').waitFor();
    await screenshot(page, 'map-tools-location-saved', { viewport: true });
    await context.close();
  });

  it('my location marks the browser’s position, details it and sends it to the server', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await signIn(context);
    const centre = await townCentre(page);
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ ...centre, accuracy: 25 });

    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/user-locations') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'My location' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON() as Record<string, number>;
    expect(body.latitude).toBeCloseTo(centre.latitude, 5);
    expect(body.longitude).toBeCloseTo(centre.longitude, 5);
    expect(body.horizontalAccuracy).toBe(25);

    const panel = page.getByTestId('gps-position');
    await panel.getByText('± 25.0 m').waitFor();
    // The map centres on the first fix: the position's blue dot is drawn in the middle.
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    const blueInTheMiddle = async () =>
      (await colourAt(page, box.x + box.width / 2, box.y + box.height / 2)).some(
        ([r, g, b]) => Math.abs(r! - 26) < 30 && Math.abs(g! - 115) < 30 && b! > 200,
      );
    await expect.poll(blueInTheMiddle, { timeout: 5000 }).toBe(true);

    // The user's coordinate format applies to the GPS details too, and is kept in their settings.
    const savedFormat = page.waitForResponse(
      (r) => r.url().endsWith('/api/settings/user') && r.request().method() === 'PUT',
    );
    await page.getByLabel('Coordinate format').selectOption('DegreesMinutesSeconds');
    expect((await savedFormat).status()).toBe(200);
    await expect.poll(() => panel.textContent()).toMatch(/Latitude\d+°\d{2}'\d{2}\.\d{5}"N/);
    await panel.getByRole('button', { name: 'All details' }).click();
    await panel.getByText('UTC time').waitFor();
    await screenshot(page, 'map-tools-my-location', { viewport: true });

    // Back to the default for the other tests on the same data.
    const restored = page.waitForResponse(
      (r) => r.url().endsWith('/api/settings/user') && r.request().method() === 'PUT',
    );
    await page.getByLabel('Coordinate format').selectOption('DecimalDegrees');
    await restored;
    await context.close();
  });

  it('says so when the browser refuses the location', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await signIn(context);
    await page.getByRole('button', { name: 'My location' }).click();
    await page.getByTestId('gps-position').getByRole('alert').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('gps-position').getByRole('alert').textContent()).toMatch(/blocked/);
    await context.close();
  });
});
