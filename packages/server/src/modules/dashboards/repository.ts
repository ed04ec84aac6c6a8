/**
 * The SQL of dashboards: the documents (one row per dashboard, its widgets as jsonb and a version),
 * the widget gallery with its version, and editing sessions. Writes that must see one state take a
 * connection, so the service runs a commit's check and write in one transaction under row locks.
 */
import type { Widget } from '@manway/core/api/dashboards';
import type { Connection, Database } from '../../db/connection';
import { sql } from '../../db/sql';

export interface DashboardRow {
  id: string;
  name: string;
  owner_id: string;
  owner_name: string;
  global: boolean;
  is_default: boolean;
  widgets: Widget[];
  version: number;
  updated_at: Date;
}

export interface GalleryRow {
  id: string;
  widget_id: string;
  title: string;
  widget: Widget;
  added_by: string | null;
  added_by_name: string | null;
  added_at: Date;
}

export interface SessionRow {
  id: string;
  user_id: string;
  dashboard_id: string | null;
  /** The dashboard's name now; null for an empty session, the gallery, or a dashboard deleted meanwhile. */
  dashboard_name: string | null;
  is_gallery: boolean;
  base_version: number | null;
  widgets: Widget[];
  touched_at: Date;
}

export interface NewDashboard {
  name: string;
  ownerId: string;
  global: boolean;
  isDefault: boolean;
  widgets: readonly Widget[];
}

const DASHBOARD_COLUMNS = sql`d.id, d.name, d.owner_id, u.display_name AS owner_name, d.global, d.is_default,
  d.widgets, d.version, d.updated_at`;
const GALLERY_COLUMNS = sql`g.id, g.widget_id, g.title, g.widget, g.added_by, u.display_name AS added_by_name,
  g.added_at`;

