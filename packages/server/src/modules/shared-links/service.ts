/**
 * Shared links (main-app sections 3 and 6; issue #21). A member shares an object, a search or a
 * dashboard they see as a link; opening it takes any signed-in user (a guest too) to what was
 * shared. The link's token is its only key: 256 random bits, answered to its owner alone. A search
 * is kept as it ran, with the ids it found then, so the link shows what its sharer saw rather than
 * whatever a saved filter of that name says later; an object and a dashboard are shown as they are
 * now. Creating and revoking a link is audited in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Widget, WidgetWithData } from '@manway/core/api/dashboards';
import type { AdditionalRestrictions, FilterDefinition, ResultIds } from '@manway/core/api/filters';
import type { ObjectDetails } from '@manway/core/api/objects';
import {
  SHARED_LINK_EXPIRED,
  SHARED_LINK_REVOKED,
  sharedLinkPath,
  type CreateSharedLinkBody,
  type ResolvedSharedLink,
  type ResolvedTarget,
  type SharedLink,
  type SharedLinkSubject,
  type SharedLinkTarget,
} from '@manway/core/api/shared-links';
import type { Edition } from '@manway/core/editions';
import { AppError, fail } from '../../errors';
import type { AuditService } from '../audit/service';
import type { CurrentUser } from '../users/service';
import type { NewSharedLink, SharedLinkRow, SharedLinksRepository, StoredSearch } from './repository';

/** What links point at, lent by the modules that own them (composed in services.ts). */
export interface SharedLinkTargets {
  /** The object's details, or undefined when there is none; an unknown type answers 400 at `type`. */
  object(type: string, id: number): Promise<ObjectDetails | undefined>;
  /** The ids the search finds now (at most the selection cap); an invalid search answers 400 at `field`. */
  searchIds(
    filter: FilterDefinition,
    restrictions: AdditionalRestrictions | undefined,
    field: string,
  ): Promise<ResultIds>;
  /** The dashboard of this name the user sees (no name: the default one). */
  visibleDashboard(user: CurrentUser, name: string | undefined): Promise<{ id: string; name: string } | undefined>;
  /** A dashboard's document now, whoever's it is. */
  dashboard(id: string): Promise<{ name: string; version: number; widgets: Widget[] } | undefined>;
  /** One of its widgets with its data, as its owner sees it. */
  dashboardWidget(id: string, widgetId: string): Promise<WidgetWithData>;
}

/** Whose links a caller acts on: their own, or as an administrator anyone's. */
const isAdministrator = (user: CurrentUser) => user.role === 'administrator';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A 400 a target module answered for its own field, named at the request's field instead. */
function atField(field: string) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.problem.kind === 'validation') {
      throw fail.validation({ [field]: Object.values(error.problem.fields).flat() }, error.problem.message);
    }
    throw error;
  };
}

export class SharedLinksService {
  constructor(
    private readonly repo: SharedLinksRepository,
    private readonly targets: SharedLinkTargets,
    private readonly audit: Pick<AuditService, 'record'>,
  ) {}

  async create(user: CurrentUser, edition: Edition | undefined, body: CreateSharedLinkBody): Promise<SharedLink> {
    const target = await this.checkedTarget(user, body.target);
    const title = body.title.trim();
    const row = await this.repo.transaction(async (tx) => {
      const link = await this.repo.insert(
        {
          token: randomBytes(32).toString('base64url'),
          ownerId: user.id,
          title,
          validityDays: body.validityDays,
          ...target,
        },
        tx,
      );
      const validity = body.validityDays === null ? 'always valid' : `valid for ${body.validityDays} days`;
      await this.audit.record(
        user,
        {
          action: 'shared-link.created',
          objectType: 'shared-link',
          objectId: link.id,
          summary: `${user.login} shared ${describe(link)} as “${title}”, ${validity}`,
        },
        tx,
      );
      return link;
    });
    return this.toLink(row, user, edition);
  }

  /** The caller's links, newest first; with `all`, an administrator's list of everyone's. */
  async list(user: CurrentUser, edition: Edition | undefined, all: boolean): Promise<SharedLink[]> {
    if (all && !isAdministrator(user)) throw fail.forbidden();
    const rows = await this.repo.list(all ? null : user.id);
    return rows.map((r) => this.toLink(r, user, edition));
  }

  /** Revokes a link of the caller's (an administrator: anyone's); others' answer 404, as unknown ones do. */
  async revoke(user: CurrentUser, id: string): Promise<void> {
    const outcome = await this.repo.revoke(
      id,
      { userId: user.id, ownerId: isAdministrator(user) ? null : user.id },
      (link, tx) =>
        this.audit.record(
          user,
          {
            action: 'shared-link.revoked',
            objectType: 'shared-link',
            objectId: link.id,
            summary:
              link.ownerId === user.id
                ? `${user.login} revoked the shared link “${link.title}”`
                : `${user.login} revoked the shared link “${link.title}” of ${link.ownerLogin}`,
          },
          tx,
        ),
    );
    if (!outcome) throw fail.notFound('There is no such shared link.');
  }

  /** What the link shares, for any signed-in user; an expired or revoked link answers its code. */
  async resolve(token: string): Promise<ResolvedSharedLink> {
    const link = await this.live(token);
    return {
      title: link.title,
      sharedBy: link.ownerName,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
      target: await this.resolvedTarget(link),
    };
  }

  /** A widget of a shared dashboard with its data, while the link is live. */
  async widget(token: string, widgetId: string): Promise<WidgetWithData> {
    const link = await this.live(token);
    if (link.kind !== 'dashboard') throw fail.notFound('This shared link shares no dashboard.');
    if (!link.dashboardId) throw fail.notFound('The shared dashboard no longer exists.');
    return this.targets.dashboardWidget(link.dashboardId, widgetId);
  }

