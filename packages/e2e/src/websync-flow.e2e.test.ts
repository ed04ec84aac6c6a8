/**
 * The websync flow end to end on the demo topology of `npm start`: in the Field system's console a
 * user schedules Getting assets, the scheduler and the agent run it against the Office system, the
 * History shows it finished with its Server and Client logs, and the Office's assets are in the Field.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

const officeUrl = inject('baseUrl');
const fieldUrl = inject('fieldUrl');
const adminPassword = inject('adminPassword');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SCHEDULE = 'Weekly assets flow e2e';

/** A signed-in API client of one system (the browser's own session stays the browser's). */
async function apiClient(base: string, login: string, password: string) {
  const headers = { 'x-session-id': 'e2e', accept: 'application/json' };
  const res = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return async <T>(path: string): Promise<T> => {
    const r = await fetch(`${base}${path}`, { headers: { ...headers, cookie, 'x-application-edition': 'web-office' } });
    if (!r.ok) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
    return (await r.json()) as T;
  };
}

interface Task {
  id: number;
  status: string;
  scheduleName: string | null;
}

async function signIn(page: Page, login: string, password: string) {
  await page.waitForURL((url) => url.pathname === '/api/account/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('the websync flow between the Office and the Field systems', () => {
  it('a Weekly Getting assets schedule made in the Field console runs, finishes successfully with both logs, and the Office assets are then in the Field', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${fieldUrl}/websync/`);
    await signIn(page, 'admin', adminPassword);
    await page.waitForURL(`${fieldUrl}/websync/Home/Log`);

    await page.getByRole('link', { name: 'SCHEDULE' }).click();
    await page.getByRole('heading', { name: 'WebSync task schedule' }).waitFor();
    // The Field's demo schedules are there, ready to run.
    await page.getByRole('row', { name: /Users from the Office/ }).waitFor();
    await page.getByRole('row', { name: /Assets from the Office/ }).waitFor();

    await page.getByRole('button', { name: 'add task schedule' }).click();
    await page.getByRole('menuitem', { name: 'Getting assets' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /Schedule task options/ }).waitFor();
    await dialog.getByLabel('Name *').fill(SCHEDULE);
    await dialog.getByLabel('Login *').selectOption({ label: 'admin' });
    await dialog.getByLabel('Weekly').check();
    // The first whole minute at least 75 s ahead (time to save it; the start may not be past),
    // on that day of the week: the scheduler's next tick after it starts the run.
    const start = new Date(Math.ceil((Date.now() + 75_000) / 60_000) * 60_000);
    const local =
      `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}` +
      `T${pad(start.getHours())}:${pad(start.getMinutes())}`;
    await dialog.getByLabel('Start time *').fill(local);
    await dialog.getByLabel('Recur every (weeks)').fill('1');
    await dialog.getByLabel(WEEKDAYS[start.getDay()]!, { exact: true }).check();
    await dialog.getByLabel('All assets').check();
    await screenshot(page, 'websync-flow-modal', { viewport: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changes saved').waitFor();
    await page.getByRole('row', { name: new RegExp(SCHEDULE) }).waitFor();

    // The scheduler turns the due schedule into a task and the agent runs it against the Office.
    const field = await apiClient(fieldUrl, 'admin', adminPassword);
    const ours = async () => {
      const ids = await field<number[]>(`/api/syncAgentTask/getIds?ScheduleName=${encodeURIComponent(SCHEDULE)}`);
      if (ids.length === 0) return undefined;
      return (await field<Task[]>(`/api/syncAgentTask/getByIds?ids=${ids.join(',')}`))[0];
    };
    await expect
      .poll(async () => (await ours())?.status, { timeout: 240_000, interval: 2000 })
      .toMatch(/^Finished|^Failed|^Cancelled/);
    const task = (await ours())!;
    expect(task.status).toBe('FinishedSuccessfully');

    // History: the log page narrowed to this schedule, the task finished successfully.
    await page.getByRole('button', { name: `History of ${SCHEDULE}` }).click();
    await page.waitForURL(`${fieldUrl}/websync/Home/Log`);
    const row = page.getByRole('row', { name: new RegExp(SCHEDULE) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Finished successfully');
    await screenshot(page, 'websync-flow-history');

    // Its Server and Client logs open in new tabs, as text.
    const openLog = async (name: RegExp) => {
      const [tab] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name }).click()]);
      await tab.waitForLoadState();
      const text = (await tab.locator('body').textContent()) ?? '';
      return { tab, text };
    };
    const server = await openLog(/Server/);
    expect(server.text).toContain('Getting assets started for admin.');
    expect(server.text).toMatch(/GET \/api\/sync\/export\/nodes\?limit=\d+ → 200/);
    await screenshot(server.tab, 'websync-flow-server-log');
    const client = await openLog(/Client/);
    expect(client.text).toMatch(/Nodes: \d+ copied, \d+ already up to date, 0 skipped\./);
    expect(client.text).toMatch(/Laterals: \d+ copied, \d+ already up to date, 0 skipped\./);
    expect(client.text).toContain('Finished successfully.');
    await screenshot(client.tab, 'websync-flow-client-log');

    // The Office's assets are in the Field: the same section by its readable id, same place and kind.
    const office = await apiClient(officeUrl, 'admin', adminPassword);
    type Item = { id: number; readableId: string };
    type Details = { readableId: string; subtype: { key: string } | null; geometry: unknown };
    for (const type of ['Node', 'Section', 'Lateral']) {
      const [sample] = await office<Item[]>(`/api/lookup/${type}?limit=1`);
      const inOffice = await office<Details>(`/api/objects/${type}/${sample!.id}`);
      const found = await field<Item[]>(`/api/lookup/${type}?search=${encodeURIComponent(sample!.readableId)}`);
      const match = found.find((f) => f.readableId === sample!.readableId);
      expect(match, `${type} ${sample!.readableId} in the Field`).toBeDefined();
      const inField = await field<Details>(`/api/objects/${type}/${match!.id}`);
      expect(inField.subtype?.key).toBe(inOffice.subtype?.key);
      expect(inField.geometry).toEqual(inOffice.geometry);
    }

    // And on the Field's map.
    const map = await context.newPage();
    await map.goto(`${fieldUrl}/office/`);
    for (const layer of ['Node', 'Section', 'Lateral']) {
      await expect
        .poll(async () => (await map.getByTestId(`layer-count-${layer}`).textContent()) ?? '', { timeout: 30_000 })
        .toMatch(/found|shown/);
    }
    await screenshot(map, 'websync-flow-field-map', { viewport: true });
    await context.close();
  }, 360_000);
});
