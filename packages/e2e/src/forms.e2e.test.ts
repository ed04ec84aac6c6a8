import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { nextLayerAnswer, waitForMapAtRest } from './map-canvas';
import { png } from './systems';

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
    // Closing the details with changes in them asks first; staying keeps the changes.
    await page.getByRole('button', { name: 'Close details' }).click();
    await page.getByRole('button', { name: 'Stay here' }).click();
    expect(await form.getByLabel('Owner').inputValue()).toBe(owner);
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

  it('an editor creates a manhole placed on the map, and its details open', { timeout: 120_000 }, async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'editor', 'editor-demo');
    await page.getByRole('button', { name: 'New asset' }).click();
    const form = page.getByTestId('new-asset-form');
    const assetId = `MH-E2E-${Date.now() % 100_000}`;
    await form.getByLabel('Asset ID').fill(assetId);
    await form.getByRole('tab', { name: 'Position' }).click();
    await form.getByRole('button', { name: 'Pick on map' }).click();
    const map = page.getByTestId('map-canvas');
    const box = (await map.boundingBox())!;
    // Left of the new-asset panel, which floats over the map's right half.
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.5);
    await screenshot(page, 'forms-new-asset-picked', { viewport: true });
    await expect.poll(() => form.getByLabel('Longitude').inputValue()).toMatch(/^-?\d+\.\d{1,5}$/);
    await screenshot(page, 'forms-new-asset', { viewport: true });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/object-forms/Node') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create' }).click();
    expect((await created).status()).toBe(201);
    const details = page.getByTestId('object-details');
    await details.getByRole('heading', { level: 2, name: `Node ${assetId}` }).waitFor({ timeout: 20_000 });
    await details.getByTestId('object-form').getByText(assetId, { exact: true }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'forms-new-asset-created', { viewport: true });
  });

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

interface Surveyed {
  section: { id: number; readableId: string };
  /** The place in the section's list of inspections of its latest accepted one, which sets its condition. */
  index: number;
}

/** A section in fair condition whose latest accepted inspection sets it, asked of the server as the page. */
function chooseSurveyedSection(page: Page): Promise<Surveyed> {
  return page.evaluate(async () => {
    const list = (await (
      await fetch('/api/filters/results/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          filter: JSON.stringify({
            objectType: 'Section',
            conditions: [{ property: 'conditionGrade', operator: 'le', value: 3 }],
          }),
          pageSize: 50,
        }),
      })
    ).json()) as { rows: { id: number; readableId: string }[] };
    for (const section of list.rows) {
      const inspections = (await (
        await fetch(`/api/inspections?parentObjectType=Section&parentObjectId=${section.id}`)
      ).json()) as { status: string }[];
      const index = inspections.findIndex((i) => i.status === 'completed');
      if (index >= 0) return { section, index };
    }
    throw new Error('no section in fair condition with an accepted inspection');
  });
}

describe("an inspection's observations recorded through their form", () => {
  it(
    "an editor adds an observation with a photo to a demo inspection and sees its grade and the asset's condition colour",
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page, 'editor', 'editor-demo');
      const chosen = await chooseSurveyedSection(page);

      await page.getByLabel('Find').selectOption('Section');
      await page.getByRole('searchbox').fill(chosen.section.readableId);
      await page.locator('.mw-search__row', { hasText: chosen.section.readableId }).first().click();
      await page.getByTestId('feature-summary').getByRole('button', { name: 'Open details' }).click();
      const inspections = page.getByTestId('asset-inspections');
      await inspections.getByTestId('asset-inspection').first().waitFor({ timeout: 20_000 });
      const surveyed = inspections.getByTestId('asset-inspection').nth(chosen.index);
      const countBefore = Number(/(\d+) observations?/.exec((await surveyed.textContent()) ?? '')?.[1]);
      await surveyed.getByRole('button', { name: /^Observations of the inspection of / }).click();

      const observations = page.getByTestId('inspection-observations');
      await observations.getByRole('button', { name: 'Add observation' }).click({ timeout: 20_000 });
      const editor = page.getByRole('dialog', { name: 'New observation' });
      await editor.getByLabel('Code').click();
      const picker = page.getByRole('dialog', { name: 'Code' });
      await picker.getByLabel('Search codes').fill('Collapse');
      await picker.getByRole('button', { name: /^SCO / }).click();
      await editor.getByLabel('Distance').fill('12.5');
      await editor.getByLabel('Add photos').setInputFiles({
        name: 'collapse.png',
        mimeType: 'image/png',
        buffer: png(64, 48),
      });
      // The demo standard grades a collapse 5; calculate fills it in before anything is saved.
      await expect.poll(() => editor.textContent(), { timeout: 20_000 }).toMatch(/Grade\s*5/);
      await screenshot(page, 'forms-observation-new', { viewport: true });

      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/observations') && r.request().method() === 'POST',
      );
      // The save makes the map read its sections again: the answer after it colours the section.
      const redrawn = saved.then(() => nextLayerAnswer(page, 'Section'));
      await editor.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(201);
      const row = observations.getByRole('row').filter({ hasText: 'SCO' });
      await row.first().waitFor({ timeout: 20_000 });
      expect(await row.first().textContent()).toContain('5');
      // The asset's list of inspections counts it at once.
      await expect.poll(() => surveyed.textContent(), { timeout: 20_000 }).toContain(`${countBefore + 1} observations`);

      // The accepted inspection sets the section's condition: it is now the worst grade.
      const condition = await page.evaluate(async (id) => {
        const details = (await (await fetch(`/api/objects/Section/${id}`)).json()) as {
          properties: { conditionGrade: number | null };
        };
        return details.properties.conditionGrade;
      }, chosen.section.id);
      expect(condition).toBe(5);
      const layer = (await (await redrawn).json()) as {
        features: { id: number; properties: { conditionGrade: number | null } }[];
      };
      expect(layer.features.find((f) => f.id === chosen.section.id)?.properties.conditionGrade).toBe(5);
      await waitForMapAtRest(page);
      const assetForm = page.getByTestId('object-details').getByTestId('object-form').first();
      await assetForm.getByRole('tab', { name: 'Condition' }).click();
      await expect.poll(() => assetForm.textContent(), { timeout: 20_000 }).toMatch(/Condition grade\s*5(?!\d)/);
      await screenshot(page, 'forms-observation-saved', { viewport: true });
      // Nothing in the details panel reaches past its edge: it never scrolls sideways.
      expect(
        await page.getByTestId('object-details').evaluate((panel) => panel.scrollWidth - panel.clientWidth),
      ).toBeLessThanOrEqual(1);
      await context.close();
    },
  );
});
