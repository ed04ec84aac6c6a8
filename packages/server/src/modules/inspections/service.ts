/**
 * The inspection workflow (main-app §4 "Inspection: created, then accepted or rejected", §7): the
 * office's grids, creating and deleting inspections, the crew's complete and reopen, the office's
 * accept and reject, and the crews' inspection sessions. Every state change is asked of core's
 * domain/workflow.ts first and only what it answers is written, in one transaction with one
 * inspection_events row, under the inspection's row lock.
 *
 * A command that already took effect answers `changed: false` and writes nothing, whatever version it
 * names: a resend, or the second of two office users pressing Accept at once, finds nothing to do.
 * A version is checked only when there is something to write (409 when stale).
 */
import type {
  BulkAcceptResult,
  CreateInspectionRequest,
  InspectionCommandResult,
  InspectionGridPage,
  InspectionGridQuery,
  InspectionListRow,
  InspectionSessionSummary,
  InspectionsQuery,
  InspectionSummary,
  StartSessionRequest,
} from '@manway/core/api/work';
import { GRID_EXACT_TOTAL, INSPECTION_FILTER_COLUMNS, INSPECTION_REVIEWS } from '@manway/core/api/work';
import { ASSET_TYPES } from '@manway/core/domain/types';
import {
  inspectionDeletable,
  inspectionTransition,
  sessionTransition,
  type InspectionCommand,
  type SessionStatus,
} from '@manway/core/domain/workflow';
import type { FormValues } from '@manway/core/forms/template';
import { hasEditorPermissions, hasReviewPermission } from '@manway/core/roles';
import type { Connection } from '../../db/connection';
import { AppError, fail } from '../../errors';
import type { FormsService } from '../forms/service';
import type { ObservationsService } from '../observations/service';
import type { SettingsService } from '../settings/service';
import type { TasksService } from '../tasks/service';
import type { CurrentUser } from '../users/service';
import type {
  FilterColumn,
  GridSpec,
  InspectionLock,
  InspectionRow,
  InspectionsRepository,
  SessionRow,
} from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const numOrNull = (n: number | string | null) => (n === null ? null : Number(n));

export class InspectionsService {
  constructor(
    private readonly repo: InspectionsRepository,
    private readonly forms: Pick<FormsService, 'createInspection'>,
    private readonly observations: Pick<
      ObservationsService,
      'recomputeCondition' | 'removeInspectionRecords' | 'removeUnreferenced'
    >,
    private readonly tasks: Pick<TasksService, 'followInspection'>,
    private readonly profiles: Pick<SettingsService, 'inspectionProfile'>,
  ) {}

  // ---- reading ----

  /** The inspections of a task, or of an asset: newest first. */
  async list(q: InspectionsQuery): Promise<InspectionSummary[]> {
    const byAsset = q.parentObjectType !== undefined || q.parentObjectId !== undefined;
    if (q.taskId !== undefined && byAsset) {
      throw fail.field('taskId', 'Ask for the inspections of a task or of an asset, not both.');
    }
    if (q.taskId !== undefined) {
      if (!(await this.repo.taskExists(q.taskId))) throw fail.notFound('Task not found');
      return (await this.repo.ofTask(q.taskId)).map(toSummary);
    }
    if (q.parentObjectType === undefined) {
      throw fail.field('parentObjectType', 'Name the asset type (Node, Section or Lateral), or send taskId.');
    }
    if (q.parentObjectId === undefined) throw fail.field('parentObjectId', 'Name the asset whose inspections to list.');
    const type = assetType(q.parentObjectType, 'parentObjectType');
    const asset = await this.repo.asset(q.parentObjectId);
    if (asset?.object_type !== type) throw fail.notFound(`${asset ? q.parentObjectType : 'Asset'} not found`);
    return (await this.repo.ofAsset(q.parentObjectId)).map(toSummary);
  }

