/**
 * The demo town's media: photos of defects and survey videos for a few inspections, made at seed time
 * (sharp draws the photos, ffmpeg's test source makes the videos; nothing is downloaded), added
 * through the media service like any upload, and the videos linked to their observations at the
 * moments the demo's crawler reached them. The test source shows the elapsed seconds in large digits,
 * so a video opened at an observation visibly plays from its moment.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { MediaService } from '../media/service';
import type { DemoMediaInspection, DemoRepository } from './repository';

const run = promisify(execFile);

/** How many inspections of each status get media: the office's review queue, the crew's open work, the accepted. */
export const DEMO_MEDIA_INSPECTIONS = { pending: 3, incomplete: 2, completed: 2 } as const;
/** Photos of the worst observations of each inspection. */
const PHOTOS_PER_INSPECTION = 3;
/** A survey video runs this long past its last observation, and never longer than the cap. */
const VIDEO_TAIL_MS = 5000;
const VIDEO_MAX_SECONDS = 600;

export interface DemoMediaSummary {
  videos: number;
  photos: number;
  /** Why no videos were made, when ffmpeg is missing. */
  skippedVideos?: string;
}

export async function seedDemoMedia(repo: DemoRepository, media: MediaService): Promise<DemoMediaSummary> {
  const inspections = await repo.mediaCandidates(DEMO_MEDIA_INSPECTIONS);
  const dir = await mkdtemp(join(tmpdir(), 'manway-demo-media-'));
  const summary: DemoMediaSummary = { videos: 0, photos: 0 };
  try {
    for (const inspection of inspections) {
      const object = await media.object('Inspection', inspection.id);
      if (!summary.skippedVideos) {
        const path = join(dir, `survey-${inspection.id}.mp4`);
        const made = await surveyVideo(path, inspection).catch((error: Error) => error);
        if (made instanceof Error) {
          summary.skippedVideos = made.message;
        } else {
          const videoId = await media.addFile(object, path, `Survey ${inspection.assetCode} ${inspection.day}.mp4`);
          await media.linkVideo(
            videoId,
            inspection.observations
              .filter((o) => o.offsetMs < made * 1000)
              .map((o) => ({ observationId: o.id, offsetMs: o.offsetMs })),
          );
          summary.videos += 1;
        }
      }
      // The survey's own codes (start, finish, water level) are not defects to photograph.
      const worst = inspection.observations
        .filter((o) => o.defect)
        .sort((a, b) => (b.grade ?? 0) - (a.grade ?? 0) || a.id - b.id)
        .slice(0, PHOTOS_PER_INSPECTION);
      for (const o of worst) {
        const path = join(dir, `photo-${o.id}.jpg`);
        await defectPhoto(path, o.id, o.grade ?? 1, inspection.inspectedAt);
        await media.addFile(await media.object('Observation', o.id), path, `${o.code} at ${o.distanceM} m.jpg`);
        summary.photos += 1;
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return summary;
}

/**
 * ffmpeg's counting test card, long enough for the inspection's observations (up to the cap), small
 * and quick to make; answers its length in seconds.
 */
async function surveyVideo(path: string, inspection: DemoMediaInspection): Promise<number> {
  const lastMs = Math.max(0, ...inspection.observations.map((o) => o.offsetMs));
  const seconds = Math.min(VIDEO_MAX_SECONDS, Math.ceil((lastMs + VIDEO_TAIL_MS) / 1000));
  await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=5:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '36', '-g', '25', '-pix_fmt', 'yuv420p'],
      ...['-metadata', `creation_time=${inspection.inspectedAt.toISOString()}`, '-movflags', '+faststart', path],
    ],
    { timeout: 120_000 },
  ).catch((error: NodeJS.ErrnoException) => {
    throw new Error(error.code === 'ENOENT' ? 'ffmpeg is not installed (Debian package ffmpeg)' : error.message);
  });
  return seconds;
}

/**
 * A pipe seen down its bore: the wall as a ring, the joint ahead, and a crack whose length and colour
 * follow the grade; drawn from the observation's id so every photo differs and every seed repeats.
 */
async function defectPhoto(path: string, seed: number, grade: number, takenAt: Date): Promise<void> {
  const angle = (seed * 137.5) % 360;
  const reach = 60 + grade * 30;
  const hue = 30 - grade * 5;
  const rad = (angle * Math.PI) / 180;
  const x = (r: number, turn = 0) => (320 + r * Math.cos(rad + turn)).toFixed(1);
  const y = (r: number, turn = 0) => (240 + r * Math.sin(rad + turn)).toFixed(1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><radialGradient id="bore"><stop offset="0" stop-color="#0b0907"/><stop offset="0.35" stop-color="#2a221b"/>
      <stop offset="1" stop-color="hsl(${hue},28%,38%)"/></radialGradient></defs>
    <rect width="640" height="480" fill="#15110d"/>
    <circle cx="320" cy="240" r="235" fill="url(#bore)"/>
    <circle cx="320" cy="240" r="95" fill="none" stroke="#5b4a3a" stroke-width="5" opacity="0.7"/>
    <polyline points="${x(100)},${y(100)} ${x(100 + reach / 2, 0.08)},${y(100 + reach / 2, 0.08)} ${x(100 + reach, -0.05)},${y(100 + reach, -0.05)}"
      fill="none" stroke="hsl(${hue},60%,${12 + grade * 4}%)" stroke-width="${2 + grade}" stroke-linejoin="round"/>
  </svg>`;
  const stamp = takenAt.toISOString().slice(0, 19).replace(/-/g, ':').replace('T', ' ');
  await sharp(Buffer.from(svg))
    .jpeg({ quality: 82 })
    .withExifMerge({ IFD2: { DateTimeOriginal: stamp } })
    .toFile(path);
}
