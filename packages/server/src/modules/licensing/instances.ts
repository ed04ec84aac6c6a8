/**
 * The licence's instance limit (main-app section 8: licensing/instance-limit-exceeds). Each server
 * process over the database says it is alive every INSTANCE_HEARTBEAT_SECONDS; the oldest `limit` of
 * the live ones serve pages, and a process past the limit answers every page's first calls (the
 * general settings, a seat) with the licensing code, so its users see the spec's page instead of a
 * server the licence does not cover. Whether this process is within the limit is decided at each
 * heartbeat and read from memory on each call.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { INSTANCE_HEARTBEAT_SECONDS, type InstanceLimitUpdate, type ServerInstances } from '@manway/core/api/licensing';
import { fail } from '../../errors';
import type { AuditActor, AuditService } from '../audit/service';
import type { InstancesRepository } from './instances-repository';

export class InstanceRegistry {
  readonly self = { id: randomUUID(), host: hostname().slice(0, 255), pid: process.pid };
  private withinLimit = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: InstancesRepository,
    private readonly audit: Pick<AuditService, 'record'>,
  ) {}

  /** Adds this process and keeps it alive until `stop`. */
  async start(): Promise<void> {
    await this.repo.add(this.self);
    await this.judge();
    this.timer = setInterval(() => void this.heartbeat().catch(() => {}), INSTANCE_HEARTBEAT_SECONDS * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.repo.remove(this.self.id).catch(() => {});
  }

  /** Says this process is alive and decides again whether it is within the limit. */
  async heartbeat(): Promise<void> {
    await this.repo.touch(this.self);
    await this.judge();
  }

  /** Refuses a page's call when this process is past the instance limit. */
  assertWithinLimit(): void {
    if (this.withinLimit) return;
    throw fail.coded(
      'licensing/instance-limit-exceeds',
      'More Manway server instances are running than the licence allows; this one serves no pages.',
    );
  }

  async list(): Promise<ServerInstances> {
    const [live, { limit, version }] = await Promise.all([this.repo.live(), this.repo.limit()]);
    return {
      limit,
      version,
      instances: live.map((r, i) => ({
        id: r.id,
        host: r.host,
        pid: r.pid,
        startedAt: r.startedAt.toISOString(),
        lastSeen: r.lastSeen.toISOString(),
        withinLimit: limit === null || i < limit,
        current: r.id === this.self.id,
      })),
    };
  }

  async setLimit(actor: AuditActor, change: InstanceLimitUpdate): Promise<ServerInstances> {
    const saved = await this.repo.setLimit(change.limit, change.version, (before, tx) =>
      this.audit.record(
        actor,
        {
          action: 'licence.updated',
          objectType: 'licence',
          objectId: 'server-instances',
          summary: `Server instances: ${before ?? 'no limit'} → ${change.limit ?? 'no limit'}`,
          changes: { limit: { from: before, to: change.limit } },
        },
        tx,
      ),
    );
    if (!saved) throw fail.conflict();
    await this.judge();
    return this.list();
  }

  private async judge(): Promise<void> {
    const [live, { limit }] = await Promise.all([this.repo.live(), this.repo.limit()]);
    const rank = live.findIndex((r) => r.id === this.self.id);
    this.withinLimit = limit === null || (rank >= 0 && rank < limit);
  }
}
