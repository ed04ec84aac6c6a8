/**
 * Planned work: the task lists of an asset, a project or a crew; starting a task and creating its
 * inspection; deleting tasks; and planning tasks on a selection of assets. Every state change is
 * core's taskTransition under a row lock, and an assignment's status always follows from its tasks
 * (assignmentStatus), recomputed in the same transaction.
 */
import {
  BULK_CREATE_MAX_TASKS,
  PLAN_MAX_TASKS,
  type BulkCreateResult,
  type BulkCreateValidation,
  type CreateTaskInspectionRequest,
  type DeletedIds,
  type DeleteTasksRequest,
  type PlanTasksRequest,
  type PlanTasksResult,
  type SkippedAsset,
  type TaskInspectionCreated,
  type TaskList,
  type TasksQuery,
  type TaskStartInfo,
  type TaskSummary,
  type TaskCommandResult,
} from '@manway/core/api/work';
import type { FormValues } from '@manway/core/forms/template';
import { TASK_STATES, type TaskState } from '@manway/core/domain/types';
import { assignmentStatus, taskTransition } from '@manway/core/domain/workflow';
import { hasEditorPermissions, hasReviewPermission, isGuest } from '@manway/core/roles';
import type { Connection } from '../../db/connection';
import { fail, FORBIDDEN_ACTION } from '../../errors';
import { refreshAssignmentsOfTasks } from '../work/assignments';
import type { FiltersService } from '../filters/service';
import type { FormsService } from '../forms/service';
import type { CurrentUser } from '../users/service';
import type {
  AssetSelection,
  LockedTask,
  Near,
  ProjectRow,
  SkippedRow,
  TaskRow,
  TaskScope,
  TasksRepository,
} from './repository';

export interface TasksCollaborators {
  forms: Pick<FormsService, 'createInspection'>;
  filters: Pick<FiltersService, 'matchingSubselect'>;
}

const ASSET_TYPE_KEYS = { Node: 'node', Section: 'section', Lateral: 'lateral' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NEEDS_SESSION = 'Start an inspection session first: the inspection is recorded in it.';
const NEEDS_FORM = 'There are no form templates to complete this operation. Please contact support.';

/** Another request created the task's inspection while this one was creating its own. */
class InspectionAlreadyCreated extends Error {}

function toSummary(r: TaskRow): TaskSummary {
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    projectName: r.project_name,
    taskType: r.task_type,
    state: r.state,
    assetType: r.asset_type,
    assetId: Number(r.asset_id),
    assetReadableId: r.asset_code,
    position: r.lon === null || r.lat === null ? null : { longitude: Number(r.lon), latitude: Number(r.lat) },
    distanceM: r.distance_m === null ? null : Math.round(Number(r.distance_m) * 10) / 10,
    district: r.district,
    dueDate: r.due_date,
    assignment:
      r.assignment_id === null
        ? null
        : {
            id: Number(r.assignment_id),
            assignedTo:
              r.assigned_to === null
                ? null
                : { id: r.assigned_to, login: r.assignee_login ?? '', displayName: r.assignee_name ?? '' },
            scheduledDate: r.scheduled_date,
            status: r.assignment_status!,
          },
    inspection: r.inspection_id === null ? null : { id: Number(r.inspection_id), status: r.inspection_status! },
    version: r.version,
  };
}

function parseNear(near: string | undefined): Near | null {
  if (near === undefined) return null;
  const [lon, lat] = near.split(',').map(Number) as [number, number];
  if (!(Math.abs(lon) <= 180 && Math.abs(lat) <= 90)) {
    throw fail.field('near', 'Give a longitude from -180 to 180 and a latitude from -90 to 90.');
  }
  return { lon, lat };
}

/** A non-editor works only on tasks assigned to them, or to nobody yet. */
function mayWorkOn(user: CurrentUser, assignedTo: string | null): boolean {
  return hasEditorPermissions(user.role) || assignedTo === null || assignedTo === user.id;
}

