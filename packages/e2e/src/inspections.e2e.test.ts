/**
 * The office's review of inspections in Chromium against `npm start` (issue #17): the lists of
 * incomplete, pending and completed inspections, Accept with the asset's condition following on the
 * map, Reject with a reason that sends it back to the crew, at office and tablet widths.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 800, height: 1100 };

async function signedIn(login: string, password: string, viewport = DESKTOP): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/office/`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/office/`);
  await page.getByTestId('search-panel').waitFor({ timeout: 30_000 });
  return page;
}

interface Pending {
  id: number;
  assetId: number;
  assetReadableId: string;
  structuralPeak: number | null;
  operationalPeak: number | null;
}

/** Pending inspections of sections with a score, newest first, asked of the server as the page. */
function pendingSections(page: Page): Promise<Pending[]> {
  return page.evaluate(async () => {
    const answer = (await (await fetch('/api/inspections/grid?group=pending&pageSize=100')).json()) as {
      items: (Pending & { assetType: string })[];
    };
    return answer.items.filter((i) => i.assetType === 'Section' && (i.structuralPeak ?? i.operationalPeak) !== null);
  });
}

const conditionOf = (page: Page, sectionId: number) =>
  page.evaluate(async (id) => {
    const details = (await (await fetch(`/api/objects/Section/${id}`)).json()) as {
      properties: { conditionGrade: number | null };
    };
    return details.properties.conditionGrade;
  }, sectionId);

const decided = (page: Page, id: number, command: 'accept' | 'reject') =>
  page.waitForResponse((r) => r.url().endsWith(`/api/inspections/${id}/${command}`) && r.request().method() === 'POST');

