/**
 * What an Office system takes from a Field system's sync agent (WebSync scenario 2): pages of
 * completed inspections, and their media files in checked chunks. Only users with the websync
 * permission (the agent's service account) may call it. A file's upload is declared first (kind,
 * type, size, sha256), then sent in chunks at the offset the Office reports, and stored only once
 * its size, type signature and sha256 match the declaration.
 */
import type { Readable } from 'node:stream';
import {
  MEDIA_CHUNK_BYTES,
  type InspectionsImport,
  type InspectionsImportResult,
  type MediaRecord,
  type MediaState,
} from '@manway/core/api/sync-data';
import { fail } from '../../errors';
import { mayOpen } from '../settings/service';
import type { CurrentUser } from '../users/service';
import { ChunkTooLargeError, typeAllowed, type MediaStore } from '../sync-agent/media-store';
import type { SyncImportRepository } from './repository';

export class SyncImportService {
  constructor(
    private readonly repo: SyncImportRepository,
    private readonly store: MediaStore,
    private readonly maxMediaBytes: number,
  ) {}

  private check(user: CurrentUser) {
    if (!mayOpen(user, 'web-websync')) throw fail.forbidden();
  }

  async importInspections(user: CurrentUser, body: InspectionsImport): Promise<InspectionsImportResult> {
    this.check(user);
    const ids = new Set<string>();
    const observations = new Set<string>();
    for (const [i, item] of body.items.entries()) {
      if (ids.has(item.globalId)) throw fail.field(`items.${i}.globalId`, 'Each inspection may appear once a page.');
      ids.add(item.globalId);
      for (const [j, o] of item.observations.entries()) {
        if (observations.has(o.globalId)) {
          throw fail.field(`items.${i}.observations.${j}.globalId`, 'Each observation may appear once a page.');
        }
        observations.add(o.globalId);
      }
    }
    return { outcomes: await this.repo.importInspections(body.items, body.options, user.id) };
  }

  /** Declares a file to upload; answers how much of it the Office already holds. */
  async declareMedia(user: CurrentUser, globalId: string, m: MediaRecord): Promise<MediaState> {
    this.check(user);
    if (m.globalId !== globalId) throw fail.field('globalId', 'The body names another file than the path.');
    if (!typeAllowed(m.kind, m.contentType)) {
      throw fail.field('contentType', `${m.contentType} is not accepted for ${m.kind} files.`);
    }
    if (m.sizeBytes > this.maxMediaBytes) {
      throw fail.field('sizeBytes', `Files larger than ${this.maxMediaBytes} bytes are not accepted.`);
    }
    const stored = await this.repo.media(globalId);
    if (stored) {
      if (stored.sha256 !== m.sha256) throw fail.conflict('The Office holds other content under this media id.');
      return { received: stored.size_bytes, complete: true };
    }
    if ((await this.repo.ownerId(m.ownerType, m.ownerGlobalId)) === null) {
      throw fail.field('ownerGlobalId', `The Office system has no ${m.ownerType} with this global id.`);
    }
    // A file declared anew with other content starts over.
    if (await this.repo.declareUpload(m)) await this.store.discard(globalId);
    return { received: await this.store.received(globalId), complete: false };
  }

  /** One chunk at `offset`; answers what the Office holds after it (a stale offset writes nothing). */
  async receiveChunk(user: CurrentUser, globalId: string, offset: number, body: Readable): Promise<MediaState> {
    this.check(user);
    const stored = await this.repo.media(globalId);
    if (stored) {
      body.resume();
      return { received: stored.size_bytes, complete: true };
    }
    const upload = await this.repo.upload(globalId);
    if (!upload) {
      body.resume();
      throw fail.notFound('Declare the file before sending its content.');
    }
    const limit = Math.min(MEDIA_CHUNK_BYTES, upload.size_bytes - offset);
    let received: number;
    let sha256: string | undefined;
    try {
      ({ size: received, sha256 } = await this.store.append(globalId, offset, body, Math.max(0, limit)));
    } catch (error) {
      if (error instanceof ChunkTooLargeError) {
        throw fail.field(
          'content',
          `A chunk carries at most ${MEDIA_CHUNK_BYTES} bytes and never more than the file's declared size.`,
        );
      }
      throw error;
    }
    if (received < upload.size_bytes) return { received, complete: false };
    const verdict = await this.store.verify(
      {
        globalId,
        kind: upload.kind as MediaRecord['kind'],
        contentType: upload.content_type,
        sizeBytes: upload.size_bytes,
        sha256: upload.sha256,
      },
      sha256,
    );
    if (verdict !== undefined) {
      await this.store.discard(globalId);
      await this.repo.dropUpload(globalId);
      const field = { size: 'sizeBytes', checksum: 'sha256', type: 'contentType' }[verdict];
      throw fail.field(field, `The file received does not match its declared ${field}; send it again.`);
    }
    const ownerId = await this.repo.ownerId(upload.owner_type as MediaRecord['ownerType'], upload.owner_global_id);
    if (ownerId === null) throw fail.field('ownerGlobalId', "The file's owner is no longer in the Office system.");
    await this.repo.completeUpload(globalId, ownerId, () => this.store.commit(globalId));
    return { received, complete: true };
  }
}