  /** One page of a group for the office's grid, with how many the group holds under the same filters. */
  async grid(q: InspectionGridQuery): Promise<InspectionGridPage> {
    const spec: GridSpec = {
      group: q.group,
      sortBy: q.sortBy,
      desc: q.sortDesc === 'true',
      search: q.search || undefined,
      filters: parseFilters(q.filters),
      limit: q.pageSize,
      offset: q.pageIndex * q.pageSize,
    };
    // The page and the count at once: on PostgreSQL they run on two connections side by side.
    const [rows, { total, exact }] = await Promise.all([
      this.repo.gridPage(spec),
      this.repo.gridTotal(spec, GRID_EXACT_TOTAL),
    ]);
    return { items: rows.map(toListRow), total, totalExact: exact, pageIndex: q.pageIndex, pageSize: q.pageSize };
  }

  async one(id: number): Promise<InspectionListRow> {
    const row = await this.repo.row(id);
    if (!row) throw fail.notFound('Inspection not found');
    return toListRow(row);
  }

  // ---- creating and deleting ----

  /** An inspection of an asset outside any task, in the caller's open session when one is named. */
  async create(user: CurrentUser, body: CreateInspectionRequest): Promise<InspectionListRow> {
    const type = assetType(body.parentObjectType, 'parentObjectType');
    const asset = await this.repo.asset(body.parentObjectId);
    if (asset?.object_type !== type) {
      throw fail.field('parentObjectId', `There is no ${body.parentObjectType} ${body.parentObjectId}.`);
    }
    // Checked before the row names it (an unknown id would be a foreign-key error), and again under its lock.
    if (body.sessionId !== undefined) ownOpenSession(user, await this.repo.session(body.sessionId));
    const { id } = await this.forms.createInspection(
      user,
      { parentId: body.parentObjectId, standardId: body.standardId },
      (body.values ?? {}) as FormValues,
      { sessionId: body.sessionId },
      async (tx) => {
        if (body.sessionId !== undefined) ownOpenSession(user, await this.repo.lockSession(tx, body.sessionId));
      },
    );
    return this.one(id);
  }

