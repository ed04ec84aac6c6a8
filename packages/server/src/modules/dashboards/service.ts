/**
 * Dashboards (main-app spec sections 3, 4 and 7): the list, each dashboard's document and its
 * widgets with their data, copies and imports, global or personal, the widget gallery, and editing
 * sessions. A dashboard changes only by a session's commit, which checks the version the session
 * started from under the dashboard's row lock: of two sessions started from one version, the second
 * to commit is refused unless it forces (decision 0031).
 *
 * Who may do what: everyone sees global dashboards and their own personal ones; a personal one is
 * edited and deleted by its owner, a global one and the gallery by administrators, who alone make a
 * dashboard global or personal. Others copy what they may not edit.
 */
import { randomBytes } from 'node:crypto';
import {
  DASHBOARD_EXISTS_CODE,
  DASHBOARD_NAME_MAX_LENGTH,
  EDITING_SESSION_IDLE_MINUTES,
  PERIOD_LABELS,
  WIDGET_EXISTS_CODE,
  type AddWidgetBody,
  type CommitQuery,
  type DashboardQuery,
  type DashboardSummary,
  type DashboardTemplate,
  type DrillResult,
  type EditingSession,
  type GalleryWidget,
  type Widget,
  type WidgetConfig,
  type WidgetData,
  type WidgetWithData,
} from '@manway/core/api/dashboards';
import {
  freeTitle,
  GRID_MAX_ROWS,
  GROUP_BY_LABELS,
  needsGroupBy,
  PERIODS,
  prefillItems,
  sameTitle,
  SOURCE_CATALOGUE,
  WIDGET_TYPE_INFO,
  WIDGET_TYPES,
  WIDGETS_PER_DASHBOARD_MAX,
} from '@manway/core/domain/widgets';
import type { Connection } from '../../db/connection';
import { DASHBOARD_EXISTS_MESSAGE, fail, WIDGET_EXISTS_MESSAGE } from '../../errors';
import type { FiltersService } from '../filters/service';
import type { CurrentUser } from '../users/service';
import type { WidgetDataService } from './data';
import type { DashboardRow, DashboardsRepository, GalleryRow, SessionRow } from './repository';

export const GALLERY_NAME = 'Widget gallery';
const NAME_TOO_LONG_MESSAGE = `A dashboard name has at most ${DASHBOARD_NAME_MAX_LENGTH} characters.`;

/** A widget sent to be created or previewed: its id may be left to the server. */
export type NewWidget = Omit<Widget, 'id'> & { id?: string };

export class DashboardsService {
  constructor(
    private readonly repo: DashboardsRepository,
    private readonly data: WidgetDataService,
    private readonly filters: FiltersService,
  ) {}

  // Dashboards ---------------------------------------------------------------------------------

  async list(user: CurrentUser): Promise<DashboardSummary[]> {
    return (await this.repo.visible(user.id)).map((r) => toSummary(r, user));
  }

  async template(user: CurrentUser, q: DashboardQuery): Promise<DashboardTemplate> {
    if (q.isGallery) {
      const [rows, version] = await Promise.all([this.repo.gallery(), this.repo.galleryVersion()]);
      return {
        name: GALLERY_NAME,
        isGallery: true,
        global: true,
        isDefault: false,
        version,
        widgets: rows.map((r) => r.widget),
      };
    }
    const d = await this.dashboard(user, q.dashboardName);
    return {
      name: d.name,
      isGallery: false,
      global: d.global,
      isDefault: d.is_default,
      version: d.version,
      widgets: d.widgets,
    };
  }

  /** One widget of a dashboard (or of the gallery) with its data: the page loads each this way. */
  async widget(user: CurrentUser, q: DashboardQuery, widgetId: string): Promise<WidgetWithData> {
    const { widgets } = await this.template(user, q);
    const widget = widgets.find((w) => w.id === widgetId);
    if (!widget) throw fail.notFound('Widget not found');
    return { widget, data: await this.data.data(user.id, widget) };
  }

