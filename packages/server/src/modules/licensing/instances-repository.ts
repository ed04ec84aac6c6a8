import type { Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface InstanceRow {
  id: string;
  host: string;
  pid: number;
  startedAt: Date;
  lastSeen: Date;
}

/** The server processes over this database (migration 0030) and the limit on them. */
export class InstancesRepository {
  constructor(
    private readonly db: Pick<Database, 'query' | 'transaction'>,
    private readonly goneSeconds: number,
  ) {}

  async add(instance: { id: string; host: string; pid: number }): Promise<void> {
    await this.db.query(sql`
      INSERT INTO server_instances (id, host, pid) VALUES (${instance.id}, ${instance.host}, ${instance.pid})
      ON CONFLICT (id) DO UPDATE SET last_seen_at = now()
    `);
  }

  /** Keeps this process's row fresh (adding it again if a cleanup took it) and forgets the long gone. */
  async touch(instance: { id: string; host: string; pid: number }): Promise<void> {
    await this.add(instance);
    await this.db.query(sql`DELETE FROM server_instances WHERE last_seen_at < now() - interval '1 day'`);
  }

  async remove(id: string): Promise<void> {
    await this.db.query(sql`DELETE FROM server_instances WHERE id = ${id}`);
  }

  /** The live instances, oldest first: the first `limit` of them may serve pages. */
  live(): Promise<InstanceRow[]> {
    return this.db.query<InstanceRow>(sql`
      SELECT id, host, pid, started_at AS "startedAt", last_seen_at AS "lastSeen" FROM server_instances
      WHERE last_seen_at > now() - make_interval(secs => ${this.goneSeconds})
      ORDER BY started_at, id
    `);
  }

  async limit(): Promise<{ limit: number | null; version: number }> {
    const [row] = await this.db.query<{ limit: number | null; version: number }>(
      sql`SELECT max_instances AS "limit", version FROM instance_limit`,
    );
    return row ?? { limit: null, version: 1 };
  }

  /** Sets the limit when its version is still `version`; answers the limit as it was, undefined when stale. */
  setLimit(
    limit: number | null,
    version: number,
    recordChange: (before: number | null, tx: Pick<Database, 'query'>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ limit: number | null }>(sql`
        SELECT max_instances AS "limit" FROM instance_limit WHERE version = ${version} FOR UPDATE
      `);
      if (!before) return false;
      await tx.query(sql`UPDATE instance_limit SET max_instances = ${limit}, version = version + 1`);
      await recordChange(before.limit, tx);
      return true;
    });
  }
}
