/**
 * What the processing jobs learn from a stored file: a photo's thumbnail (turned upright by its EXIF
 * orientation), pixel size, capture time and GPS position with sharp; a video's poster frame,
 * duration, size and creation time with ffprobe and ffmpeg (Debian's `ffmpeg` package). The tools
 * read a path on this machine (MediaStore.withLocalFile); the thumbnail is written to `thumbnailPath`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import exifReader from 'exif-reader';
import sharp from 'sharp';

const run = promisify(execFile);

/** The longer side of a thumbnail, in pixels: sharp tiles at twice the gallery's 160 px. */
export const THUMBNAIL_SIZE = 320;
/** Where in a video its poster frame is taken: a second in (the first frame is often black), or a tenth of a short one. */
const POSTER_AT_SECONDS = 1;
/** ffprobe and ffmpeg are stopped past this; a file they cannot read in a minute is not a video we can show. */
const TOOL_TIMEOUT_MS = 60_000;

export interface Findings {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  capturedAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

/** Reads a photo's facts and writes its thumbnail as a JPEG without metadata. */
export async function processImage(path: string, thumbnailPath: string): Promise<Findings> {
  const meta = await sharp(path).metadata();
  const exif = readExif(meta.exif);
  // Orientations 5 to 8 turn the picture a quarter: the upright picture's sides are swapped.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  await sharp(path)
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(thumbnailPath);
  return {
    width: (quarterTurn ? meta.height : meta.width) ?? null,
    height: (quarterTurn ? meta.width : meta.height) ?? null,
    durationMs: null,
    ...exif,
  };
}

function readExif(buffer: Buffer | undefined): Pick<Findings, 'capturedAt' | 'latitude' | 'longitude'> {
  const none = { capturedAt: null, latitude: null, longitude: null };
  if (!buffer) return none;
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(buffer);
  } catch {
    // Broken EXIF does not make a broken photo: the picture is still shown, without these facts.
    return none;
  }
  const taken = tags.Photo?.DateTimeOriginal ?? tags.Image?.DateTime;
  const capturedAt = taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken : null;
  const gps = tags.GPSInfo;
  const latitude = degrees(gps?.GPSLatitude, gps?.GPSLatitudeRef, 'S', 90);
  const longitude = degrees(gps?.GPSLongitude, gps?.GPSLongitudeRef, 'W', 180);
  const position =
    latitude !== null && longitude !== null ? { latitude, longitude } : { latitude: null, longitude: null };
  return { capturedAt, ...position };
}

/** EXIF writes a coordinate as degrees, minutes and seconds with a hemisphere letter. */
function degrees(dms: number[] | undefined, ref: string | undefined, negative: string, max: number): number | null {
  if (!dms || dms.length < 1 || dms.some((n) => !Number.isFinite(n))) return null;
  const [d = 0, m = 0, s = 0] = dms;
  const value = (d + m / 60 + s / 3600) * (ref?.toUpperCase() === negative ? -1 : 1);
  return Math.abs(value) <= max ? Math.round(value * 1e7) / 1e7 : null;
}

interface Probe {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: { codec_type?: string; width?: number; height?: number; tags?: Record<string, string> }[];
}

/** Reads a video's facts with ffprobe and writes its poster frame's thumbnail. */
export async function processVideo(path: string, thumbnailPath: string): Promise<Findings> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    { timeout: TOOL_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
  ).catch(toolError('ffprobe'));
  const probe = JSON.parse(stdout) as Probe;
  const video = probe.streams?.find((s) => s.codec_type === 'video');
  if (!video) throw new Error('the file has no video stream');
  const seconds = Number(probe.format?.duration);
  const durationMs = Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
  const at = durationMs !== null && durationMs < 2 * POSTER_AT_SECONDS * 1000 ? durationMs / 10_000 : POSTER_AT_SECONDS;
  // One frame as PNG on stdout, then the same thumbnail step as photos.
  const { stdout: frame } = await run(
    'ffmpeg',
    ['-v', 'error', '-ss', at.toFixed(3), '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
    { timeout: TOOL_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, encoding: 'buffer' },
  ).catch(toolError('ffmpeg'));
  if (frame.length === 0) throw new Error('ffmpeg found no frame to make a poster of');
  await sharp(frame)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(thumbnailPath);
  const created = probe.format?.tags?.creation_time ?? video.tags?.creation_time;
  const capturedAt = created ? new Date(created) : null;
  return {
    width: video.width ?? null,
    height: video.height ?? null,
    durationMs,
    capturedAt: capturedAt && !Number.isNaN(capturedAt.getTime()) ? capturedAt : null,
    ...iso6709(probe.format?.tags),
  };
}

/** A phone's video carries where it was shot as ISO 6709 text ("+52.3676+004.9041+002.000/"). */
function iso6709(tags: Record<string, string> | undefined): Pick<Findings, 'latitude' | 'longitude'> {
  const text = tags?.['location'] ?? tags?.['com.apple.quicktime.location.ISO6709'];
  const m = text ? /^([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)/.exec(text) : null;
  const latitude = m ? Number(m[1]) : NaN;
  const longitude = m ? Number(m[2]) : NaN;
  if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) return { latitude, longitude };
  return { latitude: null, longitude: null };
}

/** A missing tool says so in words an operator acts on, instead of a bare ENOENT. */
function toolError(tool: string) {
  return (error: NodeJS.ErrnoException & { stderr?: string | Buffer }): never => {
    if (error.code === 'ENOENT') throw new Error(`${tool} is not installed (Debian package ffmpeg)`);
    const said = String(error.stderr ?? '')
      .trim()
      .split('\n')
      .slice(-1)[0];
    throw new Error(`${tool} failed${said ? `: ${said}` : ''}`);
  };
}
