/**
 * WebSync scenarios 1 and 2 as the Field's agent runs them, and the media files they move.
 *
 * 1. Getting planned tasks: pages of the Office's open tasks (all, or on the assets its saved filter
 *    matches) with their assets' data, written by global id; then the Office's decisions on every open
 *    task this system holds (its review of their inspections, tasks completed or deleted) and on every
 *    inspection recorded here outside any task and not accepted yet, taken in through core's workflow
 *    (decisions.ts); then the assets' media as set.
 * 2. Sending completed tasks: pages of this system's completed inspections (all, or on the assets
 *    the Field's saved filter matches) with their observations, written by the Office in one
 *    transaction a page; then their media as set.
 *
 * Media move in chunks. Before each file the receiver is asked what it holds (the partial file's
 * size) and the transfer continues from there; the receiver keeps a file only once its size, type
 * and sha256 equal the sender's, so an interrupted run restarted later converges without loss or
 * duplicate. Every file's status and bytes are stored for the console's 'Uploading progress'.
 */
import {
  MEDIA_CHUNK_BYTES,
  type ImportOutcome,
  type InspectionRecord,
  type InspectionsImport,
  type MediaKind,
  type MediaRecord,
  type PlannedTaskRecord,
} from '@manway/core/api/sync-data';
import type { SyncUserSettings } from '@manway/core/api/websync';
import type { ObservationsService } from '../observations/service';
import type { MediaStore } from '../storage/service';
import { toMediaRecord, type SyncExportService } from '../sync-export/service';
import { InterruptedError, OfficeRefusedError, readAhead, sleep, type OfficeClient } from './office-client';
import type { Lease } from './repository';
import { decideInspectionDecision, decideOfficeDecision } from './decisions';
import type {
  DecisionRules,
  LocalInspection,
  MediaFileRow,
  TaskPageRules,
  TransferRepository,
} from './transfer-repository';

export interface Logs {
  serverLine(text: string): void;
  clientLine(text: string): void;
  both(text: string): void;
  flush(): Promise<void>;
}

export interface AssetMatcher {
  /** Local ids of the assets a saved filter of the user matches; throws not found for an unknown name. */
  selectMatching(userId: string, name: string): Promise<number[]>;
}

/** How a scenario ended: records or files that failed make it FinishedWithErrors. */
export type TransferResult = { errors: number } | 'cancelled';

type TasksSettings = NonNullable<SyncUserSettings['gettingTasksSettings']>;
type SendingSettings = NonNullable<SyncUserSettings['sendingCompletedTasksSettings']>;

interface Run {
  /** The run's hold on its task; its taskId names the task. */
  lease: Lease;
  client: OfficeClient;
  logs: Logs;
  signal: AbortSignal;
  pageSize: number;
  /**
   * The waits before a failed file is tried again in the same run (the Office client's backoff, cut
   * short): one attempt more than there are waits, then the file is Failed and the task ends
   * FinishedWithErrors.
   */
  fileRetryDelaysMs: readonly number[];
}

/**
 * What the Field asks the Office about after the pages of planned tasks, in this order, each step with
 * its own cursor: its open tasks, then its inspections outside any task (decision 0026).
 */
const DECISION_STEPS = ['task-decisions', 'inspection-decisions'] as const;
type DecisionStep = (typeof DECISION_STEPS)[number];

/** Files moved at the same time. */
const MEDIA_WORKERS = 4;

/** How often (in bytes) a file's progress is written while it streams. */
const PROGRESS_EVERY = 4 * 1024 * 1024;

export class Transfers {
  constructor(
    private readonly repo: TransferRepository,
    /** This system's records as its export reads them: the assets and media sent with an inspection. */
    private readonly local: SyncExportService,
    private readonly store: MediaStore,
    private readonly filters: AssetMatcher,
    /** An inspection accepted in the Office is the asset's condition here too. */
    private readonly conditions: Pick<ObservationsService, 'recomputeCondition'>,
  ) {}

