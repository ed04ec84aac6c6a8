/**
 * Shared links in Chromium against `npm start` (issue #21; main-app sections 3 and 6): the editor
 * shares a manhole from its details with a validity of 7 days; another user opening the link in a
 * browser of their own is asked to sign in ('only available for authenticated users') and then sees
 * that manhole on the map; the editor revokes the link on My shared links; opening it again says it
 * was revoked.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { drawnPixels, waitForMapAtRest } from './map-canvas';
import { signIn } from './systems';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

/** A browser of its own (its own cookies), at `path`. */
async function newBrowserAt(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return page;
}

/** A manhole of the demo town, asked of the server as the page's own session. */
function aManhole(page: Page): Promise<{ id: number; readableId: string }> {
  return page.evaluate(async () => {
    const answer = (await (
      await fetch('/api/filters/results/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': 'e2e-shared-links' },
        body: JSON.stringify({
          filter: JSON.stringify({
            objectType: 'Node',
            conditions: [{ property: 'subtype', operator: 'in', value: ['manhole'] }],
          }),
          pageSize: 10,
        }),
      })
    ).json()) as { rows: { id: number; readableId: string }[] };
    return answer.rows[3]!;
  });
}

describe('shared links', () => {
  it(
    'a manhole shared for 7 days opens for another user after signing in, until its owner revokes the link',
    { timeout: 240_000 },
    async () => {
      // The editor finds the manhole and shares it from its details.
      const editor = await newBrowserAt('/office/');
      await signIn(editor, 'editor', 'editor-demo');
      await editor.waitForURL(`${baseUrl}/office/`);
      await editor.getByTestId('search-panel').waitFor({ timeout: 30_000 });
      const manhole = await aManhole(editor);
      await editor.getByLabel('Find').selectOption('Node');
      await editor.getByRole('searchbox').fill(manhole.readableId);
      await editor.locator('.mw-search__row', { hasText: manhole.readableId }).first().click();
      await editor.getByTestId('feature-summary').getByRole('button', { name: 'Open details' }).click();
      const details = editor.getByTestId('object-details');
      await details.getByRole('heading', { name: `Node ${manhole.readableId}` }).waitFor({ timeout: 20_000 });

      await details.getByRole('button', { name: `Share Node ${manhole.readableId}` }).click();
      const dialog = editor.getByRole('dialog', { name: 'Share' });
      await dialog.getByRole('radio', { name: '7 days' }).check();
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const linkField = dialog.getByRole('textbox', { name: 'Link' });
      await linkField.waitFor();
      const url = await linkField.inputValue();
      expect(url).toMatch(new RegExp(`^${baseUrl}/office/shared/[A-Za-z0-9_-]{43}$`));
      const path = new URL(url).pathname;
      const validUntil = await dialog.locator('.mw-share__validity-text time').getAttribute('datetime');
      const days = (Date.parse(validUntil!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.getByText(/Link copied|Press Ctrl\+C/).waitFor();
      await screenshot(editor, 'shared-links-share-dialog', { viewport: true });
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Another user, in a browser of their own, opens the link: signed out, it asks them to sign in first.
      const colleague = await newBrowserAt(path);
      await colleague.waitForURL((u) => u.pathname === '/api/account/login');
      expect(new URL(colleague.url()).searchParams.get('returnUrl')).toBe(path);
      await screenshot(colleague, 'shared-links-sign-in', { viewport: true });
      await signIn(colleague, 'office', 'office-demo');
      // Back at the link, which opens the manhole on the map with its details.
      const shown = colleague.getByTestId('object-details');
      await shown.getByRole('heading', { name: `Node ${manhole.readableId}` }).waitFor({ timeout: 30_000 });
      expect(new URL(colleague.url()).pathname).toMatch(/^\/office\/?$/);
      await shown.getByTestId('object-form').getByText('Asset ID', { exact: true }).waitFor({ timeout: 20_000 });
      await expect.poll(() => drawnPixels(colleague), { timeout: 20_000 }).toBeGreaterThan(0);
      await waitForMapAtRest(colleague);
      await screenshot(colleague, 'shared-links-opened', { viewport: true });

      // The editor revokes it on My shared links.
      await editor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shared links' }).click();
      const table = editor.getByRole('table', { name: 'Shared links' });
      const row = table
        .getByRole('row')
        .filter({ hasText: `Node ${manhole.readableId}` })
        .first();
      await row.getByText('Active').waitFor({ timeout: 20_000 });
      await screenshot(editor, 'shared-links-list', { viewport: true });
      await row.getByRole('button', { name: `Revoke Node ${manhole.readableId}` }).click();
      await editor.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
      await row.getByText('Revoked').waitFor();

      // Opening it again says so.
      await colleague.goto(url);
      const failure = colleague.getByTestId('shared-link-failure');
      await failure
        .getByRole('heading', { name: 'This shared link was revoked by its owner' })
        .waitFor({ timeout: 20_000 });
      await failure.getByRole('link', { name: 'Go to the home page' }).waitFor();
      await screenshot(colleague, 'shared-links-revoked', { viewport: true });
    },
  );

  it('a dashboard shared for always opens, widgets and all, for a guest', { timeout: 180_000 }, async () => {
    const editor = await newBrowserAt('/office/dashboards');
    await signIn(editor, 'editor', 'editor-demo');
    const toolbar = editor.getByRole('toolbar', { name: 'Dashboard actions' });
    const name = await toolbar.getByRole('combobox', { name: 'Dashboard' }).inputValue();
    // However many widgets it has now (the dashboards e2e adds one to the default dashboard).
    const template = await editor.request.get(
      `${baseUrl}/api/dashboard/template?dashboardName=${encodeURIComponent(name)}`,
      { headers: { 'x-session-id': 'e2e-shared-links' } },
    );
    const widgets = ((await template.json()) as { widgets: unknown[] }).widgets.length;
    expect(widgets).toBeGreaterThan(0);
    await toolbar.getByRole('button', { name: `Share the dashboard ${name}` }).click();
    const dialog = editor.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('radio', { name: 'Always valid' }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByText('Always valid', { exact: true }).last().waitFor();
    const url = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();

    const guest = await newBrowserAt(new URL(url).pathname);
    await signIn(guest, 'guest', 'guest-demo');
    await guest.getByRole('heading', { level: 1, name: `Dashboard ${name}` }).waitFor({ timeout: 30_000 });
    await guest.getByText(/always valid/).waitFor();
    await expect
      .poll(() => guest.locator('.mw-dash-widget[data-state="ready"]').count(), { timeout: 30_000 })
      .toBe(widgets);
    await screenshot(guest, 'shared-links-dashboard', { viewport: true });
  });
});
