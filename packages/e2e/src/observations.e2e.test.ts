import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/office/`);
  await page.getByLabel('Login').fill('editor');
  await page.getByLabel('Password').fill('editor-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/office/`);
  await page.getByTestId('search-panel').waitFor({ timeout: 20_000 });
}

interface Chosen {
  section: { id: number; readableId: string };
  /** Its place in the section's list of inspections, and how many observations it holds. */
  index: number;
  observations: number;
  code: string;
  codeLabel: string;
  /** How many of the inspection's observations carry the code, as the server counts them. */
  withCode: number;
}

/**
 * Asks the server, as the page's own session, for a section of the demo town with an inspection of
 * several observations, and for the code most of them carry.
 */
function chooseInspection(page: Page): Promise<Chosen> {
  return page.evaluate(async () => {
    const post = async (url: string, body: unknown) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const graded = (await post('/api/filters/results/list', {
      filter: JSON.stringify({
        objectType: 'Section',
        conditions: [{ property: 'conditionGrade', operator: 'isNotEmpty' }],
      }),
      pageSize: 50,
    })) as { rows: { id: number; readableId: string }[] };
    for (const section of graded.rows) {
      const inspections = (await (
        await fetch(`/api/inspections?parentObjectType=Section&parentObjectId=${section.id}`)
      ).json()) as { id: number; observationCount: number }[];
      const index = inspections.findIndex((i) => i.observationCount >= 4);
      if (index < 0) continue;
      const inspection = inspections[index]!;
      const all = (await post('/api/filters/results/observation', {
        parentObjectType: 'Inspection',
        parentObjectId: inspection.id,
        pageSize: 500,
      })) as { rows: { properties: { code: string } }[] };
      const tally = new Map<string, number>();
      for (const r of all.rows) tally.set(r.properties.code, (tally.get(r.properties.code) ?? 0) + 1);
      const code = [...tally].sort((a, b) => b[1] - a[1])[0]![0];
      const meta = (await (await fetch(`/api/filters/meta/list/observation/Inspection/${inspection.id}`)).json()) as {
        name: string;
        options: { id: string; value: string }[] | null;
      }[];
      const codeLabel = meta.find((m) => m.name === 'code')!.options!.find((o) => o.id === code)!.value;
      const filtered = (await post('/api/filters/results/observation', {
        parentObjectType: 'Inspection',
        parentObjectId: inspection.id,
        filter: JSON.stringify({ conditions: [{ property: 'code', operator: 'in', value: [code] }] }),
      })) as { count: { found: number } };
      return {
        section,
        index,
        observations: inspection.observationCount,
        code,
        codeLabel,
        withCode: filtered.count.found,
      };
    }
    throw new Error('no section of the demo town has an inspection with several observations');
  });
}

const count = (s: string | null) => Number(/(\d+) found/.exec(s ?? '')?.[1] ?? NaN);

describe("an inspection's observations, from the asset opened on the map", () => {
  it(
    'opens a section, lists its inspections and filters one’s observations by a code as the server counts them',
    {
      timeout: 120_000,
    },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page);
      const chosen = await chooseInspection(page);

      await page.getByLabel('Find').selectOption('Section');
      await page.getByRole('searchbox').fill(chosen.section.readableId);
      await page.locator('.mw-search__row', { hasText: chosen.section.readableId }).first().click();
      await page.getByTestId('feature-summary').getByRole('button', { name: 'Open details' }).click();

      const inspections = page.getByTestId('asset-inspections');
      await inspections.getByTestId('asset-inspection').first().waitFor({ timeout: 20_000 });
      const item = inspections.getByTestId('asset-inspection').nth(chosen.index);
      expect(await item.textContent()).toContain(`${chosen.observations} observations`);
      await item.getByRole('button', { name: /^Observations of the inspection of / }).click();
      // The search sits behind a toggle above the inspection's own list of observations.
      await page
        .getByTestId('inspection-observations')
        .getByRole('button', { name: 'Search observations' })
        .click({ timeout: 20_000 });

      const panel = page.getByTestId('observation-search');
      const shown = panel.getByTestId('observation-count');
      await expect.poll(() => shown.textContent(), { timeout: 20_000 }).toMatch(/found/);
      expect(count(await shown.textContent())).toBe(chosen.observations);

      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Property of condition 1').selectOption('code');
      await panel.getByRole('checkbox', { name: chosen.codeLabel, exact: true }).check();
      await panel.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(async () => count(await shown.textContent()), { timeout: 20_000 }).toBe(chosen.withCode);
      const rows = panel.getByRole('table', { name: 'Observations' }).locator('tbody tr');
      expect(await rows.count()).toBe(Math.min(chosen.withCode, 25));
      for (const cell of await rows.locator('td', { hasText: chosen.codeLabel }).all()) {
        expect(await cell.textContent()).toBe(chosen.codeLabel);
      }
      expect(await rows.locator('td', { hasText: chosen.codeLabel }).count()).toBe(Math.min(chosen.withCode, 25));
      await rows.last().scrollIntoViewIfNeeded();
      await screenshot(page, 'observations-filtered-by-code', { viewport: true });

      // A grade no observation reaches: the spec's empty-state text.
      await panel.getByRole('button', { name: 'Remove condition 1' }).click();
      await panel.getByRole('button', { name: 'Add condition' }).click();
      await panel.getByLabel('Property of condition 1').selectOption('distanceM');
      await panel.getByLabel('Comparison of condition 1').selectOption('gt');
      await panel.getByLabel('Value of condition 1 (m)').fill('100000');
      await panel.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(async () => count(await shown.textContent()), { timeout: 20_000 }).toBe(0);
      await panel.getByText('No observations').waitFor();
      await screenshot(page, 'observations-none', { viewport: true });
      await context.close();
    },
  );
});
