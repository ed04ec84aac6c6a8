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

/** Chunk sizes of resumable uploads (below). */
export const MIN_CHUNK_BYTES = 256 * 1024;
export const MAX_CHUNK_BYTES = 32 * 1024 * 1024;
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The upload settings of an object (PUT …/duc2-settings): the chunk size its uploads use, and whether
 * a survey video added to an inspection links its observations that have no moment yet at the moment
 * the crawler reached them (distance ÷ crawler speed).
 */
export const UploadSettings = z.object({
  chunkSizeBytes: z.number().int().min(MIN_CHUNK_BYTES).max(MAX_CHUNK_BYTES),
  linkObservationsByDistance: z.boolean(),
  crawlerSpeedMetresPerSecond: z.number().min(0.01).max(2),
});
export type UploadSettings = z.infer<typeof UploadSettings>;

export const DEFAULT_UPLOAD_SETTINGS: UploadSettings = {
  chunkSizeBytes: DEFAULT_CHUNK_BYTES,
  linkObservationsByDistance: false,
  crawlerSpeedMetresPerSecond: 0.15,
};

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
  /**
   * The file's address, relative to the application's base (api/media/{type}/{id}/{mediaId}), always
   * through the object the file belongs to, whichever gallery lists it.
   */
  url: z.string(),
  /** The thumbnail's address once it exists. */
  thumbnailUrl: z.string().nullable(),
  /** For a video: the observations linked to a moment of it, with that moment. */
  links: z.array(z.object({ observationId: z.number(), offsetMs: z.number() })),
  observation: z
    .object({
      id: z.number(),
      code: z.string(),
      distanceM: z.number().describe('Metres along the survey'),
    })
    .optional()
    .describe(
      "Only in an inspection's gallery, on the files of its observations: the observation the file shows, as " +
        'the user knows it (its code and distance). Such a file is addressed through the observation ' +
        "(url, thumbnailUrl, delete: api/media/Observation/{id}/{mediaId}), so the observation's rights apply.",
    ),
});
export type MediaItem = z.infer<typeof MediaItem>;

export const MediaGallery = z.object({
  items: z.array(MediaItem),
  /** The object's upload settings (its own, else the defaults). */
  uploadSettings: UploadSettings,
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

// ---- resumable upload ----------------------------------------------------------------------------

/**
 * A resumable upload sends a file in numbered chunks (from 1) of one size, the last one shorter, in
 * any order and again after a failure; each carries its sha256 (`X-Chunk-Sha256`), and finalizing
 * checks the whole file's. The client names the upload (`resumableIdentifier`), so a reloaded page
 * finds it again by the same name and asks which chunks the server has.
 */
export const CHUNK_SHA256_HEADER = 'x-chunk-sha256';

const Sha256Hex = z
  .string()
  .length(64)
  .regex(/^[0-9a-f]{64}$/, 'a sha256 in lowercase hex');

export const ResumableIdentifier = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, dot, dash and underscore');

export const ResumableQuery = z.object({ resumableIdentifier: ResumableIdentifier });

export const ChunkQuery = ResumableQuery.extend({
  resumableFilename: z.string().min(1).max(255),
  resumableTotalSize: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  resumableChunkSize: z.coerce.number().int().min(MIN_CHUNK_BYTES).max(MAX_CHUNK_BYTES),
  resumableChunkNumber: z.coerce.number().int().min(1).max(1_000_000),
  /**
   * Where in the chunk the body begins (0 unless given): a chunk whose send broke off is finished by
   * sending the rest from the bytes the server holds of it (`partialChunks`). The sha256 header stays
   * the whole chunk's.
   */
  resumableChunkOffset: z.coerce.number().int().min(0).max(MAX_CHUNK_BYTES).default(0),
});
export type ChunkQuery = z.infer<typeof ChunkQuery>;

export const ChunkHeaders = z.object({ [CHUNK_SHA256_HEADER]: Sha256Hex });

/** What the server holds of an upload: the chunks written, and the upload's id once it is finalized. */
export const ResumableState = z.object({
  identifier: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  chunkSize: z.number(),
  totalChunks: z.number(),
  /** The numbers of the chunks whose bytes are in the file. */
  chunks: z.array(z.number()),
  /**
   * Chunks whose send broke off (a dropped network, a killed server): the first `bytes` of the chunk
   * whose sha256 is `sha256` are held, so only the rest needs sending (`resumableChunkOffset`).
   */
  partialChunks: z.array(z.object({ number: z.number(), sha256: z.string(), bytes: z.number() })),
  /** Bytes of the chunks held, and of the partial chunks. */
  bytesReceived: z.number(),
  /** Verified and kept: the file waits to be attached to an object with POST api/media/{type}/{id}/{uploadId}. */
  finalized: z.boolean(),
  uploadId: z.string(),
});
export type ResumableState = z.infer<typeof ResumableState>;

export const FinalizeBody = ResumableQuery.extend({ sha256: Sha256Hex });

export const AttachParams = MediaParams.extend({ uploadId: z.uuid() });

/** The number of chunks of a file. */
export function chunkCount(sizeBytes: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(sizeBytes / chunkSize));
}

// ---- an object's upload settings and video links -------------------------------------------------

/** `PUT …/{videoId}/link?offset`: the moment (ms from the video's start) and the observations coded there. */
export const LinkParams = MediaParams.extend({ videoId: ObjectIdParam });
export const LinkQuery = z.object({ offset: z.coerce.number().int().min(0).max(2_147_483_647) });
export const LinkBody = z.object({ observationIds: z.array(ObjectIdParam).min(1).max(500) });
