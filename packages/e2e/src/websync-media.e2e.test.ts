/**
 * A real media transfer watched in the console, on the demo topology of `npm start`: video files of
 * an asset with a planned task are put into the Office system (through its media upload calls, as a
 * Field agent sends them), the Field system gets the planned tasks with their videos, and while the
 * files move its log page shows the progress bar, whose 'Uploading progress' modal lists each file
 * with its own progress.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { apiClient, signIn } from './systems';

const officeUrl = inject('baseUrl');
const fieldUrl = inject('fieldUrl');
const adminPassword = inject('adminPassword');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Enough bytes that the transfer is still under way when the page looks (the machine is shared). */
const FILES = 8;
const FILE_BYTES = 48 * 1024 * 1024;
const CHUNK = 8 * 1024 * 1024;
const FINAL = /^Finished|^Failed|^Cancelled/;

interface Task {
  id: number;
  status: string;
}

describe("the log page's 'Uploading progress'", () => {
  it('shows each file of a running media transfer with its own progress, and the task then finishes with the files verified', async () => {
    // Videos of an asset that has a planned task on the demo's shared filter 'Very poor sections'.
    const office = await apiClient(officeUrl, 'syncer', 'syncer-demo');
    const { items } = await office<{ items: { assetGlobalId: string; assets: { assetCode: string }[] }[] }>(
      'GET',
      '/api/sync/export/planned-tasks?filter=Very%20poor%20sections&limit=1',
    );
    const asset = items[0]!;
    const names: string[] = [];
    for (let i = 0; i < FILES; i++) {
      // An MP4 starts with a box whose type is "ftyp".
      const bytes = Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), randomBytes(FILE_BYTES - 8)]);
      const globalId = randomUUID();
      const fileName = `survey-${i + 1}-${globalId.slice(0, 8)}.mp4`;
      names.push(fileName);
      const { token } = await office<{ token: string }>('PUT', `/api/sync/media/${globalId}`, {
        globalId,
        ownerType: 'asset',
        ownerGlobalId: asset.assetGlobalId,
        kind: 'video',
        fileName,
        contentType: 'video/mp4',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        jobName: 'e2e',
      });
      for (let offset = 0; offset < bytes.length; offset += CHUNK) {
        await office(
          'PUT',
          `/api/sync/media/${globalId}/content?offset=${offset}&token=${token}`,
          bytes.subarray(offset, offset + CHUNK),
        );
      }
    }

    // The Field's admin gets what planned tasks need, then the tasks of that filter with their videos.
    const field = await apiClient(fieldUrl, 'admin', adminPassword);
    const users = await field<{ id: string; login: string }[]>('GET', '/api/settings/webSyncUsers');
    const userId = users.find((u) => u.login === 'admin')!.id;
    const settings = await field<Record<string, unknown>>('GET', `/api/syncUserSettings?userId=${userId}`);
    await field('POST', '/api/syncUserSettings', {
      ...settings,
      userId,
      gettingTasksSettings: {
        AutoAcceptImportedTasks: true,
        DownloadAttachments: true,
        DownloadFusionFiles: true,
        DownloadImages: true,
        DownloadVideo: true,
        SkipIfAssetNotExistInField: false,
        FilterName: 'Very poor sections',
      },
      gettingProjectsSettings: { AllProjectsExport: true, ProjectsFilterName: null },
    });
    const finished = async (id: number) => {
      await expect
        .poll(async () => (await field<Task[]>('GET', `/api/syncAgentTask/getByIds?ids=${id}`))[0]!.status, {
          timeout: 240_000,
          interval: 1000,
        })
        .toMatch(FINAL);
      return (await field<Task[]>('GET', `/api/syncAgentTask/getByIds?ids=${id}`))[0]!.status;
    };
    for (const scenario of ['GettingDatabaseStructure', 'GettingProjects']) {
      const { id } = await field<{ id: number }>('POST', '/api/syncAgentTask/start', { scenario, userId });
      expect(await finished(id), scenario).toBe('FinishedSuccessfully');
    }

    const context = await browser.newContext({ viewport: { width: 1700, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${fieldUrl}/websync/Home/Log`);
    await signIn(page, 'admin', adminPassword);
    await page.getByRole('heading', { name: 'WebSync Log' }).waitFor();

    const { id } = await field<{ id: number }>('POST', '/api/syncAgentTask/start', {
      scenario: 'GettingPlannedTasks',
      userId,
    });
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete task ${id}` }) });
    const bar = row.getByRole('button', { name: /^Media transfer \d+%$/ });
    // The log shows what it loaded: reload until the task is moving its files.
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor();
          return bar.count();
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe(1);
    await screenshot(page, 'websync-media-progress-bar');
    await bar.click();

    const modal = page.getByRole('dialog', { name: 'Uploading progress' });
    await modal.waitFor();
    const files = modal.getByRole('table', { name: 'Media files' });
    for (const name of names) await files.getByRole('cell', { name, exact: true }).waitFor();
    const progress = await files.getByRole('progressbar').evaluateAll((bars) =>
      bars.map((b) => ({
        name: b.getAttribute('aria-label'),
        value: Number((b as HTMLProgressElement).value),
        max: Number((b as HTMLProgressElement).max),
        status: b.getAttribute('title'),
      })),
    );
    const ours = progress.filter((p) => names.some((n) => p.name?.startsWith(`${n}:`)));
    expect(ours).toHaveLength(FILES);
    for (const p of ours) {
      expect(p.max).toBe(100);
      expect(p.name).toBe(`${p.name!.split(':')[0]}: ${p.status}`);
      expect(['Waiting', 'Transferring', 'Completed']).toContain(p.status);
      if (p.status === 'Completed') expect(p.value).toBe(100);
      if (p.status === 'Waiting') expect(p.value).toBe(0);
    }
    // Caught under way: not every file is done.
    expect(ours.some((p) => p.status !== 'Completed')).toBe(true);
    await files.getByText('Task ', { exact: false }).first().waitFor();
    await screenshot(page, 'websync-media-uploading-progress', { viewport: true });
    await modal.getByRole('button', { name: /close/i }).click();
    await modal.waitFor({ state: 'detached' });

    expect(await finished(id)).toBe('FinishedSuccessfully');
    const media = await field<{ fileName: string; status: string; percentsComplete: number }[]>(
      'GET',
      `/api/syncAgentTask/media?taskId=${id}`,
    );
    for (const name of names) {
      expect(media.find((m) => m.fileName === name)).toMatchObject({ status: 'Completed', percentsComplete: 100 });
    }
    await page.reload();
    await row.waitFor();
    expect(await row.textContent()).toContain('Finished successfully');
    expect(await bar.count()).toBe(0);
    await screenshot(page, 'websync-media-finished');
    await context.close();
  }, 480_000);
});
