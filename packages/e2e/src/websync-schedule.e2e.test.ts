import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('the websync task schedule', () => {
  it('a websync user creates a Weekly schedule in the modal, sees its next start time, and deletes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/websync/`);
    await page.waitForURL((url) => url.pathname === '/api/account/login');
    await page.getByLabel('Login').fill('syncer');
    await page.getByLabel('Password').fill('syncer-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // '/' is replaced by the log.
    await page.waitForURL(`${baseUrl}/websync/Home/Log`);
    await page.getByRole('heading', { name: 'WebSync Log' }).waitFor();
    await expect.poll(() => page.getByTestId('user-display-name').textContent()).toBe('Sam Syncer');

    await page.getByRole('link', { name: 'SCHEDULE' }).click();
    await page.getByRole('heading', { name: 'WebSync task schedule' }).waitFor();
    await page.getByRole('button', { name: 'add task schedule' }).click();
    await page.getByRole('menuitem', { name: 'Getting assets' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Schedule task options/ }).waitFor();

    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Name *').fill('Weekly assets e2e');
    await dialog.getByLabel('Login *').selectOption({ label: 'syncer' });
    await dialog.getByLabel('Weekly').check();
    // Two days ahead at 09:30 on this machine's clock, on that day of the week.
    const start = new Date();
    start.setDate(start.getDate() + 2);
    start.setHours(9, 30, 0, 0);
    const local = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T09:30`;
    await dialog.getByLabel('Start time *').fill(local);
    await dialog.getByLabel('Recur every (weeks)').fill('1');
    await dialog.getByLabel(WEEKDAYS[start.getDay()]!, { exact: true }).check();
    await dialog.getByLabel('Repeat every (e.g. 1d 12h 30m)').fill('2H');
    await dialog.getByLabel('Duration (e.g. 1d 12h 30m)').fill('6h');
    await dialog.getByLabel('Name *').click();
    expect(await dialog.getByLabel('Repeat every (e.g. 1d 12h 30m)').inputValue()).toBe('2h');
    expect(await save.isDisabled()).toBe(true); // no assets filter yet
    await dialog.getByLabel('All assets').check();
    expect(await save.isDisabled()).toBe(false);
    await screenshot(page, 'websync-schedule-modal', { viewport: true });
    await save.click();

    await page.getByText('Changes saved').waitFor();
    const row = page.getByRole('row', { name: /Weekly assets e2e/ });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('syncer');
    expect(text).toContain(`every ${WEEKDAYS[start.getDay()]} of every week`);
    expect(text).toContain('repeat every 2h for a duration of 6h');
    // The next start time is the start time itself, shown in the Next start time column.
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[5]).toBe(`${start.getMonth() + 1}/${start.getDate()}/${start.getFullYear()} 9:30 AM`);
    await screenshot(page, 'websync-schedule-table');

    await row.getByRole('button', { name: 'Delete Weekly assets e2e' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete the selected task(s) (and associated logs)?').waitFor();
    const proceed = confirm.getByRole('button', { name: 'Proceed' });
    expect(await proceed.isDisabled()).toBe(true);
    await confirm.getByLabel('Yes, I want to delete this task(s)').check();
    await screenshot(page, 'websync-schedule-delete-confirm', { viewport: true });
    await proceed.click();
    await page.getByText('Changes saved').waitFor();
    await row.waitFor({ state: 'detached' });
    // Other test files share this Office and may keep schedules of their own: the table need not be empty,
    // but this schedule is gone from the server too.
    const names = await page.evaluate(async () => (await fetch('/api/syncAgentScheduler/getNames')).json());
    expect(names).not.toContain('Weekly assets e2e');
    await screenshot(page, 'websync-schedule-after-delete');
    await context.close();
  });
});
