/**
 * The demo schedules of a Field system: what `npm start` shows in the Field's websync console. The
 * Field starts without the demo town and gets users and assets from the Office by these schedules,
 * the first runs a few minutes after the first start, then every day at that time.
 */
import type { SaveScheduledTask } from '@manway/core/api/websync';
import type { CurrentUser } from '../users/service';
import type { WebSyncService } from '../websync/service';

/** Minutes from the first start to each schedule's first run: soon, one after the other. */
const FIRST_RUN_MINUTES = { users: 2, assets: 3 };

export function demoFieldSchedules(owner: CurrentUser, now: Date, timeZone: string): SaveScheduledTask[] {
  const at = (minutes: number) => {
    // Whole minutes, as the console's Start time field shows them.
    const t = new Date(now.getTime() + minutes * 60_000);
    t.setUTCSeconds(0, 0);
    return t.toISOString();
  };
  const daily = (minutes: number) => ({
    $type: 'Daily' as const,
    StartTime: at(minutes),
    RecurEveryDays: 1,
    RepeatEvery: null,
    RepeatDuration: null,
    TimeZone: timeZone,
  });
  return [
    {
      id: null,
      name: 'Users from the Office',
      scenario: 'GettingUsers',
      userId: owner.id,
      taskSettings: { $type: 'GettingUsersSettings' },
      taskSchedule: daily(FIRST_RUN_MINUTES.users),
    },
    {
      id: null,
      name: 'Assets from the Office',
      scenario: 'GettingAssets',
      userId: owner.id,
      taskSettings: { $type: 'GettingAssetsSettings', AllAssetsExport: true, AssetsFilterName: null },
      taskSchedule: daily(FIRST_RUN_MINUTES.assets),
    },
  ];
}

/** Saves the demo schedules through the console's own rules; answers their names. */
export async function createDemoFieldSchedules(
  websync: WebSyncService,
  owner: CurrentUser,
  now = new Date(),
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Promise<string[]> {
  const schedules = demoFieldSchedules(owner, now, timeZone);
  for (const s of schedules) await websync.saveSchedule(s);
  return schedules.map((s) => s.name);
}
