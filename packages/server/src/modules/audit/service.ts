/**
 * The audit list (issue #21). Other modules record their administrative changes here, passing their
 * transaction, so an entry exists exactly when its change does. What is recorded never holds a
 * secret: a password change says that it happened, not what it became.
 */
import type { AuditAction, AuditObjectType, AuditPage, AuditQuery } from '@manway/core/api/audit';
import type { AuditRepository, Queryable } from './repository';

/** Who made a change: the signed-in administrator (or the start-up, for what it sets up). */
export interface AuditActor {
  id: string | null;
  login: string;
}

export interface AuditEntry {
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string;
  summary: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
}

/** Each field of `after` that differs from `before`, as { from, to }. */
export function changesBetween<T extends object>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = (before as Record<string, unknown>)[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  /** Records a change; pass the change's transaction so both commit or neither does. */
  record(actor: AuditActor, entry: AuditEntry, db?: Queryable): Promise<void> {
    return this.repo.insert(
      {
        actorId: actor.id,
        actorLogin: actor.login,
        action: entry.action,
        objectType: entry.objectType,
        objectId: entry.objectId,
        summary: entry.summary,
        changes: entry.changes ?? {},
      },
      db,
    );
  }

  async list(query: AuditQuery): Promise<AuditPage> {
    const { rows, total } = await this.repo.list(query);
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: { id: r.actorId, login: r.actorLogin },
        action: r.action,
        objectType: r.objectType,
        objectId: r.objectId,
        summary: r.summary,
        changes: r.changes,
      })),
      total,
    };
  }
}
