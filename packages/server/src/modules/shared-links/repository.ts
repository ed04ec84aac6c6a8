import type { SharedLinkKind, SharedLinkStatus } from '@manway/core/api/shared-links';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export type Queryable = Pick<Database, 'query'>;

/** A search as it was run when shared, and what it found then (shared_links.search). */
export interface StoredSearch {
  filter: unknown;
  additionalRestrictions?: unknown;
  savedName: string | null;
  found: { ids: number[]; more: boolean };
}

export interface SharedLinkRow {
  id: string;
  token: string;
  ownerId: string;
  ownerLogin: string;
  ownerName: string;
  kind: SharedLinkKind;
  objectType: string | null;
  /** bigint, as the driver answers it. */
  objectId: string | number | null;
  search: StoredSearch | null;
  dashboardId: string | null;
  /** The dashboard's name now (null once it is deleted, and for other kinds). */
  dashboardName: string | null;
  title: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  status: SharedLinkStatus;
}

export interface NewSharedLink {
  token: string;
  ownerId: string;
  kind: SharedLinkKind;
  objectType?: string;
  objectId?: number;
  search?: StoredSearch;
  dashboardId?: string;
  title: string;
  /** null: always valid. */
  validityDays: number | null;
}

/** Revoked first: a revoked link says so even once its validity has also run out. */
const STATUS = sql.raw(`CASE WHEN l.revoked_at IS NOT NULL THEN 'revoked'
    WHEN l.expires_at IS NOT NULL AND l.expires_at <= now() THEN 'expired'
    ELSE 'active' END`);

const selectLinks = (from: SQL) => sql`
  SELECT l.id, l.token, l.owner_id AS "ownerId", u.login AS "ownerLogin", u.display_name AS "ownerName", l.kind,
         l.object_type AS "objectType", l.object_id AS "objectId", l.search, l.dashboard_id AS "dashboardId",
         d.name AS "dashboardName", l.title, l.created_at AS "createdAt", l.expires_at AS "expiresAt",
         l.revoked_at AS "revokedAt", ${STATUS} AS status
  FROM ${from} l
  JOIN users u ON u.id = l.owner_id
  LEFT JOIN dashboards d ON d.id = l.dashboard_id`;

export class SharedLinksRepository {
  constructor(private readonly db: Pick<Database, 'query' | 'transaction'>) {}

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The link's validity runs from the database's clock, as its status is read by it. */
  async insert(link: NewSharedLink, db: Queryable = this.db): Promise<SharedLinkRow> {
    const [row] = await db.query<SharedLinkRow>(sql`
      WITH l AS (
        INSERT INTO shared_links (token, owner_id, kind, object_type, object_id, search, dashboard_id, title, expires_at)
        VALUES (${link.token}, ${link.ownerId}::uuid, ${link.kind}, ${link.objectType ?? null}, ${link.objectId ?? null},
                ${link.search ? JSON.stringify(link.search) : null}::jsonb, ${link.dashboardId ?? null}::bigint,
                ${link.title}, now() + ${link.validityDays}::int * interval '1 day')
        RETURNING *
      )
      ${selectLinks(sql`l`)}
    `);
    return row!;
  }

  /** Newest first: one owner's links, or everyone's when `ownerId` is null. */
  list(ownerId: string | null): Promise<SharedLinkRow[]> {
    const where = ownerId === null ? sql.empty() : sql`WHERE l.owner_id = ${ownerId}::uuid`;
    return this.db.query<SharedLinkRow>(sql`
      ${selectLinks(sql`shared_links`)}
      ${where}
      ORDER BY l.created_at DESC, l.id
    `);
  }

  async byToken(token: string): Promise<SharedLinkRow | undefined> {
    const [row] = await this.db.query<SharedLinkRow>(sql`
      ${selectLinks(sql`shared_links`)}
      WHERE l.token = ${token}
    `);
    return row;
  }

  /**
   * Revokes the link when it is `ownerId`'s (anyone's when null), under its row lock so two revokes
   * record one change. Answers the link as it was before (undefined: none such), and whether this
   * call revoked it; `recordRevoke` runs in the same transaction (the audit entry).
   */
  revoke(
    id: string,
    by: { userId: string; ownerId: string | null },
    recordRevoke: (link: SharedLinkRow, tx: Queryable) => Promise<void>,
  ): Promise<{ link: SharedLinkRow; revoked: boolean } | undefined> {
    return this.db.transaction(async (tx) => {
      const [link] = await tx.query<SharedLinkRow>(sql`
        ${selectLinks(sql`shared_links`)}
        WHERE l.id = ${id}::uuid ${by.ownerId === null ? sql.empty() : sql`AND l.owner_id = ${by.ownerId}::uuid`}
        FOR UPDATE OF l
      `);
      if (!link) return undefined;
      if (link.revokedAt) return { link, revoked: false };
      await tx.query(sql`
        UPDATE shared_links SET revoked_at = now(), revoked_by = ${by.userId}::uuid WHERE id = ${id}::uuid
      `);
      await recordRevoke(link, tx);
      return { link, revoked: true };
    });
  }
}