/** The page never scrolls sideways: everything fits its width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the office's review of inspections", () => {
  it(
    "a reviewer accepts a pending inspection and the section's condition follows it on the map",
    { timeout: 180_000 },
    async () => {
      const page = await signedIn('office', 'office-demo');
      await page.getByRole('link', { name: 'Inspections' }).click();
      const pendingTab = page.getByRole('tab', { name: /^Pending/ });
      await expect.poll(() => pendingTab.getAttribute('aria-selected'), { timeout: 30_000 }).toBe('true');
      await expect.poll(() => pendingTab.textContent(), { timeout: 30_000 }).toMatch(/Pending \(\d+\)/);
      const chosen = (await pendingSections(page))[0]!;
      const row = page.getByRole('row').filter({ hasText: chosen.assetReadableId });
      await row.first().waitFor({ timeout: 30_000 });
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'inspections-pending-office', { viewport: true });

      await row.first().getByRole('link', { name: chosen.assetReadableId }).click();
      const review = page.getByRole('region', { name: `Inspection of Section ${chosen.assetReadableId}` });
      await review.waitFor({ timeout: 30_000 });
      // The header form and the observations of the inspection are there to judge it by.
      await page.getByTestId('object-form').first().waitFor({ timeout: 30_000 });
      await screenshot(page, 'inspections-review-office', { viewport: true });

      const accepted = decided(page, chosen.id, 'accept');
      await review.getByRole('button', { name: 'Accept' }).click();
      expect((await accepted).status()).toBe(200);
      await page.getByText('Inspection accepted').waitFor({ timeout: 20_000 });
      await expect.poll(() => review.textContent(), { timeout: 20_000 }).toContain('Accepted');
      expect(await review.getByRole('button', { name: 'Accept' }).count()).toBe(0);

      // The accepted inspection is now the section's condition record: its worst family peak.
      const worst = Math.max(chosen.structuralPeak ?? 0, chosen.operationalPeak ?? 0);
      expect(await conditionOf(page, chosen.assetId)).toBe(worst);

      // On the map, the section's details show it at once.
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByTestId('search-panel').waitFor({ timeout: 30_000 });
      await page.getByLabel('Find').selectOption('Section');
      await page.getByRole('searchbox').fill(chosen.assetReadableId);
      await page.locator('.mw-search__row', { hasText: chosen.assetReadableId }).first().click();
      await page.getByTestId('feature-summary').getByRole('button', { name: 'Open details' }).click();
      const assetForm = page.getByTestId('object-details').getByTestId('object-form').first();
      await assetForm.getByRole('tab', { name: 'Condition' }).click();
      await expect
        .poll(() => assetForm.textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`Condition grade\\s*${worst}(?!\\d)`));
      // The asset's planned work is in its details too.
      await page
        .getByTestId('object-details')
        .getByRole('heading', { name: /^Tasks/ })
        .waitFor({ timeout: 20_000 });
      await screenshot(page, 'inspections-accepted-on-map', { viewport: true });
    },
  );

  it(
    'a reviewer rejects with a reason and the inspection goes back to the crew with it',
    { timeout: 180_000 },
    async () => {
      const page = await signedIn('office', 'office-demo');
      const chosen = (await pendingSections(page))[0]!;
      // A link to a review opens it on its own (a reload, a shared address).
      await page.goto(`${baseUrl}/office/inspections?group=pending&inspection=${chosen.id}`);
      const review = page.getByRole('region', { name: `Inspection of Section ${chosen.assetReadableId}` });
      await review.waitFor({ timeout: 30_000 });

      await review.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog');
      const submit = dialog.getByRole('button', { name: 'Reject' });
      expect(await submit.isDisabled()).toBe(true);
      const reason = `Joint at 12 m not recorded (e2e ${Date.now() % 100_000})`;
      await dialog.getByLabel('Reason (required)').fill(reason);
      await screenshot(page, 'inspections-reject-dialog', { viewport: true });
      const rejected = decided(page, chosen.id, 'reject');
      await submit.click();
      expect((await rejected).status()).toBe(200);
      await page.getByText('Inspection rejected').waitFor({ timeout: 20_000 });

      // Back with the crew: in the incomplete list, rejected, with the reason.
      await page.goto(`${baseUrl}/office/inspections?group=incomplete`);
      await page.getByRole('searchbox').first().fill(chosen.assetReadableId);
      const row = page.getByRole('row').filter({ hasText: reason });
      await row.first().waitFor({ timeout: 30_000 });
      expect(await row.first().textContent()).toContain(chosen.assetReadableId);
      // The search is the server's: the list narrows to that asset's incomplete inspections.
      const assetIds = page.getByRole('row').getByRole('link');
      await expect
        .poll(async () => new Set(await assetIds.allTextContents()), { timeout: 30_000 })
        .toEqual(new Set([chosen.assetReadableId]));
      await screenshot(page, 'inspections-rejected-incomplete', { viewport: true });
    },
  );

  it('at tablet width the lists and the review fit the screen', { timeout: 120_000 }, async () => {
    const page = await signedIn('office', 'office-demo', TABLET);
    await page.goto(`${baseUrl}/office/inspections?group=completed`);
    await page.getByRole('row').nth(1).waitFor({ timeout: 30_000 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'inspections-completed-tablet', { viewport: true });
    const chosen = (await pendingSections(page))[0]!;
    await page.goto(`${baseUrl}/office/inspections?group=pending&inspection=${chosen.id}`);
    await page.getByRole('region', { name: `Inspection of Section ${chosen.assetReadableId}` }).waitFor();
    await page.getByTestId('object-form').first().waitFor({ timeout: 30_000 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'inspections-review-tablet', { viewport: true });
  });

  it('a crew member sees the review without Accept or Reject', { timeout: 120_000 }, async () => {
    const page = await signedIn('inspector', 'inspector-demo');
    const chosen = (await pendingSections(page))[0]!;
    await page.goto(`${baseUrl}/office/inspections?group=pending&inspection=${chosen.id}`);
    const review = page.getByRole('region', { name: `Inspection of Section ${chosen.assetReadableId}` });
    await review.waitFor({ timeout: 30_000 });
    expect(await review.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    expect(await review.getByRole('button', { name: 'Reject' }).count()).toBe(0);
  });
});