  /**
   * Deletes an inspection not yet accepted with everything hanging from it; its files go once the
   * transaction has committed. A task left without inspections goes back to started.
   */
  async delete(user: CurrentUser, id: number, version: number | undefined): Promise<{ Deleted: number[] }> {
    const freed = await this.repo.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      if (!hasReviewPermission(user) && row.created_by !== user.id) throw fail.forbidden();
      const deletable = inspectionDeletable(row);
      if (!deletable.ok) throw fail.illegalTransition(deletable.reason);
      if (version !== undefined && version !== row.version) throw fail.conflict();
      const keys = await this.observations.removeInspectionRecords(tx, id);
      await this.repo.deleteInspection(tx, id);
      if (row.task_id !== null && (await this.repo.inspectionsOfTaskCount(tx, Number(row.task_id))) === 0) {
        await this.tasks.followInspection(tx, Number(row.task_id), 'inspection-removed');
      }
      return keys;
    });
    await this.observations.removeUnreferenced(freed);
    return { Deleted: [id] };
  }

  // ---- commands ----

  accept(user: CurrentUser, id: number, version: number | undefined): Promise<InspectionCommandResult> {
    return this.command(user, id, 'accept', version);
  }

  reject(user: CurrentUser, id: number, reason: string, version: number | undefined): Promise<InspectionCommandResult> {
    return this.command(user, id, 'reject', version, reason);
  }

  /** The crew's complete and reopen: a reviewer's on any inspection, a member's on their own or their session's. */
  crewCommand(
    user: CurrentUser,
    id: number,
    command: 'complete' | 'reopen',
    version: number | undefined,
  ): Promise<InspectionCommandResult> {
    return this.command(user, id, command, version);
  }

  /** The office's selection: each inspection through the same path, in its own transaction. */
  async bulkAccept(user: CurrentUser, ids: number[]): Promise<BulkAcceptResult> {
    const result: BulkAcceptResult = { Accepted: [], Unchanged: [], Refused: [] };
    for (const id of new Set(ids)) {
      try {
        const { changed } = await this.decide(user, id, 'accept', undefined, null);
        (changed ? result.Accepted : result.Unchanged).push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = error.problem.kind === 'not-found' ? 'not found' : error.message;
        result.Refused.push({ id, reason });
      }
    }
    return result;
  }

  private async command(
    user: CurrentUser,
    id: number,
    command: InspectionCommand,
    version: number | undefined,
    reason: string | null = null,
  ): Promise<InspectionCommandResult> {
    const { changed } = await this.decide(user, id, command, version, reason);
    return { changed, inspection: await this.one(id) };
  }

  /**
   * One command in one transaction. The write is guarded by the version read under the lock; should
   * it find another write in between (a database that does not serialise the two), the command is
   * decided again on what is there now.
   */
  private async decide(
    user: CurrentUser,
    id: number,
    command: InspectionCommand,
    version: number | undefined,
    reason: string | null,
  ): Promise<{ changed: boolean }> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.repo.transaction(async (tx) => {
        const row = await this.locked(tx, id);
        mayCommand(user, row, command);
        const t = inspectionTransition(row, command);
        if (t.kind === 'illegal') throw fail.illegalTransition(t.reason);
        if (t.kind === 'unchanged') return 'unchanged' as const;
        if (version !== undefined && version !== row.version) throw fail.conflict();
        const reviewing = command === 'accept' || command === 'reject';
        const written = await this.repo.writeTransition(tx, id, row.version, {
          ...t.to,
          reviewed: reviewing ? { by: user.id, reason: command === 'reject' ? reason : null } : undefined,
        });
        if (!written) return 'retry' as const;
        await this.repo.insertEvent(tx, {
          inspectionId: id,
          command,
          from: row.status,
          to: t.to.status,
          reason: command === 'reject' ? reason : null,
          userId: user.id,
        });
        if (command === 'accept') {
          // The asset's condition follows its latest accepted inspection; the tile cache's key
          // (data_versions 'network') moves with the asset row by trigger, in this transaction.
          await this.observations.recomputeCondition(tx, Number(row.asset_id));
          if (row.task_id !== null) await this.tasks.followInspection(tx, Number(row.task_id), 'inspection-accepted');
        }
        return 'changed' as const;
      });
      if (outcome !== 'retry') return { changed: outcome === 'changed' };
      if (attempt === 3) throw fail.conflict();
    }
  }

  private async locked(tx: Connection, id: number): Promise<InspectionLock> {
    const row = await this.repo.lock(tx, id);
    if (!row) throw fail.notFound('Inspection not found');
    return row;
  }

  // ---- inspection sessions ----

  /** The caller's sessions, open first; a reviewer or an editor may ask for another operator's. */
  async sessions(
    user: CurrentUser,
    q: { status?: SessionStatus; operatorId?: string; limit: number },
  ): Promise<InspectionSessionSummary[]> {
    const operatorId = q.operatorId ?? user.id;
    if (operatorId !== user.id && !hasReviewPermission(user)) throw fail.forbidden();
    return (await this.repo.sessions(operatorId, q.status, q.limit)).map(toSession);
  }

  /**
   * Starts a session for the caller; one open at a time, for an assignment of theirs (editors:
   * anyone's). Without a camera named, the one of the caller's inspection profile.
   */
  async startSession(user: CurrentUser, body: StartSessionRequest): Promise<InspectionSessionSummary> {
    const camera = body.camera || (await this.profiles.inspectionProfile(user)).camera;
    const id = await this.repo.transaction(async (tx) => {
      await this.repo.lockUser(tx, user.id);
      const open = await this.repo.openSessionOf(tx, user.id);
      if (open) {
        throw fail.illegalTransition(
          `You already have an open inspection session (#${open.id}, started ${iso(open.started_at)}); end it first.`,
        );
      }
      if (body.assignmentId !== undefined) {
        const assignment = await this.repo.assignment(tx, body.assignmentId);
        if (!assignment) throw fail.field('assignmentId', `There is no assignment ${body.assignmentId}.`);
        if (assignment.assigned_to !== user.id && !hasEditorPermissions(user.role)) throw fail.forbidden();
      }
      return this.repo.insertSession(tx, {
        assignmentId: body.assignmentId ?? null,
        operatorId: user.id,
        camera: camera || null,
      });
    });
    return this.session(id);
  }

  async endSession(
    user: CurrentUser,
    id: number,
    version: number | undefined,
  ): Promise<{ changed: boolean; session: InspectionSessionSummary }> {
    const changed = await this.repo.transaction(async (tx) => {
      const s = await this.repo.lockSession(tx, id);
      if (!s) throw fail.notFound('Inspection session not found');
      if (s.operator_id !== user.id && !hasEditorPermissions(user.role)) throw fail.forbidden();
      const t = sessionTransition(s.status, 'end');
      if (t.kind === 'illegal') throw fail.illegalTransition(t.reason);
      if (t.kind === 'unchanged') return false;
      if (version !== undefined && version !== s.version) throw fail.conflict();
      await this.repo.closeSession(tx, id);
      return true;
    });
    return { changed, session: await this.session(id) };
  }

  private async session(id: number): Promise<InspectionSessionSummary> {
    const row = await this.repo.session(id);
    if (!row) throw fail.notFound('Inspection session not found');
    return toSession(row);
  }
}

