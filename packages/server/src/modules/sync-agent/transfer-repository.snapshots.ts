/** SQL snapshots of WebSync scenarios 1 and 2 on the Field (db/sql-snapshots.ts): pages of tasks and inspections, media. */
import type {
  InspectionDecision,
  MediaRecord,
  PlannedTaskRecord,
  TaskDecisionRecord,
} from '@manway/core/api/sync-data';
import { defineSnapshots } from '../../db/sql-snapshots';
import type { Lease } from './repository';
import { decideInspectionDecision, decideOfficeDecision } from './decisions';
import { TransferRepository, type DecisionRules, type TaskPageRules } from './transfer-repository';

const lease: Lease = { taskId: 42, token: '9d1e2f3a-0000-4000-8000-000000000002' };
const cursor = { after: '3f2a6c1e-0000-4000-8000-000000000001', done: false };

const task = {
  globalId: '3f2a6c1e-0000-4000-8000-000000000010',
  projectGlobalId: '3f2a6c1e-0000-4000-8000-000000000011',
  taskType: 'inspect',
  assetGlobalId: '3f2a6c1e-0000-4000-8000-000000000003',
  district: 'North',
  dueDate: '2026-02-01',
  state: 'planned',
  assignment: {
    globalId: '3f2a6c1e-0000-4000-8000-000000000012',
    assignedToGlobalId: '3f2a6c1e-0000-4000-8000-000000000013',
    scheduledDate: '2026-01-30',
  },
  assets: [{ globalId: '3f2a6c1e-0000-4000-8000-000000000003', objectType: 'node', assetCode: 'MH-1' }],
  media: [],
} as unknown as PlannedTaskRecord;

const photo: MediaRecord = {
  globalId: '3f2a6c1e-0000-4000-8000-000000000020',
  ownerType: 'asset',
  ownerGlobalId: task.assetGlobalId,
  kind: 'image',
  fileName: 'mh-1.jpg',
  contentType: 'image/jpeg',
  sizeBytes: 1024,
  sha256: 'a'.repeat(64),
  jobName: 'Task MH-1',
};

const writeAll: TaskPageRules = { ruledOut: () => undefined, unwritable: () => undefined };

const rejected: TaskDecisionRecord = {
  globalId: task.globalId,
  state: 'inspection-created',
  inspection: {
    globalId: '3f2a6c1e-0000-4000-8000-000000000030',
    status: 'incomplete',
    review: 'rejected',
    reviewReason: 'Video missing from 12 m',
    reviewedAt: '2026-02-02T10:15:00.123456+00:00',
    reviewedBy: { globalId: '3f2a6c1e-0000-4000-8000-000000000014', displayName: 'Olive Office' },
  },
};

const acceptedOutside: InspectionDecision = {
  globalId: '3f2a6c1e-0000-4000-8000-000000000031',
  status: 'completed',
  review: 'accepted',
  reviewReason: null,
  reviewedAt: '2026-02-02T10:20:00.123456+00:00',
  reviewedBy: { globalId: '3f2a6c1e-0000-4000-8000-000000000014', displayName: 'Olive Office' },
};

const rules: DecisionRules = {
  decide: decideOfficeDecision,
  decideInspection: decideInspectionDecision,
  accepted: async () => {},
};

export const snapshots = defineSnapshots('sync-agent transfers', (db) => new TransferRepository(db, 600), {
  'a page of planned tasks written with its assets, media and cursor': {
    // BEGIN, asset here, node written, asset and project here, no other open task, task inserted,
    // assignment written and linked, its status refreshed (unchanged), media listed, progress, lease renewed
    rows: [
      [],
      [{ '?column?': 1 }],
      [],
      [{ '?column?': 1 }],
      [{ '?column?': 1 }],
      [],
      [{ inserted: true }],
      [{ id: '7', changed: true }],
      [],
      [{ task_id: '5' }],
      [{ id: '5' }],
      [{ id: '7', assigned_to: 'u', status: 'assigned', states: ['planned'] }],
      [],
      [],
      [{ cancel_requested: false }],
    ],
    run: (repo) =>
      repo.applyTasksPage(lease, [task], writeAll, true, [photo], cursor, {
        operation: 'Getting planned tasks',
        percentage: 25,
      }),
  },
  "a page of the Field's open tasks to ask the Office about": (repo) => repo.openTasks(cursor.after, 500),
  "a page of the Field's inspections outside tasks to ask the Office about": (repo) =>
    repo.inspectionsOutsideTasks(cursor.after, 500),
  "the Office's rejection taken in": {
    // BEGIN, the inspections and the task locked, the inspection and its event written, progress, lease
    rows: [
      [],
      [
        {
          id: '21',
          globalId: rejected.inspection!.globalId,
          taskId: '5',
          assetId: '11',
          assetCode: 'MH-1',
          status: 'pending',
          review: null,
          inspectedAt: '2026-02-01T09:00:00+00:00',
          sameReview: false,
        },
      ],
      [{ id: '5', globalId: task.globalId, state: 'inspection-created', assetCode: 'MH-1' }],
      [],
      [],
      [],
      [{ cancel_requested: false }],
    ],
    run: (repo) =>
      repo.applyDecisionsPage(lease, { items: [rejected], inspections: [] }, rules, 'task-decisions', cursor, {
        operation: "Getting the Office's decisions",
        percentage: 50,
      }),
  },
  "the Office's acceptance of an inspection outside tasks taken in": {
    // BEGIN, the inspection locked, the inspection and its event written, progress, lease
    rows: [
      [],
      [
        {
          id: '22',
          globalId: acceptedOutside.globalId,
          taskId: null,
          assetId: '12',
          assetCode: 'MH-2',
          status: 'pending',
          review: null,
          inspectedAt: '2026-02-01T09:30:00+00:00',
          sameReview: false,
        },
      ],
      [],
      [],
      [],
      [{ cancel_requested: false }],
    ],
    run: (repo) =>
      repo.applyDecisionsPage(
        lease,
        { items: [], inspections: [acceptedOutside] },
        rules,
        'inspection-decisions',
        cursor,
        { operation: "Getting the Office's decisions", percentage: 50 },
      ),
  },
  'a page of completed inspections to send': (repo) => repo.inspections(cursor.after, 100, [11, 12]),
  'their observations': (repo) => repo.observations(['21', '22']),
  'a sent page recorded with its media to upload': {
    rows: [[], [], [], [{ cancel_requested: false }]],
    run: (repo) =>
      repo.recordSentPage(
        lease,
        [photo],
        cursor,
        { operation: 'Sending completed tasks', percentage: 25 },
        { copied: 1, skipped: 0, failed: 0 },
      ),
  },
  'files still to move': (repo) => repo.pendingMedia(42),
  "a file's progress": (repo) =>
    repo.mediaProgress(
      42,
      photo.globalId,
      { bytesDone: 512, status: 'Transferring' },
      { operation: 'Downloading mh-1.jpg', percentage: 70, transferring: true },
    ),
});
