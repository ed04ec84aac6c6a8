import type { AuditAction, AuditObjectType, AuditQuery } from '@manway/core/api/audit';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export type Queryable = Pick<Database, 'query'>;

export interface AuditRow {
  id: number;
  at: Date;
  actorId: string | null;
  actorLogin: string;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string;
  summary: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}

export type NewAuditRow = Omit<AuditRow, 'id' | 'at'>;

export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async insert(row: NewAuditRow, db: Queryable = this.db): Promise<void> {
    await db.query(sql`
      INSERT INTO audit_events (actor_id, actor_login, action, object_type, object_id, summary, changes)
      VALUES (${row.actorId}, ${row.actorLogin}, ${row.action}, ${row.objectType}, ${row.objectId},
              ${row.summary}, ${JSON.stringify(row.changes)}::jsonb)
    `);
  }

  async list(query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (query.objectType) conditions.push(sql`object_type = ${query.objectType}`);
    if (query.objectId) conditions.push(sql`object_id = ${query.objectId}`);
    if (query.action) conditions.push(sql`action = ${query.action}`);
    if (query.actor) conditions.push(sql`lower(actor_login) = lower(${query.actor})`);
    if (query.from) conditions.push(sql`at >= ${query.from}::timestamptz`);
    if (query.to) conditions.push(sql`at < ${query.to}::timestamptz`);
    const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql.empty();
    const [rows, [count]] = await Promise.all([
      this.db.query<AuditRow>(sql`
        SELECT id::int, at, actor_id AS "actorId", actor_login AS "actorLogin", action, object_type AS "objectType",
               object_id AS "objectId", summary, changes
        FROM audit_events ${where}
        ORDER BY at DESC, id DESC
        LIMIT ${query.limit} OFFSET ${query.offset}
      `),
      this.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events ${where}`),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
}