  /** Scenario 1. `filter` is the saved filter's name (in the Office), null for every open task. */
  async gettingTasks(run: Run, settings: TasksSettings, filter: string | null): Promise<TransferResult> {
    const kinds = kindsOf({
      image: settings.DownloadImages,
      video: settings.DownloadVideo,
      fusion: settings.DownloadFusionFiles,
      document: settings.DownloadAttachments,
    });
    const progress = await this.repo.progressOf(run.lease.taskId, 'planned-tasks');
    let totals = { copied: 0, unchanged: 0, ruled: 0, skipped: progress.skipped };
    if (!progress.done) {
      let after = progress.after ?? undefined;
      if (after) run.logs.serverLine(`Resuming planned tasks after ${after}.`);
      for (;;) {
        if (run.signal.aborted) throw new InterruptedError();
        const page = await run.client.plannedTasks(
          { after, limit: run.pageSize, filter: filter ?? undefined },
          run.signal,
        );
        const done = page.next === null;
        const media = page.items.flatMap((t) => t.media).filter((m) => kinds.has(m.kind));
        const outcome = await this.repo.applyTasksPage(
          run.lease,
          page.items,
          plannedTaskRules(settings),
          settings.AutoAcceptImportedTasks,
          media,
          { after: page.next ?? after ?? null, done },
          { operation: 'Getting planned tasks', percentage: done ? 50 : 25 },
        );
        totals = {
          copied: totals.copied + outcome.inserted + outcome.updated,
          unchanged: totals.unchanged + outcome.unchanged,
          ruled: totals.ruled + outcome.ruled.length,
          skipped: totals.skipped + outcome.skipped.length,
        };
        run.logs.serverLine(
          `planned tasks: page of ${page.items.length} written: ${outcome.inserted} new, ${outcome.updated} updated, ` +
            `${outcome.unchanged} unchanged, ${outcome.ruled.length + outcome.skipped.length} skipped.`,
        );
        for (const s of outcome.ruled) run.logs.clientLine(`Skipped ${taskLabel(s.item)}: ${s.reason} (as set).`);
        for (const s of outcome.skipped) run.logs.clientLine(`Skipped ${taskLabel(s.item)}: ${s.reason}.`);
        await run.logs.flush();
        if (outcome.cancelRequested) return 'cancelled';
        if (done) break;
        after = page.next!;
      }
      run.logs.clientLine(
        `Planned tasks${filter ? ` (filter "${filter}")` : ''}: ${totals.copied} copied, ${totals.unchanged} already up to date, ` +
          `${totals.ruled + totals.skipped} skipped.`,
      );
    }
    for (const step of DECISION_STEPS) {
      if (!(await this.repo.progressOf(run.lease.taskId, step)).done) {
        if ((await this.decisions(run, step)) === 'cancelled') return 'cancelled';
      }
    }
    const media = await this.media(run);
    if (media === 'cancelled') return media;
    return { errors: totals.skipped + media.failed };
  }

