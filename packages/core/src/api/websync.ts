/**
 * The websync console's calls (websync spec section 7) for the scheduler, sync-agent tasks and the
 * per-user sync settings, and the save rules of the 'Schedule task options' form (section 5).
 */
import { z } from 'zod';
import { StoredTimestamp } from './stored-values';
import { DAYS_OF_WEEK, DEFAULT_RECUR, MAX_RECUR, type TaskSchedule } from '../rules/schedule';
import { isValidTimeZone } from '../rules/wall-clock';
import { isValidTimeSpan } from '../rules/time-span';

export const SCENARIOS = [
  'GettingPlannedTasks',
  'SendingCompletedTasks',
  'GettingAssets',
  'GettingUsers',
  'GettingProjects',
  'GettingDatabaseStructure',
] as const;
export const Scenario = z.enum(SCENARIOS);
export type Scenario = z.infer<typeof Scenario>;

export const SCENARIO_LABELS: Record<Scenario, string> = {
  GettingPlannedTasks: 'Getting planned tasks',
  SendingCompletedTasks: 'Sending completed tasks',
  GettingAssets: 'Getting assets',
  GettingUsers: 'Getting users',
  GettingProjects: 'Getting projects',
  GettingDatabaseStructure: 'Getting database structure and standards',
};

/** Every type but the database structure has a scheduler form. */
export const SCHEDULABLE_SCENARIOS = SCENARIOS.filter((s) => s !== 'GettingDatabaseStructure') as Exclude<
  Scenario,
  'GettingDatabaseStructure'
>[];

export const JOB_STATUSES = [
  'Scheduled',
  'InProgress',
  'FinishedSuccessfully',
  'FinishedWithErrors',
  'Failed',
  'Cancelled',
] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  Scheduled: 'Scheduled',
  InProgress: 'In process',
  FinishedSuccessfully: 'Finished successfully',
  FinishedWithErrors: 'Finished with errors',
  Failed: 'Failed',
  Cancelled: 'Cancelled',
};

export const SortDirection = z.enum(['Ascending', 'Descending']);
export type SortDirection = z.infer<typeof SortDirection>;

// ---- schedules ----------------------------------------------------------------------------------

const TimeSpanText = z
  .string()
  .max(40)
  .refine(isValidTimeSpan, { message: 'Use days, hours and minutes, for example 1d 12h 30m.' })
  .nullable();
const Recur = z.number().int().min(1).max(MAX_RECUR).default(DEFAULT_RECUR);

const ScheduleBase = {
  StartTime: StoredTimestamp,
  RepeatEvery: TimeSpanText.default(null),
  RepeatDuration: TimeSpanText.default(null),
  TimeZone: z.string().max(100).refine(isValidTimeZone, { message: 'Unknown time zone.' }).default('UTC'),
};

export const TaskScheduleSchema = z.discriminatedUnion('$type', [
  z.object({ $type: z.literal('OneTime'), ...ScheduleBase }),
  z.object({ $type: z.literal('Daily'), ...ScheduleBase, RecurEveryDays: Recur }),
  z.object({
    $type: z.literal('Weekly'),
    ...ScheduleBase,
    RecurEveryWeeks: Recur,
    DaysOfWeek: z
      .array(z.enum(DAYS_OF_WEEK))
      .min(1, { message: 'Choose at least one day of the week.' })
      .max(DAYS_OF_WEEK.length),
  }),
]);
// The schema's output is the core type the rules take (server code assigns one to the other).
export type TaskScheduleWire = z.infer<typeof TaskScheduleSchema> & TaskSchedule;

const FilterName = z.string().trim().min(1).max(200);

export const TaskSettings = z.discriminatedUnion('$type', [
  z.object({ $type: z.literal('GettingTasksSettings'), FilterName }),
  z.object({ $type: z.literal('SendingCompletedTasksSettings'), ScheduledTasksFilterName: FilterName }),
  z
    .object({
      $type: z.literal('GettingAssetsSettings'),
      AllAssetsExport: z.boolean(),
      AssetsFilterName: FilterName.nullable().default(null),
    })
    .refine((s) => s.AllAssetsExport || s.AssetsFilterName, {
      path: ['AssetsFilterName'],
      message: 'Choose a filter or all assets.',
    }),
  z.object({ $type: z.literal('GettingUsersSettings') }),
  z
    .object({
      $type: z.literal('GettingProjectsSettings'),
      AllProjectsExport: z.boolean(),
      ProjectsFilterName: FilterName.nullable().default(null),
    })
    .refine((s) => s.AllProjectsExport || s.ProjectsFilterName, {
      path: ['ProjectsFilterName'],
      message: 'Choose a filter or all projects.',
    }),
]);
export type TaskSettings = z.infer<typeof TaskSettings>;