  /**
   * Deletes a dashboard its owner (a global one: an administrator) may delete; with isGallery,
   * empties the gallery (administrators). Deleting the default makes the oldest global dashboard the
   * default, so the page still opens on one while any is left.
   */
  async delete(user: CurrentUser, q: DashboardQuery): Promise<void> {
    if (q.isGallery) {
      if (!isAdministrator(user)) throw fail.forbidden();
      await this.repo.transaction(async (tx) => {
        await this.repo.galleryVersion(tx, true);
        const rows = await this.repo.gallery(tx);
        if (rows.length > 0)
          await this.repo.galleryDelete(
            rows.map((r) => r.id),
            tx,
          );
        await this.repo.bumpGalleryVersion(tx);
      });
      return;
    }
    const d = await this.dashboard(user, q.dashboardName);
    if (!mayEdit(user, d)) throw fail.forbidden();
    await this.repo.transaction(async (tx) => {
      await this.repo.delete(d.id, tx);
      if (d.is_default) await this.repo.promoteDefault(tx);
    });
  }

  /**
   * A personal copy of a dashboard, named "<name> (copy)", "(copy 2)", … as is free; of the gallery,
   * a personal dashboard named dashboardName with the gallery's widgets.
   */
  async copy(user: CurrentUser, q: DashboardQuery): Promise<DashboardSummary> {
    if (q.isGallery) {
      if (!q.dashboardName) throw fail.field('dashboardName', 'Name the dashboard the gallery is copied to.');
      const widgets = (await this.repo.gallery()).map((r) => r.widget);
      return this.createPersonal(user, q.dashboardName, widgets.slice(0, WIDGETS_PER_DASHBOARD_MAX));
    }
    const d = await this.dashboard(user, q.dashboardName);
    const name = copyName(d.name, await this.repo.namesSeenBy(user.id));
    return this.createPersonal(user, name, d.widgets);
  }

  /** A personal copy of a dashboard the caller sees, under a name of their choosing. */
  async import(user: CurrentUser, dashboardName: string, newDashboardName: string): Promise<DashboardSummary> {
    const d = await this.dashboard(user, dashboardName);
    return this.createPersonal(user, newDashboardName, d.widgets);
  }

  /** Makes a dashboard global (everyone sees it) or personal again (its owner's alone). */
  async setGlobal(user: CurrentUser, dashboardName: string, global: boolean): Promise<DashboardSummary> {
    if (!isAdministrator(user)) throw fail.forbidden();
    const d = await this.dashboard(user, dashboardName);
    if (d.global !== global) {
      if (d.is_default && !global)
        throw fail.field('global', 'The default dashboard is the one everyone opens first: it stays global.');
      if (await this.repo.nameTaken(d.name, { global, ownerId: d.owner_id }, d.id))
        throw fail.taken(DASHBOARD_EXISTS_CODE, DASHBOARD_EXISTS_MESSAGE);
      await this.repo.setGlobal(d.id, global, user.id);
    }
    return toSummary((await this.repo.byId(d.id))!, user);
  }

  widgetTypes() {
    return WIDGET_TYPES.map((type) => ({ type, ...WIDGET_TYPE_INFO[type], needsGroupBy: needsGroupBy(type) }));
  }

  /** A group drawn on a widget as a search the map shows (the data service narrows the widget's records). */
  drill(user: CurrentUser, widget: NewWidget, key: string): Promise<DrillResult> {
    return this.data.drill(user.id, withId(widget), key);
  }

  // Shared links -------------------------------------------------------------------------------

  /** The dashboard of this name the user sees (no name: the default one), to share it; undefined if none. */
  async visibleTo(user: CurrentUser, name: string | undefined): Promise<{ id: string; name: string } | undefined> {
    const d = name === undefined ? await this.repo.byDefault() : await this.repo.byName(user.id, name);
    return d && { id: d.id, name: d.name };
  }

  /** A dashboard's document as a link to it shows it, whoever's it is; undefined once it is deleted. */
  async shared(id: string): Promise<DashboardTemplate | undefined> {
    const d = await this.repo.byId(id);
    return (
      d && {
        name: d.name,
        isGallery: false,
        global: d.global,
        isDefault: d.is_default,
        version: d.version,
        widgets: d.widgets,
      }
    );
  }

  /** One widget of a shared dashboard with its data, as its owner sees it (a saved filter is theirs). */
  async sharedWidget(id: string, widgetId: string): Promise<WidgetWithData> {
    const d = await this.repo.byId(id);
    if (!d) throw fail.notFound('The shared dashboard no longer exists.');
    const widget = widgetOf(d.widgets, widgetId);
    return { widget, data: await this.data.data(d.owner_id, widget) };
  }