function skippedMessage(s: SkippedRow, project: ProjectRow): string {
  switch (s.reason) {
    case 'not-found':
      return 'no such asset of the selected type';
    case 'open-task':
      return s.open_task_id === null ? 'already has an open task' : `already has an open task (#${s.open_task_id})`;
    case 'not-inspectable':
      if (s.lifecycle_status === 'removed') return 'is removed';
      if (s.lifecycle_status === 'planned') return 'is not built yet';
      if (!project.has_inspection_form) return `the standard "${project.standard_name}" has no inspection form`;
      return `the standard "${project.standard_name}" does not cover ${s.object_type ?? 'this'} assets`;
  }
}

/** A selection of more than `max` assets is refused whole (400 naming selection). */
function checkSize(selected: number, max: number): void {
  if (selected > max) {
    throw fail.field('selection', `Select at most ${max.toLocaleString('en')} assets at once; narrow the selection.`);
  }
}

export class TasksService {
  constructor(
    private readonly repo: TasksRepository,
    private readonly deps: TasksCollaborators,
  ) {}

  // Lists ---------------------------------------------------------------------------------------------

  async list(user: CurrentUser, q: TasksQuery): Promise<TaskList> {
    const scope = await this.scopeOf(user, q);
    const [{ rows, total }, counts] = await Promise.all([
      this.repo.list(scope, q.taskState ?? null, parseNear(q.near), q.limit, q.offset),
      this.repo.counts(scope),
    ]);
    const byState = Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as Record<TaskState, number>;
    for (const c of counts) byState[c.state] = c.n;
    return { items: rows.map(toSummary), total, counts: byState };
  }

  private async scopeOf(user: CurrentUser, q: TasksQuery): Promise<TaskScope> {
    const type = q.parentObjectType;
    const id = q.parentObjectId;
    if (type === undefined) {
      if (id !== undefined)
        throw fail.field('parentObjectType', 'Name the type of the parent: Node, Section, Lateral, Project or User.');
      return { kind: 'all' };
    }
    if (id === undefined) throw fail.field('parentObjectId', `Name the ${type} whose tasks to list.`);
    if (type === 'User') {
      const userId = id === 'me' ? user.id : id;
      if (!UUID.test(userId)) throw fail.field('parentObjectId', 'Give a user id, or "me".');
      // A crew sees its own work list; the office (editors, reviewers) sees every crew's.
      const mayReadOthers = hasEditorPermissions(user.role) || hasReviewPermission(user);
      if (userId.toLowerCase() !== user.id.toLowerCase() && !mayReadOthers) throw fail.forbidden(FORBIDDEN_ACTION);
      if (!(await this.repo.userExists(userId))) throw fail.notFound('User not found');
      return { kind: 'user', id: userId };
    }
    const numeric = /^\d{1,15}$/.test(id) ? Number(id) : 0;
    if (numeric < 1) throw fail.field('parentObjectId', `Give the id of the ${type}.`);
    if (type === 'Project') {
      if (!(await this.repo.project(numeric))) throw fail.notFound('Project not found');
      return { kind: 'project', id: numeric };
    }
    const asset = await this.repo.asset(numeric);
    if (asset?.object_type !== ASSET_TYPE_KEYS[type]) throw fail.notFound(`${type} not found`);
    return { kind: 'asset', id: numeric };
  }

  // Starting ------------------------------------------------------------------------------------------