  /**
   * Scenario 1's second step: every open task this system holds, then every inspection it recorded
   * outside any task that is not accepted yet, a page at a time, asked of the Office (whatever saved
   * filter brought a task: one the filter no longer matches is still this crew's) and the answers taken
   * in. Nothing the Office decided is an error: what the Field keeps as it is is logged with the reason.
   */
  private async decisions(run: Run, step: DecisionStep): Promise<'cancelled' | undefined> {
    const rules: DecisionRules = {
      decide: decideOfficeDecision,
      decideInspection: decideInspectionDecision,
      accepted: (tx, assetId) => this.conditions.recomputeCondition(tx, assetId),
    };
    const tasks = step === 'task-decisions';
    const read = (after: string | undefined) =>
      tasks ? this.repo.openTasks(after, run.pageSize) : this.repo.inspectionsOutsideTasks(after, run.pageSize);
    let after = (await this.repo.progressOf(run.lease.taskId, step)).after ?? undefined;
    if (after) run.logs.serverLine(`Resuming the Office's decisions after ${tasks ? 'task' : 'inspection'} ${after}.`);
    const totals = { asked: 0, rejected: 0, accepted: 0, completed: 0, deleted: 0, kept: 0 };
    for (;;) {
      if (run.signal.aborted) throw new InterruptedError();
      const asked = await read(after);
      const done = asked.length < run.pageSize;
      const answer =
        asked.length === 0
          ? { items: [], inspections: [] }
          : await run.client.decisions(tasks ? { globalIds: asked } : { inspectionGlobalIds: asked }, run.signal);
      const outcome = await this.repo.applyDecisionsPage(
        run.lease,
        answer,
        rules,
        step,
        { after: asked.at(-1) ?? after ?? null, done },
        { operation: "Getting the Office's decisions", percentage: 50 },
      );
      totals.asked += asked.length;
      totals.rejected += outcome.rejected;
      totals.accepted += outcome.accepted;
      totals.completed += outcome.completed;
      totals.deleted += outcome.deleted;
      totals.kept += outcome.kept;
      run.logs.serverLine(
        tasks
          ? `decisions: ${asked.length} open tasks asked, ${answer.items.length} known to the Office: ` +
              `${outcome.rejected} inspections rejected, ${outcome.accepted} accepted, ${outcome.completed} tasks completed, ` +
              `${outcome.deleted} deleted, ${outcome.kept} kept as they are.`
          : `decisions: ${asked.length} inspections outside tasks asked, ${answer.inspections.length} known to the ` +
              `Office: ${outcome.rejected} rejected, ${outcome.accepted} accepted, ${outcome.kept} kept as they are.`,
      );
      for (const note of outcome.notes) run.logs.clientLine(note);
      await run.logs.flush();
      if (outcome.cancelRequested) return 'cancelled';
      if (done) break;
      after = asked.at(-1)!;
    }
    if (tasks) {
      run.logs.clientLine(
        `The Office's decisions on ${totals.asked} open tasks: ${totals.rejected} inspections rejected, ` +
          `${totals.accepted} accepted; ${totals.completed} tasks completed, ${totals.deleted} deleted; ` +
          `${totals.kept} kept as they are here.`,
      );
    } else if (totals.asked > 0) {
      // Most runs hold none: a line then would only be noise.
      run.logs.clientLine(
        `The Office's decisions on ${totals.asked} inspections outside tasks: ${totals.rejected} rejected, ` +
          `${totals.accepted} accepted; ${totals.kept} kept as they are here.`,
      );
    }
    return undefined;
  }

