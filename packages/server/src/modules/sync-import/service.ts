/**
 * What an Office system takes from a Field system's sync agent (WebSync scenario 2): pages of
 * completed inspections, and their media files in checked chunks. Only users with the websync
 * permission (the agent's service account) may call it; it delivers field work for the Office's
 * review, and only an account with editor permissions may have it accepted on arrival. A file's
 * upload is declared first (kind, type, size, sha256), which answers a token, then sent in chunks
 * carrying it at the offset the Office reports, one chunk writing at a time, and stored only once its
 * size, type signature and sha256 match the declaration.
 */
import type { Readable } from 'node:stream';
import {
  MEDIA_CHUNK_BYTES,
  type ImportOutcome,
  type InspectionRecord,
  type InspectionsImport,
  type InspectionsImportResult,
  type MediaRecord,
  type MediaState,
} from '@manway/core/api/sync-data';
import { TASK_STATES, type TaskState } from '@manway/core/domain/types';
import {
  inspectionTransition,
  taskTransition,
  type InspectionCommand,
  type InspectionState,
  type TaskCommand,
} from '@manway/core/domain/workflow';
import { hasEditorPermissions, hasReviewPermission } from '@manway/core/roles';
import { fail } from '../../errors';
import type { CurrentUser } from '../users/service';
import type { ObservationsService } from '../observations/service';
import { ChunkTooLargeError, typeAllowed, type MediaStore } from '../storage/service';
import type { ImportRules, InspectionStep, SyncImportRepository, UploadRow } from './repository';

/**
 * How long an upload must have been idle (no declaration, no chunk) before a declaration of other
 * content under its media id replaces it: until then the sender that began it keeps it.
 */
export const UPLOAD_LEASE_SECONDS = 600;
/** The longest one chunk may hold its file; a process that died writing frees it after this. */
export const CHUNK_WRITE_SECONDS = 600;
/** Uploads idle this long are abandoned: the periodic purge removes them and their partial files. */
export const ABANDONED_UPLOAD_SECONDS = 24 * 3600;

export const DELIVERED_FOR_REVIEW =
  'The inspections were delivered for office review, not accepted: accepting them (AutoAcceptImportedTasks) ' +
  'needs an Office account that may review inspections (an administrator, an editor, or one granted the review permission).';

/**
 * Which records of a page are written, and which are left as they are or skipped with the reason:
 * the sync user's settings (ExistingTasksAction, the skip rules) and the Office's own (what it
 * accepted is changed only by an editor's account; an inspection completes only its own asset's task;
 * what it rejected comes back only as the crew's answer to that rejection).
 */
