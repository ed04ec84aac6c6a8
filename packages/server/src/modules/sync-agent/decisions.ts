/**
 * The Office's decisions as the Field takes them in (scenario 1's second step): for each open task the
 * Field holds, what the Office did with it and with its latest inspection, applied through core's
 * workflow so the Field's copies only ever move as the Field's own calls could move them.
 *
 * - Rejected: the Field's pending inspection goes back to its crew (incomplete, rejected, the reason,
 *   when and by whom), its task stays open. When the crew took it back after sending it, their work is
 *   not touched and the rejection is still recorded: the Office decided on the copy as sent, and that
 *   leaves the inspection where the crew has it.
 * - Accepted: the Field's pending inspection is accepted and its task completed, so it leaves the
 *   crew's work. One the crew took back after sending is kept as they left it (the Office's acceptance
 *   would undo their changes); the task stays open until they complete it and it is sent again.
 * - Task completed (with no inspection of it here): the Field's copy follows the commands the Office's
 *   task went through (create-inspection, inspection-accepted).
 * - Task deleted: only as core allows (planned or started, no inspection here); otherwise kept.
 * - An inspection recorded outside any task (asked by its own global id): rejected or accepted by the
 *   same rules as a task's, with no task to follow.
 *
 * A decision the Field has taken in already (the same review time) changes nothing, so a second run
 * writes nothing.
 */
import type { InspectionDecision, TaskDecisionRecord } from '@manway/core/api/sync-data';
import type { TaskState } from '@manway/core/domain/types';
import {
  inspectionTransition,
  taskTransition,
  type InspectionState,
  type TaskCommand,
} from '@manway/core/domain/workflow';
import type { DecisionWrite, FieldCopy, FieldInspection, FieldInspectionOutsideTask } from './transfer-repository';

/** The commands an Office task went through to be completed: the Field's copy follows them. */
const COMPLETING: TaskCommand[] = ['create-inspection', 'inspection-accepted'];

export function decideOfficeDecision(record: TaskDecisionRecord, here: FieldCopy): DecisionWrite {
  const out: DecisionWrite = { kept: false, notes: [] };
  const statuses = new Map(here.inspections.map((i) => [i.globalId, i.status]));
  const task = `the task on ${here.task.assetCode}`;
  const office = record.inspection;
  const copy = office ? here.inspections.find((i) => i.globalId === office.globalId) : undefined;
  let keptInspection = false;
  if (office && copy) {
    const review = decideReview(office, copy, here.task.assetCode);
    out.notes.push(...review.notes);
    if (review.inspection) {
      out.inspection = review.inspection;
      statuses.set(copy.globalId, review.inspection.status);
    }
    if (review.kept) {
      keptInspection = true;
      out.kept = true;
    }
  }

  if (record.state === 'completed') {
    const open = [...statuses.values()].filter((s) => s !== 'completed').length;
    if (open > 0) {
      out.kept = true;
      if (!keptInspection) {
        out.notes.push(
          `Kept ${task} open: the Office completed it, but ` +
            `${open === 1 ? 'an inspection of it here is' : `${open} inspections of it here are`} not accepted yet.`,
        );
      }
    } else {
      const to = follow(here.task.state, COMPLETING);
      if (to !== here.task.state) {
        out.task = to;
        out.notes.push(`Completed in the Office: ${task}.`);
      }
    }
  } else if (record.state === 'deleted') {
    const t = taskTransition(here.task.state, 'delete');
    if (t.kind === 'illegal') {
      out.kept = true;
      out.notes.push(`Kept ${task}: the Office deleted it. ${t.reason}`);
    } else if (t.kind === 'changed' && here.inspections.length > 0) {
      // As the tasks service has it: a task with an inspection is not deleted.
      out.kept = true;
      out.notes.push(`Kept ${task}: the Office deleted it. The task cannot be deleted: it has an inspection here.`);
    } else if (t.kind === 'changed') {
      out.task = t.to;
      out.notes.push(`Deleted in the Office: ${task}.`);
    }
  }
  return out;
}

/**
 * The Office's decision on an inspection the Field recorded outside any task: the same rules as for a
 * task's inspection (decideReview), with no task to follow.
 */
export function decideInspectionDecision(record: InspectionDecision, here: FieldInspectionOutsideTask): DecisionWrite {
  return decideReview(record, here.inspection, here.assetCode);
}

/**
 * The Office's review taken into the Field's copy of the inspection it decided on (the rules in the
 * file's comment), asked of core's workflow. Nothing to take in (no review yet, or this very review
 * taken in already) writes nothing and says nothing.
 */
function decideReview(office: InspectionDecision, copy: FieldInspection, assetCode: string): DecisionWrite {
  const out: DecisionWrite = { kept: false, notes: [] };
  const command =
    office.status === 'completed' && office.review === 'accepted'
      ? 'accept'
      : office.status === 'incomplete' && office.review === 'rejected'
        ? 'reject'
        : undefined;
  const now = command ? inspectionTransition(copy, command) : undefined;
  // An inspection accepted here already has nothing to take in.
  const takeIn = now !== undefined && !(command === 'accept' && now.kind === 'unchanged');
  if (!command || !now || !takeIn || office.reviewedAt === null || copy.sameReview) return out;
  const label = `the inspection of ${assetCode} on ${copy.inspectedAt.slice(0, 10)}`;
  const by = office.reviewedBy ? ` by ${office.reviewedBy.displayName}` : '';
  let to: InspectionState | undefined = now.kind === 'changed' ? now.to : undefined;
  if (!to) {
    // The crew took it back after sending it: the Office decided on the copy as sent (pending).
    const sent = inspectionTransition({ status: 'pending', review: copy.review }, command);
    if (sent.kind === 'changed' && sent.to.status === copy.status) to = sent.to;
  }
  if (!to) {
    out.kept = true;
    out.notes.push(
      command === 'accept' && copy.status === 'incomplete'
        ? `Kept ${label} as the crew left it: the Office accepted it as it was sent, and the crew has taken it ` +
            'back since; complete it to send the changes.'
        : `Kept ${label} as it is here: the Office ${command === 'accept' ? 'accepted' : 'rejected'} it, but ` +
            `${lowerFirst(now.kind === 'illegal' ? now.reason : 'it is already so here.')}`,
    );
    return out;
  }
  const reason = command === 'reject' ? oneLine(office.reviewReason ?? '') : null;
  out.inspection = {
    id: copy.id,
    assetId: copy.assetId,
    command,
    from: copy.status,
    status: to.status,
    review: to.review,
    reason,
    reviewedAt: office.reviewedAt,
    reviewedByGlobalId: office.reviewedBy?.globalId ?? null,
  };
  if (command === 'accept') out.notes.push(`Accepted in the Office${by}: ${label}.`);
  else if (to.status === copy.status) {
    out.notes.push(
      `Rejected in the Office${by}: ${label} ("${reason}"); the crew had taken it back since it was sent, ` +
        'and their changes are kept.',
    );
  } else out.notes.push(`Rejected in the Office${by}: ${label}, back with the crew ("${reason}").`);
  return out;
}

/** The state a task reaches through the commands, each asked of core; it stops at one core refuses. */
function follow(from: TaskState, commands: TaskCommand[]): TaskState {
  let state = from;
  for (const command of commands) {
    const t = taskTransition(state, command);
    if (t.kind === 'illegal') return from;
    if (t.kind === 'changed') state = t.to;
  }
  return state;
}

/** A reason written over several lines, on one (the logs are read line by line). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