  /** Scenario 2. `filter` is a saved filter of the sync user in this (Field) system, null for all. */
  async sendingTasks(
    run: Run,
    settings: SendingSettings,
    filter: string | null,
    userId: string,
  ): Promise<TransferResult> {
    const kinds = kindsOf({
      image: settings.UploadImages,
      video: settings.UploadVideo,
      fusion: settings.UploadFusionFiles,
      document: settings.UploadAttachments,
    });
    const progress = await this.repo.progressOf(run.lease.taskId, 'completed-inspections');
    let totals = { copied: 0, unchanged: 0, kept: 0, skipped: progress.skipped, failed: progress.failed };
    const onAssets = filter === null ? undefined : await this.filters.selectMatching(userId, filter);
    const options: InspectionsImport['options'] = {
      SkipIfNotExistInOffice: settings.SkipIfNotExistInOffice,
      SkipIfAssetNotExistInOffice: settings.SkipIfAssetNotExistInOffice,
      ExistingTasksAction: settings.ExistingTasksAction,
      AutoAcceptImportedTasks: settings.AutoAcceptImportedTasks,
    };
    const noticed = new Set<string>();
    if (!progress.done) {
      let after = progress.after ?? undefined;
      if (after) run.logs.serverLine(`Resuming completed inspections after ${after}.`);
      // The next page is read and put together while the Office writes this one.
      const read = (from: string | undefined) =>
        readAhead(
          this.repo
            .inspections(from, run.pageSize, onAssets)
            .then(async (rows) => ({ rows, ...(await this.inspectionRecords(rows)) })),
        );
      let ahead = read(after);
      for (;;) {
        if (run.signal.aborted) throw new InterruptedError();
        const { rows, items, media } = await ahead;
        const done = rows.length < run.pageSize;
        if (!done) ahead = read(rows.at(-1)!.globalId);
        const result = await this.sendPage(run, options, items);
        const inOffice = new Set<string>();
        const labels = new Map(
          rows.map((r) => [r.globalId, `inspection of ${r.assetCode} on ${r.inspectedAt.slice(0, 10)}`]),
        );
        const counts = { inserted: 0, updated: 0, unchanged: 0, kept: 0, skipped: 0 };
        for (const o of result.outcomes) {
          counts[o.result]++;
          if (o.result !== 'skipped') inOffice.add(o.globalId);
          if (o.result === 'skipped') run.logs.clientLine(`Skipped ${labels.get(o.globalId)}: ${o.reason}.`);
          if (o.result === 'kept') run.logs.clientLine(`Left ${labels.get(o.globalId)} as it is: ${o.reason}.`);
          if (o.createdAssets.length > 0) {
            run.logs.clientLine(`Created in the Office for ${labels.get(o.globalId)}: ${o.createdAssets.join(', ')}.`);
          }
        }
        for (const f of result.failed) {
          run.logs.clientLine(`Failed to send ${labels.get(f.globalId)}: ${f.message}`);
        }
        for (const notice of result.notices) {
          if (!noticed.has(notice)) run.logs.clientLine(notice);
          noticed.add(notice);
        }
        const next = rows.at(-1)?.globalId ?? after ?? null;
        const cancelRequested = await this.repo.recordSentPage(
          run.lease,
          media
            .filter((m) => kinds.has(m.kind) && inOffice.has(m.inspectionGlobalId))
            .map(({ inspectionGlobalId: _, ...m }) => m),
          { after: next, done },
          { operation: 'Sending completed tasks', percentage: done ? 50 : 25 },
          { copied: counts.inserted + counts.updated, skipped: counts.skipped, failed: result.failed.length },
        );
        totals = {
          copied: totals.copied + counts.inserted + counts.updated,
          unchanged: totals.unchanged + counts.unchanged,
          kept: totals.kept + counts.kept,
          skipped: totals.skipped + counts.skipped,
          failed: totals.failed + result.failed.length,
        };
        run.logs.serverLine(
          `completed inspections: page of ${items.length} sent: ${counts.inserted} new, ${counts.updated} updated, ` +
            `${counts.unchanged} unchanged, ${counts.kept} left as they are, ${counts.skipped} skipped` +
            `${result.failed.length > 0 ? `, ${result.failed.length} refused by the Office` : ''}.`,
        );
        await run.logs.flush();
        if (cancelRequested) return 'cancelled';
        if (done) break;
        after = next ?? undefined;
      }
      run.logs.clientLine(
        `Completed inspections${filter ? ` (filter "${filter}")` : ''}: ${totals.copied} copied, ` +
          `${totals.unchanged} already up to date, ${totals.kept} left as they are, ${totals.skipped} skipped` +
          `${totals.failed > 0 ? `, ${totals.failed} refused by the Office` : ''}.`,
      );
    }
    const mediaResult = await this.media(run);
    if (mediaResult === 'cancelled') return mediaResult;
    // Skips by the user's rules are logged with their reasons; records the Office refused and files
    // that failed are errors.
    return { errors: totals.failed + mediaResult.failed };
  }

  /**
   * Sends a page to the Office. A page it refuses as invalid (400) is halved until the records it
   * refuses are found: each is reported with the Office's reason and the others are written, so one
   * bad record never holds up the rest, nor every later run at this page.
   */
  private async sendPage(
    run: Run,
    options: InspectionsImport['options'],
    items: InspectionRecord[],
  ): Promise<{ outcomes: ImportOutcome[]; failed: { globalId: string; message: string }[]; notices: Set<string> }> {
    const outcomes: ImportOutcome[] = [];
    const failed: { globalId: string; message: string }[] = [];
    const notices = new Set<string>();
    const send = async (part: InspectionRecord[]): Promise<void> => {
      if (part.length === 0) return;
      try {
        const result = await run.client.importInspections({ options, items: part }, run.signal);
        outcomes.push(...result.outcomes);
        if (result.notice) notices.add(result.notice);
      } catch (error) {
        if (!(error instanceof OfficeRefusedError && error.status === 400)) throw error;
        if (part.length === 1) {
          failed.push({ globalId: part[0]!.globalId, message: error.message });
          return;
        }
        const half = Math.ceil(part.length / 2);
        await send(part.slice(0, half));
        await send(part.slice(half));
      }
    };
    await send(items);
    return { outcomes, failed, notices };
  }