function importRules(
  options: Omit<InspectionsImport['options'], 'AutoAcceptImportedTasks'>,
  editor: boolean,
  accepting: boolean,
  conditions: Pick<ObservationsService, 'recomputeCondition'>,
): ImportRules {
  const left = (item: InspectionRecord, result: 'kept' | 'skipped', reason: string): ImportOutcome => ({
    globalId: item.globalId,
    result,
    reason,
    createdAssets: [],
  });
  const commands: InspectionCommand[] = accepting ? ['complete', 'accept'] : ['complete'];
  return {
    taskStatesAfter: taskStatesAfterImport(accepting),
    inspectionAfter: (from) => inspectionAfterImport(from, commands),
    accepted: (tx, assetId) => conditions.recomputeCondition(tx, assetId),
    decide(item, f) {
      const rejected = f.existing?.status === 'incomplete' && f.existing.review === 'rejected';
      // A copy sent before the Field took in the rejection is the copy the Office rejected: writing it
      // would undo the Office's decision, whatever the settings.
      if (rejected && !f.existing!.answersRejection) {
        return left(
          item,
          'kept',
          'the Office rejected it; Getting planned tasks brings the reason to the Field, where the crew completes it again',
        );
      }
      // The crew's answer to a rejection is what the Office asked for: it is written even under Skip.
      if (f.existing && !rejected && options.ExistingTasksAction === 'Skip') {
        return left(item, 'kept', 'the Office has it; Skip updating existing office task');
      }
      if (f.existing?.review === 'accepted' && options.ExistingTasksAction === 'UpdateNotAcceptedTasks') {
        return left(item, 'kept', 'the Office has accepted it; only not yet accepted tasks are updated');
      }
      // What the Office accepted is an office decision; only an editor's account may send it again.
      if (f.existing?.review === 'accepted' && !editor) {
        return left(item, 'kept', 'the Office has accepted it; only an account with editor permissions updates it');
      }
      if (item.taskGlobalId !== null && !f.taskFound && options.SkipIfNotExistInOffice) {
        return left(item, 'skipped', 'its task is not in the Office system');
      }
      if (f.missing.length > 0) {
        return left(
          item,
          'skipped',
          `${f.missing.join(', ')} not in the Office system; send the database structure first`,
        );
      }
      // An inspection completes (and links to) only the task of the asset it inspected.
      if (f.taskOnOtherAsset) return left(item, 'skipped', 'its task in the Office system is for another asset');
      if (f.assetHere) return 'write';
      if (options.SkipIfAssetNotExistInOffice) return left(item, 'skipped', 'its asset is not in the Office system');
      // A missing asset is created from the records sent along; one the Office holds is never changed.
      return 'create';
    },
    notCreated: (item, reasons) =>
      left(
        item,
        'skipped',
        `its asset could not be created in the Office system (${reasons.join('; ') || 'not sent'}); nothing was created`,
      ),
  };
}

/**
 * An arriving inspection's task: its inspection exists now (create-inspection), and it is completed
 * when the Office accepts the inspection on arrival (inspection-accepted). A deleted or completed
 * task stays as it is: the workflow allows neither.
 */
function taskStatesAfterImport(accepting: boolean): Partial<Record<TaskState, TaskState>> {
  const commands: TaskCommand[] = accepting ? ['create-inspection', 'inspection-accepted'] : ['create-inspection'];
  const moves: Partial<Record<TaskState, TaskState>> = {};
  for (const from of TASK_STATES) {
    let state = from;
    for (const command of commands) {
      const t = taskTransition(state, command);
      if (t.kind === 'changed') state = t.to;
    }
    if (state !== from) moves[from] = state;
  }
  return moves;
}

/**
 * Where an arriving inspection goes from the state the Office holds it in: it is complete (pending
 * review), and accepted when the Office accepts on arrival. Each command core answers `changed` for is
 * a step (an event); one it refuses or finds done is passed over, so what the Office accepted stays so.
 */
function inspectionAfterImport(
  from: InspectionState,
  commands: InspectionCommand[],
): { to: InspectionState; steps: InspectionStep[] } {
  let state = from;
  const steps: InspectionStep[] = [];
  for (const command of commands) {
    const t = inspectionTransition(state, command);
    if (t.kind !== 'changed') continue;
    steps.push({ command, from: state.status, to: t.to.status });
    state = t.to;
  }
  return { to: state, steps };
}

export class SyncImportService {
  constructor(
    private readonly repo: SyncImportRepository,
    private readonly store: MediaStore,
    private readonly maxMediaBytes: number,
    /** An inspection accepted on arrival becomes its asset's condition, as an acceptance in the Office does. */
    private readonly conditions: Pick<ObservationsService, 'recomputeCondition'>,
  ) {}

