/**
 * The websync console's rules: who may use it, saving schedules with their next start time, the
 * scheduler's tick that turns due schedules into sync-agent tasks, the task log and sync settings.
 * Running the tasks is the sync agent's (modules/sync-agent).
 */
import type { ConsoleUser, FilterChoices, ScheduledTask, SyncTaskListQuery } from '@manway/core/api/websync';
import {
  DEFAULT_SYNC_SETTINGS,
  isStartTimeInPast,
  START_TIME_IN_PAST,
  SyncUserSettings,
  TaskScheduleSchema,
  TaskSettings,
  type SaveScheduledTask,
  type SchedulerQuery,
  type SyncAgentTask,
  type SyncUser,
  type TaskRequestFilter,
} from '@manway/core/api/websync';
import { EDITION_BASE_PATHS } from '@manway/core/editions';
import { describeSchedule, nextOccurrence, type TaskSchedule } from '@manway/core/rules/schedule';
import { fail } from '../../errors';
import type { CurrentUser } from '../users/service';
import type {
  ScheduleOrder,
  ScheduleRow,
  TaskDetailsRow,
  TaskFilter,
  TaskOrder,
  WebSyncRepository,
} from './repository';

const SCHEDULE_ORDER: Record<SchedulerQuery['Path'], ScheduleOrder> = {
  Name: 'name',
  Scenario: 'scenario',
  Login: 'login',
  LastStartTime: 'last_start_time',
  NextStartTime: 'next_start_time',
  Schedule: 'schedule_text',
};