/** accept and reject are the office's (the route checks 'reviewer'); complete and reopen the crew's. */
function mayCommand(user: CurrentUser, row: InspectionLock, command: InspectionCommand): void {
  if (hasReviewPermission(user)) return;
  if (command === 'accept' || command === 'reject') throw fail.forbidden();
  if (row.created_by !== user.id && row.session_operator_id !== user.id) throw fail.forbidden();
}

function ownOpenSession(user: CurrentUser, session: { operator_id: string | null; status: SessionStatus } | undefined) {
  if (session?.operator_id !== user.id || session.status !== 'open') {
    throw fail.field('sessionId', 'Name an open inspection session of yours, or none.');
  }
}

function assetType(name: string, field: string): string {
  const type = name.toLowerCase();
  if (!(ASSET_TYPES as readonly string[]).includes(type)) {
    throw fail.field(field, `Inspections belong to a Node, Section or Lateral, not "${name}".`);
  }
  return type;
}

/** The grid's column filters: JSON text of { column: text }; anything else is a 400 naming `filters`. */
function parseFilters(text: string | undefined): Partial<Record<FilterColumn, string>> {
  if (text === undefined || text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail.field('filters', 'Send the column filters as JSON text: {"column": "text"}.');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw fail.field('filters', 'Send the column filters as JSON text: {"column": "text"}.');
  }
  const filters: Partial<Record<FilterColumn, string>> = {};
  for (const [column, value] of Object.entries(json)) {
    if (!(INSPECTION_FILTER_COLUMNS as readonly string[]).includes(column)) {
      throw fail.field('filters', `"${column}" cannot be filtered; use ${INSPECTION_FILTER_COLUMNS.join(', ')}.`);
    }
    if (typeof value !== 'string' || value.length > 200) {
      throw fail.field('filters', `The filter of ${column} must be text of at most 200 characters.`);
    }
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (column === 'review' && !(INSPECTION_REVIEWS as readonly string[]).includes(trimmed)) {
      throw fail.field('filters', `The review filter is one of ${INSPECTION_REVIEWS.join(', ')}.`);
    }
    filters[column as FilterColumn] = trimmed;
  }
  return filters;
}

function toSummary(r: InspectionRow): InspectionSummary {
  return {
    id: Number(r.id),
    assetType: r.asset_type,
    assetId: Number(r.asset_id),
    assetReadableId: r.asset_code,
    taskId: numOrNull(r.task_id),
    standardId: r.standard_id,
    inspectedAt: iso(r.inspected_at),
    status: r.status,
    direction: r.direction,
    lengthSurveyedM: numOrNull(r.length_surveyed_m),
    observationCount: r.observation_count,
    structuralPeak: numOrNull(r.str_peak),
    version: r.version,
  };
}

function toListRow(r: InspectionRow): InspectionListRow {
  return {
    ...toSummary(r),
    review: r.review,
    reviewReason: r.review_reason,
    reviewedBy: r.reviewed_by,
    reviewedAt: isoOrNull(r.reviewed_at),
    operationalPeak: numOrNull(r.om_peak),
    operator: r.operator,
    projectName: r.project_name,
    district: r.district,
  };
}

function toSession(r: SessionRow): InspectionSessionSummary {
  return {
    id: Number(r.id),
    assignmentId: numOrNull(r.assignment_id),
    operator:
      r.operator_id === null
        ? null
        : { id: r.operator_id, login: r.operator_login ?? '', displayName: r.operator_name ?? '' },
    camera: r.camera,
    startedAt: iso(r.started_at),
    endedAt: isoOrNull(r.ended_at),
    status: r.status,
    inspectionCount: r.inspection_count,
    version: r.version,
  };
}
