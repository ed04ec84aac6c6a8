/**
 * The durable job queue (pg-boss) on whichever database the server uses. On PGlite pg-boss runs
 * through an adapter: parameterless texts are multi-statement DDL and go through `exec`.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/connection';
import { sql, type SQL } from '../db/sql';

/** Every job the server runs; handlers are exhaustive over this union. */
export type JobItem =
  | { name: 'sessions.purge'; data: Record<string, never> }
  /** Media uploads idle for a day, with their partial files: Field agents' (sync-import) and resumable ones (media). */
  | { name: 'media.purge-uploads'; data: Record<string, never> }
  /** The websync scheduler's tick: due schedules become sync-agent tasks, due tasks become runs. */
  | { name: 'websync.schedule'; data: Record<string, never> }
  /** One run of the sync agent on one sync-agent task (a scenario of the websync spec). */
  | { name: 'websync.run'; data: { taskId: number } }
  /** One attempt at a media file's thumbnail and facts (media/service.ts `process`). */
  | { name: 'media.process'; data: { mediaId: number } }
  /** Sends `media.process` for pending files whose job never went (synced files) or was lost. */
  | { name: 'media.sweep'; data: Record<string, never> }
  /** One generation of a report (reports/service.ts `generate`); a later generation's job makes a retry. */
  | { name: 'report.generate'; data: { reportId: number; generation: number } }
  /** Sends `report.generate` again for generations whose worker died (lapsed lease) or whose job was lost. */
  | { name: 'report.sweep'; data: Record<string, never> }
  /** Deletes dashboard editing sessions left idle longer than EDITING_SESSION_IDLE_MINUTES. */
  | { name: 'dashboard.expire-sessions'; data: Record<string, never> };
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
  private queue: JobQueue | undefined;
  attach(queue: JobQueue): void {
    this.queue = queue;
  }
  send<N extends JobName>(name: N, data: JobData<N>): Promise<string | null> {
    if (!this.queue) return Promise.reject(new Error(`The job queue has not started; ${name} was not sent.`));
    return this.queue.send(name, data);
  }
  /** The queue's sizes; none until it has started (the database is not ready yet). */
  async sizes(): Promise<QueueSize[]> {
    return (await this.queue?.sizes()) ?? [];
  }
  /** Runs whose handler threw since the queue started, by queue. */
  failures(): Partial<Record<JobName, number>> {
    return this.queue?.failures() ?? {};
  }
}

/** Recurring jobs and their cron schedules. */
const SCHEDULES: { name: JobName; cron: string }[] = [
  { name: 'sessions.purge', cron: '*/15 * * * *' },
  { name: 'media.purge-uploads', cron: '17 * * * *' },
  { name: 'websync.schedule', cron: '* * * * *' },
  { name: 'media.sweep', cron: '* * * * *' },
  { name: 'report.sweep', cron: '* * * * *' },
  { name: 'dashboard.expire-sessions', cron: '*/5 * * * *' },
];

/**
 * Queues whose failed jobs are retried differently from pg-boss's default (2 retries at once): a
 * media file's processing waits a little longer each time (ffmpeg busy, the store briefly away), and
 * its last attempt marks the file failed rather than throwing, so none is retried forever or lost.
 */
const QUEUE_OPTIONS: Partial<Record<JobName, { retryLimit: number; retryDelay: number; retryBackoff: boolean }>> = {
  'media.process': { retryLimit: 2, retryDelay: 10, retryBackoff: true },
  // A generation that throws was interrupted (shutdown): its lease lapses and the sweeper sends it
  // again, so pg-boss need not retry it too. A report of 5,000 inspections may take many minutes.
  'report.generate': { retryLimit: 0, retryDelay: 0, retryBackoff: false },
};

/** One queue's jobs, for the metrics. */
export interface QueueSize {
  name: JobName;
  /** Waiting for a worker, retries included. */
  waiting: number;
  active: number;
}

export interface JobQueue extends JobSender {
  sizes(): Promise<QueueSize[]>;
  /** Runs whose handler threw since the queue started (pg-boss retries the job or marks it failed). */
  failures(): Partial<Record<JobName, number>>;
  stop(): Promise<void>;
}

/**
 * pg-boss writes its own statements with `$n` placeholders: each one becomes a value bound by the
 * sql tag (a placeholder used twice is bound twice, with the same value).
 */
export function bossStatement(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.empty(),
  );
}

export async function startQueue(
  db: Database,
  handlers: JobHandlers,
  log: (message: string, error?: unknown) => void,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) =>
        ({ rows: values && values.length > 0 ? await db.query(bossStatement(text, values)) : await db.exec(text) }) as {
          rows: never[];
        },
    },
  });
  boss.on('error', (error) => log('job queue error', error));
  const stopping = new AbortController();
  const names = Object.keys(handlers) as JobName[];
  // Every queue from zero, so a scraper sees each series before its first failure.
  const failures = Object.fromEntries(names.map((name) => [name, 0])) as Record<JobName, number>;
  await boss.start();
  for (const name of names) {
    await boss.createQueue(name, { name, ...QUEUE_OPTIONS[name] });
    await boss.work(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handlers[name](job.data as never, { signal: stopping.signal });
        } catch (error) {
          failures[name] += 1;
          throw error;
        }
      }
    });
  }
  for (const s of SCHEDULES) await boss.schedule(s.name, s.cron, {});
  return {
    send: (name, data) => boss.send(name, data),
    sizes: () =>
      Promise.all(
        names.map(async (name) => {
          // pg-boss counts the jobs in states before the one named: created and retry, then also active.
          const [waiting, started] = await Promise.all([
            boss.getQueueSize(name),
            boss.getQueueSize(name, { before: 'completed' }),
          ]);
          // Two counts, not one snapshot: a job that starts between them must not count as -1 active.
          return { name, waiting, active: Math.max(0, started - waiting) };
        }),
      ),
    failures: () => ({ ...failures }),
    stop: () => {
      // Long jobs (the sync agent) stop at their next safe point and resume after a restart.
      stopping.abort();
      return boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