const TASK_ORDER: Record<TaskRequestFilter['Path'], TaskOrder> = {
  Scenario: 'scenario',
  Status: 'status',
  Started: 'started',
  Finished: 'finished',
  ScheduleName: 'schedule_name',
  ScheduledFor: 'scheduled_for',
  Login: 'login',
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toScheduledTask(row: ScheduleRow): ScheduledTask {
  return {
    id: Number(row.id),
    name: row.name,
    scenario: row.scenario as ScheduledTask['scenario'],
    userId: row.user_id,
    login: row.login,
    schedule: row.schedule_text,
    lastStartTime: iso(row.last_start_time),
    nextStartTime: iso(row.next_start_time),
    // Stored by this service from validated input; parsed again so the wire never carries more.
    taskSettings: TaskSettings.parse(row.task_settings),
    taskSchedule: TaskScheduleSchema.parse(row.task_schedule),
  };
}

function toSyncAgentTask(r: TaskDetailsRow): SyncAgentTask {
  return {
    id: Number(r.id),
    scenario: r.scenario as SyncAgentTask['scenario'],
    status: r.status as SyncAgentTask['status'],
    currentOperation: r.current_operation,
    isTransferringMedia: r.is_transferring_media,
    percentageComplete: r.percentage_complete,
    started: iso(r.started),
    finished: iso(r.finished),
    scheduleName: r.schedule_name,
    scheduledFor: iso(r.scheduled_for),
    login: r.login,
    canBeDeleted: r.can_be_deleted,
  };
}

/**
 * Whose rows a list shows: administrators see everyone's, other console users their own only
 * (http/permissions.ts: ownRowsOnly), so one sync user never learns of or touches another's work.
 */
function ownerScope(user: CurrentUser): string | undefined {
  return user.role === 'administrator' ? undefined : user.id;
}

function taskFilterOf(f: TaskRequestFilter, user: CurrentUser): TaskFilter {
  return {
    login: f.Login,
    from: f.FromDate,
    to: f.ToDate,
    statuses: f.Statuses,
    types: f.Types,
    scheduleName: f.ScheduleName,
    keyword: f.Keyword,
    deletableOnly: f.QueryForDelete,
    ownerId: ownerScope(user),
    orderBy: TASK_ORDER[f.Path],
    descending: f.SortDirection === 'Descending',
  };
}

/** One saved filter a user can name, from the filters module (own first, then shared ones). */
export interface NamedFilter {
  name: string;
  /** The display name of the object type it selects. */
  objectType: string;
  shared: boolean;
}

/** Where the sync settings' filter names come from: the user's saved filters (modules/filters). */
export interface SyncFilterSource {
  visible(user: CurrentUser): Promise<NamedFilter[]>;
}

export class WebSyncService {
  constructor(
    private readonly repo: WebSyncRepository,
    private readonly filters: SyncFilterSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  settingsUrl(): string {
    return EDITION_BASE_PATHS['web-settings'];
  }

  // ---- schedules ----

  async scheduleIds(user: CurrentUser, q: SchedulerQuery): Promise<number[]> {
    const rows = await this.repo.scheduleIds({
      login: q.Login,
      name: q.Name,
      scenario: q.Scenario,
      ownerId: ownerScope(user),
      orderBy: SCHEDULE_ORDER[q.Path],
      descending: q.SortDirection === 'Descending',
    });
    return rows.map((r) => Number(r.id));
  }

  async schedulesByIds(ids: number[]): Promise<ScheduledTask[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.repo.schedulesByIds(ids)).map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toScheduledTask(row)] : [];
    });
  }

  async scheduleById(id: number): Promise<ScheduledTask> {
    const [task] = await this.schedulesByIds([id]);
    if (!task) throw fail.notFound();
    return task;
  }

  async scheduleNames(user: CurrentUser, login: string | undefined): Promise<string[]> {
    return (await this.repo.scheduleNames(login, ownerScope(user))).map((r) => r.name);
  }

  async saveSchedule(task: SaveScheduledTask): Promise<number> {
    const now = this.now();
    const schedule: TaskSchedule = task.taskSchedule;
    const existing = task.id === null ? undefined : (await this.repo.schedulesByIds([task.id]))[0];
    if (task.id !== null && !existing) throw fail.notFound();
    // An unchanged start time of a schedule that has run may be in the past; a new one may not.
    const startUnchanged =
      existing && Date.parse((existing.task_schedule as TaskSchedule).StartTime) === Date.parse(schedule.StartTime);
    if (!startUnchanged && isStartTimeInPast(schedule.StartTime, now)) {
      throw fail.field('taskSchedule.StartTime', START_TIME_IN_PAST);
    }
    const users = await this.repo.syncUsers();
    if (!users.some((u) => u.id === task.userId)) {
      throw fail.field('userId', 'Choose a user with the websync permission.');
    }
    const write = {
      name: task.name,
      scenario: task.scenario,
      userId: task.userId,
      scheduleText: describeSchedule(schedule),
      taskSettings: task.taskSettings,
      taskSchedule: schedule,
      // A start time within the current minute still runs.
      nextStartTime: nextOccurrence(schedule, new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 1)),
    };
    if (task.id === null) return Number(await this.repo.insertSchedule(write));
    await this.repo.updateSchedule(task.id, write);
    return task.id;
  }

  async deleteSchedule(id: number): Promise<void> {
    if (!(await this.repo.deleteSchedule(id))) throw fail.notFound();
  }

  /**
   * The scheduler's tick: each due schedule gets one Scheduled task for its due occurrence and moves
   * on to its first occurrence after now. Occurrences missed while no server ran are not replayed
   * one by one: a sync brings everything up to date, so one run catches up.
   */
  runDueSchedules(): Promise<number> {
    const now = this.now();
    return this.repo.advanceDueSchedules(now, (due) => {
      const schedule = TaskScheduleSchema.safeParse(due.task_schedule);
      if (!schedule.success) return null;
      const after = due.next_start_time.getTime() > now.getTime() ? due.next_start_time : now;
      return nextOccurrence(schedule.data, after);
    });
  }

  // ---- the log ----

  async taskIds(user: CurrentUser, f: TaskRequestFilter): Promise<number[]> {
    return (await this.repo.taskIds(taskFilterOf(f, user))).map((r) => Number(r.id));
  }

  async tasks(user: CurrentUser, q: SyncTaskListQuery): Promise<SyncAgentTask[]> {
    return (await this.repo.tasks(taskFilterOf(q, user), q.Skip, q.Take)).map(toSyncAgentTask);
  }

  async tasksByIds(ids: number[]): Promise<SyncAgentTask[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.repo.tasksByIds(ids)).map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toSyncAgentTask(r)] : [];
    });
  }

  /**
   * Deletes the tasks and their logs, all or none: an id that is not there answers 400 naming
   * TaskIds (the list is stale: reload it), one a run still has answers 409 (cancel it first).
   */
  async deleteTasks(ids: number[]): Promise<number> {
    const outcome = await this.repo.deleteTasks(ids);
    if (outcome.unknown.length > 0) {
      throw fail.field('TaskIds', `These tasks no longer exist: ${outcome.unknown.slice(0, 20).join(', ')}.`);
    }
    if (outcome.running.length > 0) {
      throw fail.conflict(
        `These tasks are running and cannot be deleted; cancel them first: ${outcome.running.slice(0, 20).join(', ')}.`,
      );
    }
    return outcome.deleted;
  }

  // ---- users and their sync settings ----

  async syncUsers(user: CurrentUser): Promise<SyncUser[]> {
    const scope = ownerScope(user);
    return (await this.repo.syncUsers())
      .filter((u) => scope === undefined || u.id === scope)
      .map((u) => ({
        id: u.id,
        userName: u.display_name,
        organization: u.organization ?? '',
        login: u.login,
      }));
  }

  /**
   * The console's user (the settings' client view): the signed-in user, or the sync user of
   * `login` when one is asked for.
   */
  async userByLogin(user: CurrentUser, login: string | undefined): Promise<ConsoleUser> {
    if (login === undefined || login.toLowerCase() === user.login.toLowerCase()) {
      return { userName: user.displayName || user.login, login: user.login };
    }
    const found = (await this.repo.syncUsers()).find((u) => u.login.toLowerCase() === login.toLowerCase());
    if (!found) throw fail.notFound('The sync user was not found.');
    return { userName: found.display_name || found.login, login: found.login };
  }

  /**
   * The filter names the sync settings offer: the user's own saved filters, then the shared ones
   * (a name the user has is theirs, as the filters module resolves it). Saved filters select
   * assets (nodes, sections, laterals): they narrow the assets got (subjects), the planned and
   * completed tasks on those assets (jobs), and the projects with work on those assets (projects).
   */
  async filterChoices(user: CurrentUser): Promise<FilterChoices> {
    const seen = new Set<string>();
    const choices = (await this.filters.visible(user))
      .filter((f) => !seen.has(f.name) && seen.add(f.name))
      .map((f) => ({
        FilterName: f.name,
        DisplayName: `${f.name} (${f.objectType}${f.shared ? ', shared' : ''})`,
      }));
    return { jobs: choices, subjects: choices, projects: choices };
  }

  /** Who owns schedules or sync-agent tasks: the sync user they run for (http/access.ts asks). */
  async owners(kind: 'schedule' | 'sync-task', ids: number[]): Promise<Map<number, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.repo.owners(kind === 'schedule' ? 'sync_schedules' : 'sync_agent_tasks', ids);
    return new Map(rows.map((r) => [Number(r.id), r.user_id]));
  }

  /** The sync user with this id, or not found. */
  async syncUser(userId: string): Promise<{ id: string; login: string }> {
    const found = (await this.repo.syncUsers()).find((u) => u.id === userId);
    if (!found) throw fail.notFound('The sync user was not found.');
    return found;
  }

  private async requireSyncUser(userId: string): Promise<void> {
    if (!(await this.repo.syncUsers()).some((u) => u.id === userId))
      throw fail.notFound('The sync user was not found.');
  }

  /** Saved sections over the spec's defaults; a section that no longer validates falls back to them. */
  async syncSettings(userId: string): Promise<SyncUserSettings> {
    await this.requireSyncUser(userId);
    return this.settingsOf(userId);
  }

  /** A user's sync settings as the agent runs with them (no permission check: the agent is the server). */
  async settingsOf(userId: string): Promise<SyncUserSettings> {
    const stored = ((await this.repo.syncUserSettings(userId)) ?? {}) as Record<string, unknown>;
    const section = <K extends keyof typeof DEFAULT_SYNC_SETTINGS>(key: K) => {
      const parsed = SyncUserSettings.shape[key].safeParse(stored[key]);
      return parsed.success && parsed.data !== null ? parsed.data : DEFAULT_SYNC_SETTINGS[key];
    };
    return {
      userId,
      gettingTasksSettings: section('gettingTasksSettings'),
      sendingCompletedTasksSettings: section('sendingCompletedTasksSettings'),
      gettingAssetsSettings: section('gettingAssetsSettings'),
      gettingProjectsSettings: section('gettingProjectsSettings'),
    } as SyncUserSettings;
  }

  async saveSyncSettings(settings: SyncUserSettings): Promise<void> {
    await this.requireSyncUser(settings.userId);
    const assets = settings.gettingAssetsSettings;
    // All assets makes the filter and the laterals meaningless: they are cleared, as the page does.
    const data = {
      ...settings,
      gettingAssetsSettings:
        assets && assets.AllAssetsExport
          ? { ...assets, AssetsFilterName: null, IncludeLateralsForAssetsExport: false }
          : assets,
    };
    const { userId, ...sections } = data;
    await this.repo.saveSyncUserSettings(userId, sections);
  }
}
