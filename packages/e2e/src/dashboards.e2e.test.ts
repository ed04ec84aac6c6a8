/**
 * Dashboards in Chromium against `npm start` (issue #20): the demo's default dashboard drawn, edited
 * by its administrator (a pie of sections by material added, moved on the grid, saved, still there
 * after a reload), a save after someone else's answered with the spec's question, a slice opening
 * the map with its assets as a search result, and the dashboard at tablet width.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DashboardTemplate, EditingSession } from '@manway/core/api/dashboards';
import { launchBrowser, screenshot } from './browser';
import { apiClient, signIn, type Call } from './systems';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const DEFAULT_WIDGETS = 6;
const PIE_TITLE = 'Sections by material (e2e)';
let browser: Browser;
let context: BrowserContext | undefined;
let admin: Call;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiClient(baseUrl, 'admin', adminPassword);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function signedIn(login: string, password: string, viewport = { width: 1440, height: 1000 }): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/office/`);
  await signIn(page, login, password);
  await page.waitForURL(`${baseUrl}/office/`);
  return page;
}

/** Every widget on the page has its data, and every chart among them has finished drawing it. */
async function allDrawn(page: Page, count: number): Promise<void> {
  const widgets = page.locator('section.mw-dash-widget');
  await expect.poll(() => widgets.count(), { timeout: 30_000 }).toBe(count);
  await expect
    .poll(() => page.locator('section.mw-dash-widget[data-state="ready"]').count(), { timeout: 30_000 })
    .toBe(count);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.mw-dash-chart')].every((c) => (c as HTMLElement).dataset.drawn === 'true'),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

const widget = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });

