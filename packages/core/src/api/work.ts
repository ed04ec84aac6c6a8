/** Deleting projects and subjects: POST with the ids in the body (spec section 7). */
import { z } from 'zod';
import {
  ASSIGNMENT_STATUSES,
  INSPECTION_STATUSES,
  PROJECT_STATUSES,
  TASK_STATES,
  type ProjectStatus,
} from '../domain/types';
import { SESSION_STATUSES } from '../domain/workflow';
import { DEFAULT_GRID_PAGE_SIZE, GRID_PAGE_SIZES } from '../rules/grid-pages';
import { ObjectIdParam } from './objects';

const Ids = z.array(z.number().int().positive()).min(1).max(1000);
/** Versions read, parallel to the ids; a stale one answers 409 and deletes nothing. */
const Versions = z.array(z.number().int().positive()).max(1000).optional();

export const DeleteProjectsRequest = z
  .object({ ProjectIds: Ids, Versions })
  .strict()
  .refine((b) => !b.Versions || b.Versions.length === b.ProjectIds.length, {
    path: ['Versions'],
    message: 'Give one version per project, or none.',
  });
export type DeleteProjectsRequest = z.infer<typeof DeleteProjectsRequest>;

export const DeleteSubjectsRequest = z
  .object({ SubjectIds: Ids, Versions })
  .strict()
  .refine((b) => !b.Versions || b.Versions.length === b.SubjectIds.length, {
    path: ['Versions'],
    message: 'Give one version per subject, or none.',
  });
export type DeleteSubjectsRequest = z.infer<typeof DeleteSubjectsRequest>;

export const DeletedIds = z.object({ Deleted: z.array(z.number()) });
export type DeletedIds = z.infer<typeof DeletedIds>;

/** Work is planned only in a project that is neither completed nor archived. */
export const OPEN_PROJECT_STATUSES = ['planned', 'active'] as const satisfies readonly ProjectStatus[];

