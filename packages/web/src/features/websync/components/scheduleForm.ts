/** Between the 'Schedule task options' form and the saveTask body. */
import {
  SETTINGS_TYPE_OF,
  type SaveScheduledTask,
  type ScheduleDraft,
  type ScheduledTask,
  type TaskSettings,
} from '@manway/core/api/websync';
import { DEFAULT_RECUR, type DayOfWeek, type TaskSchedule } from '@manway/core/rules/schedule';

export interface ScheduleForm extends ScheduleDraft {
  id: number | null;
}

/** Add opens a new OneTime task for getting planned tasks, with no start time. */
export function newScheduleForm(scenario: ScheduleDraft['scenario'] = 'GettingPlannedTasks'): ScheduleForm {
  return {
    id: null,
    name: '',
    userId: null,
    scenario,
    kind: 'OneTime',
    startTime: null,
    recurEvery: DEFAULT_RECUR,
    daysOfWeek: [],
    repeatEvery: '',
    repeatDuration: '',
    filterName: '',
    allExport: false,
  };
}

function settingsFilter(s: TaskSettings): { filterName: string; allExport: boolean } {
  switch (s.$type) {
    case 'GettingTasksSettings':
      return { filterName: s.FilterName, allExport: false };
    case 'SendingCompletedTasksSettings':
      return { filterName: s.ScheduledTasksFilterName, allExport: false };
    case 'GettingAssetsSettings':
      return { filterName: s.AssetsFilterName ?? '', allExport: s.AllAssetsExport };
    case 'GettingProjectsSettings':
      return { filterName: s.ProjectsFilterName ?? '', allExport: s.AllProjectsExport };
    case 'GettingUsersSettings':
      return { filterName: '', allExport: false };
  }
}

export function formOfTask(t: ScheduledTask): ScheduleForm {
  const s = t.taskSchedule;
  return {
    id: t.id,
    name: t.name,
    userId: t.userId,
    scenario: t.scenario === 'GettingDatabaseStructure' ? 'GettingPlannedTasks' : t.scenario,
    kind: s.$type,
    startTime: s.StartTime,
    recurEvery: s.$type === 'Daily' ? s.RecurEveryDays : s.$type === 'Weekly' ? s.RecurEveryWeeks : DEFAULT_RECUR,
    daysOfWeek: s.$type === 'Weekly' ? [...s.DaysOfWeek] : [],
    repeatEvery: s.RepeatEvery ?? '',
    repeatDuration: s.RepeatDuration ?? '',
    ...settingsFilter(t.taskSettings),
  };
}

function taskSettingsOf(f: ScheduleForm): TaskSettings {
  const filter = f.filterName.trim() || null;
  switch (SETTINGS_TYPE_OF[f.scenario]) {
    case 'GettingTasksSettings':
      return { $type: 'GettingTasksSettings', FilterName: filter ?? '' };
    case 'SendingCompletedTasksSettings':
      return { $type: 'SendingCompletedTasksSettings', ScheduledTasksFilterName: filter ?? '' };
    case 'GettingAssetsSettings':
      return {
        $type: 'GettingAssetsSettings',
        AllAssetsExport: f.allExport,
        AssetsFilterName: f.allExport ? null : filter,
      };
    case 'GettingProjectsSettings':
      return {
        $type: 'GettingProjectsSettings',
        AllProjectsExport: f.allExport,
        ProjectsFilterName: f.allExport ? null : filter,
      };
    case 'GettingUsersSettings':
      return { $type: 'GettingUsersSettings' };
  }
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function saveBodyOf(f: ScheduleForm, timeZone = browserTimeZone()): SaveScheduledTask {
  const base = {
    StartTime: new Date(f.startTime!).toISOString(),
    RepeatEvery: f.repeatEvery.trim() || null,
    RepeatDuration: f.repeatDuration.trim() || null,
    TimeZone: timeZone,
  };
  const recur = f.recurEvery ?? DEFAULT_RECUR;
  const taskSchedule: TaskSchedule =
    f.kind === 'OneTime'
      ? { $type: 'OneTime', ...base }
      : f.kind === 'Daily'
        ? { $type: 'Daily', ...base, RecurEveryDays: recur }
        : { $type: 'Weekly', ...base, RecurEveryWeeks: recur, DaysOfWeek: f.daysOfWeek as DayOfWeek[] };
  return {
    id: f.id,
    name: f.name.trim(),
    scenario: f.scenario,
    userId: f.userId!,
    taskSettings: taskSettingsOf(f),
    taskSchedule,
  };
}

/** The start time's default: the next whole minute after now. */
export function nextMinute(now: Date): string {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000).toISOString();
}