  /** The dashboard of this name the caller sees, or the default one without a name. */
  private async dashboard(user: CurrentUser, name: string | undefined): Promise<DashboardRow> {
    const d = name === undefined ? await this.repo.byDefault() : await this.repo.byName(user.id, name);
    if (!d) throw fail.notFound(name === undefined ? 'There is no default dashboard.' : 'Dashboard not found');
    return d;
  }

  private async createPersonal(
    user: CurrentUser,
    name: string,
    widgets: readonly Widget[],
    conn?: Connection,
  ): Promise<DashboardSummary> {
    await this.checkNewName(user, name, conn);
    const id = await this.repo.insert(
      { name, ownerId: user.id, global: false, isDefault: false, widgets },
      user.id,
      conn,
    );
    return toSummary((await this.repo.byId(id, conn))!, user);
  }

  /** A new personal dashboard's name: the spec's 'too long' error, or 409 when the caller has one so named. */
  private async checkNewName(user: CurrentUser, name: string, conn?: Connection): Promise<void> {
    if (name.length > DASHBOARD_NAME_MAX_LENGTH) throw fail.coded('dashboard/name-too-long', NAME_TOO_LONG_MESSAGE);
    if (await this.repo.nameTaken(name, { global: false, ownerId: user.id }, undefined, conn))
      throw fail.taken(DASHBOARD_EXISTS_CODE, DASHBOARD_EXISTS_MESSAGE);
  }

  // The gallery --------------------------------------------------------------------------------

  async gallery(user: CurrentUser): Promise<GalleryWidget[]> {
    return (await this.repo.gallery()).map((r) => toGalleryWidget(r, user));
  }

  async deleteGalleryWidget(user: CurrentUser, id: number): Promise<void> {
    const row = await this.repo.galleryById(id);
    if (!row) throw fail.notFound('Gallery widget not found');
    if (!mayDeleteGalleryWidget(user, row)) throw fail.forbidden();
    await this.repo.transaction(async (tx) => {
      await this.repo.galleryVersion(tx, true);
      await this.repo.galleryDelete([row.id], tx);
      await this.repo.bumpGalleryVersion(tx);
    });
  }

  // Editing sessions ---------------------------------------------------------------------------

  /**
   * A session for a new dashboard, starting with no widgets; with isGallery (administrators), for new
   * gallery widgets, which its commit adds to the gallery.
   */
  async startEmpty(user: CurrentUser, isGallery: boolean): Promise<EditingSession> {
    if (isGallery && !isAdministrator(user)) throw fail.forbidden();
    const id = await this.repo.insertSession({
      userId: user.id,
      dashboardId: null,
      isGallery,
      baseVersion: null,
      widgets: [],
    });
    return this.session(user, id);
  }

  /** A session on a dashboard the caller may edit (the default one without a name), or on the gallery. */
  async start(user: CurrentUser, q: DashboardQuery): Promise<EditingSession> {
    if (q.isGallery) {
      if (!isAdministrator(user)) throw fail.forbidden();
      const [rows, version] = await Promise.all([this.repo.gallery(), this.repo.galleryVersion()]);
      const id = await this.repo.insertSession({
        userId: user.id,
        dashboardId: null,
        isGallery: true,
        baseVersion: version,
        widgets: rows.map((r) => r.widget),
      });
      return this.session(user, id);
    }
    const d = await this.dashboard(user, q.dashboardName);
    if (!mayEdit(user, d)) throw fail.forbidden();
    const id = await this.repo.insertSession({
      userId: user.id,
      dashboardId: d.id,
      isGallery: false,
      baseVersion: d.version,
      widgets: d.widgets,
    });
    return this.session(user, id);
  }

  async session(user: CurrentUser, id: string): Promise<EditingSession> {
    return toSession(await this.touched(user, id));
  }

  async sessionWidget(user: CurrentUser, id: string, widgetId: string): Promise<WidgetWithData> {
    const widget = widgetIn(await this.touched(user, id), widgetId);
    return { widget, data: await this.data.data(user.id, widget) };
  }