  private async live(token: string): Promise<SharedLinkRow> {
    const link = await this.repo.byToken(token);
    if (!link) throw fail.notFound('There is no such shared link.');
    switch (link.status) {
      case 'active':
        return link;
      case 'revoked':
        throw fail.coded(SHARED_LINK_REVOKED, `${link.ownerName} revoked this shared link.`);
      case 'expired':
        throw fail.coded(SHARED_LINK_EXPIRED, `This shared link expired on ${dayOf(link.expiresAt!)}.`, {
          expiredAt: link.expiresAt!.toISOString(),
        });
    }
  }

  /** The target checked and as it is stored: it must exist and the sharer must see it. */
  private async checkedTarget(
    user: CurrentUser,
    target: SharedLinkTarget,
  ): Promise<Pick<NewSharedLink, 'kind' | 'objectType' | 'objectId' | 'search' | 'dashboardId'>> {
    switch (target.kind) {
      case 'object': {
        const object = await this.targets
          .object(target.objectType, target.objectId)
          .catch(atField('target.objectType'));
        if (!object) throw fail.field('target.objectId', `There is no ${target.objectType} ${target.objectId}.`);
        // Stored under the type's own name, so the link opens the same layer however it was spelt.
        return { kind: 'object', objectType: object.type, objectId: object.id };
      }
      case 'search': {
        const found = await this.targets.searchIds(target.filter, target.additionalRestrictions, 'target.filter');
        const search: StoredSearch = {
          filter: target.filter,
          ...(target.additionalRestrictions ? { additionalRestrictions: target.additionalRestrictions } : {}),
          savedName: target.savedName ?? null,
          found: { ids: found.ids, more: found.selectionCapExceeded },
        };
        return { kind: 'search', search };
      }
      case 'dashboard': {
        const dashboard = await this.targets.visibleDashboard(user, target.dashboardName);
        if (!dashboard)
          throw fail.field(
            'target.dashboardName',
            target.dashboardName === undefined
              ? 'There is no default dashboard.'
              : 'You have no dashboard of this name.',
          );
        return { kind: 'dashboard', dashboardId: dashboard.id };
      }
    }
  }

  private async resolvedTarget(link: SharedLinkRow): Promise<ResolvedTarget> {
    switch (link.kind) {
      case 'object': {
        const object = await this.targets.object(link.objectType!, Number(link.objectId));
        if (!object) throw fail.notFound('The shared object no longer exists.');
        return {
          kind: 'object',
          objectType: object.type,
          objectId: object.id,
          readableId: object.readableId,
          position: positionOf(object.geometry),
        };
      }
      case 'search': {
        const s = link.search!;
        return {
          kind: 'search',
          filter: s.filter,
          ...(s.additionalRestrictions ? { additionalRestrictions: s.additionalRestrictions } : {}),
          savedName: s.savedName,
          found: s.found,
        };
      }
      case 'dashboard': {
        const dashboard = link.dashboardId ? await this.targets.dashboard(link.dashboardId) : undefined;
        if (!dashboard) throw fail.notFound('The shared dashboard no longer exists.');
        return { kind: 'dashboard', name: dashboard.name, version: dashboard.version, widgets: dashboard.widgets };
      }
    }
  }

  /** Allow-listed: the token and the link itself go to the link's owner only. */
  private toLink(r: SharedLinkRow, caller: CurrentUser, edition: Edition | undefined): SharedLink {
    const own = r.ownerId === caller.id;
    return {
      id: r.id,
      title: r.title,
      subject: subjectOf(r),
      owner: { id: r.ownerId, login: r.ownerLogin, displayName: r.ownerName },
      token: own ? r.token : null,
      path: own ? sharedLinkPath(edition, r.token) : null,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
      revokedAt: r.revokedAt?.toISOString() ?? null,
      status: r.status,
    };
  }
}

function subjectOf(r: SharedLinkRow): SharedLinkSubject {
  switch (r.kind) {
    case 'object':
      return { kind: 'object', objectType: r.objectType!, objectId: Number(r.objectId) };
    case 'search': {
      const filter = r.search?.filter as { objectType?: unknown } | undefined;
      return {
        kind: 'search',
        objectType: typeof filter?.objectType === 'string' ? filter.objectType : '',
        savedName: r.search?.savedName ?? null,
      };
    }
    case 'dashboard':
      return { kind: 'dashboard', name: r.dashboardName };
  }
}

/** What a link shares, in the audit's words. */
function describe(r: SharedLinkRow): string {
  const s = subjectOf(r);
  switch (s.kind) {
    case 'object':
      return `${s.objectType} ${s.objectId}`;
    case 'search':
      return s.savedName ? `a search with the filter ${s.savedName}` : `a search of ${s.objectType || 'assets'}`;
    case 'dashboard':
      return `the dashboard ${s.name ?? r.dashboardId ?? ''}`;
  }
}

/** Where the map centres on an object: its point, or its line's middle vertex. */
export function positionOf(geometry: ObjectDetails['geometry']): [number, number] | null {
  if (!geometry) return null;
  const at = (c: unknown): [number, number] | null =>
    Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number' ? [c[0], c[1]] : null;
  switch (geometry.type) {
    case 'Point':
      return at(geometry.coordinates);
    case 'LineString':
      return at(geometry.coordinates[Math.floor(geometry.coordinates.length / 2)]);
    case 'Polygon':
      return at((geometry.coordinates[0] as unknown[] | undefined)?.[0]);
  }
}
