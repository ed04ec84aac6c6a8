/**
 * Licences and seats in Chromium against `npm start` (issue #21): an administrator creates a crew
 * user with the inspect permission on the settings edition's Users page and sets the Inspect seat
 * limit to 1 on its Licences page; the crew user opens Inspect and holds the seat; a second browser opening Inspect gets the spec's 'LICENSE LIMIT REACHED' page; the
 * administrator frees the seat and the second browser, trying again, gets in; and a browser that
 * closes gives its seat back.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Licence, SeatInUse } from '@manway/core/api/licensing';
import { launchBrowser, screenshot } from './browser';
import { signIn } from './systems';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

async function open(path: string, login: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  await signIn(page, login, password);
  return page;
}

/** The administrator's API calls, from the administrator's own browser (its session cookie). */
function adminApi(page: Page) {
  const headers = { 'x-session-id': 'e2e-licences', origin: baseUrl };
  return {
    seats: async (application: string) =>
      (await (
        await page.request.get(`${baseUrl}/session-api/seats`, {
          headers: { ...headers, 'x-application-edition': application },
        })
      ).json()) as SeatInUse[],
    free: (token: string) => page.request.delete(`${baseUrl}/session-api/seats/${token}`, { headers }),
    licences: async () => (await (await page.request.get(`${baseUrl}/api/licences`, { headers })).json()) as Licence[],
    setSeats: async (application: string, seats: number) => {
      const { version } = (await adminApi(page).licences()).find((l) => l.application === application)!;
      const res = await page.request.put(`${baseUrl}/api/licences/${application}`, {
        headers,
        data: { seats, expiresAt: null, version },
      });
      expect(res.status()).toBe(200);
    },
  };
}

describe('licences and seats', () => {
  let admin: Page;

  afterAll(async () => {
    if (admin) await adminApi(admin).setSeats('web-inspect', 100);
  });

  it(
    'with an Inspect limit of 1, a second browser gets LICENSE LIMIT REACHED until the administrator frees the seat',
    { timeout: 180_000 },
    async () => {
      admin = await open('/settings/users', 'admin', adminPassword);
      await admin.waitForURL(`${baseUrl}/settings/users`);
      // A crew user who may open Inspect (and not the Office), signing in with a password.
      const crewLogin = `crew-${Date.now()}`;
      const crewPassword = 'crew-e2e-password';
      await admin.getByRole('button', { name: 'New user' }).click();
      const newUser = admin.getByRole('dialog', { name: 'New user' });
      await newUser.getByRole('textbox', { name: 'Login' }).fill(crewLogin);
      await newUser.getByRole('textbox', { name: 'Display name' }).fill('Casey Crew');
      await newUser.getByRole('checkbox', { name: 'Office' }).uncheck();
      await newUser.getByRole('checkbox', { name: 'Inspect' }).check();
      await newUser.getByRole('radio', { name: 'Password' }).check();
      await newUser.locator('input[type="password"]').fill(crewPassword);
      await screenshot(admin, 'users-new-user-dialog', { viewport: true });
      await newUser.getByRole('button', { name: 'Create user' }).click();
      await admin.getByText(`User ${crewLogin} created`).waitFor();
      const crewRow = admin.getByRole('row').filter({ hasText: crewLogin });
      await expect.poll(() => crewRow.getByRole('listitem').allTextContents()).toEqual(['Inspect']);
      await screenshot(admin, 'users-page', { viewport: true });

      await admin.getByRole('link', { name: 'Licences' }).first().click();
      await admin.waitForURL(`${baseUrl}/settings/licences`);
      // Earlier browsers of this run may still hold Inspect seats (until the idle time): freed first.
      const api = adminApi(admin);
      for (const seat of await api.seats('web-inspect')) await api.free(seat.token);

      const inspect = admin.getByRole('region', { name: 'Inspect', exact: true });
      await inspect.getByRole('textbox', { name: 'Seat limit' }).fill('1');
      await inspect.getByRole('button', { name: 'Save' }).click();
      await admin.getByText('Inspect licence saved').waitFor();
      expect((await api.licences()).find((l) => l.application === 'web-inspect')!.seats).toBe(1);

      const crew = await open('/inspect/profile', crewLogin, crewPassword);
      await crew.getByRole('region', { name: 'Inspection profile' }).waitFor();
      await expect.poll(async () => (await api.seats('web-inspect')).map((s) => s.user.login)).toEqual([crewLogin]);

      const second = await open('/inspect/profile', 'editor', 'editor-demo');
      await second.getByRole('heading', { name: 'LICENSE LIMIT REACHED' }).waitFor({ timeout: 30_000 });
      expect(await second.getByRole('region', { name: 'Inspection profile' }).count()).toBe(0);
      await screenshot(second, 'licences-limit-reached', { viewport: true });

      await admin.getByRole('button', { name: 'Refresh' }).click();
      await admin.getByLabel('Application').selectOption({ label: 'Inspect' });
      const seats = admin.getByRole('table', { name: 'Seats in use for Inspect' });
      await seats
        .getByRole('cell', { name: new RegExp(crewLogin) })
        .first()
        .waitFor();
      await expect.poll(() => inspect.getByText('1 of 1 seats in use').count()).toBe(1);
      await screenshot(admin, 'licences-page', { viewport: false });

      await seats.getByRole('button', { name: `Free seat of ${crewLogin}` }).click();
      const confirm = admin.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Free seat' }).click();
      await seats.getByText('No seats in use').or(admin.getByText('No seats in use')).first().waitFor();

      await second.getByRole('button', { name: 'Try again' }).click();
      await second.getByRole('region', { name: 'Inspection profile' }).waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await api.seats('web-inspect')).map((s) => s.user.login)).toEqual(['editor']);
      await screenshot(second, 'licences-second-gets-in', { viewport: true });
    },
  );

  it('a browser that closes gives its seat back', { timeout: 120_000 }, async () => {
    const api = adminApi(admin);
    for (const seat of await api.seats('web-inspect')) await api.free(seat.token);
    const crew = await open('/inspect/profile', 'inspector', 'inspector-demo');
    await crew.getByRole('region', { name: 'Inspection profile' }).waitFor();
    await expect.poll(async () => (await api.seats('web-inspect')).length).toBe(1);
    await crew.close();
    await expect.poll(async () => (await api.seats('web-inspect')).length, { timeout: 15_000 }).toBe(0);
  });
});
