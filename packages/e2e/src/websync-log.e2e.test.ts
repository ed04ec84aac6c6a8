import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const FINAL = ['FinishedSuccessfully', 'FinishedWithErrors', 'Failed', 'Cancelled'];

async function signIn(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/websync/${path}`);
  await page.waitForURL((url) => url.pathname === '/api/account/login');
  await page.getByLabel('Login').fill('syncer');
  await page.getByLabel('Password').fill('syncer-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/websync/'));
  return page;
}

async function api<T>(context: BrowserContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await context.request.fetch(`${baseUrl}${path}`, {
    method,
    data,
    // As the page's own calls: its session header and origin, in its signed-in context.
    headers: { 'x-session-id': 'e2e-log', origin: baseUrl },
  });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (res.status() === 204 ? null : await res.json()) as T;
}

describe('the websync log', () => {
  it('lists the tasks run for a user, and Delete All by a filter removes exactly its deletable tasks', async () => {
    const context = await browser.newContext({ viewport: { width: 1700, height: 900 } });
    const page = await signIn(context, 'Home/Log');
    await page.getByRole('heading', { name: 'WebSync Log' }).waitFor();

    // Run scenarios for the syncer now, as the agent's "start" does: three of one type, two of another.
    const users = await api<{ id: string; login: string }[]>(context, 'GET', '/api/settings/webSyncUsers');
    const userId = users.find((u) => u.login === 'syncer')!.id;
    const started: Record<string, number[]> = { GettingUsers: [], GettingDatabaseStructure: [] };
    for (const scenario of [
      'GettingUsers',
      'GettingUsers',
      'GettingUsers',
      'GettingDatabaseStructure',
      'GettingDatabaseStructure',
    ]) {
      const { id } = await api<{ id: number }>(context, 'POST', '/api/syncAgentTask/start', { scenario, userId });
      started[scenario]!.push(id);
    }
    const mine = Object.values(started).flat();
    // Each run ends (successfully, or failed when this system has no Office to sync with).
    await expect
      .poll(
        async () => {
          const tasks = await api<{ status: string }[]>(
            context,
            'GET',
            `/api/syncAgentTask/getByIds?ids=${mine.join(',')}`,
          );
          return tasks.every((t) => FINAL.includes(t.status));
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);

    // The log shows them (newest due first) once reloaded.
    await page.reload();
    const row = (id: number) =>
      page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete task ${id}` }) });
    await row(started.GettingUsers![2]!).waitFor();
    const firstRow = (await row(started.GettingUsers![2]!).textContent()) ?? '';
    expect(firstRow).toContain('Getting users');
    expect(firstRow).toContain('syncer');
    const serverLog = row(started.GettingUsers![2]!).getByRole('link', { name: 'Server log' });
    expect(await serverLog.getAttribute('target')).toBe('_blank');
    const logText = await (await context.request.get(`${baseUrl}${await serverLog.getAttribute('href')}`)).text();
    expect(logText).toContain('Getting users');
    await screenshot(page, 'websync-log-table');

    // Filter by type: Getting users.
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Task type' }).click();
    await filters.getByRole('checkbox', { name: 'Getting users' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => row(started.GettingDatabaseStructure![0]!).count()).toBe(0);
    await row(started.GettingUsers![0]!).waitFor();

    const deletable = await api<number[]>(
      context,
      'GET',
      '/api/syncAgentTask/getIds?Types=GettingUsers&QueryForDelete=true',
    );
    const undeletable = (await api<number[]>(context, 'GET', '/api/syncAgentTask/getIds?Types=GettingUsers')).filter(
      (id) => !deletable.includes(id),
    );
    expect(deletable).toEqual(expect.arrayContaining(started.GettingUsers!));

    await page.getByRole('button', { name: 'Delete All' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete tasks' });
    await confirm
      .getByText(
        `Are you sure you want to delete the selected task(s) (and associated logs)? ${deletable.length} task(s) will be deleted.`,
      )
      .waitFor();
    const proceed = confirm.getByRole('button', { name: 'Proceed' });
    expect(await proceed.isDisabled()).toBe(true);
    await confirm.getByLabel('Yes, I want to delete this task(s)').check();
    await screenshot(page, 'websync-log-delete-all-confirm', { viewport: true });
    await proceed.click();
    await page.getByText('Changes saved').waitFor();
    await row(started.GettingUsers![0]!).waitFor({ state: 'detached' });

    // Exactly the filter's deletable tasks went: the other type's stay.
    expect(await api<number[]>(context, 'GET', '/api/syncAgentTask/getIds?Types=GettingUsers')).toEqual(undeletable);
    const rest = await api<number[]>(context, 'GET', '/api/syncAgentTask/getIds?Types=GettingDatabaseStructure');
    expect(rest).toEqual(expect.arrayContaining(started.GettingDatabaseStructure!));
    await screenshot(page, 'websync-log-after-delete-all');
    await context.close();
  });

  it("History on the schedule page opens the log filtered by the schedule's login, name and type", async () => {
    const context = await browser.newContext({ viewport: { width: 1700, height: 900 } });
    const page = await signIn(context, 'Schedule');
    await page.getByRole('heading', { name: 'WebSync task schedule' }).waitFor();
    const users = await api<{ id: string; login: string }[]>(context, 'GET', '/api/settings/webSyncUsers');
    const tomorrow = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 86_400_000).toISOString();
    await api(context, 'POST', '/api/syncAgentScheduler/saveTask', {
      id: null,
      name: 'Log handover e2e',
      scenario: 'GettingUsers',
      userId: users.find((u) => u.login === 'syncer')!.id,
      taskSettings: { $type: 'GettingUsersSettings' },
      taskSchedule: { $type: 'OneTime', StartTime: tomorrow, RepeatEvery: null, RepeatDuration: null, TimeZone: 'UTC' },
    });
    await page.reload();
    await page.getByRole('button', { name: 'History of Log handover e2e' }).click();
    await page.waitForURL(`${baseUrl}/websync/Home/Log`);
    const filters = page.getByRole('region', { name: 'Filters' });
    await expect.poll(() => filters.getByLabel('Schedule name').inputValue()).toBe('Log handover e2e');
    // The login select shows its value once its options (the websync users) have arrived.
    await expect.poll(() => filters.getByLabel('Login').inputValue()).toBe('syncer');
    await expect
      .poll(() => filters.getByRole('button', { name: 'Task type' }).textContent())
      .toContain('Getting users');
    // The schedule has not run yet.
    await page.getByText('No results').waitFor();
    await screenshot(page, 'websync-log-history-filter');
    await context.close();
  });

  it("a change on the user settings page is saved ('Changes saved') and survives a reload", async () => {
    const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
    const page = await signIn(context, 'Config/WebSyncUsersSettings');
    await page.getByRole('heading', { name: 'User settings' }).waitFor();
    await page.getByText('Only users with assigned WebSync permissions are displayed in the list').waitFor();
    await page.getByRole('cell', { name: 'Sam Syncer' }).click();
    await page.getByRole('heading', { level: 2, name: 'Sam Syncer' }).waitFor();

    const assets = page.getByRole('group', { name: 'When getting assets' });
    const laterals = assets.getByLabel('Include laterals');
    await expect.poll(() => laterals.isEnabled()).toBe(true);
    const before = await laterals.isChecked();
    await laterals.setChecked(!before);
    await page.getByText('Changes saved').waitFor();
    await screenshot(page, 'websync-user-settings-saved');

    await page.reload();
    await page.getByRole('cell', { name: 'Sam Syncer' }).click();
    await expect.poll(() => laterals.isEnabled()).toBe(true);
    expect(await laterals.isChecked()).toBe(!before);

    // All assets disables and clears the filter and the laterals option.
    await assets.getByLabel('All assets').check();
    expect(await laterals.isDisabled()).toBe(true);
    expect(await laterals.isChecked()).toBe(false);
    expect(await assets.getByLabel('Filter').isDisabled()).toBe(true);
    await screenshot(page, 'websync-user-settings-all-assets');
    await context.close();
  });
});
