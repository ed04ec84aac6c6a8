/**
 * The inspect edition's user profile (main-app §2): the demo crew member sets their inspection
 * profile (standard, camera, direction) and hides a layer in the map selectors on a tablet; after a
 * reload both are kept, the map opens with that layer off, and a session started without a camera
 * takes the profile's.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { apiClient, signIn, type Call } from './systems';

const baseUrl = inject('baseUrl');
const TABLET = { width: 800, height: 1280 };
const OFFICE = { width: 1440, height: 900 };
const CAMERA = 'Crawler E2E-7';
let browser: Browser;
let inspector: Call;
/** The crew member's settings before the test, put back after it for the other tests. */
let before: unknown;

interface Session {
  id: number;
  camera: string | null;
  version: number;
}

beforeAll(async () => {
  browser = await launchBrowser();
  inspector = await apiClient(baseUrl, 'inspector', 'inspector-demo');
  before = await inspector('GET', '/api/settings/user');
});
afterAll(async () => {
  if (before) await inspector('PUT', '/api/settings/user', before);
  await browser?.close();
});

const pageFits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Ends the crew member's open sessions (the demo leaves one running): one may be open at a time. */
async function endOpenSessions(): Promise<void> {
  for (const s of await inspector<Session[]>('GET', '/api/inspection-sessions?status=open')) {
    await inspector('POST', `/api/inspection-sessions/${s.id}/end`, {});
  }
}

describe('the inspect edition’s profile', () => {
  it(
    'keeps the inspection profile and the map selectors across a reload; the map and a new session follow them',
    { timeout: 180_000 },
    async () => {
      const context = await browser.newContext({ viewport: TABLET });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/inspect/profile`);
      await signIn(page, 'inspector', 'inspector-demo');
      await page.waitForURL(`${baseUrl}/inspect/profile`);

      const profile = page.getByRole('region', { name: 'Inspection profile' });
      await profile.getByLabel('Standard').selectOption('manway-demo');
      await profile.getByLabel('Camera').fill(CAMERA);
      await profile.getByLabel('Direction').selectOption('upstream');
      await profile.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Inspection profile saved').waitFor();

      const selectors = page.getByRole('region', { name: 'Map selectors' });
      const laterals = selectors.getByRole('checkbox', { name: 'Laterals' });
      expect(await laterals.isChecked()).toBe(true);
      await laterals.uncheck();
      await expect.poll(() => selectors.getByTestId('map-selectors-status').textContent()).toBe('Saved.');
      expect(await pageFits(page)).toBe(true);
      await screenshot(page, 'profile-tablet');

      await page.reload();
      await expect.poll(() => profile.getByLabel('Camera').inputValue(), { timeout: 20_000 }).toBe(CAMERA);
      expect(await profile.getByLabel('Standard').inputValue()).toBe('manway-demo');
      expect(await profile.getByLabel('Direction').inputValue()).toBe('upstream');
      await selectors.getByRole('checkbox', { name: 'Pipe sections' }).waitFor();
      expect(await selectors.getByRole('checkbox', { name: 'Laterals' }).isChecked()).toBe(false);
      expect(await selectors.getByRole('checkbox', { name: 'Pipe sections' }).isChecked()).toBe(true);

      // The map reads the same settings: laterals are off there, the other layers on.
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByTestId('layer-count-Lateral').waitFor({ state: 'attached', timeout: 30_000 });
      expect(await page.getByTestId('layer-count-Lateral').textContent()).toBe('hidden');
      expect(await page.getByRole('checkbox', { name: 'Laterals' }).isChecked()).toBe(false);
      await expect
        .poll(() => page.getByTestId('layer-count-Section').textContent(), { timeout: 30_000 })
        .toMatch(/found|shown/);
      await context.close();

      // A session started without a camera takes the profile's.
      await endOpenSessions();
      const session = await inspector<Session>('POST', '/api/inspection-sessions', {});
      expect(session.camera).toBe(CAMERA);
      await inspector('POST', `/api/inspection-sessions/${session.id}/end`, { version: session.version });
    },
  );

  it('reads well at the office width too', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: OFFICE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/inspect/profile`);
    await signIn(page, 'inspector', 'inspector-demo');
    await page.waitForURL(`${baseUrl}/inspect/profile`);
    await page.getByRole('region', { name: 'Map selectors' }).getByRole('checkbox', { name: 'Laterals' }).waitFor();
    await page.getByRole('region', { name: 'Inspection profile' }).getByLabel('Camera').waitFor();
    expect(await pageFits(page)).toBe(true);
    await screenshot(page, 'profile-office');
    await context.close();
  });
});