  /**
   * Adds a widget to the session: a duplicate of one of its widgets (a free title, placed below the
   * others), a new one, or one from the gallery. A gallery widget whose title is on the dashboard
   * answers 409 unless ForceRename (added under a free title) or ForceReplace (it takes the place and
   * layout of the one so titled).
   */
  async addWidget(user: CurrentUser, id: string, body: AddWidgetBody): Promise<Widget> {
    const gallery = 'GalleryWidgetId' in body ? await this.repo.galleryById(body.GalleryWidgetId) : undefined;
    if ('GalleryWidgetId' in body && !gallery) throw fail.notFound('Gallery widget not found');
    return this.changeSession(user, id, (widgets) => {
      const titles = widgets.map((w) => w.title);
      if ('WidgetId' in body) {
        const source = widgetOf(widgets, body.WidgetId);
        const copy: Widget = {
          ...structuredClone(source),
          id: newWidgetId(),
          title: freeTitle(source.title, titles),
          layout: { ...source.layout, y: bottomOf(widgets) },
        };
        return append(widgets, copy);
      }
      if ('Widget' in body) {
        const widget: Widget = { ...body.Widget, id: newWidgetId() };
        if (titles.some((t) => sameTitle(t, widget.title))) throw fail.taken(WIDGET_EXISTS_CODE, WIDGET_EXISTS_MESSAGE);
        return append(widgets, widget);
      }
      const source = gallery!.widget;
      const clash = widgets.find((w) => sameTitle(w.title, source.title));
      if (clash && body.ForceReplace) {
        const widget: Widget = { ...structuredClone(source), id: clash.id, layout: clash.layout };
        return { widgets: widgets.map((w) => (w.id === clash.id ? widget : w)), result: widget };
      }
      if (clash && !body.ForceRename) throw fail.taken(WIDGET_EXISTS_CODE, WIDGET_EXISTS_MESSAGE);
      const widget: Widget = {
        ...structuredClone(source),
        id: newWidgetId(),
        title: freeTitle(source.title, titles),
        layout: { ...source.layout, x: 0, y: bottomOf(widgets) },
      };
      return append(widgets, widget);
    });
  }

  /** Replaces a widget of the session; the path names it, and a body naming another is refused. */
  async updateWidget(user: CurrentUser, id: string, widgetId: string, widget: Widget): Promise<Widget> {
    if (widget.id !== widgetId) throw fail.field('id', 'The widget id differs from the one in the path.');
    return this.changeSession(user, id, (widgets) => {
      widgetOf(widgets, widgetId);
      if (widgets.some((w) => w.id !== widgetId && sameTitle(w.title, widget.title)))
        throw fail.taken(WIDGET_EXISTS_CODE, WIDGET_EXISTS_MESSAGE);
      return { widgets: widgets.map((w) => (w.id === widgetId ? widget : w)), result: widget };
    });
  }

  async deleteWidget(user: CurrentUser, id: string, widgetId: string): Promise<EditingSession> {
    await this.changeSession(user, id, (widgets) => {
      widgetOf(widgets, widgetId);
      return { widgets: widgets.filter((w) => w.id !== widgetId), result: null };
    });
    return this.session(user, id);
  }

  /**
   * Saves a widget of the session in the gallery under its own id; a title the gallery has answers
   * 409 unless forceReplace, which puts it in the place of the one so titled (only its adder or an
   * administrator may replace that one).
   */
  async addToGallery(user: CurrentUser, id: string, widgetId: string, forceReplace: boolean): Promise<GalleryWidget> {
    const source = widgetIn(await this.touched(user, id), widgetId);
    const widget: Widget = { ...structuredClone(source), id: newWidgetId() };
    const rowId = await this.repo.transaction(async (tx) => {
      await this.repo.galleryVersion(tx, true);
      const clash = await this.repo.galleryByTitle(widget.title, tx);
      let made: string;
      if (clash) {
        if (!forceReplace) throw fail.taken(WIDGET_EXISTS_CODE, WIDGET_EXISTS_MESSAGE);
        if (!mayDeleteGalleryWidget(user, clash)) throw fail.forbidden();
        await this.repo.galleryReplace(clash.id, widget, user.id, tx);
        made = clash.id;
      } else {
        made = await this.repo.galleryInsert(widget, user.id, tx);
      }
      await this.repo.bumpGalleryVersion(tx);
      return made;
    });
    return toGalleryWidget((await this.repo.galleryById(Number(rowId)))!, user);
  }