/** GET api/projects: the projects with their progress, open ones first, then by name. */
export const ProjectSummary = z.object({
  id: z.number(),
  name: z.string(),
  client: z.string().nullable(),
  contractor: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** Work may be planned in it (planned or active). */
  open: z.boolean(),
  standard: z.object({ id: z.string(), name: z.string() }),
  /** Its tasks per state: its progress. */
  taskCounts: z.record(z.enum(TASK_STATES), z.number().int()),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;
export const ProjectList = z.array(ProjectSummary);
export type ProjectList = z.infer<typeof ProjectList>;

/** GET api/assignees: the users work may be assigned to (enabled, not guests, not service accounts). */
export const Assignee = z.object({ id: z.string(), login: z.string(), displayName: z.string() });
export type Assignee = z.infer<typeof Assignee>;
export const AssigneeList = z.array(Assignee);
export type AssigneeList = z.infer<typeof AssigneeList>;

// Inspections -----------------------------------------------------------------------------------

/**
 * GET api/inspections lists the inspections of a task (taskId, as the spec names it) or of an asset
 * (parentObjectType and parentObjectId, as GET api/tasks names its parent); exactly one of the two.
 */
export const InspectionsQuery = z.object({
  taskId: ObjectIdParam.optional(),
  parentObjectType: z.string().min(1).max(100).optional(),
  parentObjectId: ObjectIdParam.optional(),
});
export type InspectionsQuery = z.infer<typeof InspectionsQuery>;

export const InspectionSummary = z.object({
  id: z.number(),
  /** The inspected asset: its type name (Node, Section, Lateral), id and readable id. */
  assetType: z.string(),
  assetId: z.number(),
  assetReadableId: z.string(),
  taskId: z.number().nullable(),
  standardId: z.string(),
  inspectedAt: z.string(),
  status: z.enum(INSPECTION_STATUSES),
  direction: z.enum(['downstream', 'upstream']).nullable(),
  lengthSurveyedM: z.number().nullable(),
  observationCount: z.number().int(),
  /** The inspection's structural peak grade (its cached score, 0 to 5), null while unscored. */
  structuralPeak: z.number().int().nullable(),
  version: z.number().int(),
});
export type InspectionSummary = z.infer<typeof InspectionSummary>;
export const InspectionSummaryList = z.array(InspectionSummary);

// The inspection workflow (issue #17) ------------------------------------------------------------
// Every state change goes through core's domain/workflow.ts. An illegal one answers 409 with
// WORKFLOW_ILLEGAL_TRANSITION and the reason; a command sent again after it took effect answers 200
// with `changed: false`; a stale `version` answers 409 concurrency/modified-by-another-user.

/** The 409 code of a command the workflow does not allow in the object's current state. */
export const WORKFLOW_ILLEGAL_TRANSITION = 'workflow/illegal-transition';

const Version = z.number().int().positive();
const IsoDate = z.iso.date().max(10);
const Text = (max: number) => z.string().trim().min(1).max(max);
const Lon = z.number().min(-180).max(180);
const Lat = z.number().min(-90).max(90);

export const INSPECTION_REVIEWS = ['accepted', 'rejected'] as const;

/** The inspection as the office's lists and the review show it. */
export const InspectionListRow = InspectionSummary.extend({
  review: z.enum(INSPECTION_REVIEWS).nullable(),
  /** Why the office last rejected it (null unless rejected). */
  reviewReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The operation & maintenance peak grade (0 to 5), null while unscored. */
  operationalPeak: z.number().int().nullable(),
  /** The header's operator, else the display name of who created it. */
  operator: z.string().nullable(),
  projectName: z.string().nullable(),
  district: z.string().nullable(),
});
export type InspectionListRow = z.infer<typeof InspectionListRow>;

/** The three lists of main-app §2 (DOMAIN.md: incomplete, pending, completed). */
export const INSPECTION_GROUPS = ['incomplete', 'pending', 'completed'] as const;
export type InspectionGroup = (typeof INSPECTION_GROUPS)[number];

export const INSPECTION_SORT_COLUMNS = [
  'assetReadableId',
  'inspectedAt',
  'structuralPeak',
  'operationalPeak',
  'lengthSurveyedM',
  'operator',
  'projectName',
  'district',
  'reviewedAt',
] as const;
/** Column filters (contains, case-insensitive; `review` matches exactly). */
export const INSPECTION_FILTER_COLUMNS = ['assetReadableId', 'operator', 'projectName', 'district', 'review'] as const;

/** GET api/inspections/grid: one server-side page of a group, for the shared grid. */
export const InspectionGridQuery = z.object({
  group: z.enum(INSPECTION_GROUPS),
  pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (GRID_PAGE_SIZES as readonly number[]).includes(n), { message: 'Use a page size of the grid.' })
    .default(DEFAULT_GRID_PAGE_SIZE),
  sortBy: z.enum(INSPECTION_SORT_COLUMNS).default('inspectedAt'),
  sortDesc: z.enum(['true', 'false']).default('true'),
  /** The grid's global search: asset ID, operator, project or district containing it. */
  search: z.string().trim().max(200).optional(),
  /** Column filters, as JSON text of { column: text }. */
  filters: z.string().max(2000).optional(),
});
export type InspectionGridQuery = z.infer<typeof InspectionGridQuery>;

/**
 * Up to this many matching inspections `total` is counted exactly; beyond it, it is the database's
 * estimate (at least this many plus one) and `totalExact` is false: the grid shows "about".
 */
export const GRID_EXACT_TOTAL = 10_000;

export const InspectionGridPage = z.object({
  items: z.array(InspectionListRow),
  total: z.number().int(),
  totalExact: z.boolean().default(true),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
});
export type InspectionGridPage = z.infer<typeof InspectionGridPage>;

export const InspectionIdParams = z.object({ id: ObjectIdParam });

/** POST api/inspections: an inspection of an asset outside any task (or inside a session). */
export const CreateInspectionRequest = z
  .object({
    parentObjectType: z.string().min(1).max(100),
    parentObjectId: ObjectIdParam,
    sessionId: ObjectIdParam.optional(),
    standardId: z.string().min(1).max(40).optional(),
    /** The header form's values (the forms engine validates them); defaults fill the rest. */
    values: z.record(z.string().max(200), z.unknown()).optional(),
  })
  .strict();
export type CreateInspectionRequest = z.infer<typeof CreateInspectionRequest>;

export const DeleteInspectionQuery = z.object({ version: z.coerce.number().int().positive().optional() });

/** accept, complete and reopen name the version read (optional: without it the latest is taken). */
export const InspectionCommandRequest = z.object({ version: Version.optional() }).strict();
export type InspectionCommandRequest = z.infer<typeof InspectionCommandRequest>;

export const RejectInspectionRequest = z.object({ reason: Text(2000), version: Version.optional() }).strict();
export type RejectInspectionRequest = z.infer<typeof RejectInspectionRequest>;

/** The commands of POST api/inspections/{id}/{command} besides accept and reject (their own routes). */
export const INSPECTION_ROUTE_COMMANDS = ['complete', 'reopen'] as const;
export const InspectionCommandParams = z.object({ id: ObjectIdParam, command: z.enum(INSPECTION_ROUTE_COMMANDS) });

export const InspectionCommandResult = z.object({
  /** False when the command had already taken effect (sent twice, or by two users at once). */
  changed: z.boolean(),
  inspection: InspectionListRow,
});
export type InspectionCommandResult = z.infer<typeof InspectionCommandResult>;

/** POST api/inspections/bulk-accept: the office's selection in one request. */
export const BulkAcceptRequest = z.object({ InspectionIds: z.array(ObjectIdParam).min(1).max(1000) }).strict();
export type BulkAcceptRequest = z.infer<typeof BulkAcceptRequest>;
export const BulkAcceptResult = z.object({
  Accepted: z.array(z.number()),
  /** Already accepted before this request. */
  Unchanged: z.array(z.number()),
  Refused: z.array(z.object({ id: z.number(), reason: z.string() })),
});
export type BulkAcceptResult = z.infer<typeof BulkAcceptResult>;

// Tasks ------------------------------------------------------------------------------------------

export const TASK_TYPES = ['inspect', 'clean', 'rehabilitate'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const AssignmentSummary = z.object({
  id: z.number(),
  assignedTo: z.object({ id: z.string(), login: z.string(), displayName: z.string() }).nullable(),
  scheduledDate: z.string().nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
});
export type AssignmentSummary = z.infer<typeof AssignmentSummary>;

export const TaskSummary = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  taskType: z.enum(TASK_TYPES),
  state: z.enum(TASK_STATES),
  assetType: z.string(),
  assetId: z.number(),
  assetReadableId: z.string(),
  /** A point of the asset (a node's position, a pipe's midpoint) for the map and "nearest first". */
  position: z.object({ longitude: z.number(), latitude: z.number() }).nullable(),
  /** Metres from the position the query named with `near`; null without it. */
  distanceM: z.number().nullable(),
  district: z.string().nullable(),
  dueDate: z.string().nullable(),
  assignment: AssignmentSummary.nullable(),
  /** The task's latest inspection, once created. */
  inspection: z.object({ id: z.number(), status: z.enum(INSPECTION_STATUSES) }).nullable(),
  version: z.number().int(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

/** `open` = planned, started or inspection-created. */
export const TASK_STATE_FILTERS = [...TASK_STATES, 'open'] as const;

/**
 * GET api/tasks: the tasks of a parent, whose type names how parentObjectId reads:
 * - Node, Section, Lateral: the asset's tasks (its details);
 * - Project: the project's tasks (and, in `counts`, its progress);
 * - User: the tasks assigned to that user (a uuid; `me` for the caller: the crew's "My work").
 * Without a parent: every task the caller may see. `near` (longitude,latitude) sorts nearest first.
 */
export const TasksQuery = z.object({
  parentObjectType: z.enum(['Node', 'Section', 'Lateral', 'Project', 'User']).optional(),
  parentObjectId: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(500),
  /** How many matches to pass over first: a project's tasks page through a grid. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  taskState: z.enum(TASK_STATE_FILTERS).optional(),
  near: z
    .string()
    .max(60)
    .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'Use longitude,latitude.')
    .optional(),
});
export type TasksQuery = z.infer<typeof TasksQuery>;

export const TaskList = z.object({
  items: z.array(TaskSummary),
  /** How many match (items holds at most `limit` of them, from `offset` on). */
  total: z.number().int(),
  /** The parent's tasks per state, whatever taskState narrows the items to: a project's progress. */
  counts: z.record(z.enum(TASK_STATES), z.number().int()),
});
export type TaskList = z.infer<typeof TaskList>;

export const TaskIdParams = z.object({ id: ObjectIdParam });

/** GET api/tasks/{id}/start-info: what starting the task needs, and whether the caller may. */
export const TaskStartInfo = z.object({
  task: TaskSummary,
  asset: z.object({ type: z.string(), id: z.number(), readableId: z.string(), subtype: z.string().nullable() }),
  project: z.object({ id: z.number(), name: z.string(), standardId: z.string() }),
  standard: z.object({ id: z.string(), name: z.string() }),
  /** A section's two ends (the start node of an upstream or downstream survey); empty for a node. */
  startNodes: z.array(z.object({ id: z.number(), readableId: z.string(), end: z.enum(['from', 'to']) })),
  /** The caller's open inspection session, if any: a new inspection is recorded in it. */
  openSession: z.object({ id: z.number(), camera: z.string().nullable(), startedAt: z.string() }).nullable(),
  /** What is still missing before the task can be worked on, in words for the crew; empty when ready. */
  needs: z.array(z.string()),
  canStart: z.boolean(),
  /** Why the caller cannot start it (its state, not theirs, another crew's), null when they can. */
  reason: z.string().nullable(),
});
export type TaskStartInfo = z.infer<typeof TaskStartInfo>;

export const TaskCommandRequest = z.object({ version: Version.optional() }).strict();

export const CreateTaskInspectionRequest = z
  .object({
    version: Version.optional(),
    sessionId: ObjectIdParam.optional(),
    /** The header form's values (validated by the forms engine); defaults fill the rest. */
    values: z.record(z.string().max(200), z.unknown()).optional(),
  })
  .strict();
export type CreateTaskInspectionRequest = z.infer<typeof CreateTaskInspectionRequest>;
export const TaskInspectionCreated = z.object({ changed: z.boolean(), inspectionId: z.number(), task: TaskSummary });
export type TaskInspectionCreated = z.infer<typeof TaskInspectionCreated>;
export const TaskCommandResult = z.object({ changed: z.boolean(), task: TaskSummary });
export type TaskCommandResult = z.infer<typeof TaskCommandResult>;

/** POST api/tasks deletes: TaskIds with the versions read (optional). */
export const DeleteTasksRequest = z
  .object({ TaskIds: Ids, Versions })
  .strict()
  .refine((b) => !b.Versions || b.Versions.length === b.TaskIds.length, {
    path: ['Versions'],
    message: 'Give one version per task, or none.',
  });
export type DeleteTasksRequest = z.infer<typeof DeleteTasksRequest>;

/** The assets work is planned on: a map selection, a box, search results or a saved filter. */
export const TaskSelection = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ids'),
    objectType: z.enum(['Node', 'Section', 'Lateral']),
    ids: z.array(ObjectIdParam).min(1).max(10_000),
  }),
  z.object({
    kind: z.literal('extent'),
    objectType: z.enum(['Node', 'Section', 'Lateral']),
    extent: z.tuple([Lon, Lat, Lon, Lat]),
  }),
  z.object({ kind: z.literal('saved-filter'), name: z.string().trim().min(1).max(100) }),
]);
export type TaskSelection = z.infer<typeof TaskSelection>;

