/**
 * Reports: definitions and favourites, the client's queues, report tasks (list, create, rename,
 * cancel, retry, publish, delete, download) and their generation by `report.generate` jobs.
 *
 * A task's generation is made by one worker at a time under a lease it renews as it goes (the
 * repository's `claim`/`renew`); its file is stored under a key of the report and generation, so a
 * worker that dies and the one that takes over after the lease lapses store one file between them,
 * and only a worker still holding the generation marks it completed.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import {
  partlyDeletedMessage,
  REPORT_NAME_EXISTS_MESSAGE,
  type CreateReportTask,
  type FavoriteQuery,
  type ReportDefinition,
  type ReportDefinitionKey,
  type ReportFilters,
  type ReportFormatInfo,
  type ReportObjectType,
  type ReportSource,
  type ReportTask,
  type ReportTaskPage,
  type ReportTasksQuery,
  type ReportUiContext,
  type ReportUser,
  type ReportsDeleted,
  type UpdateReportTask,
} from '@manway/core/api/reports';
import { fail } from '../../errors';
import type { JobSender } from '../../jobs/queue';
import type { FiltersService } from '../filters/service';
import type { MediaStore } from '../storage/service';
import type { CurrentUser } from '../users/service';
import { DocumentBuilder, type ReportSubject } from './documents/builder';
import { DEFINITIONS, definition, FORMATS } from './definitions';
import type { ReportRow, ReportsRepository } from './repository';

/** How often a worker renews its lease and writes its progress, at most; at least thrice a lease. */
const RENEW_EVERY_MS = 2000;

export interface ReportsDeps {
  filters: FiltersService;
  store: MediaStore;
  jobs: JobSender;
  leaseSeconds: number;
}

export class ReportsService {
  private readonly documents: DocumentBuilder;

  constructor(
    private readonly repo: ReportsRepository,
    private readonly deps: ReportsDeps,
  ) {
    this.documents = new DocumentBuilder(repo, deps.filters, deps.store);
  }

  // Definitions --------------------------------------------------------------------------------

  async definitions(
    user: CurrentUser,
    type: ReportObjectType,
    uiContext?: ReportUiContext,
  ): Promise<ReportDefinition[]> {
    const favorites = await this.repo.favorites(user.id);
    const offered = DEFINITIONS.filter((d) => {
      const contexts = d.offered[type];
      return contexts && (!uiContext || contexts.includes(uiContext));
    }).map((d) => ({
      reportName: d.key,
      title: d.title,
      description: d.description,
      formats: [...d.formats],
      favorite: favorites.has(d.key),
    }));
    // Favourites first; otherwise the catalogue's order.
    return [...offered.filter((d) => d.favorite), ...offered.filter((d) => !d.favorite)];
  }

  formats(): ReportFormatInfo[] {
    return Object.entries(FORMATS).map(([format, f]) => ({ format: format as keyof typeof FORMATS, ...f }));
  }

  async setFavorite(user: CurrentUser, q: FavoriteQuery): Promise<void> {
    await this.repo.setFavorite(user.id, q.reportName, q.value);
  }

  // Queues -------------------------------------------------------------------------------------

  async createQueue(user: CurrentUser, id: string): Promise<{ created: boolean }> {
    const { owner, created } = await this.repo.createQueue(id, user.id);
    if (owner !== user.id) throw fail.conflict('This queue id is taken. Choose another.');
    return { created };
  }

  /** The caller's queue, or 404: another user's is as good as missing. */
  async ownQueue(user: CurrentUser, id: string): Promise<void> {
    if ((await this.repo.queueOwner(id)) !== user.id) throw fail.notFound('Report queue not found');
  }

  // Tasks --------------------------------------------------------------------------------------

  async list(user: CurrentUser, queueId: string, q: ReportTasksQuery): Promise<ReportTaskPage> {
    await this.ownQueue(user, queueId);
    const { rows, total } = await this.repo.page(
      { userId: user.id },
      q,
      q.ids,
      { by: q.sortBy, desc: q.sortDesc === 'true' },
      q.pageIndex * q.pageSize,
      q.pageSize,
    );
    return { items: rows.map((r) => toTask(r, user)), total };
  }

