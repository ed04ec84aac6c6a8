/**
 * The settings edition's General, Map and Audit pages in Chromium against `npm start` (issue #21):
 * an administrator changes the licence warning days and the default coordinate format, adds a WMS
 * and a WMTS basemap, makes the WMS one the default and sets the start extent; everything is kept
 * across a restart of the web app; the Office map then asks the WMS for EPSG:3857 GetMap images and
 * the WMTS for GetTile tiles; and the Audit page lists both changes with their before and after.
 * The installation's settings are put back at the end, as later tests expect the defaults.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InstallationGeneral, InstallationMap } from '@manway/core/api/installation-settings';
import { launchBrowser, screenshot } from './browser';
import { png, signIn } from './systems';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let original: { general: InstallationGeneral; map: InstallationMap } | undefined;

const headers = { 'x-session-id': 'e2e-admin-settings', origin: baseUrl };
const GENERAL = `${baseUrl}/api/admin/settings/general`;
const MAP = `${baseUrl}/api/admin/settings/map`;

async function read<T>(url: string): Promise<T> {
  const res = await page.request.get(url, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  // Back to what the installation had, saved against the versions this test left.
  if (original) {
    const general = await read<InstallationGeneral>(GENERAL);
    const map = await read<InstallationMap>(MAP);
    const { version: _g, ...generalValues } = original.general;
    const { version: _m, networkExtent: _n, ...mapValues } = original.map;
    expect(
      (await page.request.put(GENERAL, { headers, data: { ...generalValues, version: general.version } })).status(),
    ).toBe(200);
    expect((await page.request.put(MAP, { headers, data: { ...mapValues, version: map.version } })).status()).toBe(200);
  }
  await context?.close();
  await browser?.close();
});

describe('general and map settings, and the audit', () => {
  it(
    'an administrator changes them, a restart keeps them, the map draws the WMS and WMTS basemaps, and the audit lists them',
    { timeout: 240_000 },
    async () => {
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await page.goto(`${baseUrl}/settings/general`);
      await signIn(page, 'admin', adminPassword);
      await page.waitForURL(`${baseUrl}/settings/general`);
      original = { general: await read(GENERAL), map: await read(MAP) };

      // General settings: a licence warning of 45 days, and degrees for users who chose no format.
      const days = page.getByRole('textbox', { name: 'Licence warning days' });
      await days.waitFor();
      await days.fill('45');
      await page.getByRole('combobox', { name: 'Coordinate display format' }).selectOption({ label: 'Degrees' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('open keep the settings they loaded').waitFor();
      await screenshot(page, 'admin-settings-general');
      await page.getByRole('button', { name: 'Restart Web App' }).click();
      await page.waitForLoadState('load');
      await expect.poll(() => page.getByRole('textbox', { name: 'Licence warning days' }).inputValue()).toBe('45');
      expect(await page.getByRole('combobox', { name: 'Coordinate display format' }).inputValue()).toBe('Degrees');
      expect((await read<InstallationGeneral>(GENERAL)).licenceWarningDays).toBe(45);

      // Map settings: a WMS basemap as the default, a WMTS one beside it, and the start extent.
      await page.getByRole('link', { name: 'Map', exact: true }).click();
      await page.getByRole('list', { name: 'Basemaps' }).waitFor();
      await page.getByRole('button', { name: 'Add WMS' }).click();
      let added = page.getByRole('listitem', { name: 'New basemap' });
      await added.getByRole('textbox', { name: 'Name' }).fill('E2E orthophoto');
      added = page.getByRole('listitem', { name: 'E2E orthophoto' });
      await added.getByRole('textbox', { name: 'Service address' }).fill('https://wms.e2e.example.org/service');
      await added.getByRole('textbox', { name: 'Layers' }).fill('ortho_2024');
      await added.getByRole('combobox', { name: 'Image format' }).selectOption({ label: 'JPEG' });
      await added.getByRole('textbox', { name: 'Attribution' }).fill('© E2E Survey');
      await page.getByRole('radio', { name: 'Default basemap: E2E orthophoto' }).check();

      await page.getByRole('button', { name: 'Add WMTS' }).click();
      await page
        .getByRole('listitem', { name: 'New basemap' })
        .getByRole('textbox', { name: 'Name' })
        .fill('E2E topography');
      const wmts = page.getByRole('listitem', { name: 'E2E topography' });
      await wmts
        .getByRole('textbox', { name: 'Service address or tile template' })
        .fill('https://wmts.e2e.example.org/wmts');
      await wmts.getByRole('textbox', { name: 'Layer', exact: true }).fill('topo');
      await wmts.getByRole('textbox', { name: 'Tile matrix set' }).fill('GoogleMapsCompatible');

      await page.getByRole('radio', { name: /This extent/ }).check();
      await page.getByRole('button', { name: "Use the network's extent" }).click();
      const north = page.getByRole('textbox', { name: 'North' });
      const west = await page.getByRole('textbox', { name: 'West' }).inputValue();
      expect(Number(west)).not.toBeNaN();
      await screenshot(page, 'admin-settings-map-editing');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('open keep the settings they loaded').waitFor();
      await screenshot(page, 'admin-settings-map-saved');
      const northSaved = await north.inputValue();

      await page.reload();
      await page.getByRole('list', { name: 'Basemaps' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Default basemap: E2E orthophoto' }).isChecked()).toBe(true);
      expect(await page.getByRole('listitem', { name: 'E2E topography' }).count()).toBe(1);
      expect(await page.getByRole('radio', { name: /This extent/ }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'West' }).inputValue()).toBe(west);
      expect(await page.getByRole('textbox', { name: 'North' }).inputValue()).toBe(northSaved);
      const map = await read<InstallationMap>(MAP);
      expect(map.defaultBasemapId).toMatch(/^wms-\d+$/);
      expect(map.initialExtent?.[0]).toBeCloseTo(Number(west), 5);

      // The Office map asks the WMS for EPSG:3857 images, and the WMTS for its tiles (both answered here).
      const asked: Request[] = [];
      await context.route(/https:\/\/(wms|wmts)\.e2e\.example\.org\//, async (route) => {
        asked.push(route.request());
        await route.fulfill({ contentType: 'image/png', body: png(256, 256) });
      });
      const office = await context.newPage();
      office.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      await office.goto(`${baseUrl}/office/`);
      const wmsRadio = office.getByRole('radio', { name: 'E2E orthophoto' });
      await wmsRadio.waitFor({ timeout: 30_000 });
      const chosenBefore = (await wmsRadio.isChecked()) ? null : await checkedBasemap(office);
      if (chosenBefore) await wmsRadio.check();
      await expect
        .poll(() => asked.filter((r) => r.url().includes('wms.e2e')).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const getMap = new URL(asked.find((r) => r.url().includes('wms.e2e'))!.url());
      expect(Object.fromEntries([...getMap.searchParams].map(([k, v]) => [k.toUpperCase(), v]))).toMatchObject({
        SERVICE: 'WMS',
        REQUEST: 'GetMap',
        LAYERS: 'ortho_2024',
        FORMAT: 'image/jpeg',
        CRS: 'EPSG:3857',
      });
      // The attribution, behind the map's attribution button.
      await office.locator('.ol-attribution button').click();
      await office.getByText('© E2E Survey').first().waitFor();
      await screenshot(office, 'admin-settings-office-wms', { viewport: true });

      await office.getByRole('radio', { name: 'E2E topography' }).check();
      await expect
        .poll(() => asked.filter((r) => r.url().includes('wmts.e2e')).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const getTile = new URL(asked.find((r) => r.url().includes('wmts.e2e'))!.url());
      expect(Object.fromEntries(getTile.searchParams)).toMatchObject({
        SERVICE: 'WMTS',
        REQUEST: 'GetTile',
        LAYER: 'topo',
        TILEMATRIXSET: 'GoogleMapsCompatible',
      });
      expect(getTile.searchParams.get('TileMatrix')).toMatch(/^\d+$/);
      // The administrator's own basemap choice as it was.
      await office.getByRole('radio', { name: chosenBefore ?? 'E2E orthophoto' }).check();
      await office.close();
      expect(refused).toEqual([]);

      // The audit lists both changes, newest first, with their before and after.
      await page.getByRole('link', { name: 'Audit', exact: true }).click();
      await page.getByRole('combobox', { name: 'Object' }).selectOption({ label: 'Settings' });
      await page.getByRole('button', { name: 'Apply' }).click();
      const table = page.getByRole('table', { name: 'Audit entries' });
      const mapRow = table
        .getByRole('row', { name: `default basemap ${original.map.defaultBasemapId} → ${map.defaultBasemapId}` })
        .first();
      await mapRow.waitFor();
      expect(await mapRow.textContent()).toContain('2 basemaps added');
      const generalRow = table.getByRole('row', { name: 'General settings: coordinate format' }).first();
      expect(await generalRow.textContent()).toContain(
        `licence warning days ${original.general.licenceWarningDays} → 45`,
      );
      await mapRow.getByRole('button', { name: /^Show changes/ }).click();
      await page
        .getByRole('table', { name: /^Changes: Map settings/ })
        .getByText(`basemaps.${map.defaultBasemapId}`)
        .waitFor();
      await screenshot(page, 'admin-settings-audit');
    },
  );
});

/** The name of the basemap the map shows now. */
function checkedBasemap(page: Page): Promise<string> {
  return page
    .getByRole('group', { name: 'Basemap' })
    .locator('input:checked')
    .evaluate((el) => el.closest('label')?.textContent?.trim() ?? 'No basemap');
}
