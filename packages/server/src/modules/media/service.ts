/**
 * The media gallery (main-app spec section 7, "Media"): an object's photos, videos and documents,
 * added by upload, served by address with byte ranges, and processed by jobs into thumbnails and
 * facts (processing.ts). Who may add and delete follows who may change the object: an asset's
 * media are its editors'; an inspection's and its observations' follow the inspection's workflow
 * (core's `mayChangeInspection`), as its observations do.
 *
 * An upload is checked before a byte is kept: the owner and the caller's right from the path, each
 * file's extension against the allow-list (MEDIA_EXTENSIONS) before its bytes are read, then its
 * content (its signature must be a type its extension allows, and it must not also be markup: a
 * polyglot). Files are written to temporary files and moved to their content addresses only once
 * every file of the request passed and the rows are committed.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DEFAULT_UPLOAD_SETTINGS,
  extensionOf,
  MEDIA_EXTENSIONS,
  mediaUrl,
  thumbnailUrl,
  UploadSettings,
  type MediaCreationDate,
  type MediaGallery,
  type MediaItem,
  type MediaOwnerTypeName,
} from '@manway/core/api/media';
import { hasEditorPermissions } from '@manway/core/roles';
import { mayChangeInspection } from '@manway/core/domain/workflow';
import type { InspectionStatus } from '@manway/core/domain/types';
import { fail } from '../../errors';
import type { JobSender } from '../../jobs/queue';
import type { ObjectsService } from '../objects/service';
import { ObjectMissingError, type ByteRange } from '../storage/objects';
import type { MediaStore, ReceivedFile, UploadBatch } from '../storage/service';
import type { CurrentUser } from '../users/service';
import { contentDisposition } from '../../http/content-disposition';
import { processImage, processVideo } from './processing';
import type { GalleryRow, InspectionGalleryRow, MediaOwner, MediaRepository, Processed, StoredRow } from './repository';

/** How often a file is tried before its thumbnail is marked failed. */
export const MAX_PROCESSING_ATTEMPTS = 3;
/** A pending file whose job was sent longer ago than this is sent again by the sweeper. */
export const REQUEUE_AFTER_SECONDS = 600;

/** The object a path names, as the media table names it, with its type as the addresses write it. */
export interface MediaObject {
  owner: MediaOwner;
  ownerId: number;
  typeName: string;
  /** The inspection's status for an inspection or observation; null for an asset. */
  inspectionStatus: string | null;
}

/** Content types a browser may show in the page; anything else is only ever downloaded. */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'video/mp4',
  'video/quicktime',
  'video/mpeg',
  'application/pdf',
]);

export type ServedFile =
  | { kind: 'not-modified'; etag: string }
  | { kind: 'unsatisfiable'; size: number }
  | {
      kind: 'bytes';
      body: Readable;
      /** The whole file's size, when known (the thumbnail's is not kept). */
      size: number | undefined;
      range: ByteRange | undefined;
      contentType: string;
      etag: string;
      disposition: string;
    };