  private async inspectionRecords(rows: LocalInspection[]) {
    const ids = rows.map((r) => r.localId);
    const [observations, assets, inspectionMedia] = await Promise.all([
      ids.length ? this.repo.observations(ids) : Promise.resolve([]),
      this.local.assetsWithNeeds([...new Set(rows.map((r) => r.assetId))]),
      this.local.mediaOf('inspection', ids),
    ]);
    const observationMedia = await this.local.mediaOf(
      'observation',
      observations.map((o) => o.localId),
    );
    const inspectionOf = new Map(observations.map((o) => [o.localId, o.inspectionId]));
    const byLocal = new Map(rows.map((r) => [r.localId, r]));
    const observationsOf = new Map<string, InspectionRecord['observations']>();
    for (const { inspectionId, localId: _l, ...o } of observations) {
      const list = observationsOf.get(inspectionId);
      if (list) list.push(o);
      else observationsOf.set(inspectionId, [o]);
    }
    const items: InspectionRecord[] = rows.map(({ localId, assetId, assetCode: _code, ...r }) => ({
      ...r,
      header: (r.header ?? {}) as InspectionRecord['header'],
      assets: (assets.get(assetId) ?? []) as InspectionRecord['assets'],
      observations: observationsOf.get(localId) ?? [],
    }));
    const media: (MediaRecord & { inspectionGlobalId: string })[] = [];
    for (const m of [...inspectionMedia, ...observationMedia]) {
      const inspectionLocal = m.ownerType === 'inspection' ? m.ownerLocalId : inspectionOf.get(m.ownerLocalId)!;
      const inspection = byLocal.get(inspectionLocal)!;
      const jobName = `Inspection ${inspection.assetCode} ${inspection.inspectedAt.slice(0, 10)}`;
      media.push({ ...toMediaRecord(m, jobName), inspectionGlobalId: inspection.globalId });
    }
    return { items, media };
  }

