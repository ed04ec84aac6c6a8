import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, login: string, password: string) {
  await page.goto(`${baseUrl}/office/`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/office/`);
  await page.getByTestId('search-panel').waitFor({ timeout: 20_000 });
}

/** A manhole of the demo town, asked of the server as the page's own session. */
function chooseManhole(page: Page, skip: number): Promise<{ id: number; readableId: string }> {
  return page.evaluate(async (offset) => {
    const answer = (await (
      await fetch('/api/filters/results/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          filter: JSON.stringify({
            objectType: 'Node',
            conditions: [{ property: 'subtype', operator: 'in', value: ['manhole'] }],
          }),
          pageSize: 50,
        }),
      })
    ).json()) as { rows: { id: number; readableId: string }[] };
    return answer.rows[offset]!;
  }, skip);
}

/** Finds the asset by its ID in the search panel and opens its details; answers the details' form. */
async function openDetails(page: Page, readableId: string) {
  await page.getByLabel('Find').selectOption('Node');
  await page.getByRole('searchbox').fill(readableId);
  await page.locator('.mw-search__row', { hasText: readableId }).first().click();
  await page.getByTestId('feature-summary').getByRole('button', { name: 'Open details' }).click();
  const form = page.getByTestId('object-details').getByTestId('object-form');
  await form.getByText('Asset ID', { exact: true }).waitFor({ timeout: 20_000 });
  return form;
}

const savedBy = (page: Page) =>
  page.waitForResponse((r) => /\/api\/object-forms\/[^/]+\/\d+/.test(r.url()) && r.request().method() !== 'GET');

describe("an asset's details as its template's form", () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it('an editor edits an asset and sees the change after reload', { timeout: 120_000 }, async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'editor', 'editor-demo');
    const manhole = await chooseManhole(page, 0);
    let form = await openDetails(page, manhole.readableId);
    await screenshot(page, 'forms-asset-read-only', { viewport: true });

    await form.getByRole('button', { name: 'Edit' }).click();
    const owner = `Manwick Water e2e ${Date.now() % 100_000}`;
    await form.getByLabel('Owner').fill(owner);
    await screenshot(page, 'forms-asset-editing', { viewport: true });
    const saved = savedBy(page);
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await form.getByRole('button', { name: 'Edit' }).waitFor();

    await page.reload();
    await page.getByTestId('search-panel').waitFor({ timeout: 20_000 });
    form = await openDetails(page, manhole.readableId);
    await form.getByText(owner, { exact: true }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'forms-asset-after-reload', { viewport: true });
  });

  it(
    "a stale edit in a second tab is refused with 'another user modified the same item'",
    { timeout: 120_000 },
    async () => {
      context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const first = await context.newPage();
      await signIn(first, 'editor', 'editor-demo');
      const manhole = await chooseManhole(first, 1);
      const second = await context.newPage();
      await second.goto(`${baseUrl}/office/`);
      await second.getByTestId('search-panel').waitFor({ timeout: 20_000 });

      const firstForm = await openDetails(first, manhole.readableId);
      const secondForm = await openDetails(second, manhole.readableId);
      await firstForm.getByRole('button', { name: 'Edit' }).click();
      await secondForm.getByRole('button', { name: 'Edit' }).click();

      await firstForm.getByLabel('Street').fill('First Tab Street');
      const firstSave = savedBy(first);
      await firstForm.getByRole('button', { name: 'Save' }).click();
      expect((await firstSave).status()).toBe(200);

      await secondForm.getByLabel('Street').fill('Second Tab Street');
      const secondSave = savedBy(second);
      await secondForm.getByRole('button', { name: 'Save' }).click();
      expect((await secondSave).status()).toBe(409);
      const conflict = secondForm.getByRole('alert').filter({ hasText: 'Another user modified the same item' });
      await conflict.waitFor();
      await screenshot(second, 'forms-stale-edit-refused', { viewport: true });

      // Reload shows what the first tab stored; nothing of the refused save was written.
      await conflict.getByRole('button', { name: 'Reload' }).click();
      await secondForm.getByText('First Tab Street', { exact: true }).waitFor({ timeout: 20_000 });
    },
  );

  it('a user without editor permissions sees the form without Edit', { timeout: 120_000 }, async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'office', 'office-demo');
    const manhole = await chooseManhole(page, 2);
    const form = await openDetails(page, manhole.readableId);
    await form.getByRole('tab').first().waitFor();
    expect(await form.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });
});
