/**
 * The inspection workflow across both systems of `npm start`: an editor plans an inspection task on
 * three manholes in the Office for the demo crew member; the Field's sync agent gets them ("Getting
 * users", "Getting planned tasks"); the crew member signs in to the Field's inspect edition with
 * their Office login, finds the work in My work, runs a session, starts a task, creates its
 * inspection, records two observations (one with a photo) and completes it; "Sending completed
 * tasks" brings it to the Office as pending, where the reviewer accepts it and the manhole takes
 * its condition, or rejects it with a reason and it goes back to the incomplete list; the next
 * "Getting planned tasks" brings the decision back to the crew.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { apiClient, png, runSync, signIn, type Call } from './systems';

const officeUrl = inject('baseUrl');
const fieldUrl = inject('fieldUrl');
const adminPassword = inject('adminPassword');
const TABLET = { width: 800, height: 1280 };
const OFFICE = { width: 1440, height: 900 };
let browser: Browser;

interface Manhole {
  id: number;
  readableId: string;
  longitude: number;
  latitude: number;
}

interface ObjectDetails {
  geometry: { type: string; coordinates: [number, number] } | null;
  properties: { conditionGrade: number | null };
}

let office: { editor: Call; reviewer: Call };
let field: Call;
let fieldAgentUser: string;
let manholes: Manhole[];

/**
 * Three manholes with no open task and not yet in very poor condition, near each other (ids in a
 * row), so that accepting an inspection that finds a collapse visibly changes one's colour.
 */
async function chooseManholes(editor: Call): Promise<Manhole[]> {
  for (let tens = 30; tens < 200; tens++) {
    const hits = await editor<{ id: number; readableId: string }[]>(
      'GET',
      `/api/lookup/Node?search=MH-${String(tens).padStart(4, '0')}&limit=20`,
    );
    const ids = hits.filter((h) => /^MH-\d+$/.test(h.readableId)).slice(0, 3);
    if (ids.length < 3) continue;
    const check = await editor<{ willCreate: number }>('POST', '/api/tasks/bulk-create/validate', {
      projectId: 5,
      taskType: 'inspect',
      selection: { kind: 'ids', objectType: 'Node', ids: ids.map((h) => h.id) },
    });
    if (check.willCreate < 3) continue;
    const details = await Promise.all(ids.map((h) => editor<ObjectDetails>('GET', `/api/objects/Node/${h.id}`)));
    if (details.some((d) => d.properties.conditionGrade === 5 || d.geometry?.type !== 'Point')) continue;
    return ids.map((h, i) => {
      const [longitude, latitude] = details[i]!.geometry!.coordinates;
      return { ...h, longitude, latitude };
    });
  }
  throw new Error('no three manholes free of open tasks');
}

beforeAll(async () => {
  browser = await launchBrowser();
  office = {
    editor: await apiClient(officeUrl, 'editor', 'editor-demo'),
    reviewer: await apiClient(officeUrl, 'office', 'office-demo'),
  };
  field = await apiClient(fieldUrl, 'admin', adminPassword);
  manholes = await chooseManholes(office.editor);

  // The Field's admin runs the agent: planned tasks with their photos, not the demo's long videos.
  const users = await field<{ id: string; login: string }[]>('GET', '/api/settings/webSyncUsers');
  fieldAgentUser = users.find((u) => u.login === 'admin')!.id;
  const settings = await field<Record<string, Record<string, unknown>>>(
    'GET',
    `/api/syncUserSettings?userId=${fieldAgentUser}`,
  );
  await field('POST', '/api/syncUserSettings', {
    ...settings,
    gettingTasksSettings: {
      ...settings.gettingTasksSettings,
      DownloadVideo: false,
      DownloadAttachments: false,
      DownloadFusionFiles: false,
      FilterName: null,
    },
    gettingProjectsSettings: { AllProjectsExport: true, ProjectsFilterName: null },
  });
  for (const scenario of ['GettingDatabaseStructure', 'GettingUsers', 'GettingProjects']) {
    expect(await runSync(field, fieldAgentUser, scenario), scenario).toBe('FinishedSuccessfully');
  }
});
afterAll(() => browser?.close());