  async startInfo(user: CurrentUser, id: number): Promise<TaskStartInfo> {
    const row = await this.repo.summary(id);
    if (!row) throw fail.notFound('Task not found');
    const task = toSummary(row);
    const [context, project, session] = await Promise.all([
      this.repo.startContext(id),
      this.repo.project(task.projectId),
      isGuest(user.role) ? undefined : this.repo.openSession(user.id),
    ]);
    const move = taskTransition(task.state, 'start');
    let reason: string | null = null;
    if (move.kind === 'illegal') reason = move.reason;
    else if (isGuest(user.role)) reason = FORBIDDEN_ACTION;
    else if (!mayWorkOn(user, task.assignment?.assignedTo?.id ?? null)) {
      reason = `The task is assigned to ${task.assignment?.assignedTo?.displayName ?? 'another crew'}.`;
    }
    const needs: string[] = [];
    if (reason === null && task.state !== 'inspection-created' && task.taskType === 'inspect') {
      if (!project!.has_inspection_form) needs.push(NEEDS_FORM);
      if (!session) needs.push(NEEDS_SESSION);
    }
    const startNodes: TaskStartInfo['startNodes'] = [];
    if (context?.from_node_id) {
      startNodes.push({ id: Number(context.from_node_id), readableId: context.from_node_code!, end: 'from' });
    }
    if (context?.to_node_id) {
      startNodes.push({ id: Number(context.to_node_id), readableId: context.to_node_code!, end: 'to' });
    }
    return {
      task,
      asset: {
        type: task.assetType,
        id: task.assetId,
        readableId: task.assetReadableId,
        subtype: context?.asset_subtype ?? null,
      },
      project: { id: task.projectId, name: project!.name, standardId: project!.standard_id },
      standard: { id: project!.standard_id, name: project!.standard_name },
      startNodes,
      openSession: session
        ? { id: Number(session.id), camera: session.camera, startedAt: new Date(session.started_at).toISOString() }
        : null,
      needs,
      canStart: reason === null,
      reason,
    };
  }

  /**
   * The order of refusals: an unknown task 404; a command its state forbids 409 (for anyone: the
   * state is no secret); another crew's task 403; then, once it took effect, a resend answers
   * `changed: false` whatever version it names; else a stale version 409.
   */
  private checkCommand(user: CurrentUser, locked: LockedTask | undefined, command: 'start' | 'create-inspection') {
    if (!locked) throw fail.notFound('Task not found');
    const move = taskTransition(locked.state, command);
    if (move.kind === 'illegal') throw fail.illegalTransition(move.reason);
    if (!mayWorkOn(user, locked.assigned_to)) throw fail.forbidden(FORBIDDEN_ACTION);
    return move;
  }

  async start(user: CurrentUser, id: number, version: number | undefined): Promise<TaskCommandResult> {
    const changed = await this.repo.transaction(async (conn) => {
      const [locked] = await this.repo.lockTasks(conn, [id]);
      const move = this.checkCommand(user, locked, 'start');
      if (move.kind === 'unchanged') return false;
      if (version !== undefined && version !== locked!.version) throw fail.conflict();
      await this.repo.setState(conn, [id], move.to);
      await refreshAssignmentsOfTasks(conn, [id], user.id);
      return true;
    });
    return { changed, task: toSummary((await this.repo.summary(id))!) };
  }

  /**
   * The task's inspection, through the forms engine (its header checked against the standard's
   * template, defaults for the rest), with the task's state changed in the same transaction. Sent
   * again, it answers the inspection already made.
   */
  async createInspection(
    user: CurrentUser,
    id: number,
    body: CreateTaskInspectionRequest,
  ): Promise<TaskInspectionCreated> {
    const current = await this.repo.commandRow(id);
    const move = this.checkCommand(user, current, 'create-inspection');
    const existing = await this.repo.latestInspection(id);
    if (move.kind === 'unchanged' && existing !== undefined) return this.created(false, existing, id);
    if (move.kind === 'changed' && body.version !== undefined && body.version !== current!.version) {
      throw fail.conflict();
    }
    const sessionId = await this.sessionFor(user, body.sessionId);
    const project = (await this.repo.project(Number(current!.project_id)))!;
    try {
      const inspection = await this.deps.forms.createInspection(
        user,
        { parentId: Number(current!.asset_id), standardId: project.standard_id },
        (body.values ?? {}) as FormValues,
        { taskId: id, sessionId },
        async (tx) => {
          const [locked] = await this.repo.lockTasks(tx, [id]);
          const again = this.checkCommand(user, locked, 'create-inspection');
          if (again.kind === 'unchanged' && move.kind === 'changed') throw new InspectionAlreadyCreated();
          if (again.kind === 'changed') {
            if (body.version !== undefined && body.version !== locked!.version) throw fail.conflict();
            await this.repo.setState(tx, [id], again.to);
            await refreshAssignmentsOfTasks(tx, [id], user.id);
          }
        },
      );
      return this.created(true, inspection.id, id);
    } catch (error) {
      if (!(error instanceof InspectionAlreadyCreated)) throw error;
      return this.created(false, (await this.repo.latestInspection(id))!, id);
    }
  }

