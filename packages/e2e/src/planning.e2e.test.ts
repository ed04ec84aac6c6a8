/**
 * The office's planning in Chromium against `npm start` (issue #17): a box of manholes on the map,
 * Plan tasks… → Check (what is skipped and why, nothing written) → Create in one request → the
 * Projects page with the project's progress and the new tasks; a saved filter planned the same way;
 * what a search found; none of it in the inspect edition. Planning is an editor's: the demo `office`
 * account reviews inspections but edits nothing, so these run as `editor`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { nextLayerAnswer, waitForMapAtRest } from './map-canvas';
import { signIn } from './systems';

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
const TABLET = { width: 800, height: 1280 };

async function signedIn(edition: 'office' | 'inspect', viewport = DESKTOP): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/${edition}/`);
  await signIn(page, 'editor', 'editor-demo');
  await page.waitForURL(`${baseUrl}/${edition}/`);
  await page.getByTestId('search-panel').waitFor({ timeout: 30_000 });
  return page;
}

/** A call to the API as the page's own session. */
function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, {
        method: b === undefined ? 'GET' : 'POST',
        headers: b === undefined ? undefined : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      if (!res.ok) throw new Error(`${p as string}: ${res.status} ${await res.text()}`);
      return (await res.json()) as unknown;
    },
    [path, body] as const,
  ) as Promise<T>;
}

interface Project {
  id: number;
  name: string;
  open: boolean;
  taskCounts: Record<string, number>;
}
interface Task {
  assetReadableId: string;
  dueDate: string | null;
}

const openProject = async (page: Page) => (await api<Project[]>(page, '/api/projects')).find((p) => p.open)!;