export class MediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly store: MediaStore,
    private readonly objects: ObjectsService,
    private readonly jobs: JobSender,
    private readonly maxFileBytes: number,
  ) {}

  /** Fails when the media store cannot be reached (start-up: an S3 bucket that is not there). */
  checkStorage(): Promise<void> {
    return this.store.objects.check();
  }

  /** Resolves the path's object; a type without a gallery is a 400, a missing object a 404. */
  async object(type: string, id: number): Promise<MediaObject> {
    const resolved = await this.objects.resolveType(type, ['asset', 'inspection', 'observation']);
    if (resolved.kind === 'asset') {
      if ((await this.repo.assetType(id)) !== resolved.key) throw fail.notFound(`${resolved.typeName} not found`);
      return { owner: 'asset', ownerId: id, typeName: resolved.typeName, inspectionStatus: null };
    }
    const owner = resolved.kind as 'inspection' | 'observation';
    const row = await this.repo.inspectionStatus(owner, id);
    if (!row) throw fail.notFound(`${resolved.typeName} not found`);
    return { owner, ownerId: id, typeName: resolved.typeName, inspectionStatus: row.status };
  }

  mayChange(user: CurrentUser, o: MediaObject): boolean {
    if (o.owner === 'asset') return hasEditorPermissions(user.role);
    return mayChangeInspection(user, o.inspectionStatus as InspectionStatus);
  }

  private mustMayChange(user: CurrentUser, o: MediaObject): void {
    if (!this.mayChange(user, o)) throw fail.forbidden();
  }

  /**
   * An object's files. An inspection's gallery lists its observations' files too, so a reviewer sees
   * every photo of the inspection in one place; each stays addressed through its observation. Its
   * mayChange holds for them as well: an observation's media follow its inspection's workflow.
   */
  async gallery(user: CurrentUser, type: string, id: number): Promise<MediaGallery> {
    const o = await this.object(type, id);
    const [items, uploadSettings] = await Promise.all([this.galleryItemsOf(o), this.settingsOf(o)]);
    return { items, mayChange: this.mayChange(user, o), uploadSettings };
  }

  private async galleryItemsOf(o: MediaObject): Promise<MediaItem[]> {
    if (o.owner === 'inspection') {
      return (await this.repo.inspectionGallery(o.ownerId)).map((r) => inspectionGalleryItem(o, r));
    }
    return (await this.repo.gallery(o.owner, o.ownerId)).map((r) => galleryItem(o, r));
  }

  // ---- upload settings and video links ----

  private async settingsOf(o: MediaObject): Promise<UploadSettings> {
    const stored = UploadSettings.safeParse(await this.repo.uploadSettings(o.owner, o.ownerId));
    return stored.success ? stored.data : DEFAULT_UPLOAD_SETTINGS;
  }

  async saveUploadSettings(user: CurrentUser, type: string, id: number, settings: UploadSettings) {
    const o = await this.object(type, id);
    this.mustMayChange(user, o);
    await this.repo.saveUploadSettings(o.owner, o.ownerId, settings, user.id);
    return settings;
  }

  /**
   * Links observations to a moment of one of the object's videos (several coded at one stop of the
   * crawler share it). The observations must be of the video's inspection.
   */
  async link(
    user: CurrentUser,
    type: string,
    id: number,
    videoId: number,
    offsetMs: number,
    observationIds: readonly number[],
  ): Promise<MediaItem> {
    const o = await this.object(type, id);
    this.mustMayChange(user, o);
    const video = await this.repo.stored(o.owner, o.ownerId, videoId);
    if (!video) throw fail.notFound('Media not found');
    if (video.kind !== 'video') throw fail.field('videoId', 'Only a video links observations to its moments.');
    if (o.owner === 'asset')
      throw fail.field('type', "An inspection's videos, or its observations', link observations.");
    const inspectionId = (await this.repo.inspectionOf(o.owner, o.ownerId))!;
    const found = new Set(await this.repo.observationsOf(inspectionId, observationIds));
    const foreign = observationIds.filter((n) => !found.has(n));
    if (foreign.length > 0) {
      throw fail.field('observationIds', `Observations ${foreign.join(', ')} are not of this video's inspection.`);
    }
    await this.repo.linkVideo(
      videoId,
      [...new Set(observationIds)].map((observationId) => ({ observationId, offsetMs })),
    );
    const [row] = await this.repo.galleryItems([videoId]);
    return galleryItem(o, row!);
  }

  /**
   * Attaches a file already kept (a finalized resumable upload) to an object. A survey video added
   * to an inspection whose settings say so links the observations without a moment yet at the
   * moment the crawler reached them.
   */
  async attachStored(user: CurrentUser, type: string, id: number, file: ReceivedFile): Promise<MediaItem[]> {
    const o = await this.object(type, id);
    this.mustMayChange(user, o);
    const [mediaId] = await this.repo.transaction((tx) => this.repo.insert(tx, o.owner, o.ownerId, [file]));
    await this.queueProcessing([mediaId!]);
    const settings = await this.settingsOf(o);
    if (file.kind === 'video' && o.owner === 'inspection' && settings.linkObservationsByDistance) {
      const unlinked = await this.repo.unlinkedObservations(o.ownerId);
      await this.repo.linkVideo(
        mediaId!,
        unlinked.map((u) => ({
          observationId: Number(u.id),
          offsetMs: Math.round((u.distance_m / settings.crawlerSpeedMetresPerSecond) * 1000),
        })),
      );
    }
    return (await this.repo.galleryItems([mediaId!])).map((r) => galleryItem(o, r));
  }

  /** Removes the stored files of these keys that no media row names any more. */
  async removeIfUnreferenced(keys: readonly string[]): Promise<void> {
    for (const key of await this.repo.unreferencedKeys(keys)) await this.store.remove(key);
  }

  // ---- upload ----

  /** The checks that need no byte of the body: the object exists and the caller may change its media. */
  async beginUpload(user: CurrentUser, type: string, id: number): Promise<{ object: MediaObject; batch: UploadBatch }> {
    const object = await this.object(type, id);
    this.mustMayChange(user, object);
    return { object, batch: this.store.uploads(this.maxFileBytes) };
  }

  /** Receives one file part into the batch, or refuses the request with the spec's media code. */
  async receive(batch: UploadBatch, body: Readable, fileName: string, declaredType: string): Promise<void> {
    const name = safeFileName(fileName);
    const allowed = MEDIA_EXTENSIONS[extensionOf(name)];
    if (!allowed) {
      body.resume();
      throw fail.coded(
        'media/unsupported-extension',
        `The file "${name}" has an extension that cannot be added. Allowed: ${Object.keys(MEDIA_EXTENSIONS).join(', ')}.`,
      );
    }
    const result = await batch.receive(body, name, declaredType);
    if (result === 'too-large') {
      const mb = Math.floor(this.maxFileBytes / (1024 * 1024));
      throw fail.field('files', `The file "${name}" is larger than ${mb} MB.`);
    }
    if (result === 'type' || result === 'markup' || !allowed.contentTypes.includes(result.contentType)) {
      throw fail.coded(
        'media/unsupported-file',
        `The content of "${name}" is not a ${allowed.contentTypes.join(' or ')} file, as its extension says.`,
      );
    }
  }

  /** Adds the batch's files to the object and queues their processing; answers the new items. */
  async commitUpload(object: MediaObject, batch: UploadBatch): Promise<MediaGallery['items']> {
    if (batch.files.length === 0) throw fail.field('files', 'Send at least one file in the files part.');
    const ids = await this.repo.transaction((tx) => this.repo.insert(tx, object.owner, object.ownerId, batch.files));
    await batch.keep();
    await this.queueProcessing(ids);
    return (await this.repo.galleryItems(ids)).map((r) => galleryItem(object, r));
  }

  /**
   * Adds a file made on this server (the demo's photos and videos) to an object, as an upload would:
   * its type from its content, kept by content address, processed by a job.
   */
  async addFile(object: MediaObject, localPath: string, fileName: string): Promise<number> {
    const batch = this.store.uploads(Number.MAX_SAFE_INTEGER);
    try {
      await this.receive(batch, createReadStream(localPath), fileName, '');
      const [item] = await this.commitUpload(object, batch);
      return item!.id;
    } finally {
      await batch.discard();
    }
  }

  /** Links observations to moments of a video of the same inspection (the link call, the demo). */
  async linkVideo(videoId: number, links: readonly { observationId: number; offsetMs: number }[]): Promise<void> {
    await this.repo.linkVideo(videoId, links);
  }

  /**
   * Sends a processing job for each new file. A send that fails (the queue not started yet, as while
   * the demo is seeded) is not the upload's failure: the row stays unqueued and the sweeper sends it.
   */
  async queueProcessing(ids: readonly number[]): Promise<void> {
    const sent = await Promise.allSettled(ids.map((mediaId) => this.jobs.send('media.process', { mediaId })));
    await this.repo.queued(ids.filter((_, i) => sent[i]!.status === 'fulfilled'));
  }

  // ---- one file ----

  private async storedFile(type: string, id: number, mediaId: number): Promise<{ o: MediaObject; row: StoredRow }> {
    const o = await this.object(type, id);
    const row = await this.repo.stored(o.owner, o.ownerId, mediaId);
    if (!row) throw fail.notFound('Media not found');
    return { o, row };
  }

  async creationDate(type: string, id: number, mediaId: number): Promise<MediaCreationDate> {
    const { row } = await this.storedFile(type, id, mediaId);
    return { createdAt: iso(row.created_at)!, capturedAt: iso(row.captured_at) };
  }

  /**
   * The file's bytes, or the one range asked for (RFC 9110 §14: several ranges are answered whole).
   * The ETag is the content's sha256, so a cached copy is revalidated without reading the file.
   */
  async content(
    type: string,
    id: number,
    mediaId: number,
    headers: { range?: string; ifNoneMatch?: string; ifRange?: string },
    download: boolean,
  ): Promise<ServedFile> {
    const { row } = await this.storedFile(type, id, mediaId);
    const etag = `"${row.sha256}"`;
    if (headers.ifNoneMatch && matchesEtag(headers.ifNoneMatch, etag)) return { kind: 'not-modified', etag };
    const size = Number(row.size_bytes);
    const useRange = headers.range !== undefined && (headers.ifRange === undefined || headers.ifRange === etag);
    const range = useRange ? parseRange(headers.range!, size) : undefined;
    if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size };
    const inline = !download && INLINE_TYPES.has(row.content_type);
    return {
      kind: 'bytes',
      body: await this.read(row.storage_key, range),
      size,
      range,
      contentType: INLINE_TYPES.has(row.content_type) ? row.content_type : 'application/octet-stream',
      etag,
      disposition: contentDisposition(inline ? 'inline' : 'attachment', row.file_name),
    };
  }

  /** The thumbnail's bytes once a job made one. */
  async thumbnail(type: string, id: number, mediaId: number, ifNoneMatch: string | undefined): Promise<ServedFile> {
    const { row } = await this.storedFile(type, id, mediaId);
    if (!row.thumbnail_key) throw fail.notFound('This file has no thumbnail yet.');
    const etag = `"${row.sha256}-thumbnail"`;
    if (ifNoneMatch && matchesEtag(ifNoneMatch, etag)) return { kind: 'not-modified', etag };
    const body = await this.read(row.thumbnail_key, undefined);
    return {
      kind: 'bytes',
      body,
      size: undefined,
      range: undefined,
      contentType: 'image/jpeg',
      etag,
      disposition: contentDisposition('inline', `${row.file_name}.thumbnail.jpg`),
    };
  }

  private async read(key: string, range: ByteRange | undefined): Promise<Readable> {
    try {
      return await this.store.read(key, range);
    } catch (error) {
      throw storageProblem(error);
    }
  }

  async delete(user: CurrentUser, type: string, id: number, mediaId: number): Promise<void> {
    const o = await this.object(type, id);
    this.mustMayChange(user, o);
    const freed = await this.repo.delete(o.owner, o.ownerId, mediaId);
    if (!freed) throw fail.notFound('Media not found');
    await this.removeIfUnreferenced(freed);
  }

  // ---- processing (the media.process and media.sweep jobs) ----

  /**
   * One attempt at a file: a thumbnail and facts for photos and videos, none for documents. A failed
   * attempt throws so the queue retries it, until the last, which marks the file failed instead.
   * Two statements a file, the fewest a counted attempt allows: one takes the attempt (before the
   * work, so a file that crashes the process still runs out of attempts), one records the outcome.
   */
  async process(mediaId: number): Promise<void> {
    const row = await this.repo.startProcessing(mediaId);
    if (!row) return;
    const last = row.processing_attempts >= MAX_PROCESSING_ATTEMPTS;
    if (row.processing_attempts > MAX_PROCESSING_ATTEMPTS) {
      await this.repo.attemptFailed(mediaId, `gave up after ${MAX_PROCESSING_ATTEMPTS} attempts`, true);
      return;
    }
    if (row.kind !== 'image' && row.kind !== 'video') {
      await this.repo.processed(mediaId, NOTHING_FOUND, 'none');
      return;
    }
    if (row.twin_id !== null && (await this.repo.processedAsTwin(mediaId, row.twin_id))) return;
    const thumbnailKey = `thumbnails/${row.sha256.slice(0, 2)}/${row.sha256}.jpg`;
    const temp = this.store.tempPath('.jpg');
    try {
      const findings = await this.store.withLocalFile(row.storage_key, (path) =>
        row.kind === 'image' ? processImage(path, temp) : processVideo(path, temp),
      );
      await this.store.putFile(temp, thumbnailKey, 'image/jpeg');
      await this.repo.processed(mediaId, { ...findings, thumbnailKey }, 'ready');
    } catch (error) {
      // putFile takes the thumbnail out of the staging area; only a failed attempt can leave it there.
      await rm(temp, { force: true });
      const message = error instanceof Error ? error.message : String(error);
      await this.repo.attemptFailed(mediaId, message, last);
      if (!last) throw error;
    }
  }

  /** Sends jobs for pending files whose job never went or was lost; answers how many. */
  async sweep(): Promise<number> {
    const ids = await this.repo.claimUnqueued(REQUEUE_AFTER_SECONDS, 500);
    await Promise.allSettled(ids.map((mediaId) => this.jobs.send('media.process', { mediaId })));
    return ids.length;
  }
}

