import { describe, expect, it } from 'vitest';
import { isStartTimeInPast, SaveScheduledTask, scheduleSaveDisabled, type ScheduleDraft } from './websync';

const ok: ScheduleDraft = {
  name: 'Nightly',
  userId: '00000000-0000-4000-8000-000000000001',
  scenario: 'GettingPlannedTasks',
  kind: 'OneTime',
  startTime: '2030-01-01T10:00:00Z',
  recurEvery: 1,
  daysOfWeek: [],
  repeatEvery: '',
  repeatDuration: '',
  filterName: 'Planned',
  allExport: false,
};

describe('Schedule task options: save is disabled when', () => {
  it.each<[string, Partial<ScheduleDraft>]>([
    ['name empty', { name: ' ' }],
    ['login empty', { userId: null }],
    ['start time empty', { startTime: null }],
    ['Weekly with no weekday chosen', { kind: 'Weekly', daysOfWeek: [] }],
    ['getting planned tasks with no filter name', { filterName: '' }],
    [
      'sending completed tasks with no scheduled tasks filter name',
      { scenario: 'SendingCompletedTasks', filterName: '' },
    ],
    ['getting assets with not-all-assets and no assets filter', { scenario: 'GettingAssets', filterName: '' }],
    ['getting projects with not-all-projects and no projects filter', { scenario: 'GettingProjects', filterName: '' }],
    ['repeat-every not matching the pattern', { repeatEvery: '1 week' }],
    ['duration not matching the pattern', { repeatDuration: '12' }],
  ])('%s', (_, change) => {
    expect(scheduleSaveDisabled(ok)).toBe(false);
    expect(scheduleSaveDisabled({ ...ok, ...change })).toBe(true);
  });

  it('is enabled for all assets without a filter, users without one, and valid spans', () => {
    expect(scheduleSaveDisabled({ ...ok, scenario: 'GettingAssets', filterName: '', allExport: true })).toBe(false);
    expect(scheduleSaveDisabled({ ...ok, scenario: 'GettingUsers', filterName: '' })).toBe(false);
    expect(scheduleSaveDisabled({ ...ok, repeatEvery: '1d 12h 30m', repeatDuration: '2d' })).toBe(false);
  });
});

describe('the start time', () => {
  it('cannot be in the past, counted in whole minutes', () => {
    const now = new Date('2030-01-01T10:00:30Z');
    expect(isStartTimeInPast('2030-01-01T09:59:00Z', now)).toBe(true);
    expect(isStartTimeInPast('2030-01-01T10:00:00Z', now)).toBe(false);
  });
});

describe('saveTask body', () => {
  it('names the field that is wrong', () => {
    const r = SaveScheduledTask.safeParse({
      name: 'x',
      scenario: 'GettingAssets',
      userId: ok.userId,
      taskSettings: { $type: 'GettingAssetsSettings', AllAssetsExport: false },
      taskSchedule: { $type: 'Weekly', StartTime: '2030-01-01T10:00:00Z', DaysOfWeek: [] },
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['taskSettings.AssetsFilterName', 'taskSchedule.DaysOfWeek']));
  });

  it('applies the defaults: recur 1, no repeat, UTC', () => {
    const r = SaveScheduledTask.parse({
      name: 'x',
      scenario: 'GettingUsers',
      userId: ok.userId,
      taskSettings: { $type: 'GettingUsersSettings' },
      taskSchedule: { $type: 'Daily', StartTime: '2030-01-01T10:00:00Z' },
    });
    expect(r.taskSchedule).toEqual({
      $type: 'Daily',
      StartTime: '2030-01-01T10:00:00Z',
      RecurEveryDays: 1,
      RepeatEvery: null,
      RepeatDuration: null,
      TimeZone: 'UTC',
    });
    expect(r.id).toBeNull();
  });
});