export class DashboardsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // Dashboards ---------------------------------------------------------------------------------

  /** What the user sees: the default first, then global ones, then their own, by name. */
  visible(userId: string): Promise<DashboardRow[]> {
    return this.db.query<DashboardRow>(sql`
      SELECT ${DASHBOARD_COLUMNS} FROM dashboards d JOIN users u ON u.id = d.owner_id
      WHERE d.global OR d.owner_id = ${userId}::uuid
      ORDER BY d.is_default DESC, d.global DESC, lower(d.name), d.id`);
  }

  /**
   * The dashboard of this name the user sees (case-insensitively). A personal one of the user's
   * shadows a global one of the same name (made global after the personal one was named).
   */
  async byName(
    userId: string,
    name: string,
    conn: Connection = this.db,
    lock = false,
  ): Promise<DashboardRow | undefined> {
    const [row] = await conn.query<DashboardRow>(sql`
      SELECT ${DASHBOARD_COLUMNS} FROM dashboards d JOIN users u ON u.id = d.owner_id
      WHERE lower(d.name) = lower(${name}) AND (d.global OR d.owner_id = ${userId}::uuid)
      ORDER BY d.global LIMIT 1 ${lock ? sql`FOR UPDATE OF d` : sql.empty()}`);
    return row;
  }

  async byDefault(conn: Connection = this.db, lock = false): Promise<DashboardRow | undefined> {
    const [row] = await conn.query<DashboardRow>(sql`
      SELECT ${DASHBOARD_COLUMNS} FROM dashboards d JOIN users u ON u.id = d.owner_id
      WHERE d.is_default ${lock ? sql`FOR UPDATE OF d` : sql.empty()}`);
    return row;
  }

  async byId(id: string, conn: Connection = this.db, lock = false): Promise<DashboardRow | undefined> {
    const [row] = await conn.query<DashboardRow>(sql`
      SELECT ${DASHBOARD_COLUMNS} FROM dashboards d JOIN users u ON u.id = d.owner_id
      WHERE d.id = ${id}::bigint ${lock ? sql`FOR UPDATE OF d` : sql.empty()}`);
    return row;
  }

  /**
   * Whether a dashboard would clash by name: a global one with any global one; a personal one with
   * its owner's personal ones and with global ones (so a name the owner uses names one dashboard).
   */
  async nameTaken(
    name: string,
    as: { global: boolean; ownerId: string },
    except?: string,
    conn: Connection = this.db,
  ): Promise<boolean> {
    const rows = await conn.query(sql`
      SELECT 1 FROM dashboards
      WHERE lower(name) = lower(${name}) AND id IS DISTINCT FROM ${except ?? null}::bigint
        AND (global OR (${!as.global}::boolean AND owner_id = ${as.ownerId}::uuid))
      LIMIT 1`);
    return rows.length > 0;
  }

  /** The names the owner's dashboards are known by to them: their personal ones and global ones. */
  async namesSeenBy(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ name: string }>(
      sql`SELECT name FROM dashboards WHERE global OR owner_id = ${userId}::uuid`,
    );
    return rows.map((r) => r.name);
  }

  async insert(d: NewDashboard, updatedBy: string, conn: Connection = this.db): Promise<string> {
    const [row] = await conn.query<{ id: string }>(sql`
      INSERT INTO dashboards (name, owner_id, global, is_default, widgets, updated_by)
      VALUES (${d.name}, ${d.ownerId}::uuid, ${d.global}, ${d.isDefault}, ${JSON.stringify(d.widgets)}::jsonb,
              ${updatedBy}::uuid)
      RETURNING id`);
    return row!.id;
  }

  /** Saves the document as its next version. */
  async saveWidgets(id: string, widgets: readonly Widget[], updatedBy: string, conn: Connection): Promise<void> {
    await conn.query(sql`
      UPDATE dashboards SET widgets = ${JSON.stringify(widgets)}::jsonb, version = version + 1, updated_at = now(),
        updated_by = ${updatedBy}::uuid
      WHERE id = ${id}::bigint`);
  }

  async setGlobal(id: string, global: boolean, updatedBy: string): Promise<void> {
    await this.db.query(sql`
      UPDATE dashboards SET global = ${global}, updated_at = now(), updated_by = ${updatedBy}::uuid
      WHERE id = ${id}::bigint`);
  }

  async delete(id: string, conn: Connection): Promise<void> {
    await conn.query(sql`DELETE FROM dashboards WHERE id = ${id}::bigint`);
  }

  /** Makes the oldest global dashboard the default, when none is. */
  async promoteDefault(conn: Connection): Promise<void> {
    await conn.query(sql`
      UPDATE dashboards SET is_default = true
      WHERE id = (SELECT id FROM dashboards WHERE global ORDER BY created_at, id LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM dashboards WHERE is_default)`);
  }

  // The gallery --------------------------------------------------------------------------------

  gallery(conn: Connection = this.db): Promise<GalleryRow[]> {
    return conn.query<GalleryRow>(sql`
      SELECT ${GALLERY_COLUMNS} FROM dashboard_gallery g LEFT JOIN users u ON u.id = g.added_by
      ORDER BY g.id`);
  }

  async galleryById(id: number): Promise<GalleryRow | undefined> {
    const [row] = await this.db.query<GalleryRow>(sql`
      SELECT ${GALLERY_COLUMNS} FROM dashboard_gallery g LEFT JOIN users u ON u.id = g.added_by WHERE g.id = ${id}`);
    return row;
  }

  async galleryByTitle(title: string, conn: Connection = this.db): Promise<GalleryRow | undefined> {
    const [row] = await conn.query<GalleryRow>(sql`
      SELECT ${GALLERY_COLUMNS} FROM dashboard_gallery g LEFT JOIN users u ON u.id = g.added_by
      WHERE lower(btrim(g.title)) = lower(btrim(${title}))`);
    return row;
  }

  /** The gallery's version; with `lock`, held until the transaction ends (every gallery change takes it). */
  async galleryVersion(conn: Connection = this.db, lock = false): Promise<number> {
    const [row] = await conn.query<{ version: number }>(
      sql`SELECT version FROM dashboard_gallery_version ${lock ? sql`FOR UPDATE` : sql.empty()}`,
    );
    return row!.version;
  }

  async bumpGalleryVersion(conn: Connection): Promise<void> {
    await conn.query(sql`UPDATE dashboard_gallery_version SET version = version + 1`);
  }

  async galleryInsert(widget: Widget, addedBy: string, conn: Connection): Promise<string> {
    const [row] = await conn.query<{ id: string }>(sql`
      INSERT INTO dashboard_gallery (widget_id, title, widget, added_by)
      VALUES (${widget.id}, ${widget.title}, ${JSON.stringify(widget)}::jsonb, ${addedBy}::uuid)
      RETURNING id`);
    return row!.id;
  }

  /** Puts another widget in a gallery row's place (the same title replaced), as added by `addedBy` now. */
  async galleryReplace(id: string, widget: Widget, addedBy: string, conn: Connection): Promise<void> {
    await conn.query(sql`
      UPDATE dashboard_gallery SET widget_id = ${widget.id}, title = ${widget.title},
        widget = ${JSON.stringify(widget)}::jsonb, added_by = ${addedBy}::uuid, added_at = now()
      WHERE id = ${id}::bigint`);
  }

  async galleryDelete(ids: readonly string[], conn: Connection): Promise<void> {
    await conn.query(sql`DELETE FROM dashboard_gallery WHERE id = ANY(${ids}::bigint[])`);
  }

  /**
   * The gallery becomes these widgets: those already in it (by widget id) keep their row, who added
   * them and when; the others are added by `addedBy`. Rows are written after all are deleted, so two
   * widgets swapping titles do not trip the title index on the way.
   */
  async galleryReplaceAll(widgets: readonly Widget[], addedBy: string, conn: Connection): Promise<void> {
    const kept = await conn.query<{ id: string; widget_id: string; added_by: string | null; added_at: Date }>(
      sql`SELECT id, widget_id, added_by, added_at FROM dashboard_gallery`,
    );
    const byWidget = new Map(kept.map((k) => [k.widget_id, k]));
    await conn.query(sql`DELETE FROM dashboard_gallery`);
    for (const w of widgets) {
      const k = byWidget.get(w.id);
      await conn.query(sql`
        INSERT INTO dashboard_gallery (id, widget_id, title, widget, added_by, added_at)
        VALUES (COALESCE(${k?.id ?? null}::bigint, nextval(pg_get_serial_sequence('dashboard_gallery', 'id'))),
                ${w.id}, ${w.title}, ${JSON.stringify(w)}::jsonb,
                ${k ? k.added_by : addedBy}::uuid, COALESCE(${k?.added_at ?? null}::timestamptz, now()))`);
    }
  }

  // Editing sessions ---------------------------------------------------------------------------

  async insertSession(s: {
    userId: string;
    dashboardId: string | null;
    isGallery: boolean;
    baseVersion: number | null;
    widgets: readonly Widget[];
  }): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(sql`
      INSERT INTO dashboard_editing_sessions (user_id, dashboard_id, is_gallery, base_version, widgets)
      VALUES (${s.userId}::uuid, ${s.dashboardId}::bigint, ${s.isGallery}, ${s.baseVersion}::int,
              ${JSON.stringify(s.widgets)}::jsonb)
      RETURNING id`);
    return row!.id;
  }

  /**
   * The user's session unless it was idle too long, touched now. In a transaction the touch holds
   * the session's row until it ends, so changes to one session are made one at a time.
   */
  async touchSession(
    id: string,
    userId: string,
    idleMinutes: number,
    conn: Connection = this.db,
  ): Promise<SessionRow | undefined> {
    const [row] = await conn.query<SessionRow>(sql`
      WITH s AS (
        UPDATE dashboard_editing_sessions SET touched_at = now()
        WHERE id = ${id}::uuid AND user_id = ${userId}::uuid
          AND touched_at > now() - make_interval(mins => ${idleMinutes}::int)
        RETURNING id, user_id, dashboard_id, is_gallery, base_version, widgets, touched_at)
      SELECT s.*, d.name AS dashboard_name FROM s LEFT JOIN dashboards d ON d.id = s.dashboard_id`);
    return row;
  }

  async saveSessionWidgets(id: string, widgets: readonly Widget[], conn: Connection): Promise<void> {
    await conn.query(sql`
      UPDATE dashboard_editing_sessions SET widgets = ${JSON.stringify(widgets)}::jsonb WHERE id = ${id}::uuid`);
  }

  async deleteSession(id: string, conn: Connection = this.db): Promise<void> {
    await conn.query(sql`DELETE FROM dashboard_editing_sessions WHERE id = ${id}::uuid`);
  }

  /** Deletes the sessions idle longer than `idleMinutes`; answers how many. */
  async deleteIdleSessions(idleMinutes: number): Promise<number> {
    const rows = await this.db.query(sql`
      DELETE FROM dashboard_editing_sessions
      WHERE touched_at <= now() - make_interval(mins => ${idleMinutes}::int) RETURNING id`);
    return rows.length;
  }
}
