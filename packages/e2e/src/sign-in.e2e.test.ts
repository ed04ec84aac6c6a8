import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('signing in to the office edition', () => {
  it('opening an edition signed out leads to the sign-in page, and signing in shows the header with the user', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/office/about`);
    expect(new URL(page.url()).pathname).toBe('/api/account/login');
    await screenshot(page, 'sign-in-page');

    await page.getByLabel('Login').fill('admin');
    await page.getByLabel('Password').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${baseUrl}/office/about`);
    await expect.poll(() => page.getByTestId('user-display-name').textContent()).toBe('Administrator');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot(page, 'office-about-signed-in');

    // A deep link survives a reload.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/office/about');
    await expect.poll(() => page.getByTestId('user-display-name').textContent()).toBe('Administrator');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/api/account/login');
    await screenshot(page, 'signed-out');

    // The session is gone: the edition asks for sign-in again.
    await page.goto(`${baseUrl}/office/`);
    expect(new URL(page.url()).pathname).toBe('/api/account/login');
    await page.close();
  });

  it('a wrong password keeps the user on the sign-in page with the message', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/api/account/login`);
    await page.getByLabel('Login').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('The login or password is incorrect.');
    await page.close();
  });

  it('a signed-in user opening the settings edition without the administrator role sees the access-denied page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/settings/`);
    await page.getByLabel('Login').fill('editor');
    await page.getByLabel('Password').fill('editor-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/settings/`);
    // Log off alone proves nothing: the seat-limit and licence pages offer it too.
    const errorPage = page.getByTestId('error-page');
    await errorPage.getByRole('heading', { name: 'Access denied', exact: true }).waitFor();
    expect(await errorPage.textContent()).toContain('You have no permissions to access this page.');
    await errorPage.getByRole('button', { name: 'Log off' }).waitFor();
    await screenshot(page, 'settings-access-denied');
    await context.close();
  });
});
