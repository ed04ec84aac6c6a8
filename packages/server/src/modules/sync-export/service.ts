/**
 * What an Office system hands to a Field system's sync agent: pages of each kind for a user with the
 * websync permission (the agent's service account), optionally narrowed by one of that user's saved
 * filters. Saved filters are resolved through `SavedFilterResolver`, so the filter module plugs in
 * without this module knowing how a filter is stored or evaluated.
 */
import {
  EXPORT_KINDS,
  FILTERABLE_KINDS,
  type ExportKind,
  type ExportPage,
  type ExportQuery,
  type FilterableKind,
} from '@manway/core/api/sync-export';
import type {
  MediaRecord,
  PlannedTaskRecord,
  PlannedTasksPage,
  TaskDecisions,
  TaskDecisionsRequest,
  TasksExportQuery,
} from '@manway/core/api/sync-data';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { fail } from '../../errors';
import type { MediaStore } from '../storage/service';
import type { CurrentUser } from '../users/service';
import { UUID_CURSOR, type MediaRow, type PlannedTaskRow, type SyncExportRepository } from './repository';
import { RunSelections, type SelectionPage } from './selections';

export interface SavedFilterResolver {
  /**
   * The local ids of the records of `kind` that the saved filter `name` of `user` selects; throws
   * `fail.notFound` when the user has no filter of that name for that kind.
   */
  select(user: CurrentUser, kind: FilterableKind, name: string): Promise<number[]>;
  /** The local ids of the assets the saved filter `name` matches (tasks and inspections on them sync). */
  matching(user: CurrentUser, name: string): Promise<number[]>;
}

/** The resolver of a system without saved filters: no name can be found. */
export const WITHOUT_SAVED_FILTERS: SavedFilterResolver = {
  select(_user, kind, name) {
    return Promise.reject(fail.notFound(`There is no saved filter named "${name}" for ${kind}.`));
  },
  matching(_user, name) {
    return Promise.reject(fail.notFound(`There is no saved filter named "${name}".`));
  },
};

const isFilterable = (kind: ExportKind): kind is FilterableKind =>
  (FILTERABLE_KINDS as readonly string[]).includes(kind);
const Uuid = z.uuid();

export class SyncExportService {
  /** What each run's saved filter selected, evaluated at its first page. */
  private readonly selections = new RunSelections();

  constructor(
    private readonly repo: SyncExportRepository,
    private readonly filters: SavedFilterResolver = WITHOUT_SAVED_FILTERS,
    private readonly store?: MediaStore,
  ) {}

  readonly kinds = EXPORT_KINDS;

  async page<K extends ExportKind>(user: CurrentUser, kind: K, q: ExportQuery): Promise<ExportPage<K>> {
    if (q.after !== undefined && UUID_CURSOR.has(kind) && !Uuid.safeParse(q.after).success) {
      throw fail.field('after', 'Use the next value of the previous page.');
    }
    if (q.filter === undefined) {
      const raw = await this.repo.page(kind, { after: q.after, limit: q.limit, only: undefined });
      return {
        items: raw.rows as ExportPage<K>['items'],
        next: raw.keys.length === q.limit ? raw.keys[raw.keys.length - 1]! : null,
      };
    }
    if (!isFilterable(kind)) throw fail.field('filter', `${kind} cannot be narrowed by a saved filter.`);
    const filter = q.filter;
    const selected = await this.selections.page(runKey(user, kind, filter), q.after, q.limit, async () =>
      this.repo.inGlobalIdOrder(
        kind === 'projects' ? 'projects' : 'assets',
        await this.filters.select(user, kind, filter),
      ),
    );
    const raw = await this.pageOf(selected, (only) => this.repo.page(kind, { after: q.after, limit: q.limit, only }));
    return { items: (raw?.rows ?? []) as ExportPage<K>['items'], next: selected.next };
  }

  /** A page of the selected records; none read when the selection has none left. */
  private pageOf<T>(selected: SelectionPage, read: (ids: number[]) => Promise<T>): Promise<T | undefined> {
    return selected.ids.length === 0 ? Promise.resolve(undefined) : read(selected.ids);
  }

