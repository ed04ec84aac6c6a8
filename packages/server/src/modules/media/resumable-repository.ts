/** The SQL of resumable uploads (migrations 0020, 0021): an upload per user and identifier, its chunks written. */
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

/** An upload as a chunk finds it: with the sha256 of that chunk when it is held already. */
export type DeclaredUpload = UploadRow & { chunk_sha256: string | null };

export class ResumableRepository {
  constructor(private readonly db: Database) {}

  /**
   * The user's upload of this identifier, created as declared when there is none, with the sha256 of
   * chunk `chunkNumber` when it is held already. Every chunk but the first finds its upload: a read.
   */
  async declare(
    userId: string,
    identifier: string,
    d: { fileName: string; sizeBytes: number; chunkSize: number },
    chunkNumber: number,
  ): Promise<DeclaredUpload> {
    const [found] = await this.db.query<DeclaredUpload>(
      sql`SELECT ${UPLOAD_COLUMNS},
         (SELECT sha256 FROM media_resumable_chunks
          WHERE upload_id = media_resumable_uploads.id AND chunk_number = ${chunkNumber}) AS chunk_sha256
       FROM media_resumable_uploads WHERE user_id = ${userId} AND identifier = ${identifier}`,
    );
    if (found) return found;
    const [made] = await this.db.query<DeclaredUpload>(
      sql`INSERT INTO media_resumable_uploads (user_id, identifier, file_name, size_bytes, chunk_size)
       VALUES (${userId}, ${identifier}, ${d.fileName}, ${d.sizeBytes}, ${d.chunkSize})
       ON CONFLICT (user_id, identifier) DO UPDATE SET touched_at = now()
       RETURNING ${UPLOAD_COLUMNS}, NULL::text AS chunk_sha256`,
    );
    return made!;
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

  /** The numbers of the chunks whose bytes are held, in order. */
  async heldChunks(uploadId: string): Promise<number[]> {
    const rows = await this.db.query<{ chunk_number: number }>(
      sql`SELECT chunk_number FROM media_resumable_chunks WHERE upload_id = ${uploadId} ORDER BY chunk_number`,
    );
    return rows.map((r) => r.chunk_number);
  }

  /**
   * Records chunk n as held with these bytes, and the upload as touched; answers the sha256 recorded,
   * which is another's when another sender's bytes were recorded first (the first stay), and the
   * numbers of the chunks held now.
   */
  async written(uploadId: string, chunkNumber: number, sha256: string): Promise<{ sha256: string; held: number[] }> {
    const [row] = await this.db.query<{ sha256: string; held: number[] }>(
      sql`WITH touched AS (UPDATE media_resumable_uploads SET touched_at = now() WHERE id = ${uploadId}),
       recorded AS (
         INSERT INTO media_resumable_chunks (upload_id, chunk_number, sha256)
         VALUES (${uploadId}, ${chunkNumber}, ${sha256})
         ON CONFLICT (upload_id, chunk_number) DO UPDATE SET sha256 = media_resumable_chunks.sha256
         RETURNING sha256)
       SELECT (SELECT sha256 FROM recorded) AS sha256,
         ARRAY(SELECT chunk_number FROM media_resumable_chunks WHERE upload_id = ${uploadId}) AS held`,
    );
    // The statement sees the chunks as they were before it: a chunk recorded by it is added here.
    const held = new Set(row!.held.map(Number)).add(chunkNumber);
    return { sha256: row!.sha256, held: [...held].sort((a, b) => a - b) };
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
