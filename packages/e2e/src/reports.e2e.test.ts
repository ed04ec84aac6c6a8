/**
 * Reports in Chromium against `npm start` (issue #19): an inspection report asked for from an
 * inspection's review, watched on the Reports page until it completes, downloaded (a PDF poppler
 * reads, its first page rendered to a picture) and published; the demo's reports listed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, screenshot } from './browser';
import { apiClient, type Call } from './systems';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext | undefined;
let office: Call;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'manway-e2e-reports-'));
  browser = await launchBrowser();
  office = await apiClient(baseUrl, 'office', 'office-demo');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedIn(login: string, password: string): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/office/`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/office/`);
  return page;
}

describe('reports', () => {
  it(
    'an inspection report asked for on an inspection page completes, downloads as a PDF and is published',
    { timeout: 240_000 },
    async () => {
      const grid = await office<{ items: { id: number; assetReadableId: string }[] }>(
        'GET',
        '/api/inspections/grid?group=pending&pageSize=10',
      );
      const chosen = grid.items[0]!;
      const page = await signedIn('office', 'office-demo');
      await page.goto(`${baseUrl}/office/inspections?group=pending&inspection=${chosen.id}`);
      const review = page.getByRole('region', { name: new RegExp(`^Inspection of .* ${chosen.assetReadableId}$`) });
      await review.waitFor({ timeout: 30_000 });

      await review.getByRole('button', { name: 'Report…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate report' });
      await dialog.getByText('Inspection report', { exact: true }).waitFor({ timeout: 20_000 });
      await dialog.getByText('Inspection report', { exact: true }).click();
      const name = `E2E inspection ${chosen.assetReadableId} ${Date.now()}`;
      // A name with a character a file name cannot have is refused with the spec's words.
      await dialog.getByLabel('Report name').fill('a/b');
      await dialog.getByText('Report name should not contain the following characters: <>:"/\\?*').waitFor();
      expect(await dialog.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Report name').fill(name);
      await screenshot(page, 'reports-generate-dialog', { viewport: true });
      const created = page.waitForResponse(
        (r) => /\/report-api\/reports\/queues\/[^/]+\/tasks$/.test(r.url()) && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Generate' }).click();
      expect((await created).status()).toBe(201);

      await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor({ timeout: 30_000 });
      // In progress, then completed: the list follows it by itself.
      const download = row.getByRole('link', { name: `Download ${name}` });
      await download.waitFor({ timeout: 120_000 });
      expect(await row.textContent()).toContain('Completed');
      expect(await row.textContent()).toContain('Personal');
      await screenshot(page, 'reports-list-completed', { viewport: true });

      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`${name}.pdf`);
      const path = join(dir, 'report.pdf');
      await file.saveAs(path);
      const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
      expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBeGreaterThanOrEqual(1);
      expect(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })).toContain(chosen.assetReadableId);
      // The first page as a picture, to look at.
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '70',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        path,
        join(ARTIFACTS, 'reports-pdf-page-1'),
      ]);
      expect(readFileSync(join(ARTIFACTS, 'reports-pdf-page-1.png')).length).toBeGreaterThan(10_000);

      // Its last download is kept.
      await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toMatch(/\d{4}.*\d{4}/);

      await row.getByRole('button', { name: `Publish ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Publish this report?' });
      const shared = page.waitForResponse((r) => r.url().endsWith('/share') && r.request().method() === 'PUT');
      await confirm.getByRole('button', { name: 'Publish' }).click();
      expect((await shared).status()).toBe(200);
      await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 15_000 }).toContain('Published');
      expect(await row.getByRole('button', { name: `Publish ${name}` }).count()).toBe(0);

      // Another user sees it among All Reports, and may not delete it.
      const other = await signedIn('editor', 'editor-demo');
      await other.getByRole('link', { name: 'Reports', exact: true }).first().click();
      await other.getByLabel('Show').selectOption({ label: 'All Reports' });
      const theirs = other.getByRole('row').filter({ hasText: name });
      await theirs.waitFor({ timeout: 30_000 });
      expect(await theirs.getByRole('button', { name: `Delete ${name}` }).count()).toBe(0);
      // The demo's published reports are there too.
      await other
        .getByRole('row')
        .filter({ hasText: 'Very poor sections - condition summary' })
        .waitFor({ timeout: 30_000 });
      await screenshot(other, 'reports-list-all', { viewport: true });
    },
  );
});