  async creators(user: CurrentUser): Promise<ReportUser[]> {
    const rows = await this.repo.creators({ userId: user.id });
    return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
  }

  async create(user: CurrentUser, queueId: string, body: CreateReportTask): Promise<ReportTask> {
    const row = await this.request(user, queueId, body);
    await this.deps.jobs.send('report.generate', { reportId: Number(row.id), generation: row.generation });
    return toTask(row, user);
  }

  /**
   * Asks for a report and makes it at once, in this call, publishing it when asked: the demo town's
   * reports at the first start, before the job queue runs.
   */
  async createNow(user: CurrentUser, queueId: string, body: CreateReportTask, publish: boolean): Promise<ReportTask> {
    await this.createQueue(user, queueId);
    const row = await this.request(user, queueId, body);
    await this.generate(Number(row.id), row.generation, new AbortController().signal);
    return publish ? this.share(user, queueId, Number(row.id)) : toTask((await this.repo.byId(Number(row.id)))!, user);
  }

  /** Checks and records a report task; starting its generation is the caller's. */
  private async request(user: CurrentUser, queueId: string, body: CreateReportTask): Promise<ReportRow> {
    await this.ownQueue(user, queueId);
    const def = definition(body.ReportName);
    const contexts = def.offered[body.ObjectType];
    if (!contexts) throw fail.field('ObjectType', `${def.title} is not made of ${body.ObjectType} objects.`);
    if (!contexts.includes(body.UiContext)) {
      throw fail.field('UiContext', `${def.title} of ${body.ObjectType} objects is not made from a ${body.UiContext}.`);
    }
    if (!def.formats.includes(body.Format)) {
      throw fail.field('Format', `${def.title} is made as ${def.formats.join(' or ')}.`);
    }
    checkSourceFits(body.UiContext, body.Source);
    if (body.ReportName === 'asset-list' && !body.Columns) {
      throw fail.field('Columns', 'An asset list needs the columns to show.');
    }
    // Whatever the job would find wrong later is refused now, with the field named.
    await this.documents.check(user, { objectType: body.ObjectType, source: body.Source, columns: body.Columns });
    await this.checkName(user.id, body.Name, body.Format);
    return this.repo.insert({
      queueId,
      definition: body.ReportName,
      name: body.Name,
      format: body.Format,
      objectType: body.ObjectType,
      uiContext: body.UiContext,
      source: body.Source,
      columns: body.Columns,
      createdBy: user.id,
    });
  }

  private async checkName(userId: string, name: string, format: ReportTask['format'], except?: number) {
    if (await this.repo.nameTaken(userId, name, format, except)) {
      throw fail.coded('report/name-duplicate', REPORT_NAME_EXISTS_MESSAGE);
    }
  }

  /** The caller's own report (administrators: anyone's), under the version read. */
  private async ownReport(user: CurrentUser, id: number): Promise<ReportRow> {
    const row = await this.repo.byId(id);
    if (!row || !(row.published || row.created_by === user.id)) throw fail.notFound('Report not found');
    if (!mayChange(user, row)) throw fail.forbidden('You may change only your own reports.');
    return row;
  }

  async update(user: CurrentUser, queueId: string, body: UpdateReportTask): Promise<ReportTask> {
    await this.ownQueue(user, queueId);
    const row = await this.ownReport(user, body.Id);
    if (row.version !== body.Version) throw fail.conflict();
    if (body.State === 'canceled' && row.state !== 'inProgress') {
      throw fail.conflict('Only a report in progress can be canceled.');
    }
    if (body.State === 'inProgress' && row.state !== 'failed' && row.state !== 'canceled') {
      throw fail.conflict('Only a failed or canceled report can be generated again.');
    }
    if (body.Name !== undefined && body.Name !== row.name)
      await this.checkName(row.created_by, body.Name, row.format, body.Id);
    const changed = await this.repo.update(body.Id, body.Version, {
      name: body.Name,
      cancel: body.State === 'canceled',
      retry: body.State === 'inProgress',
    });
    if (!changed) throw fail.conflict();
    const after = (await this.repo.byId(body.Id))!;
    if (body.State === 'inProgress') {
      await this.deps.jobs.send('report.generate', { reportId: body.Id, generation: after.generation });
    }
    return toTask(after, user);
  }