export const SETTINGS_TYPE_OF: Record<(typeof SCHEDULABLE_SCENARIOS)[number], TaskSettings['$type']> = {
  GettingPlannedTasks: 'GettingTasksSettings',
  SendingCompletedTasks: 'SendingCompletedTasksSettings',
  GettingAssets: 'GettingAssetsSettings',
  GettingUsers: 'GettingUsersSettings',
  GettingProjects: 'GettingProjectsSettings',
};

export const SaveScheduledTask = z
  .object({
    id: z.number().int().positive().nullable().default(null),
    name: z.string().trim().min(1, { message: 'The name is required.' }).max(200),
    scenario: z.enum(SCHEDULABLE_SCENARIOS),
    userId: z.uuid({ message: 'The login is required.' }),
    taskSettings: TaskSettings,
    taskSchedule: TaskScheduleSchema,
  })
  .refine((t) => SETTINGS_TYPE_OF[t.scenario] === t.taskSettings.$type, {
    path: ['taskSettings'],
    message: 'The settings do not match the task type.',
  });
export type SaveScheduledTask = z.infer<typeof SaveScheduledTask>;

/** One schedule as the table and the modal see it. */
export const ScheduledTask = z.object({
  id: z.number(),
  name: z.string(),
  scenario: Scenario,
  userId: z.string(),
  login: z.string(),
  schedule: z.string(),
  lastStartTime: z.string().nullable(),
  nextStartTime: z.string().nullable(),
  taskSettings: TaskSettings,
  taskSchedule: TaskScheduleSchema,
});
export type ScheduledTask = z.infer<typeof ScheduledTask>;
export const ScheduledTaskList = z.array(ScheduledTask);

export const SCHEDULE_SORT_FIELDS = [
  'Name',
  'Scenario',
  'Login',
  'LastStartTime',
  'NextStartTime',
  'Schedule',
] as const;
export const ScheduleSortField = z.enum(SCHEDULE_SORT_FIELDS);
export type ScheduleSortField = z.infer<typeof ScheduleSortField>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const SchedulerQuery = z.object({
  Login: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  Name: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  Scenario: z.preprocess(emptyToUndefined, Scenario.optional()),
  Path: z.preprocess(emptyToUndefined, ScheduleSortField.default('NextStartTime')),
  SortDirection: z.preprocess(emptyToUndefined, SortDirection.default('Ascending')),
});
export type SchedulerQuery = z.infer<typeof SchedulerQuery>;

/** `ids=1,2,3` or `ids=1&ids=2`. */
export const IdsQuery = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : String(v ?? '').split(',')).filter((s) => s !== '').map(Number),
    z.array(z.number().int().positive()).max(1000),
  ),
});
export const IdQuery = z.object({ id: z.coerce.number().int().positive() });
export const TaskIdQuery = z.object({ taskId: z.coerce.number().int().positive() });
export const NamesQuery = z.object({ login: z.preprocess(emptyToUndefined, z.string().max(200).optional()) });
export const IdList = z.array(z.number());
export const NameList = z.array(z.string());

export const SyncUser = z.object({ id: z.string(), userName: z.string(), organization: z.string(), login: z.string() });
export type SyncUser = z.infer<typeof SyncUser>;
export const SyncUserList = z.array(SyncUser);

// ---- sync-agent tasks (the log) -------------------------------------------------------------------

export const SYNC_TASK_SORT_FIELDS = [
  'Scenario',
  'Status',
  'Started',
  'Finished',
  'ScheduleName',
  'ScheduledFor',
  'Login',
] as const;
export const SyncTaskSortField = z.enum(SYNC_TASK_SORT_FIELDS);

const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : String(v).split(',')).filter(Boolean)),
    z.array(item).max(50).optional(),
  );

