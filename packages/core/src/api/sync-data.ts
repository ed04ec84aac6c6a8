/**
 * The contract of WebSync scenarios 1 and 2 and of their media (issue #6), shared by the Office
 * system and the Field system's agent: planned tasks with their assets' data going to the Field,
 * completed inspections with their observations coming back, and media moved in verified chunks.
 * Records name each other by global id only; no local id or file path crosses the wire.
 */
import { z } from 'zod';
import { INSPECTION_STATUSES, TASK_STATES } from '../domain/types';
import { INTEGER } from '../rules/postgres-values';
import { AssetRecord, bounded, DateOnly, MAX_EXPORT_PAGE, DEFAULT_EXPORT_PAGE, Timestamp, whole } from './sync-export';
import { EXISTING_TASKS_ACTIONS } from './websync';

const GlobalId = z.uuid();
const text = (max: number) => bounded(max).nullable();
const num = z.number().nullable();
/** Whole numbers bounded by their columns' types and checks, so PostgreSQL never refuses one. */
const count = whole({ min: 0, max: INTEGER.max });
const peak = whole({ min: 0, max: 5 });
const clock = whole({ min: 1, max: 12 });
const Sha256 = z
  .string()
  .length(64)
  .regex(/^[0-9a-f]{64}$/, 'a sha256 in lowercase hex');