/** The crew member's tablet, standing at the first manhole. */
async function crewTablet(): Promise<Page> {
  const context = await browser.newContext({
    viewport: TABLET,
    geolocation: { longitude: manholes[0]!.longitude, latitude: manholes[0]!.latitude },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto(`${fieldUrl}/inspect/`);
  // The Office's login and password: "Getting users" brought the hash, never the password.
  await signIn(page, 'inspector', 'inspector-demo');
  await page.waitForURL(`${fieldUrl}/inspect/`);
  return page;
}

/** In the Field: opens the task on the manhole from My work and records its inspection up to Complete. */
async function inspect(page: Page, manhole: Manhole, { photo }: { photo: boolean }) {
  await page.goto(`${fieldUrl}/inspect/`);
  const item = page.getByTestId('my-work-task').filter({ hasText: manhole.readableId });
  await item.getByRole('button', { name: `Open the task on ${manhole.readableId}` }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: `Inspect ${manhole.readableId}` }).waitFor();

  const startSession = page.getByRole('button', { name: 'Start session' });
  const endSession = page.getByRole('button', { name: 'End session' });
  await startSession.or(endSession).first().waitFor();
  if (await startSession.isVisible()) {
    await page.getByLabel('Camera').fill('Crawler CX-2');
    await startSession.click();
    await endSession.waitFor();
  }
  await page.getByRole('button', { name: 'Start task' }).click();
  await page.getByRole('button', { name: 'Create inspection' }).click();
  await page.getByTestId('inspection-standing').filter({ hasText: 'Being recorded' }).waitFor();

  const observations = page.getByTestId('inspection-observations');
  const add = async (search: string, code: string, distance: string, withPhoto: boolean) => {
    await observations.getByRole('button', { name: 'Add observation' }).click({ timeout: 20_000 });
    const editor = page.getByRole('dialog', { name: 'New observation' });
    await editor.getByLabel('Code').click();
    const picker = page.getByRole('dialog', { name: 'Code' });
    await picker.getByLabel('Search codes').fill(search);
    await picker.getByRole('button', { name: new RegExp(`^${code} `) }).click();
    await editor.getByLabel('Distance').fill(distance);
    if (withPhoto) {
      await editor
        .getByLabel('Add photos')
        .setInputFiles({ name: 'collapse.png', mimeType: 'image/png', buffer: png(64, 48) });
    }
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/observations') && r.request().method() === 'POST');
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(201);
    await editor.waitFor({ state: 'detached' });
  };
  await add('General photograph', 'XPH', '0', false);
  await add('Collapse', 'SCO', '1.5', photo);
  await expect
    .poll(() =>
      observations
        .getByRole('row')
        .filter({ hasText: /XPH|SCO/ })
        .count(),
    )
    .toBe(2);

  await page.getByRole('button', { name: 'Complete inspection' }).click();
  await page
    .getByRole('alertdialog', { name: 'Complete this inspection?' })
    .getByRole('button', { name: 'Complete inspection' })
    .click();
  await page.getByTestId('inspection-standing').filter({ hasText: 'Waiting for the office’s review' }).waitFor();
}

/** In the Office: the reviewer opens the pending inspection of the manhole. */
async function openReview(manhole: Manhole): Promise<Page> {
  const context = await browser.newContext({ viewport: OFFICE });
  const page = await context.newPage();
  await page.goto(`${officeUrl}/office/inspections?group=pending`);
  await signIn(page, 'office', 'office-demo');
  const grid = page.getByRole('table', { name: 'Pending inspections' });
  await page.getByRole('searchbox').first().fill(manhole.readableId);
  await grid.getByText(manhole.readableId).first().click({ timeout: 30_000 });
  await page.getByRole('heading', { name: `Inspection of Node ${manhole.readableId}` }).waitFor();
  return page;
}

describe('the inspection workflow from the Office to the Field and back', () => {
  it(
    'a task planned on three manholes reaches My work in the Field, nearest first, for the crew member who signs in with the Office password',
    { timeout: 300_000 },
    async () => {
      const [inspector] = (await office.editor<{ id: string; login: string }[]>('GET', '/api/assignees')).filter(
        (u) => u.login === 'inspector',
      );
      const planned = await office.editor<{ tasks: { id: number }[]; skipped: unknown[] }>('POST', '/api/tasks/plan', {
        projectId: 5,
        taskType: 'inspect',
        dueDate: '2030-12-31',
        selection: { kind: 'ids', objectType: 'Node', ids: manholes.map((m) => m.id) },
        assignedTo: inspector!.id,
        scheduledDate: new Date().toISOString().slice(0, 10),
      });
      expect(planned.tasks).toHaveLength(3);
      expect(await runSync(field, fieldAgentUser, 'GettingPlannedTasks')).toBe('FinishedSuccessfully');

      const page = await crewTablet();
      const items = page.getByTestId('my-work-task');
      for (const m of manholes) await items.filter({ hasText: m.readableId }).waitFor({ timeout: 30_000 });
      // Standing at the first manhole, it is first, 0 m away.
      await expect
        .poll(async () => (await items.first().textContent()) ?? '')
        .toMatch(new RegExp(`^1${manholes[0]!.readableId}`));
      expect(await items.first().locator('.mw-my-work__distance').textContent()).toBe('0 m');
      await screenshot(page, 'workflow-field-my-work', { viewport: true });
      await page.context().close();
    },
  );

  it(
    'inspected in the Field with two observations (one with a photo) and completed, it comes back pending; accepted, the manhole takes its condition and colour',
    { timeout: 300_000 },
    async () => {
      const manhole = manholes[0]!;
      const page = await crewTablet();
      await inspect(page, manhole, { photo: true });
      await screenshot(page, 'workflow-field-completed');
      await page.context().close();

      expect(await runSync(field, fieldAgentUser, 'SendingCompletedTasks')).toBe('FinishedSuccessfully');
      const review = await openReview(manhole);
      await review.getByText('Pending', { exact: true }).first().waitFor();
      await screenshot(review, 'workflow-office-review', { viewport: true });
      await review.getByRole('button', { name: 'Accept', exact: true }).click();
      await review.getByText('Inspection accepted').waitFor();

      // The collapse (grade 5) is now the manhole's condition, and the map colours it so.
      const details = await office.reviewer<ObjectDetails>('GET', `/api/objects/Node/${manhole.id}`);
      expect(details.properties.conditionGrade).toBe(5);
      const map = await review.context().newPage();
      await map.goto(`${officeUrl}/office/`);
      await map.getByLabel('Find').selectOption('Node');
      await map.getByRole('searchbox').fill(manhole.readableId);
      await map.locator('.mw-search__row', { hasText: manhole.readableId }).first().click({ timeout: 30_000 });
      await map.getByTestId('feature-summary').waitFor();
      await expect.poll(() => map.getByTestId('feature-summary').textContent()).toMatch(/5 — Very poor/);
      await screenshot(map, 'workflow-office-manhole-accepted', { viewport: true });
      await review.context().close();

      // The Office's decision reaches the Field with the next planned tasks: the work is done there.
      expect(await runSync(field, fieldAgentUser, 'GettingPlannedTasks')).toBe('FinishedSuccessfully');
      const crew = await crewTablet();
      const items = crew.getByTestId('my-work-task');
      await items.filter({ hasText: manholes[2]!.readableId }).waitFor({ timeout: 30_000 });
      expect(await items.filter({ hasText: manhole.readableId }).count()).toBe(0);
      await crew.context().close();
    },
  );

  it(
    'rejected in the Office with a reason, the inspection goes back to the incomplete list and its task stays open; the next planned tasks bring the reason to the crew',
    { timeout: 300_000 },
    async () => {
      const manhole = manholes[1]!;
      const page = await crewTablet();
      await inspect(page, manhole, { photo: false });
      await page.context().close();

      expect(await runSync(field, fieldAgentUser, 'SendingCompletedTasks')).toBe('FinishedSuccessfully');
      const review = await openReview(manhole);
      await review.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = review.getByRole('dialog', { name: `Reject the inspection of ${manhole.readableId}` });
      await dialog.getByLabel('Reason (required)').fill('No photo of the collapse.');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await review.getByText('Inspection rejected').waitFor();

      await review.goto(`${officeUrl}/office/inspections?group=incomplete`);
      await review.getByRole('searchbox').first().fill(manhole.readableId);
      const row = review
        .getByRole('table', { name: 'Incomplete inspections' })
        .getByRole('row')
        .filter({ hasText: manhole.readableId });
      await expect
        .poll(() => row.first().textContent(), { timeout: 30_000 })
        .toContain('Rejected: No photo of the collapse.');
      await screenshot(review, 'workflow-office-rejected', { viewport: true });
      const tasks = await office.reviewer<{ items: { state: string; inspection: { status: string } | null }[] }>(
        'GET',
        `/api/tasks?parentObjectType=Node&parentObjectId=${manhole.id}&taskState=open`,
      );
      expect(tasks.items.map((t) => [t.state, t.inspection?.status])).toEqual([['inspection-created', 'incomplete']]);
      await review.context().close();

      // Back in the Field after the next planned tasks: the crew reads the reason and may complete it again.
      expect(await runSync(field, fieldAgentUser, 'GettingPlannedTasks')).toBe('FinishedSuccessfully');
      const crew = await crewTablet();
      await crew.getByRole('button', { name: `Open the task on ${manhole.readableId}` }).click({ timeout: 30_000 });
      await crew.getByTestId('inspection-standing').filter({ hasText: 'Rejected by the office' }).waitFor();
      expect(await crew.getByRole('alert').filter({ hasText: 'The office’s reason' }).textContent()).toContain(
        'No photo of the collapse.',
      );
      expect(await crew.getByRole('button', { name: 'Complete inspection' }).isEnabled()).toBe(true);
      await screenshot(crew, 'workflow-field-rejected', { viewport: true });
      await crew.context().close();
    },
  );

  it(
    'Inspect another asset… picks an asset by its id and opens a new inspection of it outside any task',
    { timeout: 120_000 },
    async () => {
      const manhole = manholes[2]!;
      const page = await crewTablet();
      await page.getByRole('button', { name: 'Inspect another asset…' }).click();
      const selector = page.getByRole('dialog', { name: 'Inspect another asset' });
      await selector.getByLabel('Asset type').selectOption('Node');
      await selector.getByRole('combobox', { name: 'Asset id' }).fill(manhole.readableId);
      await selector.getByRole('option', { name: manhole.readableId }).first().click({ timeout: 30_000 });
      await selector.getByRole('button', { name: 'Create inspection' }).click();
      await page.waitForURL(/\/inspect\/inspections\/\d+$/);
      await page.getByTestId('inspection-standing').filter({ hasText: 'Being recorded' }).waitFor();
      await page.getByRole('heading', { level: 1, name: `Inspection of Node ${manhole.readableId}` }).waitFor();
      await screenshot(page, 'workflow-field-unplanned', { viewport: true });
      await page.context().close();
    },
  );
});