  /** Moves the task's listed files that have not arrived yet. */
  private async media(run: Run): Promise<{ failed: number } | 'cancelled'> {
    const pending = await this.repo.pendingMedia(run.lease.taskId);
    const totals = await this.repo.mediaTotals(run.lease.taskId);
    if (totals.files === 0) return { failed: 0 };
    let doneBefore = totals.done;
    const percentage = (extra: number) =>
      50 + Math.min(49, Math.floor(((doneBefore + extra) / Math.max(1, totals.bytes)) * 49));
    if (pending.length > 0) {
      run.logs.serverLine(
        `${pending.length} of ${totals.files} media files to transfer (${totals.bytes} bytes in all).`,
      );
    }
    const started = performance.now();
    let moved = 0;
    let files = 0;
    let cancelled = false;
    let stop = false;
    const queue = [...pending];
    const one = async (f: MediaFileRow): Promise<void> => {
      const operation = `${f.direction === 'upload' ? 'Uploading' : 'Downloading'} ${f.file_name}`;
      const report = (bytesDone: number, status: string, error?: string) =>
        this.repo.mediaProgress(
          run.lease.taskId,
          f.media_global_id,
          { bytesDone, status, error },
          { operation, percentage: percentage(bytesDone), transferring: true },
        );
      if (await report(f.bytes_done, 'Transferring')) {
        cancelled = true;
        return;
      }
      const attempts = run.fileRetryDelaysMs.length + 1;
      for (let attempt = 1; ; attempt++) {
        try {
          const ended =
            f.direction === 'upload' ? await this.upload(run, f, attempt, report) : await this.download(run, f, report);
          if (ended === 'cancelled') {
            cancelled = true;
            return;
          }
          run.logs.clientLine(
            `${ended === 'AlreadyPresent' ? 'Already there' : 'Transferred'}: ${f.file_name} (${f.job_name}).`,
          );
          if (ended === 'Completed') {
            files++;
            moved += f.size_bytes - f.bytes_done;
          }
          break;
        } catch (error) {
          if (error instanceof InterruptedError || run.signal.aborted) throw error;
          if (!(error instanceof OfficeRefusedError || error instanceof MediaFailure)) throw error;
          if (attempt >= attempts) {
            await report(0, 'Failed', error.message);
            run.logs.clientLine(
              `Failed to transfer ${f.file_name} (${f.job_name}) after ${attempts} attempts: ${error.message}`,
            );
            break;
          }
          // The receiver dropped what did not verify: the file waits for its next attempt with what
          // is still held, so the console's percentage stays true.
          const waitMs = run.fileRetryDelaysMs[attempt - 1]!;
          const held = f.direction === 'upload' ? 0 : await this.store.received(f.media_global_id);
          if (await report(held, 'Waiting', error.message)) {
            cancelled = true;
            return;
          }
          run.logs.serverLine(
            `${f.file_name}: attempt ${attempt} of ${attempts} failed (${error.message}); trying again in ${waitMs} ms.`,
          );
          await run.logs.flush();
          await sleep(waitMs, run.signal);
        }
      }
      doneBefore += f.size_bytes - f.bytes_done;
      await run.logs.flush();
    };
    // Several files at a time: some stream while others are declared, verified and recorded, so
    // the per-file round trips (and the receiver's hashing) do not leave the link idle.
    const worker = async () => {
      for (let f = queue.shift(); f && !stop && !cancelled; f = queue.shift()) {
        if (run.signal.aborted) throw new InterruptedError();
        try {
          await one(f);
        } catch (error) {
          stop = true;
          throw error;
        }
      }
    };
    const outcomes = await Promise.allSettled(Array.from({ length: MEDIA_WORKERS }, worker));
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failure) throw failure.reason;
    if (cancelled) {
      await this.repo.setTransferring(run.lease.taskId, false);
      return 'cancelled';
    }
    await this.repo.setTransferring(run.lease.taskId, false);
    if (files > 0) {
      const seconds = (performance.now() - started) / 1000;
      run.logs.serverLine(
        `Media moved: ${files} files, ${moved} bytes in ${seconds.toFixed(3)} s (${(moved / 1048576 / seconds).toFixed(1)} MB/s).`,
      );
    }
    const after = await this.repo.mediaTotals(run.lease.taskId);
    run.logs.clientLine(`Media: ${after.files - after.failed} of ${after.files} files transferred and verified.`);
    return { failed: after.failed };
  }

  private async upload(
    run: Run,
    f: MediaFileRow,
    attempt: number,
    report: (bytesDone: number, status: string) => Promise<boolean>,
  ): Promise<'Completed' | 'AlreadyPresent' | 'cancelled'> {
    const local = await this.repo.localMedia(f.media_global_id);
    if (!local || local.sha256 !== f.sha256) throw new MediaFailure('the file is no longer in the Field system');
    let state = await run.client.declareMedia(recordOf(f), run.signal);
    if (state.complete) {
      // Present before this run touched it; after a failed attempt, the Office has it from us.
      const status = attempt === 1 && f.bytes_done === 0 && f.status === 'Waiting' ? 'AlreadyPresent' : 'Completed';
      await report(f.size_bytes, status);
      return status;
    }
    if (state.received > 0) run.logs.serverLine(`Resuming the upload of ${f.file_name} at byte ${state.received}.`);
    const token = state.token;
    if (token === undefined) throw new MediaFailure('the Office did not hand out an upload token');
    while (!state.complete) {
      const offset = state.received;
      const end = Math.min(f.size_bytes, offset + MEDIA_CHUNK_BYTES);
      state = await run.client.sendChunk(
        f.media_global_id,
        offset,
        token,
        () => this.store.read(local.storage_key, { start: offset, end: end - 1 }),
        run.signal,
      );
      if (!state.complete && state.received <= offset && end > offset) {
        throw new MediaFailure(`the Office did not take the bytes from ${offset} on`);
      }
      if (await report(state.received, state.complete ? 'Completed' : 'Transferring')) return 'cancelled';
    }
    return 'Completed';
  }

  private async download(
    run: Run,
    f: MediaFileRow,
    report: (bytesDone: number, status: string) => Promise<boolean>,
  ): Promise<'Completed' | 'AlreadyPresent' | 'cancelled'> {
    if (await this.repo.localMedia(f.media_global_id)) {
      await report(f.size_bytes, 'AlreadyPresent');
      return 'AlreadyPresent';
    }
    const had = await this.store.received(f.media_global_id);
    if (had > 0) run.logs.serverLine(`Resuming the download of ${f.file_name} at byte ${had}.`);
    let sha256: string | undefined;
    if (had < f.size_bytes) {
      await run.client.download(
        f.media_global_id,
        () => this.store.received(f.media_global_id),
        async (body) => {
          let reported = 0;
          let chain = Promise.resolve(false);
          const start = await this.store.received(f.media_global_id);
          const appended = await this.store.append(f.media_global_id, start, body, f.size_bytes - start, (n) => {
            if (n - reported >= PROGRESS_EVERY) {
              reported = n;
              chain = chain.then(() => report(start + n, 'Transferring'));
            }
          });
          sha256 = appended.sha256;
          await chain;
        },
        run.signal,
      );
    }
    const verdict = await this.store.verify(
      {
        globalId: f.media_global_id,
        kind: f.kind,
        contentType: f.content_type,
        sizeBytes: f.size_bytes,
        sha256: f.sha256,
      },
      sha256,
    );
    if (verdict !== undefined) {
      await this.store.discard(f.media_global_id);
      throw new MediaFailure(`the file received does not match its ${verdict}; it will be downloaded again`);
    }
    const placed = await this.repo.completeDownload(run.lease.taskId, f, () =>
      this.store.commit(f.media_global_id, f.content_type),
    );
    if (!placed) throw new MediaFailure(`its ${f.owner_type} is not in the Field system`);
    return 'Completed';
  }
}

