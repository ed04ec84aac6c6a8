/** The gallery's words and how it writes sizes, durations and observations. */
import type { MediaItem } from '@manway/core/api/media';

/** Spec section 9, empty-state texts: nothing at all, no photos under Images, no video under Video. */
export const NO_MEDIA = 'No media';
export const NO_IMAGES = 'No images';
export const NO_VIDEO = 'No video';

/** Spec section 8: a video the browser cannot play, and one whose file is gone. */
export const VIDEO_CANNOT_BE_PLAYED = 'Video cannot be played';
export const VIDEO_CANNOT_BE_PLAYED_TEXT =
  'Your browser cannot play this file. Download it to watch it in another player.';
export const VIDEO_NOT_AVAILABLE = 'Video not available';

/** Spec section 4, "Video upload". */
export const UPLOAD_STATE_TEXTS = {
  ready: 'Ready to upload',
  uploading: 'Uploading',
  retrying: 'Something went wrong, retrying...',
  uploaded: 'Uploaded',
} as const;

/** A chunked upload begun on an earlier visit: the browser may read a file only when the user hands it over again. */
export const UPLOAD_INTERRUPTED = 'Interrupted — pick or drop the file again to resume';

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 532 B, 1.4 KB, 23 MB: one decimal below ten units, none above, in steps of 1024. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const rounded = size < 10 ? Math.round(size * 10) / 10 : Math.round(size);
  return `${rounded} ${SIZE_UNITS[unit]}`;
}

/** The observation a file shows, as a reviewer names it: its code and distance to the centimetre (BAB 12.40 m). */
export function observationText({ code, distanceM }: NonNullable<MediaItem['observation']>): string {
  return `${code} ${distanceM.toFixed(2)} m`;
}

/** A video's length as m:ss (65 000 ms → 1:05; an hour and more stays in minutes: 75:03), as players count it. */
export function durationText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