  /** What the configuration dialog offers: the catalogue, the periods, the saved filters the caller sees. */
  async config(user: CurrentUser, id: string, widgetId: string): Promise<WidgetConfig> {
    const widget = widgetIn(await this.touched(user, id), widgetId);
    return {
      widget,
      types: this.widgetTypes(),
      sources: Object.values(SOURCE_CATALOGUE).map((s) => ({
        source: s.source,
        label: s.label,
        dated: s.dated,
        groupBys: s.groupBys.map((key) => ({ key, label: GROUP_BY_LABELS[key] })),
        numeric: s.numeric.map((n) => ({ ...n })),
        hasLength: s.hasLength,
        states: [...s.states],
      })),
      periods: PERIODS.map((key) => ({ key, label: PERIOD_LABELS[key] })),
      savedFilters: await this.savedFilters(user),
    };
  }

  /** The widget with one item setting per group its data has now, keeping those already set. */
  async prefill(user: CurrentUser, id: string, body: NewWidget): Promise<Widget> {
    await this.touched(user, id);
    const widget = withId(body);
    const rows = await this.data.rows(user.id, widget);
    return { ...widget, options: { ...widget.options, items: prefillItems(widget, rows) } };
  }

  /** A widget's data as it would be drawn; nothing is saved. */
  async preview(user: CurrentUser, id: string, body: NewWidget): Promise<WidgetData> {
    await this.touched(user, id);
    return this.data.data(user.id, withId(body));
  }

  /**
   * Saves the template the client sends and ends the session, answering the dashboard saved:
   * - with newDashboardName, as a new personal dashboard of that name;
   * - an empty session, as a new personal dashboard named dashboardName (the gallery's: adds its
   *   widgets to the gallery);
   * - otherwise over the dashboard (or gallery) it started from, as its next version: refused with
   *   'another user modified the same item' when someone committed since the session started,
   *   unless force.
   * The version check and the write happen under the dashboard's (the gallery's) row lock, so of two
   * sessions committing at once one waits and then sees the other's version.
   */
  async commit(user: CurrentUser, id: string, q: CommitQuery, widgets: Widget[]): Promise<DashboardSummary> {
    checkTemplate(widgets);
    // Only a template naming saved filters needs the caller's list of them.
    const seen = widgets.some((w) => w.savedFilter) ? await this.savedFilters(user) : [];
    widgets.forEach((w, i) => {
      if (w.savedFilter && !seen.some((f) => f.name === w.savedFilter))
        throw fail.field(`widgets.${i}.savedFilter`, `You have no saved filter "${w.savedFilter}".`);
    });
    const saved = await this.repo.transaction(async (tx) => {
      const s = await this.repo.touchSession(id, user.id, EDITING_SESSION_IDLE_MINUTES, tx);
      if (!s) throw fail.notFound('Editing session not found');
      if (q.isGallery !== s.is_gallery)
        throw fail.field(
          'isGallery',
          s.is_gallery ? 'This session edits the gallery.' : 'This session edits a dashboard.',
        );
      let result: { dashboardId: string } | { gallery: true };
      if (q.newDashboardName !== undefined) {
        result = { dashboardId: await this.insertPersonal(user, q.newDashboardName, widgets, tx) };
      } else if (s.is_gallery) {
        await this.commitGallery(user, s, q.force, widgets, tx);
        result = { gallery: true };
      } else if (s.base_version === null) {
        if (q.dashboardName === undefined) throw fail.field('dashboardName', 'Name the new dashboard.');
        result = { dashboardId: await this.insertPersonal(user, q.dashboardName, widgets, tx) };
      } else {
        result = { dashboardId: await this.commitDashboard(user, s, q, widgets, tx) };
      }
      await this.repo.deleteSession(s.id, tx);
      return result;
    });
    if ('gallery' in saved) {
      const [version, rows] = await Promise.all([this.repo.galleryVersion(), this.repo.gallery()]);
      return gallerySummary(version, rows.length);
    }
    return toSummary((await this.repo.byId(saved.dashboardId))!, user);
  }

  async discard(user: CurrentUser, id: string): Promise<void> {
    const s = await this.touched(user, id);
    await this.repo.deleteSession(s.id);
  }

  /** The `dashboard.expire-sessions` job: sessions idle too long are gone (they answer 404 already). */
  expireSessions(): Promise<number> {
    return this.repo.deleteIdleSessions(EDITING_SESSION_IDLE_MINUTES);
  }