const taskLabel = (item: PlannedTaskRecord) => `task on ${item.assets.at(-1)?.assetCode ?? item.assetGlobalId}`;

/**
 * Which planned tasks scenario 1 writes: those on assets the Field lacks are left out when the user
 * says so; a task whose asset could not be copied, or whose project the Field lacks, cannot be written.
 */
function plannedTaskRules(settings: TasksSettings): TaskPageRules {
  return {
    ruledOut: (_item, here) =>
      !here.asset && settings.SkipIfAssetNotExistInField ? 'its asset is not in the Field system' : undefined,
    unwritable: (_item, here) => {
      if (!here.asset) return `its asset could not be copied (${here.assetSkips.join('; ')})`;
      if (!here.project) return 'its project is not in the Field system; get the projects first';
      // The Field's own open task comes first (work the crew may have started); it ends there first.
      if (here.otherOpenTask) return 'its asset has another open task in the Field system';
      return undefined;
    },
  };
}

/** A file that cannot be transferred now; the others go on and the task ends FinishedWithErrors. */
class MediaFailure extends Error {}

function kindsOf(flags: Record<MediaKind, boolean>): Set<MediaKind> {
  return new Set((Object.keys(flags) as MediaKind[]).filter((k) => flags[k]));
}

function recordOf(f: MediaFileRow): MediaRecord {
  return {
    globalId: f.media_global_id,
    ownerType: f.owner_type,
    ownerGlobalId: f.owner_global_id,
    kind: f.kind,
    fileName: f.file_name,
    contentType: f.content_type,
    sizeBytes: f.size_bytes,
    sha256: f.sha256,
    jobName: f.job_name,
  };
}