/** A day before the project's earliest due date: tasks due then come first in its list. */
async function firstDueDay(page: Page, projectId: number): Promise<string> {
  const list = await api<{ items: Task[] }>(
    page,
    `/api/tasks?parentObjectType=Project&parentObjectId=${projectId}&limit=1`,
  );
  const earliest = list.items[0]?.dueDate ?? '2030-01-02';
  const day = new Date(`${earliest}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

async function nodeId(page: Page, readableId: string): Promise<number> {
  const found = await api<{ id: number; readableId: string }[]>(
    page,
    `/api/lookup/Node?search=${encodeURIComponent(readableId)}&limit=5`,
  );
  return found.find((f) => f.readableId === readableId)!.id;
}

/** Zooms in on the middle of the map, and returns once the nodes of the new view are drawn. */
async function zoomIn(page: Page, steps: number) {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoomedNodes = nextLayerAnswer(page, 'Node');
  for (let i = 0; i < steps; i++) await page.mouse.wheel(0, -300);
  await zoomedNodes;
  await expect.poll(() => page.getByTestId('layer-count-Node').textContent()).toMatch(/found|shown/);
  await waitForMapAtRest(page);
  return box;
}

/** The page never scrolls sideways: everything fits its width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the office's planning", () => {
  it(
    'a box of manholes: Check says which are skipped and why, Create makes the rest in one request, and the project shows them',
    { timeout: 240_000 },
    async () => {
      const page = await signedIn('office');
      const project = await openProject(page);
      const due = await firstDueDay(page, project.id);
      const crew = (await api<{ id: string; login: string; displayName: string }[]>(page, '/api/assignees')).find(
        (a) => a.login === 'inspector',
      )!;

      const box = await zoomIn(page, 5);
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await page.keyboard.down('Shift');
      // Wide enough to hold several manholes wherever earlier tests moved one to.
      await page.mouse.move(cx - 220, cy - 160);
      await page.mouse.down();
      await page.mouse.move(cx, cy, { steps: 5 });
      await page.mouse.move(cx + 220, cy + 160, { steps: 5 });
      await page.mouse.up();
      await page.keyboard.up('Shift');
      const list = page.getByTestId('selection-list');
      await list.waitFor();
      const manholes = await list
        .getByRole('listitem')
        .filter({ hasText: 'Manholes and nodes' })
        .locator('.mw-selection__id')
        .allTextContents();
      expect(manholes.length).toBeGreaterThanOrEqual(2);

      // One of them already has an open task, made through the API as another planner would.
      const busy = manholes[0]!;
      await api(page, '/api/tasks/bulk-create', {
        projectId: project.id,
        taskType: 'clean',
        selection: { kind: 'ids', objectType: 'Node', ids: [await nodeId(page, busy)] },
      });

      await list.getByRole('button', { name: 'Plan tasks…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Plan tasks' });
      await dialog.waitFor();
      const planOn = dialog.getByRole('group', { name: 'Plan on' });
      if ((await planOn.count()) > 0) await planOn.getByRole('radio', { name: /^Manholes/ }).check();
      await expect
        .poll(() => dialog.getByTestId('plan-selection').textContent())
        .toBe(`${manholes.length} manholes selected`);
      await expect.poll(() => dialog.getByLabel('Project').inputValue()).toBe(String(project.id));
      await dialog.getByLabel('Due date').fill(due);
      await dialog.getByLabel('Crew member').selectOption(crew.id);
      await dialog.getByLabel('Scheduled date').fill(due);
      await screenshot(page, 'planning-dialog-office', { viewport: true });

      const validated = page.waitForResponse((r) => r.url().endsWith('/api/tasks/bulk-create/validate'));
      await dialog.getByRole('button', { name: 'Check' }).click();
      const check = await (await validated).json();
      const result = dialog.getByTestId('plan-check');
      await result.waitFor();
      expect(await result.textContent()).toContain('Nothing has been written yet.');
      const skipped = dialog.getByRole('list', { name: 'Skipped assets' });
      expect(await skipped.getByRole('listitem').filter({ hasText: busy }).textContent()).toMatch(
        new RegExp(`^${busy}: already has an open task`),
      );
      expect(check.selected).toBe(manholes.length);
      await screenshot(page, 'planning-check-office', { viewport: true });

      // Create is one request, however many tasks it makes.
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/tasks/')) requests.push(r.url());
      });
      await dialog
        .getByRole('button', { name: `Create ${check.willCreate} ${check.willCreate === 1 ? 'task' : 'tasks'}` })
        .click();
      await dialog
        .getByText(`${check.willCreate} ${check.willCreate === 1 ? 'task' : 'tasks'} created`)
        .waitFor({ timeout: 30_000 });
      expect(requests.filter((u) => u.endsWith('/api/tasks/bulk-create'))).toHaveLength(1);
      await screenshot(page, 'planning-created-office', { viewport: true });

      // The project's tasks: the new ones, due first, planned for the crew.
      await dialog.getByRole('link', { name: 'Show the project’s tasks' }).click();
      await page.waitForURL(`${baseUrl}/office/projects?project=${project.id}`);
      const grid = page.getByRole('table', { name: `Tasks of ${project.name}` });
      const planned = manholes.filter((m) => m !== busy).slice(0, 3);
      for (const code of planned) {
        const row = grid.getByRole('row').filter({ hasText: code });
        await row.first().waitFor({ timeout: 30_000 });
        expect(await row.first().textContent()).toContain('Planned');
        expect(await row.first().textContent()).toContain(crew.displayName);
      }
      const counts = projectCounts(await openProject(page));
      const progress = page.getByRole('progressbar', { name: `Progress of ${project.name}` });
      expect(await progress.getAttribute('value')).toBe(String(counts.completed));
      expect(await progress.getAttribute('max')).toBe(String(counts.live));
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'planning-project-tasks-office', { viewport: true });

      await page.getByRole('link', { name: '← All projects' }).click();
      await page.getByTestId('project').first().waitFor();
      await screenshot(page, 'planning-projects-office', { viewport: true });
    },
  );

  it('a saved filter is planned on as a filter: the server finds its matches', { timeout: 180_000 }, async () => {
    const page = await signedIn('office');
    const project = await openProject(page);
    // A filter of the editor's own over ten manholes' IDs: a handful of assets.
    const name = `Manholes MH-00120 to MH-00129 (e2e ${Date.now() % 100_000})`;
    await api(page, '/api/filters/saved-filters/create', {
      name,
      definition: {
        objectType: 'Node',
        combine: 'and',
        conditions: [{ property: 'assetId', operator: 'startsWith', value: 'MH-0012' }],
      },
    });
    const before = projectCounts(project);

    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page.getByRole('button', { name: `Plan tasks on ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan tasks' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('plan-selection').textContent()).toBe(`Saved filter "${name}" (manholes)`);
    await dialog.getByLabel('Task type').selectOption('clean');
    const validated = page.waitForResponse((r) => r.url().endsWith('/api/tasks/bulk-create/validate'));
    await dialog.getByRole('button', { name: 'Check' }).click();
    const check = await (await validated).json();
    const sent = JSON.parse((await (await validated).request().postData()) ?? '{}');
    expect(sent.selection).toEqual({ kind: 'saved-filter', name });
    await dialog.getByTestId('plan-check').waitFor();
    expect(check.selected).toBeGreaterThan(0);
    expect(check.selected).toBeLessThanOrEqual(10);
    await screenshot(page, 'planning-saved-filter-check-office', { viewport: true });

    if (check.willCreate > 0) {
      await dialog.getByRole('button', { name: /^Create \d+ tasks?$/ }).click();
      await dialog.getByText(/^\d+ tasks? created$/).waitFor({ timeout: 30_000 });
    }
    const after = projectCounts(await openProject(page));
    expect(after.planned).toBe(before.planned + check.willCreate);
  });

  it('what a search found is planned on by id', { timeout: 120_000 }, async () => {
    const page = await signedIn('office');
    await page.getByLabel('Find').selectOption('Node');
    await page.getByRole('searchbox').fill('MH-00');
    const results = page.getByTestId('search-results');
    await results.getByRole('button', { name: 'Plan tasks…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan tasks' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.getByTestId('plan-selection').textContent()).toMatch(/manholes? found by the search$/);
    const validated = page.waitForResponse((r) => r.url().endsWith('/api/tasks/bulk-create/validate'));
    await dialog.getByRole('button', { name: 'Check' }).click();
    const sent = JSON.parse((await (await validated).request().postData()) ?? '{}');
    expect(sent.selection.kind).toBe('ids');
    expect(sent.selection.objectType).toBe('Node');
    await dialog.getByTestId('plan-check').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
  });

  it('at tablet width the dialog and the projects fit the screen', { timeout: 120_000 }, async () => {
    const page = await signedIn('office', TABLET);
    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page
      .getByRole('button', { name: /^Plan tasks on / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Plan tasks' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByTestId('plan-check').waitFor({ timeout: 30_000 });
    await screenshot(page, 'planning-check-tablet', { viewport: true });
    const shown = (await dialog.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(TABLET.width);
    expect(shown.y + shown.height).toBeLessThanOrEqual(TABLET.height);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const project = await openProject(page);
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByTestId('project').first().waitFor({ timeout: 30_000 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'planning-projects-tablet', { viewport: true });
    await page.getByRole('link', { name: project.name }).click();
    await page
      .getByRole('table', { name: `Tasks of ${project.name}` })
      .getByRole('row')
      .nth(1)
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'planning-project-tasks-tablet', { viewport: true });
  });

  it('the inspect edition offers no planning', { timeout: 120_000 }, async () => {
    const page = await signedIn('inspect');
    await page.getByLabel('Find').selectOption('Node');
    await page.getByRole('searchbox').fill('MH-00');
    await page.getByTestId('search-count').filter({ hasText: /found/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Saved filters' }).click();
    await page.getByTestId('saved-filters').waitFor();
    expect(await page.getByRole('button', { name: /^Plan tasks/ }).count()).toBe(0);
  });
});

function projectCounts(project: Project) {
  const c = project.taskCounts;
  return {
    planned: c.planned ?? 0,
    completed: c.completed ?? 0,
    live: (c.planned ?? 0) + (c.started ?? 0) + (c['inspection-created'] ?? 0) + (c.completed ?? 0),
  };
}
