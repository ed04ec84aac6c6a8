/**
 * The widget gallery in the real product: an administrator signs in through the real page, opens
 * /settings/widgets and drives the grid, the pagers, the select and date-time modals and a mass
 * delete; axe-core checks the gallery (and its modals) for serious or critical violations.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
const GALLERY = `${baseUrl}/settings/widgets`;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Grid columns, left to right: selection, Asset ID, Type, Subtype, Material, Diameter, Built,
// District, Condition, Details.
const ASSET_ID = 1;
const MATERIAL = 4;
const DISTRICT = 7;

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  // axe is injected as an inline script, which the pages' Content-Security-Policy rightly refuses.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(GALLERY);
  expect(new URL(page.url()).pathname).toBe('/api/account/login');
  await page.getByLabel('Login').fill('admin');
  await page.getByLabel('Password').fill(inject('adminPassword'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(GALLERY);
  await page.close();
});
afterAll(() => browser?.close());

async function openGallery(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(GALLERY);
  await page.getByRole('heading', { level: 1, name: 'Widget gallery' }).waitFor();
  return page;
}

const gridOf = (page: Page) => page.getByRole('table', { name: 'Sewer assets' });
const bodyRows = (page: Page) => gridOf(page).locator('tbody tr');
const cellTexts = (page: Page, column: number) =>
  bodyRows(page).evaluateAll((rows, index) => rows.map((row) => row.children[index]?.textContent ?? ''), column);
const gridPager = (page: Page) => page.getByRole('navigation', { name: 'Sewer assets pages' });
const notificationTexts = (page: Page) => page.getByTestId('notification').allTextContents();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // axe.run() without a context checks the whole document.
    const { axe } = globalThis as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } };
    return (await axe.run()).violations as AxeViolation[];
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

async function waitForColumn(page: Page, column: number, check: (values: string[]) => boolean) {
  await expect.poll(async () => check(await cellTexts(page, column)), { timeout: 10_000 }).toBe(true);
}

function chosenIn(section: Locator): Promise<string> {
  return section.locator('output').first().innerText();
}

describe('widget gallery', () => {
  it('an administrator finds it under Widgets in the settings edition, and axe finds nothing serious', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/settings/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Widgets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Widget gallery' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/widgets');
    await expect.poll(() => bodyRows(page).count()).toBe(25);
    // The virtual table's first details arrive after the stand-in's 200 ms.
    await page.getByRole('table', { name: 'Asset log' }).getByText('SE-000001').waitFor();
    await screenshot(page, 'widget-gallery');
    // Every form field kind and value model type, one field each.
    await page.locator('#form-fields').screenshot({ path: join(ARTIFACTS, 'widget-gallery-form-fields.png') });

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the grid sorts, filters, changes page size and pages by typed page number', async () => {
    const page = await openGallery();
    const grid = gridOf(page);

    await grid.getByRole('button', { name: 'Asset ID' }).click();
    await grid.getByRole('button', { name: 'Asset ID' }).click();
    expect(await grid.locator('thead th').nth(ASSET_ID).getAttribute('aria-sort')).toBe('descending');
    const sorted = await cellTexts(page, ASSET_ID);
    expect(sorted).toEqual([...sorted].sort().reverse());
    expect(sorted[0]).toMatch(/^SE-0099\d\d|^SE-010000$/);

    await grid.getByRole('combobox', { name: 'Filter District' }).selectOption('Harbour');
    await grid.getByRole('searchbox', { name: 'Filter Material' }).fill('clay');
    await waitForColumn(page, MATERIAL, (values) => values.length > 0 && values.every((v) => v === 'Vitrified clay'));
    expect(new Set(await cellTexts(page, DISTRICT))).toEqual(new Set(['Harbour']));
    const ids = await cellTexts(page, ASSET_ID);
    expect(ids).toEqual([...ids].sort().reverse());
    await screenshot(page, 'widget-gallery-grid-sorted-filtered');

    await page.getByRole('button', { name: 'reset all' }).click();
    await waitForColumn(page, ASSET_ID, (values) => values[0] === 'SE-000001');

    await page.getByLabel('Rows per page').selectOption('100');
    await expect.poll(() => bodyRows(page).count()).toBe(100);
    expect(await gridPager(page).innerText()).toMatch(/of\s+100$/);

    const pageNumber = gridPager(page).getByRole('textbox', { name: 'Page number' });
    await pageNumber.fill('7');
    await pageNumber.press('Enter');
    await waitForColumn(page, ASSET_ID, (values) => values[0]?.endsWith('-000601') === true);
    expect(await pageNumber.inputValue()).toBe('7');

    // Digits only, clamped to the page count.
    await pageNumber.fill('4x05');
    expect(await pageNumber.inputValue()).toBe('405');
    await pageNumber.press('Enter');
    expect(await pageNumber.inputValue()).toBe('100');
    await waitForColumn(page, ASSET_ID, (values) => values.at(-1)?.endsWith('-010000') === true);
    await page.close();
  });

  it("the pager's manual entry keeps digits and clamps to its page count", async () => {
    const page = await openGallery();
    const pager = page.getByRole('navigation', { name: 'Inspection pages' });
    const entry = pager.getByRole('textbox', { name: 'Page number' });
    await entry.fill('12');
    await entry.press('Enter');
    expect(await page.getByTestId('pager-demo-index').innerText()).toBe('onPageChange gave index 11');
    await entry.fill('99');
    await entry.press('Enter');
    expect(await entry.inputValue()).toBe('42');
    await pager.getByRole('button', { name: 'First page' }).click();
    expect(await entry.inputValue()).toBe('1');
    await page.close();
  });

  it('single and multi select modals apply what was picked', async () => {
    const page = await openGallery();
    const section = page.getByRole('region', { name: 'Select modals' });
    const singleExample = section.locator('.mw-gallery-example').nth(0);
    const multiExample = section.locator('.mw-gallery-example').nth(1);

    await section.getByRole('button', { name: 'Choose material' }).click();
    const materials = page.getByRole('dialog', { name: 'Material' });
    await materials.getByRole('searchbox', { name: 'Search' }).fill('duct');
    await screenshot(page, 'widget-gallery-single-select', { viewport: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await materials.getByRole('option', { name: 'Ductile iron' }).click();
    await materials.waitFor({ state: 'detached' });
    expect(await chosenIn(singleExample)).toBe('Ductile iron');

    await section.getByRole('button', { name: 'Choose districts' }).click();
    const districts = page.getByRole('dialog', { name: 'Districts' });
    await districts.getByRole('button', { name: 'show all' }).click();
    await districts.getByRole('option', { name: 'Ashby' }).click();
    await districts.getByRole('option', { name: 'Harbour' }).click();
    expect(await districts.getByRole('group', { name: 'Chosen' }).innerText()).not.toContain('Harbour');
    await screenshot(page, 'widget-gallery-multi-select', { viewport: true });
    await districts.getByRole('button', { name: 'Done' }).click();
    await districts.waitFor({ state: 'detached' });
    expect(await chosenIn(multiExample)).toBe('Old Town, Ashby');
    await page.close();
  });

  it('the date-time picker sets the date and time picked', async () => {
    const page = await openGallery();
    await page.getByRole('button', { name: 'Schedule inspection' }).click();
    const picker = page.getByRole('dialog', { name: 'Schedule inspection' });
    await picker.getByRole('combobox', { name: 'Year', exact: true }).selectOption('2030');
    await picker.getByRole('combobox', { name: 'Month', exact: true }).selectOption('June');
    await picker.getByRole('button', { name: 'Saturday, June 15th, 2030' }).click();
    await picker.getByRole('combobox', { name: 'Time', exact: true }).selectOption({ label: '2:30 PM' });
    await screenshot(page, 'widget-gallery-date-time-picker', { viewport: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Apply' }).click();
    await picker.waitFor({ state: 'detached' });
    expect(await page.getByTestId('scheduled-at').innerText()).toBe('06/15/2030 2:30 PM');
    await page.close();
  });

  it('a mass delete asks for the number of selected rows to be typed, then removes those rows', async () => {
    const page = await openGallery();
    const grid = gridOf(page);
    const firstIds = (await cellTexts(page, ASSET_ID)).slice(0, 3);
    for (const row of [1, 2, 3]) await grid.getByRole('checkbox', { name: `Select row ${row}`, exact: true }).check();
    const gridSection = page.getByRole('region', { name: 'Grid' });
    expect(await gridSection.getByText('3 rows selected').count()).toBe(1);

    await gridSection.getByRole('button', { name: 'Delete selected…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 3 assets?' });
    const proceed = dialog.getByRole('button', { name: 'Delete' });
    expect(await proceed.isDisabled()).toBe(true);
    await dialog.getByLabel('Type 3 to confirm').fill('2');
    expect(await proceed.isDisabled()).toBe(true);
    await dialog.getByLabel('Type 3 to confirm').fill('3');
    await screenshot(page, 'widget-gallery-mass-delete', { viewport: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await proceed.click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => notificationTexts(page)).toContainEqual(expect.stringContaining('Deleted 3 assets'));
    const idsNow = await cellTexts(page, ASSET_ID);
    expect(idsNow.filter((id) => firstIds.includes(id))).toEqual([]);
    expect(idsNow[0]).toBe('MH-000004');
    expect(await gridSection.getByText('No rows selected').count()).toBe(1);
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'widget-gallery-after-mass-delete', { viewport: true });
    await page.close();
  });

  it('on a phone-sized screen the sections stack and axe still finds nothing serious', async () => {
    const phone = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const page = await phone.newPage();
    await page.goto(GALLERY);
    await page.getByRole('heading', { level: 1, name: 'Widget gallery' }).waitFor();
    expect(await page.getByTestId('breakpoint').innerText()).toBe('mobile');
    await screenshot(page, 'widget-gallery-phone');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await phone.close();
  });
});