  /**
   * The task of an inspection the office accepted, or whose last inspection was deleted, moves as
   * the workflow says, in the caller's transaction; an illegal move refuses the whole command.
   */
  async followInspection(
    tx: Connection,
    taskId: number,
    command: 'inspection-accepted' | 'inspection-removed',
  ): Promise<void> {
    const [task] = await this.repo.lockTasks(tx, [taskId]);
    if (!task) return;
    const t = taskTransition(task.state, command);
    if (t.kind === 'illegal') throw fail.illegalTransition(t.reason);
    if (t.kind === 'unchanged') return;
    await this.repo.setState(tx, [taskId], t.to);
    await refreshAssignmentsOfTasks(tx, [taskId]);
  }

  private async created(changed: boolean, inspectionId: number, id: number): Promise<TaskInspectionCreated> {
    return { changed, inspectionId, task: toSummary((await this.repo.summary(id))!) };
  }

  /** The session named (an open one of the caller's, else 400), or the caller's open one, if any. */
  private async sessionFor(user: CurrentUser, sessionId: number | undefined): Promise<number | undefined> {
    const session = await this.repo.openSession(user.id, sessionId);
    if (sessionId !== undefined && !session) {
      throw fail.field('sessionId', 'Name an inspection session of yours that is still open.');
    }
    return session ? Number(session.id) : undefined;
  }

  // Deleting ------------------------------------------------------------------------------------------