const NOTHING_FOUND: Processed = {
  thumbnailKey: null,
  width: null,
  height: null,
  durationMs: null,
  capturedAt: null,
  latitude: null,
  longitude: null,
};

/** The object a file belongs to, as its addresses name it. */
type MediaAddress = Pick<MediaObject, 'typeName' | 'ownerId'>;

const OBSERVATION_TYPE_NAME: MediaOwnerTypeName = 'Observation';

function galleryItem(o: MediaAddress, r: GalleryRow): MediaItem {
  const id = Number(r.id);
  return {
    id,
    kind: r.kind,
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: Number(r.size_bytes),
    createdAt: iso(r.created_at)!,
    capturedAt: iso(r.captured_at),
    durationMs: r.duration_ms,
    width: r.width,
    height: r.height,
    location: r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude } : null,
    thumbnail: r.thumbnail_state,
    url: mediaUrl(o.typeName, o.ownerId, id),
    thumbnailUrl: r.thumbnail_state === 'ready' ? thumbnailUrl(o.typeName, o.ownerId, id) : null,
    links: (r.links ?? []).map(([observationId, offsetMs]) => ({ observationId, offsetMs })),
  };
}

/**
 * An observation's file in its inspection's gallery is served and deleted through the observation,
 * so the observation's rights apply and a file of another object's stays not found.
 */