  /** The demo town's default dashboard and gallery, made at the first start (demo-dashboards.ts). */
  async seedDemo(owner: CurrentUser, dashboard: { name: string; widgets: Widget[] }, gallery: Widget[]): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.repo.insert(
        {
          name: dashboard.name,
          ownerId: owner.id,
          global: true,
          isDefault: !(await this.repo.byDefault(tx)),
          widgets: dashboard.widgets,
        },
        owner.id,
        tx,
      );
      await this.repo.galleryVersion(tx, true);
      for (const w of gallery) await this.repo.galleryInsert(w, owner.id, tx);
      await this.repo.bumpGalleryVersion(tx);
    });
  }

  // Helpers ------------------------------------------------------------------------------------

  /** The caller's live session, touched; others' and expired ones are as good as missing. */
  private async touched(user: CurrentUser, id: string): Promise<SessionRow> {
    const s = await this.repo.touchSession(id, user.id, EDITING_SESSION_IDLE_MINUTES);
    if (!s) throw fail.notFound('Editing session not found');
    return s;
  }

  /** Changes the session's widgets under its row lock: `change` answers the new list and what to answer. */
  private changeSession<T>(
    user: CurrentUser,
    id: string,
    change: (widgets: Widget[]) => { widgets: Widget[]; result: T },
  ): Promise<T> {
    return this.repo.transaction(async (tx) => {
      const s = await this.repo.touchSession(id, user.id, EDITING_SESSION_IDLE_MINUTES, tx);
      if (!s) throw fail.notFound('Editing session not found');
      const { widgets, result } = change(s.widgets);
      await this.repo.saveSessionWidgets(s.id, widgets, tx);
      return result;
    });
  }

  private async insertPersonal(user: CurrentUser, name: string, widgets: Widget[], tx: Connection): Promise<string> {
    await this.checkNewName(user, name, tx);
    return this.repo.insert({ name, ownerId: user.id, global: false, isDefault: false, widgets }, user.id, tx);
  }

  private async commitDashboard(
    user: CurrentUser,
    s: SessionRow,
    q: CommitQuery,
    widgets: Widget[],
    tx: Connection,
  ): Promise<string> {
    const d = s.dashboard_id === null ? undefined : await this.repo.byId(s.dashboard_id, tx, true);
    if (!d) throw fail.notFound('The dashboard was deleted meanwhile. Save your changes under a new name.');
    if (q.dashboardName !== undefined && q.dashboardName.toLowerCase() !== d.name.toLowerCase())
      throw fail.field('dashboardName', `This session edits the dashboard "${d.name}".`);
    // Made personal or given away meanwhile: the right to edit is the one at the commit.
    if (!mayEdit(user, d)) throw fail.forbidden();
    if (d.version !== s.base_version && !q.force) throw fail.conflict();
    await this.repo.saveWidgets(d.id, widgets, user.id, tx);
    return d.id;
  }

  private async commitGallery(user: CurrentUser, s: SessionRow, force: boolean, widgets: Widget[], tx: Connection) {
    if (!isAdministrator(user)) throw fail.forbidden();
    const version = await this.repo.galleryVersion(tx, true);
    if (s.base_version === null) {
      // New gallery widgets: added beside those there, each title once.
      const there = await this.repo.gallery(tx);
      if (widgets.some((w) => there.some((g) => sameTitle(g.title, w.title) || g.widget_id === w.id)))
        throw fail.taken(WIDGET_EXISTS_CODE, WIDGET_EXISTS_MESSAGE);
      for (const w of widgets) await this.repo.galleryInsert(w, user.id, tx);
    } else {
      if (version !== s.base_version && !force) throw fail.conflict();
      await this.repo.galleryReplaceAll(widgets, user.id, tx);
    }
    await this.repo.bumpGalleryVersion(tx);
  }

  /** The saved filters a widget may name: the caller's own and the shared ones they see, each name once. */
  private async savedFilters(user: CurrentUser): Promise<{ name: string; objectType: string }[]> {
    const [own, shared] = await Promise.all([this.filters.listSaved(user), this.filters.available(user)]);
    const names = new Set(own.map((f) => f.name));
    return [
      ...own.map((f) => ({ name: f.name, objectType: f.objectType })),
      ...shared.filter((f) => !names.has(f.name)).map((f) => ({ name: f.name, objectType: f.objectType })),
    ];
  }
}