describe('dashboards', () => {
  it(
    'the default dashboard is edited (a pie added and moved), saved, kept after reload; a conflicting save asks the spec’s question',
    { timeout: 240_000 },
    async () => {
      const page = await signedIn('admin', adminPassword);
      await page.getByRole('link', { name: 'Dashboards', exact: true }).first().click();
      await allDrawn(page, DEFAULT_WIDGETS);
      expect(await page.getByLabel('Dashboard', { exact: true }).inputValue()).toBe('Network overview');
      await screenshot(page, 'dashboards-default-desktop');

      // Edit: add a pie of sections by material through the configuration dialog.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const toolbar = page.getByRole('toolbar', { name: 'Edit dashboard' });
      await toolbar.getByRole('button', { name: 'Add widget' }).click();
      await page
        .getByRole('dialog', { name: 'Add widget' })
        .getByRole('button', { name: /^Pie chart/ })
        .click();
      const configure = page.getByRole('dialog', { name: /^Configure / });
      await configure.getByLabel('Title').fill(PIE_TITLE);
      await configure.getByLabel('Source').selectOption({ label: 'Sections' });
      await configure.getByLabel('Group by').selectOption({ label: 'Material' });
      // The live preview draws the groups before anything is saved.
      await configure.locator('.mw-dash-chart[data-drawn="true"]').waitFor({ timeout: 30_000 });
      await screenshot(page, 'dashboards-configure', { viewport: true });
      await configure.getByRole('button', { name: 'Save widget' }).click();
      await configure.waitFor({ state: 'detached' });
      const pie = widget(page, PIE_TITLE);
      await pie.waitFor();

      // Move it: drag its title bar to the top left corner of the grid (both in view on a tall window).
      await page.setViewportSize({ width: 1440, height: 1600 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const grid = await page.locator('.react-grid-layout').boundingBox();
      const handle = await pie.locator('header').boundingBox();
      await page.mouse.move(handle!.x + 40, handle!.y + handle!.height / 2);
      await page.mouse.down();
      await page.mouse.move(grid!.x + 60, grid!.y + 20, { steps: 12 });
      await page.mouse.move(grid!.x + 40, grid!.y + 15, { steps: 4 });
      await page.mouse.up();
      await expect.poll(async () => (await pie.boundingBox())!.y - grid!.y, { timeout: 10_000 }).toBeLessThan(40);

      const committed = page.waitForResponse((r) => r.url().includes('/commit') && r.request().method() === 'POST');
      await toolbar.getByRole('button', { name: 'Save' }).click();
      expect((await committed).status()).toBe(200);

      // Saved: after a reload it is there, drawn, at the place it was moved to.
      await page.reload();
      await allDrawn(page, DEFAULT_WIDGETS + 1);
      const saved = await admin<DashboardTemplate>('GET', '/api/dashboard/template');
      const added = saved.widgets.find((w) => w.title === PIE_TITLE)!;
      expect(added).toMatchObject({ type: 'pie', source: 'section', groupBy: 'material', layout: { x: 0, y: 0 } });
      const grid2 = await page.locator('.react-grid-layout').boundingBox();
      expect((await widget(page, PIE_TITLE).boundingBox())!.y - grid2!.y).toBeLessThan(40);
      await screenshot(page, 'dashboards-saved-desktop');

      // Someone else saves the same dashboard while this one is being edited.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const other = await admin<EditingSession>('POST', '/api/dashboards/editing-sessions/start');
      await admin('POST', `/api/dashboards/editing-sessions/${other.id}/commit`, { widgets: other.widgets });
      await toolbar.getByRole('button', { name: 'Save' }).click();
      const question = page.getByRole('alertdialog', { name: 'Another user modified the same item' });
      await question.waitFor({ timeout: 15_000 });
      await screenshot(page, 'dashboards-conflict', { viewport: true });
      const forced = page.waitForResponse((r) => r.url().includes('force=true') && r.request().method() === 'POST');
      await question.getByRole('button', { name: 'Overwrite' }).click();
      expect((await forced).status()).toBe(200);
      await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
      const after = await admin<DashboardTemplate>('GET', '/api/dashboard/template');
      expect(after.version).toBe(saved.version + 2);
    },
  );

  it('a click on a slice opens the map with that group’s assets as a search result', { timeout: 120_000 }, async () => {
    const page = await signedIn('admin', adminPassword);
    await page.goto(`${baseUrl}/office/dashboards`);
    await allDrawn(page, DEFAULT_WIDGETS + 1);
    const chart = widget(page, PIE_TITLE).locator('.mw-dash-chart');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    const drilled = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/drill'));
    // The pie's ring (centred at 50 % × 45 %, radii 40–68 % of half the box) starts at twelve o'clock
    // with the largest group, clockwise: a point 20° past twelve, mid-ring, is on its slice.
    const ring = (0.54 * Math.min(box.width, box.height)) / 2;
    const angle = (20 * Math.PI) / 180;
    await page.mouse.click(
      box.x + box.width / 2 + ring * Math.sin(angle),
      box.y + box.height * 0.45 - ring * Math.cos(angle),
    );
    const answer = await drilled;
    expect(answer.status()).toBe(200);
    const { title } = (await answer.json()) as { title: string };
    expect(title).toMatch(/^Sections by material: /);
    // The office's home: its map, with the search panel showing the result.
    await page.waitForURL(/\/office\/?$/);
    await page.getByText(title).first().waitFor({ timeout: 30_000 });
    await page
      .getByText(/\d[\d,]* found/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'dashboards-drill-map', { viewport: true });
  });

  it('at tablet width the widgets stack in fewer columns and still draw', { timeout: 120_000 }, async () => {
    const page = await signedIn('editor', 'editor-demo', { width: 900, height: 1200 });
    await page.goto(`${baseUrl}/office/dashboards`);
    await allDrawn(page, DEFAULT_WIDGETS + 1);
    // Read-only for an editor: a global dashboard is copied to be edited.
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Copy to edit' }).waitFor();
    const boxes = await page
      .locator('section.mw-dash-widget')
      .evaluateAll((all) => all.map((s) => s.getBoundingClientRect().width));
    for (const width of boxes) expect(width).toBeLessThanOrEqual(900);
    await screenshot(page, 'dashboards-tablet');
  });
});
