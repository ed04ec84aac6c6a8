/**
 * The inspection workflow's states and the one place that decides every change of them (DOMAIN.md:
 * task, assignment, inspection session, inspection statuses). Services ask these functions before
 * they write, and write only what they answer, so no call can reach a state the diagram forbids.
 *
 * Every command sent again once it took effect answers `unchanged` instead of failing: a crew on a
 * bad network resends, and two office users pressing Accept at once get one acceptance between them.
 */

import { hasEditorPermissions, hasReviewPermission, isGuest, type Role } from '../roles';
import type { AssignmentStatus, InspectionStatus, TaskState } from './types';

// ---- inspections -------------------------------------------------------------------------------

export type InspectionReview = 'accepted' | 'rejected' | null;

/** Completed ⇔ accepted (the database checks the same); a rejected inspection goes back to the crew. */
export interface InspectionState {
  status: InspectionStatus;
  review: InspectionReview;
}

/**
 * - complete: the crew is done in the field; the inspection waits for the office (incomplete → pending);
 * - reopen: the crew takes a pending inspection back before the office decided (pending → incomplete);
 * - accept: the office accepts it (pending → completed, accepted); the asset's condition follows it;
 * - reject: the office sends it back with a reason (pending → incomplete, rejected).
 */
export const INSPECTION_COMMANDS = ['complete', 'reopen', 'accept', 'reject'] as const;
export type InspectionCommand = (typeof INSPECTION_COMMANDS)[number];

export type Transition<S> = { kind: 'changed'; to: S } | { kind: 'unchanged' } | { kind: 'illegal'; reason: string };

const STATUS_TEXT: Record<InspectionStatus, string> = {
  incomplete: 'still in the field',
  pending: 'waiting for the office',
  completed: 'accepted',
};

const changed = <S>(to: S): Transition<S> => ({ kind: 'changed', to });
const unchanged = { kind: 'unchanged' } as const;
const illegal = (reason: string) => ({ kind: 'illegal', reason }) as const;

export function inspectionTransition(from: InspectionState, command: InspectionCommand): Transition<InspectionState> {
  const now = STATUS_TEXT[from.status];
  switch (command) {
    case 'complete':
      if (from.status === 'incomplete') return changed({ status: 'pending', review: from.review });
      if (from.status === 'pending') return unchanged;
      return illegal(`The inspection cannot be completed: it is ${now}.`);
    case 'reopen':
      if (from.status === 'pending') return changed({ status: 'incomplete', review: from.review });
      if (from.status === 'incomplete') return unchanged;
      return illegal(`The inspection cannot be reopened: it is ${now}.`);
    case 'accept':
      if (from.status === 'pending') return changed({ status: 'completed', review: 'accepted' });
      if (from.status === 'completed') return unchanged;
      return illegal(`The inspection cannot be accepted: it is ${now}.`);
    case 'reject':
      if (from.status === 'pending') return changed({ status: 'incomplete', review: 'rejected' });
      if (from.status === 'incomplete' && from.review === 'rejected') return unchanged;
      return illegal(`The inspection cannot be rejected: it is ${now}.`);
    default: {
      const unknown: never = command;
      return illegal(`Unknown command ${String(unknown)}.`);
    }
  }
}

/** Deleting an inspection: only one not yet accepted (an accepted one is the asset's record). */
export function inspectionDeletable(state: InspectionState): { ok: true } | { ok: false; reason: string } {
  return state.status === 'completed'
    ? { ok: false, reason: 'An accepted inspection cannot be deleted: it is the record of the asset’s condition.' }
    : { ok: true };
}

// ---- tasks -------------------------------------------------------------------------------------

/** Tasks still to be done: the crews' work and what the office follows. */
export const OPEN_TASK_STATES = ['planned', 'started', 'inspection-created'] as const satisfies readonly TaskState[];

/**
 * - start: the crew starts the task (planned → started);
 * - create-inspection: its inspection is created (planned or started → inspection-created);
 * - inspection-accepted: the office accepted its inspection (inspection-created → completed);
 * - inspection-removed: its only inspection was deleted (inspection-created → started);
 * - delete: the office drops the task before anything was recorded (planned or started → deleted).
 */
export const TASK_COMMANDS = [
  'start',
  'create-inspection',
  'inspection-accepted',
  'inspection-removed',
  'delete',
] as const;
export type TaskCommand = (typeof TASK_COMMANDS)[number];

const TASK_TEXT: Record<TaskState, string> = {
  planned: 'planned',
  started: 'started',
  'inspection-created': 'being inspected',
  completed: 'completed',
  deleted: 'deleted',
};

export function taskTransition(from: TaskState, command: TaskCommand): Transition<TaskState> {
  const now = TASK_TEXT[from];
  switch (command) {
    case 'start':
      if (from === 'planned') return changed('started');
      if (from === 'started' || from === 'inspection-created') return unchanged;
      return illegal(`The task cannot be started: it is ${now}.`);
    case 'create-inspection':
      if (from === 'planned' || from === 'started') return changed('inspection-created');
      if (from === 'inspection-created') return unchanged;
      return illegal(`No inspection can be created for the task: it is ${now}.`);
    case 'inspection-accepted':
      if (from === 'inspection-created') return changed('completed');
      if (from === 'completed') return unchanged;
      return illegal(`The task cannot be completed: it is ${now}.`);
    case 'inspection-removed':
      if (from === 'inspection-created') return changed('started');
      if (from === 'started') return unchanged;
      return illegal(`The task has no inspection to remove: it is ${now}.`);
    case 'delete':
      if (from === 'planned' || from === 'started') return changed('deleted');
      if (from === 'deleted') return unchanged;
      return illegal(`The task cannot be deleted: it is ${now}; its inspection is kept with it.`);
    default: {
      const unknown: never = command;
      return illegal(`Unknown command ${String(unknown)}.`);
    }
  }
}

// ---- assignments and sessions -------------------------------------------------------------------

/**
 * An assignment's status follows from its crew and its tasks' states; it is never set by hand.
 * Without a crew it is unassigned whatever its tasks (the database checks the same).
 */
export function assignmentStatus(assignedTo: string | null, tasks: readonly TaskState[]): AssignmentStatus {
  if (assignedTo === null) return 'unassigned';
  if (tasks.length > 0 && tasks.every((t) => t === 'deleted')) return 'cancelled';
  if (tasks.length > 0 && tasks.every((t) => t === 'completed' || t === 'deleted')) return 'done';
  if (tasks.some((t) => t !== 'planned' && t !== 'deleted')) return 'in-progress';
  return 'assigned';
}

export const SESSION_STATUSES = ['open', 'closed'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_COMMANDS = ['end'] as const;
export type SessionCommand = (typeof SESSION_COMMANDS)[number];

export function sessionTransition(from: SessionStatus, command: SessionCommand): Transition<SessionStatus> {
  if (command !== 'end') return illegal(`Unknown command ${String(command)}.`);
  return from === 'open' ? changed('closed') : unchanged;
}

// ---- who may change an inspection's header and observations -------------------------------------

/**
 * Whether a user may change an inspection's header, observations and photos in its status (null:
 * a record of an asset, no inspection). Being recorded, any crew member; sent for review, it is
 * the office's to correct (editors and reviewers), and the crew takes it back first; accepted, it
 * is the asset's condition record, which only editors change. Guests never change anything.
 */
export function mayChangeInspection(user: { role: Role; review: boolean }, status: InspectionStatus | null): boolean {
  if (isGuest(user.role)) return false;
  if (status === 'completed') return hasEditorPermissions(user.role);
  if (status === 'pending') return hasReviewPermission(user);
  return true;
}
