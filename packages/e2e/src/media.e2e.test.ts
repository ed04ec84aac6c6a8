/**
 * The media gallery in Chromium against `npm start` (issue #18): three photos and a video uploaded
 * with a progress bar each, their thumbnails and the video's poster made by the media jobs; an upload
 * whose network is cut midway says it is retrying and then completes; the observations' photos in
 * the inspection's gallery; and the inspection's survey video played from an observation's moment. The files are made here with ffmpeg, nothing downloaded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MediaGallery, MediaItem } from '@manway/core/api/media';
import { launchBrowser, screenshot } from './browser';
import { apiClient, type Call } from './systems';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext | undefined;
let office: Call;
let dir: string;

/** A file made by ffmpeg from one of its test sources. */
function made(name: string, args: string[]): { name: string; mimeType: string; buffer: Buffer } {
  const path = join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, path]);
  const mimeType = name.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg';
  return { name, mimeType, buffer: readFileSync(path) };
}

const photo = (name: string, colour: string) =>
  made(name, ['-f', 'lavfi', '-i', `color=c=${colour}:s=800x600`, '-frames:v', '1']);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'manway-e2e-media-'));
  browser = await launchBrowser();
  office = await apiClient(baseUrl, 'office', 'office-demo');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedIn(): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/office/`);
  await page.getByLabel('Login').fill('office');
  await page.getByLabel('Password').fill('office-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/office/`);
  return page;
}

/** The pending inspections, newest first, each with its gallery. */
async function pendingWithGalleries(): Promise<{ id: number; gallery: MediaGallery }[]> {
  const grid = await office<{ items: { id: number }[] }>('GET', '/api/inspections/grid?group=pending&pageSize=50');
  return Promise.all(
    grid.items.map(async ({ id }) => ({
      id,
      gallery: await office<MediaGallery>('GET', `/api/media/Inspection/${id}`),
    })),
  );
}

async function openReview(page: Page, inspectionId: number): Promise<void> {
  await page.goto(`${baseUrl}/office/inspections?group=pending&inspection=${inspectionId}`);
  await page.getByTestId('media-gallery').first().waitFor({ timeout: 30_000 });
}

/** The gallery's tiles whose thumbnail image has loaded. */
const loadedThumbnails = (page: Page) =>
  page
    .getByTestId('media-gallery')
    .first()
    .locator('img')
    .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);

describe('the media gallery', () => {
  let empty: number;

  beforeAll(async () => {
    const pending = await pendingWithGalleries();
    empty = pending.find((p) => p.gallery.items.length === 0)!.id;
  });

  it('uploads three photos and a video with a progress bar each, then shows their thumbnails and the poster', async () => {
    const page = await signedIn();
    await openReview(page, empty);
    await expect.poll(() => page.getByText('No media').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const files = [
      photo('crack.jpg', '0x7a5230'),
      photo('root.jpg', '0x3a6a30'),
      photo('deposit.jpg', '0x5a5a6a'),
      made('survey.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=6:size=320x240:rate=10', '-pix_fmt', 'yuv420p']),
    ];
    // Over loopback small files finish at once: each upload's answer is held a moment so the rows
    // can be seen while they go.
    await page.route('**/api/media/Inspection/*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByLabel('Files to add').first().setInputFiles(files);
    // Each file shows its own progress bar while it goes.
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'media-uploading');
    await expect.poll(() => page.getByTestId('media-tile').count(), { timeout: 60_000 }).toBe(4);
    // The jobs make the thumbnails and the video's poster; the gallery shows each once it exists.
    await expect.poll(() => loadedThumbnails(page), { timeout: 90_000, interval: 1000 }).toBe(4);
    await screenshot(page, 'media-gallery-thumbnails');
    const gallery = await office<MediaGallery>('GET', `/api/media/Inspection/${empty}`);
    // Two files go at a time, so they arrive in any order.
    expect(gallery.items.map((i) => [i.fileName, i.thumbnail]).sort()).toEqual(
      files.map((f) => [f.name, 'ready'] as [string, MediaItem['thumbnail']]).sort(),
    );
    expect(gallery.items.find((i) => i.kind === 'video')!.durationMs).toBeGreaterThan(5000);
  });

  it('says it is retrying when the network is cut midway, then completes', async () => {
    // Small chunks for this inspection, so the file goes in several and the cut falls in the middle.
    const target = (await pendingWithGalleries()).find((p) => p.id !== empty && p.gallery.items.length === 0)!.id;
    await office('PUT', `/api/media/Inspection/${target}/duc2-settings`, {
      chunkSizeBytes: 256 * 1024,
      linkObservationsByDistance: false,
      crawlerSpeedMetresPerSecond: 0.15,
    });
    const big = made('long-survey.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc2=duration=12:size=640x480:rate=25'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18'],
    ]);
    expect(big.buffer.length).toBeGreaterThan(6 * 256 * 1024);
    const page = await signedIn();
    await openReview(page, target);
    let chunks = 0;
    let cut = true;
    await page.route('**/api/media-upload/pearpoint/chunk**', async (route) => {
      chunks += 1;
      if (chunks > 3 && cut) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.getByLabel('Files to add').first().setInputFiles([big]);
    await page.getByText('Something went wrong, retrying...').waitFor({ timeout: 30_000 });
    await screenshot(page, 'media-upload-retrying');
    cut = false;
    await expect.poll(() => page.getByTestId('media-tile').count(), { timeout: 120_000 }).toBe(1);
    const [item] = (await office<MediaGallery>('GET', `/api/media/Inspection/${target}`)).items;
    expect(item).toMatchObject({ fileName: 'long-survey.mp4', sizeBytes: big.buffer.length });
  });

  it("shows the observations' photos in the inspection's gallery, each captioned with its observation", async () => {
    const withPhotos = (await pendingWithGalleries()).find((p) => p.gallery.items.some((i) => i.observation))!;
    const photo = withPhotos.gallery.items.find((i) => i.observation)!;
    const caption = `${photo.observation!.code} ${photo.observation!.distanceM.toFixed(2)} m`;
    const page = await signedIn();
    await openReview(page, withPhotos.id);
    const tile = page.getByRole('button', { name: `Open ${photo.fileName}, ${caption}` });
    await tile.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => tile.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await tile.textContent()).toContain(caption);
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'media-inspection-gallery-observations', { viewport: true });
  });

  it("plays the survey video from an observation's moment and marks the observation being played", async () => {
    const withVideo = (await pendingWithGalleries()).find((p) =>
      p.gallery.items.some((i) => i.kind === 'video' && i.links.length >= 3),
    )!;
    const video = withVideo.gallery.items.find((i) => i.kind === 'video')!;
    const link = video.links[2]!;
    const page = await signedIn();
    await openReview(page, withVideo.id);
    const player = page.getByTestId('inspection-video');
    await player.waitFor({ timeout: 30_000 });
    await player.getByTestId(`video-observation-${link.observationId}`).click();
    const at = () => player.locator('video').evaluate((v) => (v as HTMLVideoElement).currentTime);
    await expect.poll(at, { timeout: 20_000 }).toBeGreaterThanOrEqual(link.offsetMs / 1000 - 0.5);
    expect(await at()).toBeLessThan(link.offsetMs / 1000 + 5);
    await expect
      .poll(() => player.getByTestId(`video-observation-${link.observationId}`).getAttribute('aria-current'))
      .toBe('true');
    await player.locator('video').evaluate((v) => (v as HTMLVideoElement).pause());
    await screenshot(page, 'media-video-at-observation', { viewport: true });
  });
});