  /** Personal → published, one way; only a completed report, only by its creator. */
  async share(user: CurrentUser, queueId: string, id: number): Promise<ReportTask> {
    await this.ownQueue(user, queueId);
    const row = await this.ownReport(user, id);
    if (!row.published) {
      if (row.state !== 'completed') throw fail.conflict('Only a completed report can be published.');
      if (!(await this.repo.update(id, row.version, { publish: true }))) throw fail.conflict();
    }
    return toTask((await this.repo.byId(id))!, user);
  }

  /**
   * Deletes the caller's own reports among those asked for (ids, or the list's filters); others'
   * are kept, and then the answer is 403 with the spec's message saying how many of how many went.
   */
  async delete(user: CurrentUser, queueId: string, which: { ids: number[] } | ReportFilters): Promise<ReportsDeleted> {
    await this.ownQueue(user, queueId);
    const asked =
      'ids' in which
        ? await this.repo.visible({ userId: user.id }, {}, which.ids)
        : await this.repo.visible({ userId: user.id }, which);
    const own = asked.filter((r) => mayChange(user, { created_by: r.created_by }));
    const files = own.length > 0 ? await this.repo.delete(own.map((r) => Number(r.id))) : [];
    for (const key of files) await this.removeFile(key);
    if (own.length < asked.length) throw fail.forbidden(partlyDeletedMessage(own.length, asked.length));
    return { removed: own.length, removing: asked.length };
  }

  private async removeFile(key: string): Promise<void> {
    if (!(await this.repo.fileInUse(key))) await this.deps.store.remove(key);
  }

  /** A completed report the caller sees, as a download; the time is kept as its last download. */
  async download(
    user: CurrentUser,
    queueId: string,
    id: number,
  ): Promise<{ body: Readable; fileName: string; contentType: string; size: number }> {
    await this.ownQueue(user, queueId);
    const row = await this.repo.byId(id);
    if (!row || !(row.published || row.created_by === user.id)) throw fail.notFound('Report not found');
    if (row.state !== 'completed' || !row.storage_key) throw fail.conflict('The report is not ready to download.');
    const body = await this.deps.store.read(row.storage_key);
    await this.repo.markDownloaded(id);
    return {
      body,
      fileName: fileNameOf(row),
      contentType: FORMATS[row.format].contentType,
      size: Number(row.size_bytes),
    };
  }

  /** The inspections whose observations have the most photos (the demo's inspection reports). */
  inspectionsWithPhotos(limit: number) {
    return this.repo.inspectionsWithPhotos(limit);
  }

  unprocessedPhotos(inspectionIds: readonly number[]): Promise<number[]> {
    return this.repo.unprocessedPhotos(inspectionIds);
  }

  // Generation ---------------------------------------------------------------------------------

  /** The `report.generate` job: makes the generation unless it is done, canceled or another worker's. */
  async generate(reportId: number, generation: number, signal: AbortSignal): Promise<void> {
    const { leaseSeconds, store } = this.deps;
    const row = await this.repo.claim(reportId, generation, leaseSeconds);
    if (!row) return;
    const format = FORMATS[row.format];
    const local = store.tempPath(`.${format.extension}`);
    // Stops the writing when the report is canceled or retried meanwhile, or the queue stops.
    const stop = new AbortController();
    const onShutdown = () => stop.abort(signal.reason);
    signal.addEventListener('abort', onShutdown, { once: true });
    let lastRenewal = Date.now();
    const renewEveryMs = Math.min(RENEW_EVERY_MS, (leaseSeconds * 1000) / 3);
    const progress = async (fraction: number) => {
      if (Date.now() - lastRenewal < renewEveryMs) return;
      lastRenewal = Date.now();
      const still = await this.repo.renew(reportId, generation, Math.min(0.99, Math.max(0, fraction)), leaseSeconds);
      if (!still) stop.abort(new ReportWithdrawn());
    };
    try {
      await mkdir(dirname(local), { recursive: true });
      await this.documents.write(
        {
          definition: row.definition as ReportDefinitionKey,
          format: row.format,
          title: row.name,
          generatedBy: row.creator_name,
          subject: subjectOf(row),
        },
        local,
        stop.signal,
        (fraction) => void progress(fraction).catch(() => undefined),
      );
      const key = `reports/${reportId}-${generation}.${format.extension}`;
      const size = (await stat(local)).size;
      await store.putFile(local, key, format.contentType);
      // A worker that died after storing left its file under this key: that file is the report.
      const stored = (await store.storedSize(key)) ?? size;
      if (!(await this.repo.complete(reportId, generation, key, stored))) await this.removeFile(key);
    } catch (error) {
      if (stop.signal.aborted && stop.signal.reason instanceof ReportWithdrawn) return;
      // Shutdown: the lease lapses and the sweeper sends the generation again after the restart.
      if (signal.aborted) throw error;
      await this.repo.fail(reportId, generation, failureText(error));
    } finally {
      signal.removeEventListener('abort', onShutdown);
      await rm(local, { force: true });
    }
  }