/** Limits of one request: plan is for a handful picked by hand, bulk-create for a filter's worth. */
export const PLAN_MAX_TASKS = 1000;
export const BULK_CREATE_MAX_TASKS = 50_000;

export const PlanTasksRequest = z
  .object({
    projectId: ObjectIdParam,
    taskType: z.enum(TASK_TYPES),
    dueDate: IsoDate.optional(),
    selection: TaskSelection,
    /** The crew: one assignment for all the tasks created. */
    assignedTo: z.uuid().optional(),
    scheduledDate: IsoDate.optional(),
  })
  .strict();
export type PlanTasksRequest = z.infer<typeof PlanTasksRequest>;

export const SKIP_REASONS = ['open-task', 'not-inspectable', 'not-found'] as const;
export const SkippedAsset = z.object({
  assetId: z.number(),
  assetReadableId: z.string().nullable(),
  reason: z.enum(SKIP_REASONS),
  /** The reason in words, e.g. 'already has an open task (#123)'. */
  message: z.string(),
});
export type SkippedAsset = z.infer<typeof SkippedAsset>;

/** bulk-create/validate: what bulk-create would do, nothing written. */
export const BulkCreateValidation = z.object({
  selected: z.number().int(),
  willCreate: z.number().int(),
  skippedCount: z.number().int(),
  /** The first skipped assets with why (at most 1,000; skippedCount has them all). */
  skipped: z.array(SkippedAsset),
});
export type BulkCreateValidation = z.infer<typeof BulkCreateValidation>;

