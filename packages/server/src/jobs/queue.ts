/**
 * The durable job queue (pg-boss) on whichever database the server uses. On PGlite pg-boss runs
 * through an adapter: parameterless texts are multi-statement DDL and go through `exec`.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/connection';

/** Every job the server runs; handlers are exhaustive over this union. */
export type JobItem =
  | { name: 'sessions.purge'; data: Record<string, never> }
  /** The websync scheduler's tick: due schedules become sync-agent tasks, due tasks become runs. */
  | { name: 'websync.schedule'; data: Record<string, never> }
  /** One run of the sync agent on one sync-agent task (a scenario of the websync spec). */
  | { name: 'websync.run'; data: { taskId: number } };
export type JobName = JobItem['name'];
export type JobData<N extends JobName> = Extract<JobItem, { name: N }>['data'];
/** What a handler is told besides its data: `signal` aborts when the queue stops (shutdown). */
export interface JobContext {
  signal: AbortSignal;
}
export type JobHandlers = { [N in JobName]: (data: JobData<N>, context: JobContext) => Promise<void> };

export interface JobSender {
  send<N extends JobName>(name: N, data: JobData<N>): Promise<string | null>;
}

/**
 * The services are built before the queue starts (its handlers are theirs), so they send through
 * this, which the start-up attaches to the queue once it runs.
 */
export class LateJobSender implements JobSender {
  private queue: JobSender | undefined;
  attach(queue: JobSender): void {
    this.queue = queue;
  }
  send<N extends JobName>(name: N, data: JobData<N>): Promise<string | null> {
    if (!this.queue) return Promise.reject(new Error(`The job queue has not started; ${name} was not sent.`));
    return this.queue.send(name, data);
  }
}

/** Recurring jobs and their cron schedules. */
const SCHEDULES: { name: JobName; cron: string }[] = [
  { name: 'sessions.purge', cron: '*/15 * * * *' },
  { name: 'websync.schedule', cron: '* * * * *' },
];

export interface JobQueue extends JobSender {
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
  const stopping = new AbortController();
  await boss.start();
  for (const name of Object.keys(handlers) as JobName[]) {
    await boss.createQueue(name);
    await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await handlers[name](job.data as never, { signal: stopping.signal });
    });
  }
  for (const s of SCHEDULES) await boss.schedule(s.name, s.cron, {});
  return {
    send: (name, data) => boss.send(name, data),
    stop: () => {
      // Long jobs (the sync agent) stop at their next safe point and resume after a restart.
      stopping.abort();
      return boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
