/**
 * GET /api/metrics for an operator's Prometheus: requests and their latency per route, the job
 * queue, sync task outcomes, the database pool and the process (decision 0017). Each app has its
 * own registry — tests run several servers in one process — so prom-client's global one is unused.
 * Figures that live in the database or the queue are read when scraped, never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { MessageBody } from '@manway/core/api/errors';
import type { PoolUse } from '../db/connection';
import type { JobName, QueueSize } from '../jobs/queue';

export interface MetricSources {
  db: { poolUse(): PoolUse };
  /** Both empty until the queue has started. */
  jobs: { sizes(): Promise<QueueSize[]>; failures(): Partial<Record<JobName, number>> };
  syncTasks: { taskCounts(): Promise<{ scenario: string; status: string; count: number }[]> };
}

/** Requests no route matched share one label: a raw URL as a label would grow without bound. */
const UNMATCHED = 'unmatched';

export function registerMetrics(app: FastifyInstance, sources: MetricSources): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'manway_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer; the _count series counts requests.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'manway_job_queue_jobs',
    help: 'Jobs in the queue by state: waiting (created or to be retried) and active.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await sources.jobs.sizes()) {
        this.set({ queue: q.name, state: 'waiting' }, q.waiting);
        this.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  });
  new Counter({
    name: 'manway_job_failures_total',
    help: 'Job runs whose handler failed since the queue started (pg-boss retries them or marks them failed).',
    labelNames: ['queue'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, n] of Object.entries(sources.jobs.failures())) this.inc({ queue }, n);
    },
  });

  new Gauge({
    name: 'manway_sync_tasks',
    help: "Sync-agent tasks in this system's log by scenario and status (deleting tasks from the log lowers it).",
    labelNames: ['scenario', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const t of await sources.syncTasks.taskCounts())
        this.set({ scenario: t.scenario, status: t.status }, t.count);
    },
  });

  const pool = (name: string, help: string, read: (use: PoolUse) => number | undefined) => {
    // A figure the database cannot give (PGlite's idle and waiting) is left out, not shown as 0.
    if (read(sources.db.poolUse()) === undefined) return;
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(sources.db.poolUse()) ?? 0);
      },
    });
  };
  pool(
    'manway_db_pool_max_connections',
    'Connections the database pool may open (1 on the embedded database).',
    (u) => u.max,
  );
  pool('manway_db_pool_open_connections', 'Connections the database pool has open.', (u) => u.open);
  pool('manway_db_pool_idle_connections', 'Open connections not running a query (PostgreSQL only).', (u) => u.idle);
  pool('manway_db_pool_waiting_queries', 'Queries waiting for a free connection (PostgreSQL only).', (u) => u.waiting);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/metrics',
    {
      schema: {
        summary: 'Metrics in the Prometheus text format (administrators only)',
        description: `The Prometheus text exposition format, ${registry.contentType}.`,
        tags: ['platform'],
        response: { 200: z.string(), 401: MessageBody, 403: MessageBody },
      },
    },
    async (_request, reply) => {
      const text = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
