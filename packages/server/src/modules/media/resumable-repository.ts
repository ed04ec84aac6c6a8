/** The SQL of resumable uploads (migration 0020): an upload per user and identifier, its chunks' claims. */
import type { Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface UploadRow {
  id: string;
  file_name: string;
  size_bytes: string;
  chunk_size: number;
  sha256: string | null;
  kind: 'image' | 'video' | 'document' | 'fusion' | null;
  content_type: string | null;
  storage_key: string | null;
}

const UPLOAD_COLUMNS = sql`id, file_name, size_bytes, chunk_size, sha256, kind, content_type, storage_key`;

export class ResumableRepository {
  constructor(private readonly db: Database) {}

  /** The user's upload of this identifier, created as declared when there is none (one statement a chunk). */
  async declare(
    userId: string,
    identifier: string,
    d: { fileName: string; sizeBytes: number; chunkSize: number },
  ): Promise<UploadRow> {
    const [row] = await this.db.query<UploadRow>(
      sql`INSERT INTO media_resumable_uploads (user_id, identifier, file_name, size_bytes, chunk_size)
       VALUES (${userId}, ${identifier}, ${d.fileName}, ${d.sizeBytes}, ${d.chunkSize})
       ON CONFLICT (user_id, identifier) DO UPDATE SET touched_at = now()
       RETURNING ${UPLOAD_COLUMNS}`,
    );
    return row!;
  }

  async find(userId: string, identifier: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.query<UploadRow>(
      sql`SELECT ${UPLOAD_COLUMNS} FROM media_resumable_uploads WHERE user_id = ${userId} AND identifier = ${identifier}`,
    );
    return row;
  }

  async byId(userId: string, uploadId: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.query<UploadRow>(
      sql`SELECT ${UPLOAD_COLUMNS} FROM media_resumable_uploads WHERE user_id = ${userId} AND id = ${uploadId}`,
    );
    return row;
  }

  /** The numbers of the chunks whose bytes are in the file, with their checksums. */
  writtenChunks(uploadId: string): Promise<{ chunk_number: number; sha256: string }[]> {
    return this.db.query(
      sql`SELECT chunk_number, sha256 FROM media_resumable_chunks
       WHERE upload_id = ${uploadId} AND written_at IS NOT NULL ORDER BY chunk_number`,
    );
  }

  async chunk(uploadId: string, chunkNumber: number): Promise<{ sha256: string; written: boolean } | undefined> {
    const [row] = await this.db.query<{ sha256: string; written: boolean }>(
      sql`SELECT sha256, written_at IS NOT NULL AS written FROM media_resumable_chunks
       WHERE upload_id = ${uploadId} AND chunk_number = ${chunkNumber}`,
    );
    return row;
  }

  /**
   * Claims a chunk for writing: true for exactly one of several senders. A claim whose writer left
   * it unwritten for longer than the lease (a crash) may be taken over; a written chunk never is.
   */
  async claim(uploadId: string, chunkNumber: number, sha256: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db.query(
      sql`INSERT INTO media_resumable_chunks (upload_id, chunk_number, sha256)
       VALUES (${uploadId}, ${chunkNumber}, ${sha256})
       ON CONFLICT (upload_id, chunk_number) DO UPDATE SET sha256 = EXCLUDED.sha256, claimed_at = now()
         WHERE media_resumable_chunks.written_at IS NULL
           AND media_resumable_chunks.claimed_at < now() - make_interval(secs => ${leaseSeconds})
       RETURNING chunk_number`,
    );
    return rows.length === 1;
  }

  /** Marks the chunk's bytes as in the file, and the upload as touched. */
  async written(uploadId: string, chunkNumber: number): Promise<void> {
    await this.db.query(
      sql`WITH chunk AS (UPDATE media_resumable_chunks SET written_at = now()
         WHERE upload_id = ${uploadId} AND chunk_number = ${chunkNumber})
       UPDATE media_resumable_uploads SET touched_at = now() WHERE id = ${uploadId}`,
    );
  }

  /** Gives up a claim whose bytes could not be written, so the chunk can be sent again at once. */
  async release(uploadId: string, chunkNumber: number): Promise<void> {
    await this.db.query(
      sql`DELETE FROM media_resumable_chunks
       WHERE upload_id = ${uploadId} AND chunk_number = ${chunkNumber} AND written_at IS NULL`,
    );
  }

  /** Forgets every chunk (a file whose whole checksum failed is sent again). */
  async forgetChunks(uploadId: string): Promise<void> {
    await this.db.query(sql`DELETE FROM media_resumable_chunks WHERE upload_id = ${uploadId}`);
  }

  /** Records the verified file, unless another finalize did first; true for the one that did. */
  async finalized(
    uploadId: string,
    f: { sha256: string; kind: string; contentType: string; storageKey: string },
  ): Promise<boolean> {
    const rows = await this.db.query(
      sql`UPDATE media_resumable_uploads SET sha256 = ${f.sha256}, kind = ${f.kind}, content_type = ${f.contentType},
         storage_key = ${f.storageKey}, touched_at = now()
       WHERE id = ${uploadId} AND storage_key IS NULL RETURNING id`,
    );
    return rows.length === 1;
  }

  async remove(uploadId: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.query<UploadRow>(
      sql`DELETE FROM media_resumable_uploads WHERE id = ${uploadId} RETURNING ${UPLOAD_COLUMNS}`,
    );
    return row;
  }

  /** Uploads untouched for longer than the age, removed; answers them (their partial files and kept files go too). */
  stale(olderThanSeconds: number): Promise<UploadRow[]> {
    return this.db.query<UploadRow>(
      sql`DELETE FROM media_resumable_uploads
       WHERE touched_at < now() - make_interval(secs => ${olderThanSeconds}) RETURNING ${UPLOAD_COLUMNS}`,
    );
  }
}