function isAdministrator(user: CurrentUser): boolean {
  return user.role === 'administrator';
}

/** A personal dashboard is its owner's to change; a global one administrators'. */
function mayEdit(user: CurrentUser, d: Pick<DashboardRow, 'global' | 'owner_id'>): boolean {
  return d.global ? isAdministrator(user) : d.owner_id === user.id;
}

function mayDeleteGalleryWidget(user: CurrentUser, row: Pick<GalleryRow, 'added_by'>): boolean {
  return row.added_by === user.id || isAdministrator(user);
}

function newWidgetId(): string {
  return `w-${randomBytes(6).toString('base64url')}`;
}

function withId(widget: NewWidget): Widget {
  return { ...widget, id: widget.id ?? newWidgetId() };
}

function widgetOf(widgets: readonly Widget[], widgetId: string): Widget {
  const widget = widgets.find((w) => w.id === widgetId);
  if (!widget) throw fail.notFound('Widget not found');
  return widget;
}

function widgetIn(s: SessionRow, widgetId: string): Widget {
  return widgetOf(s.widgets, widgetId);
}

/** The first grid row below every widget. */
function bottomOf(widgets: readonly Widget[]): number {
  return widgets.reduce((y, w) => Math.max(y, w.layout.y + w.layout.h), 0);
}

function append(widgets: Widget[], widget: Widget): { widgets: Widget[]; result: Widget } {
  if (widgets.length >= WIDGETS_PER_DASHBOARD_MAX)
    throw fail.field('widgets', `A dashboard has at most ${WIDGETS_PER_DASHBOARD_MAX} widgets.`);
  if (widget.layout.y + widget.layout.h > GRID_MAX_ROWS)
    throw fail.field('layout', `The dashboard is full: a widget fits in the grid's ${GRID_MAX_ROWS} rows.`);
  return { widgets: [...widgets, widget], result: widget };
}

/** What a committed template must hold besides each widget's own rules: ids and titles once each. */
function checkTemplate(widgets: readonly Widget[]): void {
  const ids = new Set<string>();
  widgets.forEach((w, i) => {
    if (ids.has(w.id)) throw fail.field(`widgets.${i}.id`, `The widget id "${w.id}" is used twice.`);
    ids.add(w.id);
    if (widgets.slice(0, i).some((o) => sameTitle(o.title, w.title)))
      throw fail.taken(WIDGET_EXISTS_CODE, WIDGET_EXISTS_MESSAGE);
  });
}

/** "<name> (copy)", else "(copy 2)", "(copy 3)", … kept within the name limit. */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = name.slice(0, DASHBOARD_NAME_MAX_LENGTH - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

function toSummary(r: DashboardRow, user: CurrentUser): DashboardSummary {
  const editable = mayEdit(user, r);
  return {
    name: r.name,
    global: r.global,
    isDefault: r.is_default,
    ownerName: r.owner_name,
    mine: !r.global && r.owner_id === user.id,
    canEdit: editable,
    canDelete: editable,
    canChangeGlobal: isAdministrator(user),
    widgetCount: r.widgets.length,
    version: r.version,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The gallery's commit answers it as a dashboard would be: administrators edit it, nobody owns it. */
function gallerySummary(version: number, widgetCount: number): DashboardSummary {
  return {
    name: GALLERY_NAME,
    global: true,
    isDefault: false,
    ownerName: '',
    mine: false,
    canEdit: true,
    canDelete: true,
    canChangeGlobal: false,
    widgetCount,
    version,
    updatedAt: new Date().toISOString(),
  };
}

function toGalleryWidget(r: GalleryRow, user: CurrentUser): GalleryWidget {
  return {
    id: Number(r.id),
    widget: r.widget,
    addedBy: r.added_by_name ?? '',
    addedAt: r.added_at.toISOString(),
    canDelete: mayDeleteGalleryWidget(user, r),
  };
}

function toSession(s: SessionRow): EditingSession {
  return {
    id: s.id,
    dashboardName: s.dashboard_name,
    isGallery: s.is_gallery,
    baseVersion: s.base_version,
    widgets: s.widgets,
    expiresAt: new Date(s.touched_at.getTime() + EDITING_SESSION_IDLE_MINUTES * 60_000).toISOString(),
  };
}