  async importInspections(user: CurrentUser, body: InspectionsImport): Promise<InspectionsImportResult> {
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
    // Accepting field work is an office decision, so only a reviewer's account accepts on arrival.
    // Anyone else's delivery is written pending review rather than refused: the Field cannot know
    // the Office account's role, and its default settings ask for auto-accept (see decision 0014).
    const { AutoAcceptImportedTasks: asked, ...rules } = body.options;
    const editor = hasEditorPermissions(user.role);
    const accepting = asked && hasReviewPermission(user);
    return {
      outcomes: await this.repo.importInspections(
        body.items,
        importRules(rules, editor, accepting, this.conditions),
        user.id,
      ),
      accepted: accepting,
      notice: asked && !accepting ? DELIVERED_FOR_REVIEW : null,
    };
  }

  /** Declares a file to upload; answers how much of it the Office already holds. */
  async declareMedia(user: CurrentUser, globalId: string, m: MediaRecord): Promise<MediaState> {
    if (m.globalId !== globalId) throw fail.field('globalId', 'The body names another file than the path.');
    if (!typeAllowed(m.kind, m.contentType)) {
      throw fail.coded('media/unsupported-file', `${m.contentType} is not accepted for ${m.kind} files.`);
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
    const declared = await this.repo.declareUpload(m, UPLOAD_LEASE_SECONDS);
    if (declared === 'busy') {
      throw fail.conflict('Another sender is uploading other content under this media id; try again later.');
    }
    // A file declared anew with other content starts over.
    if (declared.replaced) await this.store.discard(globalId);
    return { received: await this.store.received(globalId), complete: false, token: declared.token };
  }

  /**
   * One chunk at `offset` from the sender holding the upload's `token`; answers what the Office
   * holds after it (a stale offset writes nothing). One chunk of a file writes at a time: a second
   * concurrent writer is refused (409), as is a sender whose declaration was replaced.
   */
  async receiveChunk(
    user: CurrentUser,
    globalId: string,
    offset: number,
    token: string,
    body: Readable,
  ): Promise<MediaState> {
    // Stored already, maybe by another sender of the same file a moment ago.
    const done = async () => {
      const stored = await this.repo.media(globalId);
      if (stored) body.resume();
      return stored && { received: stored.size_bytes, complete: true };
    };
    const before = await done();
    if (before) return before;
    const upload = await this.repo.upload(globalId);
    if (!upload) {
      const meanwhile = await done();
      if (meanwhile) return meanwhile;
      body.resume();
      throw fail.notFound('Declare the file before sending its content.');
    }
    if (!(await this.repo.startWrite(globalId, token, CHUNK_WRITE_SECONDS))) {
      const meanwhile = await done();
      if (meanwhile) return meanwhile;
      body.resume();
      throw fail.conflict(
        upload.token !== token
          ? 'The file was declared again by another sender; declare it again before sending its content.'
          : 'Another chunk of this file is being written; send this one when it has been answered.',
      );
    }
    try {
      return await this.write(globalId, offset, body, upload);
    } finally {
      await this.repo.endWrite(globalId, token);
    }
  }

  private async write(globalId: string, offset: number, body: Readable, upload: UploadRow): Promise<MediaState> {
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
    await this.repo.completeUpload(globalId, ownerId, () => this.store.commit(globalId, upload.content_type));
    return { received, complete: true };
  }

  /**
   * The periodic purge: uploads idle for `idleSeconds` lose their declaration and partial file, and
   * partial files nobody declared (a process that died between the two, a download given up) go when
   * untouched as long. Answers how many files were removed.
   */
  async purgeAbandonedUploads(idleSeconds = ABANDONED_UPLOAD_SECONDS): Promise<number> {
    const dropped = await this.repo.dropAbandonedUploads(idleSeconds);
    for (const globalId of dropped) await this.store.discard(globalId);
    const cutoff = Date.now() - idleSeconds * 1000;
    const stale = (await this.store.partials()).filter((p) => p.modifiedMs < cutoff).map((p) => p.globalId);
    const declared = await this.repo.declared(stale);
    const orphans = stale.filter((g) => !declared.has(g));
    for (const globalId of orphans) await this.store.discard(globalId);
    return new Set([...dropped, ...orphans]).size;
  }
}