  /** All or nothing: 404 for an unknown id, 409 for a stale version or a task its state keeps. */
  delete(body: DeleteTasksRequest): Promise<DeletedIds> {
    const ids = [...new Set(body.TaskIds)];
    return this.repo.transaction(async (conn) => {
      const locked = await this.repo.lockTasks(conn, ids);
      const found = new Map(locked.map((t) => [Number(t.id), t]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw fail.notFound(`Object not found: task ${missing.join(', ')}`);
      if (body.Versions && body.TaskIds.some((id, i) => found.get(id)!.version !== body.Versions![i])) {
        throw fail.conflict();
      }
      const refused: string[] = [];
      const changing: number[] = [];
      for (const t of locked) {
        const move = taskTransition(t.state, 'delete');
        if (move.kind === 'illegal') refused.push(`Task ${t.id} (${t.asset_code}): ${move.reason}`);
        else if (t.inspections > 0) {
          refused.push(`Task ${t.id} (${t.asset_code}): The task cannot be deleted: it has an inspection.`);
        } else if (move.kind === 'changed') changing.push(Number(t.id));
      }
      if (refused.length) throw fail.illegalTransition(refused.join('\n'));
      if (changing.length) {
        await this.repo.setState(conn, changing, 'deleted');
        await refreshAssignmentsOfTasks(conn, changing);
      }
      return { Deleted: locked.map((t) => Number(t.id)) };
    });
  }

  // Planning ------------------------------------------------------------------------------------------

  /**
   * The checks plan, validate and bulk-create share; answers what to plan on. Ids picked are counted
   * here; a box's or a filter's assets by the planning statement itself (`checkSize` after it), so a
   * large selection is not scanned twice.
   */
  private async prepare(user: CurrentUser, body: PlanTasksRequest, max: number) {
    const project = await this.repo.project(body.projectId);
    if (!project) throw fail.field('projectId', 'The project does not exist.');
    if (project.status === 'completed' || project.status === 'archived') {
      throw fail.field(
        'projectId',
        `The project "${project.name}" is ${project.status}: plan work in an open project.`,
      );
    }
    if (body.assignedTo !== undefined && !(await this.repo.assignableUser(body.assignedTo))) {
      throw fail.field(
        'assignedTo',
        'Assign the work to an existing, enabled user who is neither a guest nor a sync agent.',
      );
    }
    const selection = await this.selectionOf(user, body.selection);
    if (selection.kind === 'ids') checkSize(new Set(selection.ids).size, max);
    return { project, selection };
  }

  private async selectionOf(user: CurrentUser, s: PlanTasksRequest['selection']): Promise<AssetSelection> {
    switch (s.kind) {
      case 'ids':
        return { kind: 'ids', objectType: ASSET_TYPE_KEYS[s.objectType], ids: s.ids };
      case 'extent': {
        const [w, south, e, n] = s.extent;
        if (w > e || south > n) throw fail.field('selection.extent', 'Give west, south, east, north in that order.');
        return { kind: 'extent', objectType: ASSET_TYPE_KEYS[s.objectType], extent: s.extent };
      }
      case 'saved-filter': {
        const m = await this.deps.filters.matchingSubselect(user.id, s.name, 'selection.name');
        return { kind: 'subselect', objectType: m.objectType, select: m.select };
      }
    }
  }

  private newWork(body: PlanTasksRequest) {
    const assignedTo = body.assignedTo ?? null;
    return {
      projectId: body.projectId,
      taskType: body.taskType,
      dueDate: body.dueDate ?? null,
      assignedTo,
      scheduledDate: body.scheduledDate ?? null,
      assignmentStatus: assignmentStatus(assignedTo, ['planned']),
    };
  }

  private skipped(rows: SkippedRow[], project: ProjectRow): SkippedAsset[] {
    return rows.map((s) => ({
      assetId: Number(s.asset_id),
      assetReadableId: s.asset_code,
      reason: s.reason,
      message: skippedMessage(s, project),
    }));
  }

  /** A handful of tasks picked by hand, answered in full. */
  async plan(user: CurrentUser, body: PlanTasksRequest): Promise<PlanTasksResult> {
    const { project, selection } = await this.prepare(user, body, PLAN_MAX_TASKS);
    return this.repo.transaction(async (conn) => {
      const made = await this.repo.createPlanned(conn, selection, this.newWork(body), PLAN_MAX_TASKS, true);
      checkSize(made.selected, PLAN_MAX_TASKS);
      const ids = (made.task_ids ?? []).map(Number);
      const tasks = ids.length ? (await this.repo.summaries(conn, ids)).map(toSummary) : [];
      return { tasks, skipped: this.skipped(made.skipped, project) };
    });
  }

  async validateBulk(user: CurrentUser, body: PlanTasksRequest): Promise<BulkCreateValidation> {
    const { project, selection } = await this.prepare(user, body, BULK_CREATE_MAX_TASKS);
    const c = await this.repo.classify(selection, body.projectId, BULK_CREATE_MAX_TASKS);
    checkSize(c.selected, BULK_CREATE_MAX_TASKS);
    return {
      selected: c.selected,
      willCreate: c.will_create,
      skippedCount: c.skipped_count,
      skipped: this.skipped(c.skipped, project),
    };
  }

  async bulkCreate(user: CurrentUser, body: PlanTasksRequest): Promise<BulkCreateResult> {
    const { project, selection } = await this.prepare(user, body, BULK_CREATE_MAX_TASKS);
    const made = await this.repo.transaction(async (conn) => {
      const planned = await this.repo.createPlanned(conn, selection, this.newWork(body), BULK_CREATE_MAX_TASKS, false);
      checkSize(planned.selected, BULK_CREATE_MAX_TASKS);
      return planned;
    });
    return {
      selected: made.selected,
      willCreate: made.will_create,
      skippedCount: made.skipped_count,
      skipped: this.skipped(made.skipped, project),
      created: made.created,
      assignmentId: made.assignment_id === null ? null : Number(made.assignment_id),
    };
  }
}
