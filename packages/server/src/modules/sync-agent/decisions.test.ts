import { describe, expect, it } from 'vitest';
import type { InspectionDecision, TaskDecisionRecord } from '@manway/core/api/sync-data';
import type { TaskState } from '@manway/core/domain/types';
import { decideInspectionDecision, decideOfficeDecision } from './decisions';
import type { FieldCopy, FieldInspection } from './transfer-repository';

const g = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AT = '2026-02-02T10:15:00.123456+00:00';

const office = (state: TaskState, inspection: Partial<InspectionDecision> | null): TaskDecisionRecord => ({
  globalId: g(1),
  state,
  inspection:
    inspection === null
      ? null
      : {
          globalId: g(2),
          status: 'completed',
          review: 'accepted',
          reviewReason: null,
          reviewedAt: AT,
          reviewedBy: { globalId: g(3), displayName: 'Olive Office' },
          ...inspection,
        },
});

const here = (state: TaskState, inspection?: Partial<FieldInspection>): FieldCopy => ({
  task: { id: '5', state, assetCode: 'SEC-1' },
  inspections: inspection
    ? [
        {
          id: '21',
          globalId: g(2),
          assetId: '11',
          status: 'pending',
          review: null,
          inspectedAt: '2026-02-01T09:00:00+00:00',
          sameReview: false,
          ...inspection,
        },
      ]
    : [],
});

describe("the Office's decisions taken in by the Field", () => {
  it('a rejection sends the pending inspection back to the crew with its reason, the task staying open', () => {
    const d = decideOfficeDecision(
      office('inspection-created', { status: 'incomplete', review: 'rejected', reviewReason: 'Video\nmissing' }),
      here('inspection-created', {}),
    );
    expect(d.inspection).toMatchObject({
      command: 'reject',
      from: 'pending',
      status: 'incomplete',
      review: 'rejected',
      reason: 'Video missing',
      reviewedAt: AT,
      reviewedByGlobalId: g(3),
    });
    expect(d.task).toBeUndefined();
    expect(d.kept).toBe(false);
  });

  it('an acceptance accepts the pending inspection and completes its task', () => {
    const d = decideOfficeDecision(office('completed', {}), here('inspection-created', {}));
    expect(d.inspection).toMatchObject({ command: 'accept', from: 'pending', status: 'completed', review: 'accepted' });
    expect(d.task).toBe('completed');
  });

  it('a decision taken in already changes nothing', () => {
    const d = decideOfficeDecision(
      office('inspection-created', { status: 'incomplete', review: 'rejected', reviewReason: 'x' }),
      here('inspection-created', { status: 'pending', review: 'rejected', sameReview: true }),
    );
    expect(d).toEqual({ kept: false, notes: [] });
  });

  it('a task completed in the Office with no inspection here follows the commands the Office task went through', () => {
    expect(decideOfficeDecision(office('completed', null), here('planned')).task).toBe('completed');
    expect(decideOfficeDecision(office('completed', { globalId: g(9) }), here('started')).task).toBe('completed');
  });

  it('an inspection accepted here already is not accepted again', () => {
    const d = decideOfficeDecision(office('completed', {}), here('inspection-created', { status: 'completed' }));
    expect(d.inspection).toBeUndefined();
    expect(d.task).toBe('completed');
  });

  it('a rejection of an inspection accepted here is kept, with core’s reason', () => {
    const d = decideOfficeDecision(
      office('inspection-created', { status: 'incomplete', review: 'rejected', reviewReason: 'x' }),
      here('completed', { status: 'completed', review: 'accepted' }),
    );
    expect(d.inspection).toBeUndefined();
    expect(d.kept).toBe(true);
    expect(d.notes).toEqual([
      'Kept the inspection of SEC-1 on 2026-02-01 as it is here: the Office rejected it, but the inspection cannot be rejected: it is accepted.',
    ]);
  });

  it('a pending review in the Office (an answer to a rejection not yet decided) changes nothing', () => {
    const d = decideOfficeDecision(
      office('inspection-created', { status: 'pending', review: 'rejected', reviewReason: 'x' }),
      here('inspection-created', { status: 'pending', review: 'rejected', sameReview: false }),
    );
    expect(d).toEqual({ kept: false, notes: [] });
  });

  it('a task deleted in the Office is deleted here only while core allows it and it has no inspection', () => {
    expect(decideOfficeDecision(office('deleted', null), here('started')).task).toBe('deleted');
    const withInspection = decideOfficeDecision(office('deleted', null), here('started', { status: 'incomplete' }));
    expect(withInspection.task).toBeUndefined();
    expect(withInspection.notes).toEqual([
      'Kept the task on SEC-1: the Office deleted it. The task cannot be deleted: it has an inspection here.',
    ]);
  });
});

describe("the Office's decisions on inspections recorded outside any task", () => {
  const outside = (inspection: Partial<FieldInspection>) => ({
    assetCode: 'SEC-2',
    inspection: { ...here('inspection-created', inspection).inspections[0]!, assetCode: 'SEC-2' },
  });
  const decision = (d: Partial<InspectionDecision>) => office('inspection-created', d).inspection!;

  it('take the same rules as a task’s inspection: a rejection goes back to the crew with its reason', () => {
    const d = decideInspectionDecision(
      decision({ status: 'incomplete', review: 'rejected', reviewReason: 'Wrong\nnode' }),
      outside({}),
    );
    expect(d.inspection).toMatchObject({
      command: 'reject',
      from: 'pending',
      status: 'incomplete',
      reason: 'Wrong node',
    });
    expect(d.notes).toEqual([
      'Rejected in the Office by Olive Office: the inspection of SEC-2 on 2026-02-01, back with the crew ("Wrong node").',
    ]);
    expect(d.task).toBeUndefined();
  });

  it('an acceptance accepts the pending copy; one the crew took back is kept as they left it', () => {
    expect(decideInspectionDecision(decision({}), outside({})).inspection).toMatchObject({
      command: 'accept',
      status: 'completed',
      review: 'accepted',
    });
    const reopened = decideInspectionDecision(decision({}), outside({ status: 'incomplete' }));
    expect(reopened.inspection).toBeUndefined();
    expect(reopened.kept).toBe(true);
  });

  it('a decision taken in already, or none yet, changes nothing', () => {
    const taken = outside({ status: 'incomplete', review: 'rejected', sameReview: true });
    expect(decideInspectionDecision(decision({ status: 'incomplete', review: 'rejected' }), taken)).toEqual({
      kept: false,
      notes: [],
    });
    expect(
      decideInspectionDecision(decision({ status: 'pending', review: null, reviewedAt: null }), outside({})),
    ).toEqual({ kept: false, notes: [] });
  });
});
