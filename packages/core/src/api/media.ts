/**
 * The media calls (main-app spec section 7, "Media"): the gallery of an object, each file and its
 * thumbnail by address, uploads and deletions. Objects are named by the type names the other calls
 * use (Node, Section, Lateral, Inspection, Observation, in any case). Files are answered by id,
 * name, kind and the addresses to fetch them from: a storage key or path never leaves the server.
 */
import { z } from 'zod';
import { MEDIA_KINDS, type MediaKind } from './sync-data';
import { ObjectIdParam } from './objects';

/** The objects that have a gallery, by the type name of the path. */
export const MEDIA_OWNER_TYPES = ['Node', 'Section', 'Lateral', 'Inspection', 'Observation'] as const;
export type MediaOwnerTypeName = (typeof MEDIA_OWNER_TYPES)[number];

export const MediaParams = z.object({ type: z.string().min(1).max(100), id: ObjectIdParam });
export type MediaParams = z.infer<typeof MediaParams>;
export const MediaItemParams = MediaParams.extend({ mediaId: ObjectIdParam });
export type MediaItemParams = z.infer<typeof MediaItemParams>;

/** `?download=true` asks for the file as an attachment (Content-Disposition) instead of shown inline. */
export const MediaContentQuery = z.object({ download: z.enum(['true', 'false']).optional() });

/**
 * The file names an upload may carry, by extension, with the content type the bytes must then show
 * (the extension alone decides nothing: the server sniffs the content). SVG, HTML and anything
 * scriptable are not here, so they are never stored, let alone served inline.
 */
export const MEDIA_EXTENSIONS: Readonly<Record<string, { kind: MediaKind; contentTypes: readonly string[] }>> = {
  jpg: { kind: 'image', contentTypes: ['image/jpeg'] },
  jpeg: { kind: 'image', contentTypes: ['image/jpeg'] },
  png: { kind: 'image', contentTypes: ['image/png'] },
  mp4: { kind: 'video', contentTypes: ['video/mp4', 'video/quicktime'] },
  m4v: { kind: 'video', contentTypes: ['video/mp4', 'video/quicktime'] },
  mov: { kind: 'video', contentTypes: ['video/quicktime', 'video/mp4'] },
  mpg: { kind: 'video', contentTypes: ['video/mpeg'] },
  mpeg: { kind: 'video', contentTypes: ['video/mpeg'] },
  pdf: { kind: 'document', contentTypes: ['application/pdf'] },
};

/** The extension of a file name, lower case, without its dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** What the file picker offers (`accept`): the allowed extensions. */
export const MEDIA_ACCEPT = Object.keys(MEDIA_EXTENSIONS)
  .map((e) => `.${e}`)
  .join(',');

/**
 * Where a thumbnail stands: being made (the gallery shows a spinner), made, failed after its retries
 * (the gallery shows the kind's icon), or none for files that have none (documents).
 */
export const THUMBNAIL_STATES = ['pending', 'ready', 'failed', 'none'] as const;
export type ThumbnailState = (typeof THUMBNAIL_STATES)[number];

export const MediaItem = z.object({
  id: z.number(),
  kind: z.enum(MEDIA_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  /** When the file was added to the object. */
  createdAt: z.string(),
  /** When the photo or video was taken, from its metadata (EXIF, the video container), if it says. */
  capturedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Where a photo was taken (EXIF GPS), if it says. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  thumbnail: z.enum(THUMBNAIL_STATES),
  /** The file's address, relative to the application's base (api/media/{type}/{id}/{mediaId}). */
  url: z.string(),
  /** The thumbnail's address once it exists. */
  thumbnailUrl: z.string().nullable(),
  /** For a video: the observations linked to a moment of it, with that moment. */
  links: z.array(z.object({ observationId: z.number(), offsetMs: z.number() })),
});
export type MediaItem = z.infer<typeof MediaItem>;

export const MediaGallery = z.object({
  items: z.array(MediaItem),
  /** Whether the caller may add files to the object and delete its files (the gallery hides both otherwise). */
  mayChange: z.boolean(),
});
export type MediaGallery = z.infer<typeof MediaGallery>;

export const MediaCreationDate = z.object({ createdAt: z.string(), capturedAt: z.string().nullable() });
export type MediaCreationDate = z.infer<typeof MediaCreationDate>;

/** Most files one upload request may carry. */
export const MAX_MEDIA_FILES_PER_REQUEST = 20;

/** The media address of an object's file, and of its thumbnail. */
export function mediaUrl(type: string, id: number, mediaId: number): string {
  return `api/media/${type}/${id}/${mediaId}`;
}
export function thumbnailUrl(type: string, id: number, mediaId: number): string {
  return `${mediaUrl(type, id, mediaId)}/thumbnail`;
}

/** The upload body as OpenAPI shows it; the server reads the parts as a stream, files straight to disk. */
export const MediaMultipart = z.object({
  files: z
    .array(z.file())
    .max(MAX_MEDIA_FILES_PER_REQUEST)
    .describe('The files to add: JPEG, PNG, MP4, QuickTime, MPEG or PDF, by extension and by content'),
});