export const BulkCreateResult = BulkCreateValidation.extend({
  created: z.number().int(),
  assignmentId: z.number().nullable(),
});
export type BulkCreateResult = z.infer<typeof BulkCreateResult>;

export const PlanTasksResult = z.object({ tasks: z.array(TaskSummary), skipped: z.array(SkippedAsset) });
export type PlanTasksResult = z.infer<typeof PlanTasksResult>;

// Inspection sessions ----------------------------------------------------------------------------

export const InspectionSessionSummary = z.object({
  id: z.number(),
  assignmentId: z.number().nullable(),
  operator: z.object({ id: z.string(), login: z.string(), displayName: z.string() }).nullable(),
  camera: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  inspectionCount: z.number().int(),
  version: z.number().int(),
});
export type InspectionSessionSummary = z.infer<typeof InspectionSessionSummary>;
export const InspectionSessionList = z.array(InspectionSessionSummary);

/** GET api/inspection-sessions: the caller's sessions (editors: anyone's with operatorId), open first. */
export const SessionsQuery = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
  operatorId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const StartSessionRequest = z
  .object({ assignmentId: ObjectIdParam.optional(), camera: z.string().trim().max(200).optional() })
  .strict();
export type StartSessionRequest = z.infer<typeof StartSessionRequest>;
export const EndSessionRequest = z.object({ version: Version.optional() }).strict();
export const SessionCommandResult = z.object({ changed: z.boolean(), session: InspectionSessionSummary });
export type SessionCommandResult = z.infer<typeof SessionCommandResult>;