export const TaskRequestFilter = z.object({
  Login: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  FromDate: z.preprocess(emptyToUndefined, StoredTimestamp.optional()),
  ToDate: z.preprocess(emptyToUndefined, StoredTimestamp.optional()),
  Statuses: listParam(JobStatus),
  Types: listParam(Scenario),
  ScheduleName: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  Keyword: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  QueryForDelete: z.preprocess((v) => v === true || v === 'true', z.boolean()).default(false),
  Path: z.preprocess(emptyToUndefined, SyncTaskSortField.default('ScheduledFor')),
  SortDirection: z.preprocess(emptyToUndefined, SortDirection.default('Descending')),
});
export type TaskRequestFilter = z.infer<typeof TaskRequestFilter>;

export const SyncAgentTask = z.object({
  id: z.number(),
  scenario: Scenario,
  status: JobStatus,
  currentOperation: z.string().nullable(),
  isTransferringMedia: z.boolean(),
  percentageComplete: z.number(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  scheduleName: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  login: z.string(),
  canBeDeleted: z.boolean(),
});
export type SyncAgentTask = z.infer<typeof SyncAgentTask>;
export const SyncAgentTaskList = z.array(SyncAgentTask);

/** The log list: the filter's tasks with their details, a slice at a time (the log has no fixed page size). */
export const SyncTaskListQuery = TaskRequestFilter.extend({
  Skip: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
  Take: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(100)),
});
export type SyncTaskListQuery = z.infer<typeof SyncTaskListQuery>;

