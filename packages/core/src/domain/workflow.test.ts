import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSPECTION_STATUSES, TASK_STATES, type TaskState } from './types';
import {
  assignmentStatus,
  INSPECTION_COMMANDS,
  inspectionDeletable,
  inspectionTransition,
  mayChangeInspection,
  sessionTransition,
  TASK_COMMANDS,
  taskTransition,
  type InspectionCommand,
  type InspectionState,
  type TaskCommand,
} from './workflow';

// The diagrams as DOMAIN.md and the issue draw them, written out edge by edge, independently of the
// functions under test: every change the functions make must be one of these.
const INSPECTION_EDGES: [string, InspectionCommand, string][] = [
  ['incomplete/-', 'complete', 'pending/-'],
  ['incomplete/rejected', 'complete', 'pending/rejected'],
  ['pending/-', 'reopen', 'incomplete/-'],
  ['pending/rejected', 'reopen', 'incomplete/rejected'],
  ['pending/-', 'accept', 'completed/accepted'],
  ['pending/rejected', 'accept', 'completed/accepted'],
  ['pending/-', 'reject', 'incomplete/rejected'],
  ['pending/rejected', 'reject', 'incomplete/rejected'],
];
const TASK_EDGES: [TaskState, TaskCommand, TaskState][] = [
  ['planned', 'start', 'started'],
  ['planned', 'create-inspection', 'inspection-created'],
  ['started', 'create-inspection', 'inspection-created'],
  ['inspection-created', 'inspection-accepted', 'completed'],
  ['inspection-created', 'inspection-removed', 'started'],
  ['planned', 'delete', 'deleted'],
  ['started', 'delete', 'deleted'],
];

const key = (s: InspectionState) => `${s.status}/${s.review ?? '-'}`;
const NEW_INSPECTION: InspectionState = { status: 'incomplete', review: null };

const inspectionCommands = fc.array(fc.constantFrom(...INSPECTION_COMMANDS), { maxLength: 40 });
const taskCommands = fc.array(fc.constantFrom(...TASK_COMMANDS), { maxLength: 40 });

describe('the inspection workflow', () => {
  it('no sequence of commands reaches a state the diagram forbids, and every change is an edge of it', () => {
    const edges = new Set(INSPECTION_EDGES.map(([from, c, to]) => `${from} ${c} ${to}`));
    fc.assert(
      fc.property(inspectionCommands, (commands) => {
        let state = NEW_INSPECTION;
        for (const command of commands) {
          const t = inspectionTransition(state, command);
          if (t.kind === 'changed') {
            expect(edges).toContain(`${key(state)} ${command} ${key(t.to)}`);
            state = t.to;
          }
          // The database's check: completed exactly when accepted.
          expect(state.status === 'completed').toBe(state.review === 'accepted');
        }
      }),
    );
  });

  it('a command sent twice takes effect once: the second answers unchanged', () => {
    fc.assert(
      fc.property(inspectionCommands, fc.constantFrom(...INSPECTION_COMMANDS), (before, command) => {
        let state = NEW_INSPECTION;
        for (const c of before) {
          const t = inspectionTransition(state, c);
          if (t.kind === 'changed') state = t.to;
        }
        const first = inspectionTransition(state, command);
        if (first.kind !== 'changed') return;
        expect(inspectionTransition(first.to, command)).toEqual({ kind: 'unchanged' });
      }),
    );
  });

  it('only a pending inspection is accepted or rejected, and an accepted one accepts nothing else', () => {
    for (const status of INSPECTION_STATUSES) {
      for (const review of [null, 'rejected', 'accepted'] as const) {
        if ((status === 'completed') !== (review === 'accepted')) continue;
        const state = { status, review };
        expect(inspectionTransition(state, 'accept').kind).toBe(
          status === 'pending' ? 'changed' : status === 'completed' ? 'unchanged' : 'illegal',
        );
        if (status === 'completed') {
          expect(inspectionTransition(state, 'reject').kind).toBe('illegal');
          expect(inspectionTransition(state, 'complete').kind).toBe('illegal');
          expect(inspectionTransition(state, 'reopen').kind).toBe('illegal');
        }
      }
    }
  });

  it('an illegal command says why in words', () => {
    const t = inspectionTransition({ status: 'incomplete', review: null }, 'accept');
    expect(t).toEqual({ kind: 'illegal', reason: 'The inspection cannot be accepted: it is still in the field.' });
  });

  it('a rejected inspection goes back to the crew, who complete it again for another review', () => {
    const rejected = inspectionTransition({ status: 'pending', review: null }, 'reject');
    expect(rejected).toEqual({ kind: 'changed', to: { status: 'incomplete', review: 'rejected' } });
    const resent = inspectionTransition({ status: 'incomplete', review: 'rejected' }, 'complete');
    expect(resent).toEqual({ kind: 'changed', to: { status: 'pending', review: 'rejected' } });
  });

  it('an accepted inspection cannot be deleted; any other can', () => {
    expect(inspectionDeletable({ status: 'completed', review: 'accepted' }).ok).toBe(false);
    expect(inspectionDeletable({ status: 'pending', review: null }).ok).toBe(true);
    expect(inspectionDeletable({ status: 'incomplete', review: 'rejected' }).ok).toBe(true);
  });
});