  /**
   * The `report.sweep` job: generations whose worker died (lease lapsed) or whose job got lost (not
   * started after `graceSeconds`) are sent again. At start-up the grace is 0: no worker of a process
   * that has just started holds anything, and a job sent twice makes one file all the same.
   */
  async sweep(graceSeconds = 60): Promise<void> {
    for (const r of await this.repo.stalled(graceSeconds)) {
      await this.deps.jobs.send('report.generate', { reportId: Number(r.id), generation: r.generation });
    }
  }
}

class ReportWithdrawn extends Error {
  constructor() {
    super('The report was canceled or generated again meanwhile.');
  }
}

/** A failure as the user reads it: what went wrong, without paths or internals. */
function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/ENOSPC/.test(message)) return 'The server ran out of disk space while writing the report.';
  if (/ENOENT|EACCES|EPERM/.test(message)) return 'The report file could not be written on the server.';
  return `The report could not be generated: ${message.replace(/\/[^\s'"]+/g, '…').slice(0, 300)}`;
}

/** Administrators may change anyone's reports; others their own (spec section 6). */
function mayChange(user: CurrentUser, row: { created_by: string }): boolean {
  return row.created_by === user.id || user.role === 'administrator';
}

/** A selection and an inspection's page name objects; a search result a filter; a saved filter its name. */
function checkSourceFits(uiContext: ReportUiContext, source: ReportSource): void {
  const expected: Record<ReportUiContext, ReportSource['kind']> = {
    inspection: 'ids',
    selection: 'ids',
    'search-result': 'filter',
    'saved-filter': 'saved-filter',
  };
  if (source.kind !== expected[uiContext]) {
    throw fail.field('Source.kind', `A report from a ${uiContext} is made of ${expected[uiContext]}.`);
  }
  if (uiContext === 'inspection' && source.kind === 'ids' && source.ids.length !== 1) {
    throw fail.field('Source.ids', "A report from an inspection's page is of that one inspection.");
  }
}

function subjectOf(row: ReportRow): ReportSubject {
  return {
    objectType: row.object_type as ReportObjectType,
    source: row.source as ReportSource,
    columns: (row.columns as string[] | null) ?? undefined,
    createdBy: row.created_by,
  };
}

export function fileNameOf(row: Pick<ReportRow, 'name' | 'format'>): string {
  return `${row.name}.${FORMATS[row.format].extension}`;
}

function toTask(r: ReportRow, user: CurrentUser): ReportTask {
  return {
    id: Number(r.id),
    queueId: r.queue_id,
    reportName: r.definition as ReportDefinitionKey,
    title: definition(r.definition as ReportDefinitionKey).title,
    name: r.name,
    format: r.format,
    objectType: r.object_type as ReportObjectType,
    createdBy: { id: r.created_by, displayName: r.creator_name },
    createdAt: r.created_at.toISOString(),
    lastDownloadedAt: r.last_downloaded_at?.toISOString() ?? null,
    published: r.published,
    state: r.state,
    progress: r.progress,
    error: r.error,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    fileName: fileNameOf(r),
    own: mayChange(user, r),
    version: r.version,
  };
}