/** Delete selected and delete by filter send the ids; all are deleted with their logs, or none. */
export const DeleteTasksRequest = z.object({
  TaskIds: z
    .array(z.number().int().positive())
    .min(1, { message: 'Choose at least one task.' })
    .max(100_000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each task once.' }),
});
export type DeleteTasksRequest = z.infer<typeof DeleteTasksRequest>;

// ---- per-user sync settings -------------------------------------------------------------------------

export const EXISTING_TASKS_ACTIONS = ['Skip', 'AlwaysUpdate', 'UpdateNotAcceptedTasks'] as const;
export const EXISTING_TASKS_ACTION_LABELS: Record<(typeof EXISTING_TASKS_ACTIONS)[number], string> = {
  Skip: 'Skip updating existing office task',
  AlwaysUpdate: 'Always update office task',
  UpdateNotAcceptedTasks: 'Only update office task if not yet accepted',
};

const NullableFilter = z.string().trim().min(1).max(200).nullable();

export const GettingTasksSyncSettings = z.object({
  AutoAcceptImportedTasks: z.boolean(),
  DownloadAttachments: z.boolean(),
  DownloadFusionFiles: z.boolean(),
  DownloadImages: z.boolean(),
  DownloadVideo: z.boolean(),
  SkipIfAssetNotExistInField: z.boolean(),
  FilterName: NullableFilter,
});
export const SendingCompletedTasksSyncSettings = z.object({
  AutoAcceptImportedTasks: z.boolean(),
  ExistingTasksAction: z.enum(EXISTING_TASKS_ACTIONS),
  SkipIfAssetNotExistInOffice: z.boolean(),
  SkipIfNotExistInOffice: z.boolean(),
  UploadAttachments: z.boolean(),
  UploadFusionFiles: z.boolean(),
  UploadImages: z.boolean(),
  UploadVideo: z.boolean(),
  ScheduledTasksFilterName: NullableFilter,
});
export const GettingAssetsSyncSettings = z.object({
  AllAssetsExport: z.boolean(),
  IncludeLateralsForAssetsExport: z.boolean(),
  AssetsFilterName: NullableFilter,
});
export const GettingProjectsSyncSettings = z.object({
  AllProjectsExport: z.boolean(),
  ProjectsFilterName: NullableFilter,
});

export const SyncUserSettings = z.object({
  userId: z.uuid(),
  gettingTasksSettings: GettingTasksSyncSettings.nullable(),
  sendingCompletedTasksSettings: SendingCompletedTasksSyncSettings.nullable(),
  gettingAssetsSettings: GettingAssetsSyncSettings.nullable(),
  gettingProjectsSettings: GettingProjectsSyncSettings.nullable(),
});
export type SyncUserSettings = z.infer<typeof SyncUserSettings>;
export const UserIdQuery = z.object({ userId: z.uuid() });

/** The spec's defaults, applied to a section that has no saved model. */
export const DEFAULT_SYNC_SETTINGS: Omit<SyncUserSettings, 'userId'> = {
  gettingTasksSettings: {
    AutoAcceptImportedTasks: true,
    DownloadAttachments: true,
    DownloadFusionFiles: true,
    DownloadImages: true,
    DownloadVideo: true,
    SkipIfAssetNotExistInField: false,
    FilterName: null,
  },
  sendingCompletedTasksSettings: {
    AutoAcceptImportedTasks: true,
    ExistingTasksAction: 'Skip',
    SkipIfAssetNotExistInOffice: true,
    SkipIfNotExistInOffice: true,
    UploadAttachments: true,
    UploadFusionFiles: true,
    UploadImages: true,
    UploadVideo: true,
    ScheduledTasksFilterName: null,
  },
  gettingAssetsSettings: { AllAssetsExport: false, IncludeLateralsForAssetsExport: false, AssetsFilterName: null },
  gettingProjectsSettings: { AllProjectsExport: false, ProjectsFilterName: null },
};

export const SettingsGoUrl = z.string();

/** The signed-in console user as the console shows them (the user settings' client view). */
export const UserByLoginQuery = z.object({ login: z.preprocess(emptyToUndefined, z.string().max(200).optional()) });
export const ConsoleUser = z.object({ userName: z.string(), login: z.string() });
export type ConsoleUser = z.infer<typeof ConsoleUser>;

/** A saved filter the sync settings can name: FilterName is what is stored, DisplayName what is shown. */
export const FilterChoice = z.object({ FilterName: z.string(), DisplayName: z.string() });
export type FilterChoice = z.infer<typeof FilterChoice>;
/** GET /api/filter: the filters for planned and completed tasks (jobs), assets (subjects) and projects. */
export const FilterChoices = z.object({
  jobs: z.array(FilterChoice),
  subjects: z.array(FilterChoice),
  projects: z.array(FilterChoice),
});
export type FilterChoices = z.infer<typeof FilterChoices>;

// ---- the form's save rules (spec section 5) ------------------------------------------------------

export const START_TIME_IN_PAST = "The 'Start time' cannot be in the past";

/** What the 'Schedule task options' form holds while being edited. */
export interface ScheduleDraft {
  name: string;
  userId: string | null;
  scenario: (typeof SCHEDULABLE_SCENARIOS)[number];
  kind: TaskSchedule['$type'];
  startTime: string | null;
  recurEvery: number | null;
  daysOfWeek: string[];
  repeatEvery: string;
  repeatDuration: string;
  filterName: string;
  allExport: boolean;
}

/** Save is disabled while any of these hold. */
export function scheduleSaveDisabled(d: ScheduleDraft): boolean {
  const blank = (s: string | null | undefined) => !s || s.trim() === '';
  if (blank(d.name) || blank(d.userId) || blank(d.startTime)) return true;
  if (d.kind === 'Weekly' && d.daysOfWeek.length === 0) return true;
  if ((d.scenario === 'GettingPlannedTasks' || d.scenario === 'SendingCompletedTasks') && blank(d.filterName))
    return true;
  if ((d.scenario === 'GettingAssets' || d.scenario === 'GettingProjects') && !d.allExport && blank(d.filterName))
    return true;
  if (!blank(d.repeatEvery) && !isValidTimeSpan(d.repeatEvery)) return true;
  if (!blank(d.repeatDuration) && !isValidTimeSpan(d.repeatDuration)) return true;
  return false;
}

/** Whole minutes: a start time within the current minute is not in the past. */
export function isStartTimeInPast(startTime: string, now: Date): boolean {
  return Date.parse(startTime) < Math.floor(now.getTime() / 60_000) * 60_000;
}

// ---- the agent's runs ------------------------------------------------------------------------

/** The log page's Server log and Client log links. */
export const TaskLogQuery = z.object({
  taskId: z.coerce.number().int().positive(),
  type: z.enum(['Server', 'Client']),
});
export type TaskLogQuery = z.infer<typeof TaskLogQuery>;

/** Runs a scenario now for a sync user (getting the database structure has no schedule form). */
export const StartTaskRequest = z.object({ scenario: Scenario, userId: z.uuid() });
export const StartTaskResponse = z.object({ id: z.number() });

/** Scheduled tasks end Cancelled at once; running ones after the page they are writing. */
export const CancelTasksRequest = z.object({ TaskIds: z.array(z.number().int().positive()).max(1000) });