function inspectionGalleryItem(inspection: MediaObject, r: InspectionGalleryRow): MediaItem {
  if (r.observation_id === null) return galleryItem(inspection, r);
  const observation = { id: Number(r.observation_id), code: r.observation_code!, distanceM: r.observation_distance_m! };
  return { ...galleryItem({ typeName: OBSERVATION_TYPE_NAME, ownerId: observation.id }, r), observation };
}

function iso(v: Date | string | null): string | null {
  return v === null ? null : new Date(v).toISOString();
}

/** A file name as kept and shown: its last path segment, without control characters, at most 255 characters. */
export function safeFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean === '' || clean === '.' || clean === '..' ? 'file' : clean).slice(-255);
}

/**
 * One `bytes=` range within a file of `size` bytes: `a-b`, `a-` or the last `-n`. Several ranges or
 * a malformed header are ignored (the whole file is sent), as RFC 9110 allows.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}

function matchesEtag(header: string, etag: string): boolean {
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The spec's media error codes for a store that cannot give a file's bytes. */
function storageProblem(error: unknown) {
  if (error instanceof ObjectMissingError) {
    return fail.coded('media/file-not-found', 'The file is missing from the media store.');
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    return fail.coded('media/unauthorized-access', 'The server may not read the media store.');
  }
  if (code === 'ENOTDIR') return fail.coded('media/directory-not-found', 'Cannot find path specified.');
  return fail.coded('media/io-exception', 'The media store failed to read the file.');
}