  /** Scenario 1: open tasks (all, or on the assets the saved filter matches), with their assets and media. */
  async plannedTasks(user: CurrentUser, q: TasksExportQuery): Promise<PlannedTasksPage> {
    let rows: PlannedTaskRow[];
    let next: string | null;
    if (q.filter === undefined) {
      rows = await this.repo.plannedTasks(q.after, q.limit, undefined);
      next = rows.length === q.limit ? rows[rows.length - 1]!.globalId : null;
    } else {
      const filter = q.filter;
      const selected = await this.selections.page(runKey(user, 'planned-tasks', filter), q.after, q.limit, async () =>
        this.repo.tasksOnAssets(await this.filters.matching(user, filter)),
      );
      rows = (await this.pageOf(selected, (only) => this.repo.plannedTasks(q.after, q.limit, only))) ?? [];
      next = selected.next;
    }
    const assetIds = [...new Set(rows.map((r) => r.assetId))];
    const [assets, media] = await Promise.all([
      this.repo.assetsWithNeeds(assetIds),
      this.repo.media('asset', assetIds),
    ]);
    const items = rows.map((r): PlannedTaskRecord => ({
      globalId: r.globalId,
      projectGlobalId: r.projectGlobalId,
      taskType: r.taskType as PlannedTaskRecord['taskType'],
      assetGlobalId: r.assetGlobalId,
      district: r.district,
      dueDate: r.dueDate,
      state: r.state as PlannedTaskRecord['state'],
      assignment: r.assignment,
      assets: (assets.get(r.assetId) ?? []) as PlannedTaskRecord['assets'],
      media: media.filter((m) => m.ownerLocalId === r.assetId).map((m) => toMediaRecord(m, `Task ${r.assetCode}`)),
    }));
    return { items, next };
  }

  /**
   * Scenario 1's second step: what became of the tasks a Field holds open (its state, and its latest
   * inspection with the Office's decision), so the Field can close what the Office closed and hand
   * back to its crew what the Office rejected. Asked by global id rather than sent since a date: the
   * Field names exactly the copies it has, so no clock, missed run or saved filter can hide a decision.
   * The inspections a Field recorded outside any task are asked the same way, by their own global ids.
   */
  async taskDecisions(body: TaskDecisionsRequest): Promise<TaskDecisions> {
    const [tasks, inspections] = await Promise.all([
      body.globalIds.length > 0 ? this.repo.taskDecisions([...new Set(body.globalIds)]) : [],
      body.inspectionGlobalIds.length > 0 ? this.repo.inspectionDecisions([...new Set(body.inspectionGlobalIds)]) : [],
    ]);
    return {
      items: tasks as TaskDecisions['items'],
      inspections: inspections as TaskDecisions['inspections'],
    };
  }

  /**
   * Each asset with what it needs to exist in another system, in the order to write them (the Field's
   * agent sends these with its inspections, as this export sends them with planned tasks).
   */
  assetsWithNeeds(assetIds: string[]): Promise<Map<string, Record<string, unknown>[]>> {
    return this.repo.assetsWithNeeds(assetIds);
  }

  /** The media of the given owners (local ids of one owner type), as `toMediaRecord` reads them. */
  mediaOf(ownerType: 'asset' | 'inspection' | 'observation', ownerIds: string[]): Promise<MediaRow[]> {
    return this.repo.media(ownerType, ownerIds);
  }

  /**
   * A media file's bytes from `start` on, for a Field agent's (resumed) download; 'unsatisfiable'
   * (with the size) when a range asks to start at or after the file's end.
   */
  async mediaContent(
    user: CurrentUser,
    globalId: string,
    range: { start: number } | undefined,
  ): Promise<
    | { kind: 'unsatisfiable'; size: number }
    | { kind: 'bytes'; size: number; start: number; contentType: string; body: Readable }
  > {
    const file = await this.repo.mediaFile(globalId);
    if (!file || !this.store || !(await this.store.exists(file.storageKey, file.sizeBytes))) throw fail.notFound();
    // RFC 9110 §14.1.2: a range whose first byte is not in the file cannot be satisfied.
    if (range && range.start >= file.sizeBytes) return { kind: 'unsatisfiable', size: file.sizeBytes };
    const start = range?.start ?? 0;
    return {
      kind: 'bytes',
      size: file.sizeBytes,
      start,
      contentType: file.contentType,
      body: await this.store.read(file.storageKey, start > 0 ? { start, end: file.sizeBytes - 1 } : undefined),
    };
  }
}

export function toMediaRecord(m: MediaRow, jobName: string): MediaRecord {
  return {
    globalId: m.globalId,
    ownerType: m.ownerType as MediaRecord['ownerType'],
    ownerGlobalId: m.ownerGlobalId,
    kind: m.kind as MediaRecord['kind'],
    fileName: m.fileName,
    contentType: m.contentType,
    sizeBytes: Number(m.sizeBytes),
    sha256: m.sha256,
    jobName,
  };
}

/** One run's selection: the user's, of one kind, by one saved filter. */
function runKey(user: CurrentUser, kind: string, filter: string): string {
  return JSON.stringify([user.id, kind, filter]);
}
