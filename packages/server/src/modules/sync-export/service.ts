/**
 * What an Office system hands to a Field system's sync agent: pages of each kind for a user with the
 * websync permission (the agent's service account), optionally narrowed by one of that user's saved
 * filters. Saved filters are resolved through `SavedFilterResolver`, so the filter module plugs in
 * without this module knowing how a filter is stored or evaluated.
 */
import {
  EXPORT_KINDS,
  FILTERABLE_KINDS,
  type ExportKind,
  type ExportPage,
  type ExportQuery,
  type FilterableKind,
} from '@manway/core/api/sync-export';
import { z } from 'zod';
import { fail } from '../../errors';
import { mayOpen } from '../settings/service';
import type { CurrentUser } from '../users/service';
import { UUID_CURSOR, type SyncExportRepository } from './repository';

export interface SavedFilterResolver {
  /**
   * The local ids of the records of `kind` that the saved filter `name` of `user` selects; throws
   * `fail.notFound` when the user has no filter of that name for that kind.
   */
  select(user: CurrentUser, kind: FilterableKind, name: string): Promise<number[]>;
}

/** The resolver of a system without saved filters: no name can be found. */
export const WITHOUT_SAVED_FILTERS: SavedFilterResolver = {
  select(_user, kind, name) {
    return Promise.reject(fail.notFound(`There is no saved filter named "${name}" for ${kind}.`));
  },
};

const isFilterable = (kind: ExportKind): kind is FilterableKind =>
  (FILTERABLE_KINDS as readonly string[]).includes(kind);
const Uuid = z.uuid();

export class SyncExportService {
  constructor(
    private readonly repo: SyncExportRepository,
    private readonly filters: SavedFilterResolver = WITHOUT_SAVED_FILTERS,
  ) {}

  readonly kinds = EXPORT_KINDS;

  async page<K extends ExportKind>(user: CurrentUser, kind: K, q: ExportQuery): Promise<ExportPage<K>> {
    if (!mayOpen(user, 'web-websync')) throw fail.forbidden();
    if (q.after !== undefined && UUID_CURSOR.has(kind) && !Uuid.safeParse(q.after).success) {
      throw fail.field('after', 'Use the next value of the previous page.');
    }
    let only: number[] | undefined;
    if (q.filter !== undefined) {
      if (!isFilterable(kind)) throw fail.field('filter', `${kind} cannot be narrowed by a saved filter.`);
      only = await this.filters.select(user, kind, q.filter);
    }
    const raw = await this.repo.page(kind, { after: q.after, limit: q.limit, only });
    return {
      items: raw.rows as ExportPage<K>['items'],
      next: raw.keys.length === q.limit ? raw.keys[raw.keys.length - 1]! : null,
    };
  }
}
