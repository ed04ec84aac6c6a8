/**
 * The durable job queue (pg-boss) on whichever database the server uses. On PGlite pg-boss runs
 * through an adapter: parameterless texts are multi-statement DDL and go through `exec`.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/connection';

/** Every job the server runs; handlers are exhaustive over this union. */
export type JobItem =
  | { name: 'sessions.purge'; data: Record<string, never> }
  /** The websync scheduler's tick: due schedules become sync-agent tasks. */
  | { name: 'websync.schedule'; data: Record<string, never> };
export type JobName = JobItem['name'];
export type JobData<N extends JobName> = Extract<JobItem, { name: N }>['data'];
export type JobHandlers = { [N in JobName]: (data: JobData<N>) => Promise<void> };

/** Recurring jobs and their cron schedules. */
const SCHEDULES: { name: JobName; cron: string }[] = [
  { name: 'sessions.purge', cron: '*/15 * * * *' },
  { name: 'websync.schedule', cron: '* * * * *' },
];

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData<N>): Promise<string | null>;
  stop(): Promise<void>;
}

export async function startQueue(
  db: Database,
  handlers: JobHandlers,
  log: (message: string, error?: unknown) => void,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) =>
        ({ rows: values && values.length > 0 ? await db.query(text, values) : await db.exec(text) }) as {
          rows: never[];
        },
    },
  });
  boss.on('error', (error) => log('job queue error', error));
  await boss.start();
  for (const name of Object.keys(handlers) as JobName[]) {
    await boss.createQueue(name);
    await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await handlers[name](job.data as never);
    });
  }
  for (const s of SCHEDULES) await boss.schedule(s.name, s.cron, {});
  return {
    send: (name, data) => boss.send(name, data),
    stop: () => boss.stop({ graceful: true, timeout: 5000, wait: true }),
  };
}
