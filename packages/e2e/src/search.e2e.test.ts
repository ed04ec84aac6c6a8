import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { waitForMapAtRest } from './map-canvas';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, edition = 'office') {
  await page.goto(`${baseUrl}/${edition}/`);
  await page.getByLabel('Login').fill('editor');
  await page.getByLabel('Password').fill('editor-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/${edition}/`);
  await page.getByTestId('search-panel').waitFor({ timeout: 20_000 });
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

/** Asks the server directly, as the page's own session, what a filter finds. */
async function serverCounts(page: Page, filter: unknown): Promise<{ found: number; onMap: number }> {
  return page.evaluate(async (f) => {
    const list = (await (
      await fetch('/api/filters/results/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter: JSON.stringify(f), page: 0, pageSize: 1 }),
      })
    ).json()) as { count: { found: number } };
    const map = (await (
      await fetch(`/api/filters/results/map?filterBy=filter&limit=5000&filter=${encodeURIComponent(JSON.stringify(f))}`)
    ).json()) as { features: unknown[] };
    return { found: list.count.found, onMap: map.features.length };
  }, filter);
}

const number = (s: string) => Number(/([\d,]+)/.exec(s)![1]!.replaceAll(',', ''));

/** Runs an advanced search on sections: concrete, condition grade at least 3. */
async function concreteAndPoorSections(page: Page) {
  await page.getByLabel('Find').selectOption('Section');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByLabel('Property of condition 1').selectOption('material');
  await page.getByLabel('Comparison of condition 1').selectOption('eq');
  await page.getByLabel('Value of condition 1').selectOption('concrete');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByLabel('Property of condition 2').selectOption('conditionGrade');
  await page.getByLabel('Comparison of condition 2').selectOption('ge');
  await page.getByLabel('Value of condition 2').fill('3');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => text(page, 'search-count'), { timeout: 20_000 }).toMatch(/found/);
  await expect.poll(() => text(page, 'search-map-count'), { timeout: 20_000 }).toMatch(/on the map/);
}

const CONCRETE_POOR = {
  objectType: 'Section',
  combine: 'and',
  conditions: [
    { property: 'material', operator: 'eq', value: 'concrete' },
    { property: 'conditionGrade', operator: 'ge', value: 3 },
  ],
};

describe('search and saved filters on the map', () => {
  it('a simple search finds a manhole by its asset ID and selects it on the map', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page);

    await page.getByRole('searchbox').fill('MH-');
    await expect.poll(() => text(page, 'search-count'), { timeout: 20_000 }).toMatch(/found/);
    const firstId = ((await page.locator('.mw-search__row-id').first().textContent()) ?? '').trim();
    expect(firstId).toMatch(/^MH-\d+$/);

    await page.getByRole('searchbox').fill(firstId);
    await expect.poll(() => text(page, 'search-count'), { timeout: 20_000 }).toBe('1 found');
    await expect.poll(() => text(page, 'search-map-count')).toBe('1 highlighted on the map.');
    await page.getByRole('button', { name: new RegExp(`^${firstId}`) }).click();
    const summary = page.getByTestId('feature-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(firstId);
    expect(await summary.textContent()).toContain('Manhole');
    await waitForMapAtRest(page);
    await screenshot(page, 'search-simple-manhole');
    await context.close();
  });

  it('an advanced search filters the map and the grid, with the server’s counts', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await concreteAndPoorSections(page);

    const server = await serverCounts(page, CONCRETE_POOR);
    expect(server.found).toBeGreaterThan(0);
    expect(number(await text(page, 'search-count'))).toBe(server.found);
    expect(number(await text(page, 'search-map-count'))).toBe(server.onMap);
    const rows = page.getByRole('table', { name: 'Search results' }).locator('tbody tr');
    expect(await rows.count()).toBe(Math.min(server.found, 25));
    await waitForMapAtRest(page);
    await screenshot(page, 'search-advanced-sections');

    await page.getByRole('button', { name: 'Select all' }).click();
    await expect.poll(() => text(page, 'search-selected')).toBe(`${Math.min(server.found, 2000)} selected`);
    await context.close();
  });

  it('a saved filter round-trips: save, reload, apply, same results, delete', { timeout: 150_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await concreteAndPoorSections(page);
    const count = await text(page, 'search-count');
    const onMap = await text(page, 'search-map-count');

    const name = `Concrete poor ${Date.now()}`;
    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page.getByLabel('Save the current search as').fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: `Apply ${name}` }).waitFor();

    // A second save under the same name is refused by the naming rules with the catalogue's dialog.
    await page.getByLabel('Save the current search as').fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Filter name already exists').waitFor();
    await screenshot(page, 'search-saved-name-exists', { viewport: true });
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.reload();
    await page.getByTestId('search-panel').waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page.getByRole('button', { name: `Apply ${name}` }).click();
    await expect.poll(() => text(page, 'applied-filter'), { timeout: 20_000 }).toContain(name);
    await expect.poll(() => text(page, 'search-count'), { timeout: 20_000 }).toBe(count);
    await expect.poll(() => text(page, 'search-map-count'), { timeout: 20_000 }).toBe(onMap);
    await waitForMapAtRest(page);
    await screenshot(page, 'search-saved-applied');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('button', { name: `Apply ${name}` }).count()).toBe(0);
    await context.close();
  });

  it('on a phone width the inspect edition searches under the map', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, 'inspect');
    await page.getByRole('searchbox').fill('MH-00');
    await expect.poll(() => text(page, 'search-count'), { timeout: 20_000 }).toMatch(/found/);
    await waitForMapAtRest(page);
    await screenshot(page, 'search-inspect-phone', { viewport: true });
    await context.close();
  });
});