describe('the task workflow', () => {
  it('no sequence of commands reaches a state the diagram forbids, and every change is an edge of it', () => {
    const edges = new Set(TASK_EDGES.map(([from, c, to]) => `${from} ${c} ${to}`));
    fc.assert(
      fc.property(fc.constantFrom(...TASK_STATES), taskCommands, (start, commands) => {
        let state = start;
        for (const command of commands) {
          const t = taskTransition(state, command);
          if (t.kind === 'changed') {
            expect(edges).toContain(`${state} ${command} ${t.to}`);
            state = t.to;
          }
        }
      }),
    );
  });

  it('a command sent twice takes effect once: the second answers unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TASK_STATES), fc.constantFrom(...TASK_COMMANDS), (state, command) => {
        const first = taskTransition(state, command);
        if (first.kind === 'changed') expect(taskTransition(first.to, command)).toEqual({ kind: 'unchanged' });
      }),
    );
  });

  it('deleted and completed tasks are final: nothing moves them', () => {
    for (const command of TASK_COMMANDS) {
      expect(taskTransition('deleted', command).kind).not.toBe('changed');
      expect(taskTransition('completed', command).kind).not.toBe('changed');
    }
  });

  it('a task whose inspection exists cannot be deleted', () => {
    expect(taskTransition('inspection-created', 'delete')).toMatchObject({ kind: 'illegal' });
  });
});

describe('assignments and sessions', () => {
  it("an assignment's status follows its crew and its tasks", () => {
    expect(assignmentStatus(null, ['planned', 'planned'])).toBe('unassigned');
    expect(assignmentStatus(null, ['completed'])).toBe('unassigned');
    expect(assignmentStatus('crew', ['planned', 'deleted'])).toBe('assigned');
    expect(assignmentStatus('crew', ['started', 'planned'])).toBe('in-progress');
    expect(assignmentStatus('crew', ['completed', 'inspection-created'])).toBe('in-progress');
    expect(assignmentStatus('crew', ['completed', 'deleted'])).toBe('done');
    expect(assignmentStatus('crew', ['deleted', 'deleted'])).toBe('cancelled');
  });

  it('only an assignment without a crew is unassigned, and it stays so whatever its tasks (the database checks it)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constant('crew'), { nil: null }),
        fc.array(fc.constantFrom(...TASK_STATES), { minLength: 1, maxLength: 10 }),
        (crew, tasks) => {
          const status = assignmentStatus(crew, tasks);
          expect(status === 'unassigned').toBe(crew === null);
          if (crew !== null) expect(status === 'cancelled').toBe(tasks.every((t) => t === 'deleted'));
        },
      ),
    );
  });

  it('a session ends once; ending it again changes nothing', () => {
    expect(sessionTransition('open', 'end')).toEqual({ kind: 'changed', to: 'closed' });
    expect(sessionTransition('closed', 'end')).toEqual({ kind: 'unchanged' });
  });
});

describe('who may change an inspection', () => {
  const crew = { role: 'regular', review: false } as const;
  const reviewer = { role: 'regular', review: true } as const;
  const editor = { role: 'editor', review: false } as const;
  const guest = { role: 'guest', review: true } as const;

  it('being recorded, any crew member changes it; a guest never does', () => {
    expect(mayChangeInspection(crew, 'incomplete')).toBe(true);
    expect(mayChangeInspection(crew, null)).toBe(true);
    for (const status of [...INSPECTION_STATUSES, null]) expect(mayChangeInspection(guest, status)).toBe(false);
  });

  it('sent for review, the office corrects it and the crew takes it back first', () => {
    expect(mayChangeInspection(crew, 'pending')).toBe(false);
    expect(mayChangeInspection(reviewer, 'pending')).toBe(true);
    expect(mayChangeInspection(editor, 'pending')).toBe(true);
  });

  it('accepted, only editors change it', () => {
    expect(mayChangeInspection(crew, 'completed')).toBe(false);
    expect(mayChangeInspection(reviewer, 'completed')).toBe(false);
    expect(mayChangeInspection(editor, 'completed')).toBe(true);
  });
});