export const MEDIA_KINDS = ['image', 'video', 'document', 'fusion'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * The content types a system accepts for each media kind, and the first bytes such a file starts
 * with (checked when the last chunk arrives); an empty signature list accepts any bytes.
 */
export const MEDIA_TYPES: Record<MediaKind, Record<string, readonly (readonly (number | null)[])[]>> = {
  image: {
    'image/jpeg': [[0xff, 0xd8, 0xff]],
    'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  },
  // MP4 and QuickTime carry "ftyp" at offset 4; MPEG-2 program streams start with a pack header.
  video: {
    'video/mp4': [[null, null, null, null, 0x66, 0x74, 0x79, 0x70]],
    'video/quicktime': [[null, null, null, null, 0x66, 0x74, 0x79, 0x70]],
    'video/mpeg': [[0x00, 0x00, 0x01, 0xba]],
  },
  document: {
    'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
    'text/plain': [],
  },
  // Fusion files (3D scans) are the inspection software's own binary format.
  fusion: { 'application/octet-stream': [] },
};

export const MediaOwnerType = z.enum(['asset', 'inspection', 'observation']);

export const MediaRecord = z.object({
  globalId: GlobalId,
  ownerType: MediaOwnerType,
  ownerGlobalId: GlobalId,
  kind: z.enum(MEDIA_KINDS),
  fileName: z.string().min(1).max(255),
  contentType: z.string().min(1).max(100),
  sizeBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: Sha256,
  /** What the console's 'Uploading progress' shows as the file's job (its inspection or task). */
  jobName: bounded(300),
});
export type MediaRecord = z.infer<typeof MediaRecord>;

// ---- scenario 1: planned tasks, Office → Field ------------------------------------------------------

/** An asset travels with what it needs: its section's end nodes, its own end nodes, its section. */
export const MAX_ASSETS_WITH_NEEDS = 6;

export const TasksExportQuery = z.object({
  after: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EXPORT_PAGE).default(DEFAULT_EXPORT_PAGE),
  /** A saved filter of the signed-in user: tasks on the assets it selects. Absent: every open task. */
  filter: z.string().trim().min(1).max(200).optional(),
});
export type TasksExportQuery = z.infer<typeof TasksExportQuery>;

export const PlannedTaskRecord = z.object({
  globalId: GlobalId,
  projectGlobalId: GlobalId,
  taskType: z.enum(['inspect', 'clean', 'rehabilitate']),
  assetGlobalId: GlobalId,
  district: text(200),
  dueDate: DateOnly.nullable(),
  state: z.enum(TASK_STATES),
  /**
   * Who does it and when (the task's latest assignment), so the Field's crew finds its work. The
   * crew is named by global id; a crew the Field lacks (users not copied yet) leaves it unassigned.
   */
  assignment: z
    .object({ globalId: GlobalId, assignedToGlobalId: GlobalId.nullable(), scheduledDate: DateOnly.nullable() })
    .nullable(),
  /** The task's asset and what it needs to exist (its nodes, its section), nodes first. */
  assets: z.array(AssetRecord).max(MAX_ASSETS_WITH_NEEDS),
  /** Media of the task's asset. */
  media: z.array(MediaRecord).max(10_000),
});
export type PlannedTaskRecord = z.infer<typeof PlannedTaskRecord>;

export const PlannedTasksPage = z.object({
  items: z.array(PlannedTaskRecord).max(MAX_EXPORT_PAGE),
  next: z.uuid().nullable(),
});
export type PlannedTasksPage = z.infer<typeof PlannedTasksPage>;

// ---- scenario 1, second step: the Office's word on the Field's copies ----------------------------------

/**
 * What a Field asks the Office about (POST api/sync/export/planned-tasks/decisions), a page at a time:
 * the global ids of the open tasks it holds, whatever saved filter brought them, and of its inspections
 * recorded outside any task that are not accepted yet. At most MAX_EXPORT_PAGE ids a request, both
 * lists together.
 */
export const TaskDecisionsRequest = z
  .object({
    globalIds: z.array(GlobalId).max(MAX_EXPORT_PAGE).default([]),
    inspectionGlobalIds: z.array(GlobalId).max(MAX_EXPORT_PAGE).default([]),
  })
  .refine((b) => b.globalIds.length + b.inspectionGlobalIds.length > 0, {
    path: ['globalIds'],
    message: 'Name at least one task or inspection.',
  })
  .refine((b) => b.globalIds.length + b.inspectionGlobalIds.length <= MAX_EXPORT_PAGE, {
    path: ['inspectionGlobalIds'],
    message: `At most ${MAX_EXPORT_PAGE} global ids a request, tasks and inspections together.`,
  });
export type TaskDecisionsRequest = z.infer<typeof TaskDecisionsRequest>;

/**
 * The Office's review of an inspection: accepted (completed), rejected with a reason (back to
 * incomplete), or none yet. `reviewedAt` is exact to the microsecond, so a copy that took it names the
 * very decision it took (see `InspectionRecord.officeReview`).
 */
export const InspectionDecision = z.object({
  globalId: GlobalId,
  status: z.enum(INSPECTION_STATUSES),
  review: z.enum(['accepted', 'rejected']).nullable(),
  reviewReason: text(2000),
  reviewedAt: Timestamp.nullable(),
  /** The reviewer: a Field links its own copy of the account by global id and shows the name. */
  reviewedBy: z.object({ globalId: GlobalId, displayName: bounded(200) }).nullable(),
});
export type InspectionDecision = z.infer<typeof InspectionDecision>;

/** A task as the Office has it now: its state and its latest inspection with the Office's decision. */
export const TaskDecisionRecord = z.object({
  globalId: GlobalId,
  state: z.enum(TASK_STATES),
  /** The task's latest inspection (newest inspected first), null when it has none. */
  inspection: InspectionDecision.nullable(),
});
export type TaskDecisionRecord = z.infer<typeof TaskDecisionRecord>;

/**
 * One record per global id asked that the Office holds (a task or inspection it never had is left
 * out), by global id: `items` for the tasks, `inspections` for the inspections asked outside tasks.
 */
export const TaskDecisions = z.object({
  items: z.array(TaskDecisionRecord).max(MAX_EXPORT_PAGE),
  inspections: z.array(InspectionDecision).max(MAX_EXPORT_PAGE).default([]),
});
export type TaskDecisions = z.infer<typeof TaskDecisions>;

// ---- scenario 2: completed inspections, Field → Office ----------------------------------------------

export const ObservationRecord = z
  .object({
    globalId: GlobalId,
    standardId: bounded(100),
    sequence: whole({ min: 1, max: INTEGER.max }),
    distanceM: z.number().min(0),
    code: bounded(50),
    characterisation: text(100),
    quantification1: num,
    quantification2: num,
    clockFrom: clock.nullable(),
    clockTo: clock.nullable(),
    atJoint: z.boolean(),
    continuous: z.enum(['S', 'F']).nullable(),
    continuousGroup: whole(INTEGER).nullable(),
    grade: whole({ min: 1, max: 5 }).nullable(),
    remark: text(10_000),
    /** The video the observation was recorded on (a media file of the inspection) and where in it. */
    videoMediaGlobalId: GlobalId.nullable().default(null),
    videoOffsetMs: count.nullable().default(null),
  })
  .refine((o) => (o.continuous === null) === (o.continuousGroup === null), {
    message: 'A continuous defect (S or F) has a group number, and only one has.',
    path: ['continuousGroup'],
  });

/** An inspection's header: the standard's header fields, by key, as plain values. */
const Header = z
  .record(bounded(100), z.union([bounded(2000), z.number(), z.boolean(), z.null()]))
  .refine((h) => Object.keys(h).length <= 100, { message: 'At most 100 header fields.' });

export const InspectionRecord = z.object({
  globalId: GlobalId,
  taskGlobalId: GlobalId.nullable(),
  assetGlobalId: GlobalId,
  /** The inspected asset and what it needs, nodes first: created in the Office when it lacks them, unless the rule skips. */
  assets: z.array(AssetRecord).max(MAX_ASSETS_WITH_NEEDS),
  standardId: bounded(100),
  direction: z.enum(['downstream', 'upstream']).nullable(),
  startNodeGlobalId: GlobalId.nullable(),
  inspectedAt: Timestamp,
  weather: z.enum(['dry', 'rain', 'snow', 'frost']).nullable(),
  preCleaning: z.boolean().nullable(),
  lengthSurveyedM: z.number().min(0).nullable(),
  header: Header,
  strPeak: peak.nullable(),
  strRating: count.nullable(),
  strIndex: num,
  strQuick: text(50),
  omPeak: peak.nullable(),
  omRating: count.nullable(),
  omIndex: num,
  omQuick: text(50),
  observations: z.array(ObservationRecord).max(5000),
  /**
   * The Office's latest decision this copy has taken in (Getting planned tasks brings them), null for
   * none. An inspection the Office rejected comes back as the crew's answer only when it names that
   * rejection; a copy naming none (or an older one) is the copy already rejected, and is left as it is.
   */
  officeReview: z
    .object({ review: z.enum(['accepted', 'rejected']), reviewedAt: Timestamp })
    .nullable()
    .default(null),
});
export type InspectionRecord = z.infer<typeof InspectionRecord>;

export const InspectionsImport = z.object({
  options: z.object({
    SkipIfNotExistInOffice: z.boolean(),
    SkipIfAssetNotExistInOffice: z.boolean(),
    ExistingTasksAction: z.enum(EXISTING_TASKS_ACTIONS),
    /**
     * Asks the Office to accept what it writes (and complete the tasks). Only an account that may
     * review (core's hasReviewPermission) accepts; for others the inspections arrive pending review (the
     * answer's `accepted` and `notice` say so).
     */
    AutoAcceptImportedTasks: z.boolean(),
  }),
  items: z.array(InspectionRecord).max(MAX_EXPORT_PAGE),
});
export type InspectionsImport = z.infer<typeof InspectionsImport>;

export const ImportOutcome = z.object({
  globalId: GlobalId,
  result: z.enum(['inserted', 'updated', 'unchanged', 'kept', 'skipped']),
  /** Why it was kept as it is or skipped, for the client log. */
  reason: bounded(10_000).nullable(),
  /** The assets the Office lacked and created for this record (never an existing one changed). */
  createdAssets: z.array(bounded(300)).max(MAX_ASSETS_WITH_NEEDS),
});
export type ImportOutcome = z.infer<typeof ImportOutcome>;
export const InspectionsImportResult = z.object({
  outcomes: z.array(ImportOutcome).max(MAX_EXPORT_PAGE),
  /** Whether the inspections written were accepted (and their tasks completed). */
  accepted: z.boolean(),
  /** Why the Office did otherwise than asked (e.g. delivered for review instead of accepting). */
  notice: bounded(1000).nullable(),
});
export type InspectionsImportResult = z.infer<typeof InspectionsImportResult>;

// ---- media transfer ---------------------------------------------------------------------------------

/** The most one chunk carries; a file is sent as as many chunks as it needs. */
export const MEDIA_CHUNK_BYTES = 8 * 1024 * 1024;

export const MediaParams = z.object({ globalId: z.uuid() });
export const ChunkQuery = z.object({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The upload's token from its declaration: only the sender holding it may write the file. */
  token: z.uuid(),
});

/**
 * What the receiver holds of a file: `received` bytes so far; `complete` once verified and stored;
 * `token`, answered by the declaration of a file still to send, goes with each of its chunks.
 */
export const MediaState = z.object({
  received: z.number().int().min(0),
  complete: z.boolean(),
  token: z.uuid().optional(),
});
export type MediaState = z.infer<typeof MediaState>;

export const MEDIA_FILE_STATUSES = ['Waiting', 'Transferring', 'Completed', 'AlreadyPresent', 'Failed'] as const;

export const TaskMediaQuery = z.object({ taskId: z.coerce.number().int().positive() });

/** The spec's "Task media: jobName, fileName, status, percentsComplete". */
export const TaskMediaItem = z.object({
  jobName: bounded(300),
  fileName: bounded(255),
  status: z.enum(MEDIA_FILE_STATUSES),
  percentsComplete: z.number().int().min(0).max(100),
});
export type TaskMediaItem = z.infer<typeof TaskMediaItem>;
export const TaskMediaList = z.array(TaskMediaItem).max(1_000_000);
