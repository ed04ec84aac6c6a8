/** The SQL of the media gallery and of the jobs that process media files. */
import type { Connection, Database } from '../../db/connection';
import { sql } from '../../db/sql';
import type { ReceivedFile } from '../storage/service';
import type { Findings } from './processing';

/** How the media table names an owner (media.owner_type). */
export type MediaOwner = 'asset' | 'inspection' | 'observation';

export interface GalleryRow {
  id: string;
  kind: 'image' | 'video' | 'document' | 'fusion';
  file_name: string;
  content_type: string;
  size_bytes: string;
  created_at: Date | string;
  captured_at: Date | string | null;
  duration_ms: number | null;
  width: number | null;
  height: number | null;
  latitude: number | null;
  longitude: number | null;
  thumbnail_state: 'pending' | 'ready' | 'failed' | 'none';
  /** The observations linked to a moment of this video: [[observation id, offset ms], …]. */
  links: [number, number][] | null;
}

/** A row of an inspection's gallery; a file of one of its observations names that observation. */
export interface InspectionGalleryRow extends GalleryRow {
  observation_id: string | null;
  observation_code: string | null;
  observation_distance_m: number | null;
}

export interface StoredRow {
  id: string;
  kind: GalleryRow['kind'];
  file_name: string;
  content_type: string;
  size_bytes: string;
  sha256: string;
  storage_key: string;
  thumbnail_key: string | null;
  created_at: Date | string;
  captured_at: Date | string | null;
}

/** What a processing job found in a file, and where it put the thumbnail. */
export interface Processed extends Findings {
  thumbnailKey: string | null;
}

/** A file a processing job works on. */
export interface ProcessingRow {
  kind: GalleryRow['kind'];
  sha256: string;
  storage_key: string;
  processing_attempts: number;
  /** Another row with the same bytes, already processed: what it found holds for this file too. */
  twin_id: string | null;
}

const GALLERY_COLUMNS = sql`m.id, m.kind, m.file_name, m.content_type, m.size_bytes, m.created_at, m.captured_at,
  m.duration_ms, m.width, m.height, m.latitude, m.longitude, m.thumbnail_state,
  (SELECT jsonb_agg(jsonb_build_array(o.id, o.video_offset_ms) ORDER BY o.video_offset_ms, o.id)
     FROM observations o WHERE o.video_media_id = m.id AND o.video_offset_ms IS NOT NULL) AS links`;

export class MediaRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The asset's type key, or undefined when there is no such asset. */
  async assetType(id: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ object_type: string }>(sql`SELECT object_type FROM assets WHERE id = ${id}`);
    return row?.object_type;
  }

  /** The status of the inspection itself, or of the observation's inspection; undefined when there is none. */
  async inspectionStatus(owner: 'inspection' | 'observation', id: number): Promise<{ status: string } | undefined> {
    const [row] = await this.db.query<{ status: string }>(
      owner === 'inspection'
        ? sql`SELECT status FROM inspections WHERE id = ${id}`
        : sql`SELECT i.status FROM observations o JOIN inspections i ON i.id = o.inspection_id WHERE o.id = ${id}`,
    );
    return row;
  }

  /** An asset's or an observation's gallery (an inspection's lists its observations' too: below). */
  gallery(owner: Exclude<MediaOwner, 'inspection'>, ownerId: number): Promise<GalleryRow[]> {
    return this.db.query<GalleryRow>(
      sql`SELECT ${GALLERY_COLUMNS} FROM media m WHERE m.owner_type = ${owner} AND m.owner_id = ${ownerId}
       ORDER BY m.created_at, m.id`,
    );
  }

  /**
   * An inspection's gallery: its own files first (the survey video, overview photos), in the order
   * added, then its observations' files along the pipe, by distance (then the order coded), as the
   * observations are reviewed. The owners are listed first so each side finds its files by
   * media_owner_idx, and the observations by their (inspection_id, sequence) key.
   */
  inspectionGallery(inspectionId: number): Promise<InspectionGalleryRow[]> {
    return this.db.query<InspectionGalleryRow>(
      sql`WITH owners AS (
         SELECT 'inspection' AS owner_type, ${inspectionId}::bigint AS owner_id, NULL::bigint AS observation_id,
           NULL::text AS observation_code, NULL::double precision AS observation_distance_m, 0 AS sequence
         UNION ALL
         SELECT 'observation', o.id, o.id, o.code, o.distance_m, o.sequence
         FROM observations o WHERE o.inspection_id = ${inspectionId}
       )
       SELECT ${GALLERY_COLUMNS}, w.observation_id, w.observation_code, w.observation_distance_m
       FROM owners w JOIN media m ON m.owner_type = w.owner_type AND m.owner_id = w.owner_id
       ORDER BY w.observation_distance_m NULLS FIRST, w.sequence, m.created_at, m.id`,
    );
  }

  galleryItems(ids: readonly number[]): Promise<GalleryRow[]> {
    return this.db.query<GalleryRow>(
      sql`SELECT ${GALLERY_COLUMNS} FROM media m WHERE m.id = ANY(${ids}::bigint[]) ORDER BY m.created_at, m.id`,
    );
  }

  /** One file of the owner's, with what serving it needs. */
  async stored(owner: MediaOwner, ownerId: number, mediaId: number): Promise<StoredRow | undefined> {
    const [row] = await this.db.query<StoredRow>(
      sql`SELECT id, kind, file_name, content_type, size_bytes, sha256, storage_key, thumbnail_key, created_at, captured_at
       FROM media WHERE id = ${mediaId} AND owner_type = ${owner} AND owner_id = ${ownerId}`,
    );
    return row;
  }

  /** Adds the received files to the owner; answers their ids in the order given. */
  async insert(
    conn: Connection,
    owner: MediaOwner,
    ownerId: number,
    files: readonly ReceivedFile[],
  ): Promise<number[]> {
    if (files.length === 0) return [];
    const list = files.map((f, i) => ({
      i,
      n: f.fileName,
      k: f.kind,
      t: f.contentType,
      s: f.sha256,
      b: f.sizeBytes,
      key: f.storageKey,
    }));
    const rows = await conn.query<{ id: string }>(
      sql`INSERT INTO media (owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
       SELECT ${owner}, ${ownerId}, v.k, v.n, v.key, v.t, v.s, v.b
       FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(i int, n text, k text, t text, s text, b bigint, key text)
       ORDER BY v.i
       RETURNING id`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** Deletes one file of the owner's; answers the storage keys it named, or undefined when there was none. */
  async delete(owner: MediaOwner, ownerId: number, mediaId: number): Promise<string[] | undefined> {
    const [row] = await this.db.query<{ storage_key: string; thumbnail_key: string | null }>(
      sql`DELETE FROM media WHERE id = ${mediaId} AND owner_type = ${owner} AND owner_id = ${ownerId}
       RETURNING storage_key, thumbnail_key`,
    );
    if (!row) return undefined;
    return row.thumbnail_key ? [row.storage_key, row.thumbnail_key] : [row.storage_key];
  }

  /** Of these keys, those no media row names any more (as its file or its thumbnail). */
  async unreferencedKeys(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.query<{ key: string }>(
      sql`SELECT DISTINCT k AS key FROM unnest(${keys}::text[]) AS k
       WHERE NOT EXISTS (SELECT 1 FROM media m WHERE m.storage_key = k)
         AND NOT EXISTS (SELECT 1 FROM media m WHERE m.thumbnail_key = k)`,
    );
    return rows.map((r) => r.key);
  }

  /** Points observations at moments of a video (by id and by global id, as sync carries the link). */
  async linkVideo(videoId: number, links: readonly { observationId: number; offsetMs: number }[]): Promise<void> {
    if (links.length === 0) return;
    const list = links.map((l) => ({ o: l.observationId, t: l.offsetMs }));
    await this.db.query(
      sql`UPDATE observations o SET video_media_id = m.id, video_media_global_id = m.global_id,
         video_offset_ms = v.t, version = o.version + 1
       FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(o bigint, t integer), media m
       WHERE o.id = v.o AND m.id = ${videoId}`,
    );
  }

  /** The inspection an object's videos belong to (the inspection itself, or an observation's). */
  async inspectionOf(owner: 'inspection' | 'observation', id: number): Promise<number | undefined> {
    if (owner === 'inspection') return id;
    const [row] = await this.db.query<{ inspection_id: string }>(
      sql`SELECT inspection_id FROM observations WHERE id = ${id}`,
    );
    return row ? Number(row.inspection_id) : undefined;
  }

  /** Of these observations, those of the inspection. */
  async observationsOf(inspectionId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      sql`SELECT id FROM observations WHERE inspection_id = ${inspectionId} AND id = ANY(${ids}::bigint[])`,
    );
    return rows.map((r) => Number(r.id));
  }

  /** An inspection's observations without a video moment, with their distances. */
  unlinkedObservations(inspectionId: number): Promise<{ id: string; distance_m: number }[]> {
    return this.db.query(
      sql`SELECT id, distance_m FROM observations WHERE inspection_id = ${inspectionId} AND video_media_id IS NULL
       ORDER BY sequence`,
    );
  }

  async uploadSettings(owner: MediaOwner, ownerId: number): Promise<unknown> {
    const [row] = await this.db.query<{ settings: unknown }>(
      sql`SELECT settings FROM media_upload_settings WHERE owner_type = ${owner} AND owner_id = ${ownerId}`,
    );
    return row?.settings;
  }

  async saveUploadSettings(owner: MediaOwner, ownerId: number, settings: unknown, userId: string): Promise<void> {
    await this.db.query(
      sql`INSERT INTO media_upload_settings (owner_type, owner_id, settings, updated_by)
       VALUES (${owner}, ${ownerId}, ${JSON.stringify(settings)}::jsonb, ${userId})
       ON CONFLICT (owner_type, owner_id) DO UPDATE SET settings = EXCLUDED.settings,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
    );
  }

  // ---- processing ----

  /**
   * Takes the row for one processing attempt (counting it), or undefined when it needs none; with its
   * twin when there is one, so a file attached twice is looked at once. The lookup rides on this
   * statement because it runs for every file.
   */
  async startProcessing(id: number): Promise<ProcessingRow | undefined> {
    const [row] = await this.db.query<ProcessingRow>(
      sql`UPDATE media m SET processing_attempts = m.processing_attempts + 1
       WHERE m.id = ${id} AND m.thumbnail_state = 'pending'
       RETURNING m.kind, m.sha256, m.storage_key, m.processing_attempts,
         (SELECT t.id FROM media t WHERE t.sha256 = m.sha256 AND t.thumbnail_state = 'ready' LIMIT 1) AS twin_id`,
    );
    return row;
  }

  /**
   * Gives the row its twin's thumbnail and facts; false when the twin has been deleted meanwhile (its
   * thumbnail may be gone with it, so the file is processed after all).
   */
  async processedAsTwin(id: number, twinId: string): Promise<boolean> {
    const rows = await this.db.query(
      sql`UPDATE media m SET thumbnail_state = 'ready', thumbnail_key = t.thumbnail_key, width = t.width,
         height = t.height, duration_ms = COALESCE(t.duration_ms, m.duration_ms), captured_at = t.captured_at,
         latitude = t.latitude, longitude = t.longitude, processing_error = NULL
       FROM media t WHERE m.id = ${id} AND t.id = ${twinId}
       RETURNING m.id`,
    );
    return rows.length === 1;
  }

  async processed(id: number, p: Processed, state: 'ready' | 'none'): Promise<void> {
    await this.db.query(
      sql`UPDATE media SET thumbnail_state = ${state}, thumbnail_key = ${p.thumbnailKey}, width = ${p.width},
         height = ${p.height}, duration_ms = COALESCE(${p.durationMs}::integer, duration_ms),
         captured_at = ${p.capturedAt}, latitude = ${p.latitude}, longitude = ${p.longitude}, processing_error = NULL
       WHERE id = ${id}`,
    );
  }

  /** Records a failed attempt; the last one marks the row failed. */
  async attemptFailed(id: number, error: string, last: boolean): Promise<void> {
    await this.db.query(
      sql`UPDATE media SET processing_error = ${error.slice(0, 1000)},
         thumbnail_state = CASE WHEN ${last} THEN 'failed' ELSE thumbnail_state END
       WHERE id = ${id}`,
    );
  }

  /** Notes that the rows' jobs were sent. */
  async queued(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(sql`UPDATE media SET processing_queued_at = now() WHERE id = ANY(${ids}::bigint[])`);
  }

  /**
   * Pending rows whose job was never sent or was sent long ago (lost with a crash, or the row came
   * by sync), marked as sent now; answers their ids.
   */
  async claimUnqueued(olderThanSeconds: number, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      sql`UPDATE media SET processing_queued_at = now()
       WHERE id IN (SELECT id FROM media WHERE thumbnail_state = 'pending'
         AND (processing_queued_at IS NULL OR processing_queued_at < now() - make_interval(secs => ${olderThanSeconds}))
         ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
       RETURNING id`,
    );
    return rows.map((r) => Number(r.id));
  }
}
