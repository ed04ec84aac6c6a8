/**
 * Filters and search: which properties a condition may use (the object metadata, narrowed to what
 * the repository can compile), the search form, checking a definition before it is compiled, result
 * lists with the spec's search-count semantics, and saved filters with their ownership rules.
 */
import { createHash } from 'node:crypto';
import {
  ADVANCED_FILTER_MESSAGE,
  DEFAULT_OPERATOR_BY_KIND,
  FILTER_NAME_EXISTS_MESSAGE,
  FilterDefinition,
  OPERATORS_BY_KIND,
  SEARCH_COUNT_CAP,
  SEARCH_RESULTS_CAP,
  SELECTION_CAP,
  canonicalJson,
  issueFields,
  filterKindOf,
  isAdvancedFilter,
  type AdditionalRestrictions,
  type AvailableFilter,
  type CreateSavedFilter,
  type FilterForm,
  type FilterNode,
  type FilterPropertyMeta,
  type ObservationResultsBody,
  type ResultIds,
  type ResultIdsBody,
  type ResultRow,
  type ResultsList,
  type ResultsListBody,
  type SavedFilter,
  type SavedFilterSummary,
  type UpdateSavedFilter,
} from '@manway/core/api/filters';
import type { MapFeatureRow, MapResultsQuery } from '@manway/core/api/map';
import type { PropertyMetadata } from '@manway/core/api/objects';
import { validateName } from '@manway/core/rules/names';
import type { z } from 'zod';
import type { SQL } from '../../db/sql';
import { fail } from '../../errors';
import type { ObjectsService } from '../objects/service';
import type { CurrentUser } from '../users/service';
import { ASSET_COLUMNS, OBSERVATION_COLUMNS, type FilterColumn } from './compile';
import type { AssetQuery, FiltersRepository, ResultRowData, SavedFilterRow } from './repository';

type AssetKey = AssetQuery['objectType'];

/** Filter-only properties: facts about an asset that are not fields of it. */
const EXTRA_ASSET_PROPERTIES: PropertyMetadata[] = [
  {
    name: 'plannedTask',
    label: 'Has a planned task',
    valueModelType: 'Boolean',
    unit: null,
    readOnly: true,
    min: null,
    max: null,
    options: null,
  },
];

const DEFAULT_SEARCH_FIELDS = ['assetId'];

/** The advanced search form's groups; a property not named here goes to "Other". */
const FORM_GROUPS: { key: string; label: string; properties: string[] }[] = [
  { key: 'identity', label: 'Identity', properties: ['assetId', 'subtype', 'fromNode', 'toNode', 'parentSection'] },
  { key: 'location', label: 'Location', properties: ['street', 'district', 'owner', 'chainageM', 'clock'] },
  {
    key: 'construction',
    label: 'Construction',
    properties: ['material', 'shape', 'sizeMm', 'lengthM', 'yearBuilt', 'use', 'coverLevelM', 'invertLevelM'],
  },
  { key: 'condition', label: 'Condition and work', properties: ['conditionGrade', 'lifecycleStatus', 'plannedTask'] },
];

function isAdmin(user: CurrentUser): boolean {
  return user.role === 'administrator';
}

/** Checks a stored or sent value with a schema; a bad one answers 400 naming the field inside it. */
function parseValue<T extends z.ZodType>(schema: T, value: unknown, root: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw fail.validation(issueFields(root, parsed.error.issues));
}

/** A short, stable fingerprint of a definition, which the map's filterHash compares against. */
export function filterHash(definition: unknown): string {
  return createHash('sha256').update(canonicalJson(definition)).digest('hex').slice(0, 16);
}

function toMeta(p: PropertyMetadata, column: FilterColumn | undefined): FilterPropertyMeta | null {
  const kind = filterKindOf(p.valueModelType);
  if (!column || !kind) return null;
  // A number with a fixed list of sizes still compares as a number; the options help the form.
  return {
    ...p,
    kind: column.kind,
    operators: [...OPERATORS_BY_KIND[column.kind]],
    searchable: column.kind === 'text',
  };
}

function cellValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return String(v);
}

function toRow(type: string, r: ResultRowData): ResultRow {
  return {
    id: Number(r.id),
    type,
    readableId: r.asset_code,
    properties: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, cellValue(v)])),
  };
}

/** Checks each condition's property, operator and value against the metadata. */
function checkNodes(nodes: readonly FilterNode[], meta: Map<string, FilterPropertyMeta>, at: string): void {
  nodes.forEach((node, i) => {
    const here = `${at}[${i}]`;
    if ('combine' in node) checkNodes(node.conditions, meta, `${here}.conditions`);
    else checkCondition(node, meta, here);
  });
}

function checkCondition(
  c: Extract<FilterNode, { property: string }>,
  meta: Map<string, FilterPropertyMeta>,
  at: string,
) {
  const m = meta.get(c.property);
  if (!m) {
    throw fail.field(`${at}.property`, `"${c.property}" cannot be filtered on. Known: ${[...meta.keys()].join(', ')}.`);
  }
  if (!m.operators.includes(c.operator)) {
    throw fail.field(`${at}.operator`, `${m.label} takes these operators: ${m.operators.join(', ')}.`);
  }
  const bad = (text: string) => fail.field(`${at}.value`, text);
  const v = c.value;
  if (c.operator === 'isEmpty' || c.operator === 'isNotEmpty') {
    if (v !== undefined) throw bad(`${c.operator} takes no value.`);
    return;
  }
  const scalarOk = (x: unknown): boolean => {
    switch (m.kind) {
      case 'text':
        return typeof x === 'string' && x.trim() !== '';
      case 'number':
        return typeof x === 'number' && Number.isFinite(x);
      case 'date':
        return typeof x === 'string' && !Number.isNaN(Date.parse(x));
      case 'boolean':
        return typeof x === 'boolean';
      case 'lookup':
        return typeof x === 'string' && (!m.options || m.options.some((o) => o.id === x));
    }
  };
  const expected = {
    text: 'a text',
    number: 'a number',
    date: 'an ISO date',
    boolean: 'true or false',
    lookup: `one of: ${(m.options ?? []).map((o) => o.id).join(', ')}`,
  }[m.kind];
  if (c.operator === 'between') {
    if (!Array.isArray(v) || v.length !== 2 || !v.every(scalarOk))
      throw bad(`between takes [low, high], each ${expected}.`);
    const [low, high] = v.map((x) => (m.kind === 'date' ? Date.parse(String(x)) : Number(x)));
    if (low! > high!) throw bad('The low end must not exceed the high end.');
  } else if (c.operator === 'in' || c.operator === 'notIn') {
    if (!Array.isArray(v) || v.length === 0 || !v.every(scalarOk))
      throw bad(`${c.operator} takes a list, each ${expected}.`);
  } else if (Array.isArray(v) || !scalarOk(v)) {
    throw bad(`The value is ${expected}.`);
  }
}

export class FiltersService {
  constructor(
    private readonly repo: FiltersRepository,
    private readonly objects: ObjectsService,
  ) {}

  // Metadata and form -----------------------------------------------------------------------------

  /** Filters search assets: an unknown or other type answers 400 naming `field`. */
  private async assetType(objectType: string, field = 'objectType') {
    const t = await this.objects.resolveType(objectType, ['asset']).catch(() => undefined);
    if (t?.kind !== 'asset') throw fail.field(field, `"${objectType}" is not one of: Node, Section, Lateral.`);
    return t;
  }

  async meta(objectType: string, standardId?: string): Promise<FilterPropertyMeta[]> {
    const t = await this.assetType(objectType);
    const props = await this.objects.properties(t.key, { standardId });
    return [...props, ...EXTRA_ASSET_PROPERTIES]
      .map((p) => toMeta(p, ASSET_COLUMNS[p.name]))
      .filter((m): m is FilterPropertyMeta => m !== null);
  }

  private async inspectionOf(parentObjectType: string, parentObjectId: number) {
    if (parentObjectType.toLowerCase() !== 'inspection') {
      throw fail.field('parentObjectType', 'Observations belong to an Inspection.');
    }
    const inspection = await this.repo.inspection(parentObjectId);
    if (!inspection) throw fail.notFound('Inspection not found');
    return inspection;
  }

  /** Observation properties, with the codes of the parent inspection's standard. */
  async observationMeta(parentObjectType: string, parentObjectId: number): Promise<FilterPropertyMeta[]> {
    const inspection = await this.inspectionOf(parentObjectType, parentObjectId);
    const props = await this.objects.properties('observation', { standardId: inspection.standard_id });
    return props.map((p) => toMeta(p, OBSERVATION_COLUMNS[p.name])).filter((m): m is FilterPropertyMeta => m !== null);
  }

  async form(objectType: string): Promise<FilterForm> {
    const t = await this.assetType(objectType, 'x');
    const meta = await this.meta(t.key);
    const field = (m: FilterPropertyMeta) => ({
      property: m.name,
      label: m.label,
      kind: m.kind,
      operators: m.operators,
      defaultOperator: DEFAULT_OPERATOR_BY_KIND[m.kind],
      unit: m.unit,
      min: m.min,
      max: m.max,
      options: m.options,
    });
    const placed = new Set(FORM_GROUPS.flatMap((g) => g.properties));
    const groups = [
      ...FORM_GROUPS.map((g) => ({
        key: g.key,
        label: g.label,
        fields: g.properties.flatMap((name) => meta.filter((m) => m.name === name)).map(field),
      })),
      { key: 'other', label: 'Other', fields: meta.filter((m) => !placed.has(m.name)).map(field) },
    ].filter((g) => g.fields.length > 0);
    return {
      objectType: t.typeName,
      label: t.row.label,
      searchFields: meta.filter((m) => m.searchable).map((m) => m.name),
      defaultSearchFields: DEFAULT_SEARCH_FIELDS,
      groups,
    };
  }

  // Checking and running a filter -----------------------------------------------------------------

  /** Checks a parsed definition against the metadata of its object type; answers the query to run. */
  private async toQuery(
    def: FilterDefinition,
    root: string,
    restrictions: AdditionalRestrictions = {},
  ): Promise<{ query: AssetQuery; typeName: string; meta: FilterPropertyMeta[] }> {
    const t = await this.assetType(def.objectType, `${root}.objectType`);
    const meta = await this.meta(t.key);
    const byName = new Map(meta.map((m) => [m.name, m]));
    checkNodes(def.conditions, byName, `${root}.conditions`);
    const searchFields = def.searchFields ?? DEFAULT_SEARCH_FIELDS;
    searchFields.forEach((f, i) => {
      if (!byName.get(f)?.searchable) {
        throw fail.field(`${root}.searchFields[${i}]`, `"${f}" is not a text property of ${t.typeName}.`);
      }
    });
    const term = def.term?.trim() ?? '';
    return {
      typeName: t.typeName,
      meta,
      query: {
        objectType: t.key as AssetKey,
        combine: def.combine,
        conditions: def.conditions,
        term: term === '' ? null : term,
        searchFields,
        ids: restrictions.ids ?? null,
        extent: restrictions.extent ?? null,
      },
    };
  }

  async results(body: ResultsListBody): Promise<ResultsList> {
    const { query, typeName, meta } = await this.toQuery(body.filter, 'filter', body.additionalRestrictions);
    let sort = null;
    if (body.sortBy) {
      if (!meta.some((m) => m.name === body.sortBy)) throw fail.field('sortBy', `Cannot sort by "${body.sortBy}".`);
      sort = { property: body.sortBy, direction: body.sortDirection };
    }
    const offset = body.page * body.pageSize;
    if (offset >= SEARCH_RESULTS_CAP) {
      throw fail.field('page', 'Too many search results: refine the criteria to see more.');
    }
    const limit = Math.min(body.pageSize, SEARCH_RESULTS_CAP - offset);
    const [counted, rows] = await Promise.all([
      this.repo.countAssets(query, SEARCH_COUNT_CAP),
      this.repo.assetPage(
        query,
        meta.map((m) => m.name),
        sort,
        offset,
        limit,
      ),
    ]);
    const found = Math.min(counted, SEARCH_COUNT_CAP);
    return {
      objectType: typeName,
      rows: rows.map((r) => toRow(typeName, r)),
      page: body.page,
      pageSize: body.pageSize,
      count: {
        found,
        plusFound: counted > SEARCH_COUNT_CAP,
        shown: found <= SEARCH_RESULTS_CAP ? 'all' : sort ? 'top' : 'first',
        shownCount: Math.min(found, SEARCH_RESULTS_CAP),
      },
    };
  }

  async ids(body: ResultIdsBody): Promise<ResultIds> {
    const { query } = await this.toQuery(body.filter, 'filter', body.additionalRestrictions);
    const ids = await this.repo.assetIds(query, SELECTION_CAP + 1);
    return {
      ids: ids.slice(0, SELECTION_CAP),
      selectionCapExceeded: ids.length > SELECTION_CAP,
      selectionCap: SELECTION_CAP,
    };
  }

  async observationResults(body: ObservationResultsBody): Promise<ResultsList> {
    const inspection = await this.inspectionOf(body.parentObjectType, body.parentObjectId);
    const filter = body.filter ?? { combine: 'and' as const, conditions: [] };
    const meta = await this.observationMeta(body.parentObjectType, body.parentObjectId);
    checkNodes(filter.conditions, new Map(meta.map((m) => [m.name, m])), 'filter.conditions');
    const id = Number(inspection.id);
    const offset = body.page * body.pageSize;
    const [found, rows] = await Promise.all([
      this.repo.countObservations(id, filter.combine, filter.conditions),
      this.repo.observationPage(
        id,
        filter.combine,
        filter.conditions,
        meta.map((m) => m.name),
        offset,
        body.pageSize,
      ),
    ]);
    // An inspection holds tens of observations: every one is reachable, so the count is exact.
    return {
      objectType: 'Observation',
      rows: rows.map((r) => toRow('Observation', r)),
      page: body.page,
      pageSize: body.pageSize,
      count: { found, plusFound: false, shown: 'all', shownCount: found },
    };
  }

  /**
   * The filter variant of the map results: a saved filter by name or an inline one, restricted to the
   * viewport through additionalRestrictions.extent. filterHash, when sent, must match the filter's.
   * With countOnly, the count alone (no rows).
   */
  async mapFeatures(
    user: CurrentUser,
    q: MapResultsQuery,
  ): Promise<{ typeName: string; rows: MapFeatureRow[]; total: number; plusFound: boolean }> {
    const by = q.filterBy ?? (q.filterName !== undefined ? 'name' : 'filter');
    let def: FilterDefinition;
    let root = 'filter';
    if (by === 'name') {
      if (!q.filterName) throw fail.field('filterName', 'Name the saved filter.');
      const row = await this.repo.visibleFilter(user.id, q.filterName);
      if (!row) throw fail.notFound(`Filter "${q.filterName}" not found`);
      def = parseValue(FilterDefinition, row.definition, 'filterName');
      root = 'filterName';
    } else {
      if (!q.filter) throw fail.field('filter', 'Send the filter definition, or filterName with filterBy=name.');
      def = q.filter;
    }
    if (q.filterHash !== undefined && q.filterHash !== filterHash(def)) {
      throw fail.conflict('The filter changed since it was read. Reload it and try again.');
    }
    const { query, typeName } = await this.toQuery(def, root, q.additionalRestrictions);
    // Counted as far as the search counts (any user could otherwise make the server count a whole network).
    const [rows, counted] = await Promise.all([
      q.countOnly ? [] : this.repo.assetFeatures(query, q.limit),
      this.repo.countAssets(query, SEARCH_COUNT_CAP),
    ]);
    const plusFound = counted > SEARCH_COUNT_CAP;
    return { typeName, rows, total: plusFound ? SEARCH_COUNT_CAP : counted, plusFound };
  }

  // Saved filters ---------------------------------------------------------------------------------

  private summary(user: CurrentUser, r: SavedFilterRow, typeName: string): SavedFilterSummary {
    const own = r.owner_id === user.id;
    const editable = isAdmin(user) || (own && !(r.imported_from !== null && r.advanced));
    return {
      name: r.name,
      objectType: typeName,
      shared: r.shared,
      advanced: r.advanced,
      importedFrom: r.imported_from,
      position: r.position,
      version: r.version,
      editable,
    };
  }

  private async typeNames(): Promise<Map<string, string>> {
    return new Map((await this.objects.objectTypes()).map((t) => [t.key, t.typeName]));
  }

  private async full(user: CurrentUser, r: SavedFilterRow): Promise<SavedFilter> {
    const names = await this.typeNames();
    return {
      ...this.summary(user, r, names.get(r.object_type) ?? r.object_type),
      definition: r.definition,
      hash: filterHash(r.definition),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }

  async listSaved(user: CurrentUser): Promise<SavedFilterSummary[]> {
    const [rows, names] = await Promise.all([this.repo.ownFilters(user.id), this.typeNames()]);
    return rows.map((r) => this.summary(user, r, names.get(r.object_type) ?? r.object_type));
  }

  private async visibleOrFail(user: CurrentUser, name: string): Promise<SavedFilterRow> {
    const row = await this.repo.visibleFilter(user.id, name);
    if (!row) throw fail.notFound(`Filter "${name}" not found`);
    return row;
  }

  /**
   * The ids of the records of `kind` that an export by the user's saved filter carries, uncapped.
   * Assets (nodes, sections, laterals): the filter's matches, and what they need in the receiving
   * system (see `exportClosure`). Projects: those with work on the matched assets (a task not
   * deleted), as the planned and completed tasks a filter selects are those on its assets.
   */
  async selectForExport(user: CurrentUser, kind: string, name: string): Promise<number[]> {
    if (kind === 'projects') {
      const row = await this.visibleOrFail(user, name);
      return this.repo.projectIdsOnAssets(await this.matchedBy(row));
    }
    const key = ({ nodes: 'node', sections: 'section', laterals: 'lateral' } as const)[kind];
    if (!key)
      throw fail.field('filter', `Saved filters select assets and projects; ${kind} cannot be narrowed by one.`);
    const row = await this.visibleOrFail(user, name);
    const def = parseValue(FilterDefinition, row.definition, 'filter');
    const { query } = await this.toQuery(def, 'filter');
    const matched = await this.repo.assetIds(query, Number.MAX_SAFE_INTEGER);
    return this.repo.exportClosure(key, query.objectType, matched);
  }

  /** The ids of the assets the user's saved filter matches, uncapped (tasks and inspections on them sync). */
  async selectMatching(userId: string, name: string): Promise<number[]> {
    const row = await this.repo.visibleFilter(userId, name);
    if (!row) throw fail.notFound(`Filter "${name}" not found`);
    return this.matchedBy(row);
  }

  /**
   * What the user's saved filter (own or shared) matches, as a sub-select of asset ids for another
   * module's statement to read from: bulk task creation copies a filter's 50,000 assets in one
   * INSERT … SELECT, with no round trip of their ids. An unknown filter answers 400 naming `field`.
   */
  async matchingSubselect(userId: string, name: string, field: string): Promise<{ objectType: AssetKey; select: SQL }> {
    const row = await this.repo.visibleFilter(userId, name);
    if (!row) throw fail.field(field, `Filter "${name}" not found.`);
    const def = parseValue(FilterDefinition, row.definition, field);
    const { query } = await this.toQuery(def, field);
    return { objectType: query.objectType, select: this.repo.matchingIdsSubselect(query) };
  }

  /**
   * The user's saved filter (own or shared) for a statement of another module that reads `assets a`
   * itself (a dashboard widget's aggregate): its checked definition, the asset type it searches and
   * its condition over `a`. An unknown or invalid filter answers 400 naming `field`.
   */
  async matchingWhere(
    userId: string,
    name: string,
    field: string,
  ): Promise<{ objectType: AssetKey; typeName: string; definition: FilterDefinition; where: SQL }> {
    const row = await this.repo.visibleFilter(userId, name);
    if (!row) throw fail.field(field, `Filter "${name}" not found.`);
    const definition = parseValue(FilterDefinition, row.definition, field);
    const { query, typeName } = await this.toQuery(definition, field);
    return { objectType: query.objectType, typeName, definition, where: this.repo.matchingWhere(query) };
  }

  // What reports read: a whole match, and a search grid's columns -----------------------------------

  /** Checks a filter as a report will run it, without running it; answers the asset type it searches. */
  async checkFilter(def: FilterDefinition, restrictions: AdditionalRestrictions | undefined, field: string) {
    const { query } = await this.toQuery(def, field, restrictions);
    return query.objectType;
  }

  /** Checks that the user sees the saved filter and that it is valid; answers the asset type it searches. */
  async checkSavedFilter(userId: string, name: string, field: string): Promise<AssetKey> {
    const row = await this.repo.visibleFilter(userId, name);
    if (!row) throw fail.field(field, `Filter "${name}" not found.`);
    return this.checkFilter(parseValue(FilterDefinition, row.definition, field), undefined, field);
  }

  /** Every asset a filter and its restrictions match, uncapped, in id order; an invalid one answers 400 at `field`. */
  async matchingIds(
    def: FilterDefinition,
    restrictions: AdditionalRestrictions | undefined,
    field: string,
  ): Promise<{ objectType: AssetKey; ids: number[] }> {
    const { query } = await this.toQuery(def, field, restrictions);
    return { objectType: query.objectType, ids: await this.repo.assetIds(query, Number.MAX_SAFE_INTEGER) };
  }

  /** What the user's saved filter (own or shared) matches, uncapped; an unknown one answers 400 at `field`. */
  async savedMatchingIds(
    userId: string,
    name: string,
    field: string,
  ): Promise<{ objectType: AssetKey; ids: number[] }> {
    const row = await this.repo.visibleFilter(userId, name);
    if (!row) throw fail.field(field, `Filter "${name}" not found.`);
    return this.matchingIds(parseValue(FilterDefinition, row.definition, field), undefined, field);
  }

  /** The search grid's columns of an asset type by name, in the order asked; an unknown one answers 400 at `field`. */
  async columns(objectType: AssetKey, names: readonly string[], field: string): Promise<FilterPropertyMeta[]> {
    const byName = new Map((await this.meta(objectType)).map((m) => [m.name, m]));
    return names.map((name, i) => {
      const m = byName.get(name);
      if (!m) throw fail.field(`${field}[${i}]`, `"${name}" is not a property of this asset type.`);
      return m;
    });
  }

  /** The values of `properties` for the assets `ids`, in id order (a batch of a report's rows). */
  async valuesOf(objectType: AssetKey, ids: readonly number[], properties: readonly string[]): Promise<ResultRow[]> {
    const query: AssetQuery = {
      objectType,
      combine: 'and',
      conditions: [],
      term: null,
      searchFields: [],
      ids: [...ids],
      extent: null,
    };
    const rows = await this.repo.assetPage(query, properties, null, 0, ids.length);
    return rows.map((r) => toRow(objectType, r));
  }

  private async matchedBy(row: SavedFilterRow): Promise<number[]> {
    const def = parseValue(FilterDefinition, row.definition, 'filter');
    const { query } = await this.toQuery(def, 'filter');
    return this.repo.assetIds(query, Number.MAX_SAFE_INTEGER);
  }

  async getSaved(user: CurrentUser, name: string): Promise<SavedFilter> {
    return this.full(user, await this.visibleOrFail(user, name));
  }

  /** Whether a name may be used by this owner; `current` is the filter's name when renaming. */
  private async checkName(user: CurrentUser, name: string, current: string | null): Promise<string> {
    const taken = (await this.repo.ownFilters(user.id)).map((r) => r.name);
    switch (validateName(name, { current, forbidden: taken })) {
      case 'Empty':
        throw fail.field('name', 'Enter a name for the filter.');
      case 'ForbiddenValue':
        throw fail.coded('filter/name-exists', FILTER_NAME_EXISTS_MESSAGE);
      case 'Same':
      case 'Valid':
      case 'Invalid':
        return name.trim();
    }
  }

  private async checkedDefinition(raw: unknown) {
    const def = parseValue(FilterDefinition, raw, 'definition');
    const { query } = await this.toQuery(def, 'definition');
    return { def, objectType: query.objectType, advanced: isAdvancedFilter(def) };
  }

  async createSaved(user: CurrentUser, body: CreateSavedFilter): Promise<SavedFilter> {
    if (body.shared && !isAdmin(user)) throw fail.forbidden('Shared filters are managed by administrators.');
    const name = await this.checkName(user, body.name, null);
    const { def, objectType, advanced } = await this.checkedDefinition(body.definition);
    const row = await this.repo.insertFilter({
      ownerId: user.id,
      name,
      objectType,
      shared: body.shared,
      advanced,
      definition: def,
      importedFrom: null,
    });
    return this.full(user, row);
  }

  /** The filter a user may change: their own, or as an administrator a shared one. */
  private async changeable(user: CurrentUser, name: string): Promise<SavedFilterRow> {
    const row = await this.visibleOrFail(user, name);
    if (row.owner_id !== user.id && !isAdmin(user)) {
      throw fail.forbidden('Shared filters are managed by administrators.');
    }
    return row;
  }

  async updateSaved(user: CurrentUser, name: string, body: UpdateSavedFilter): Promise<SavedFilter> {
    const row = await this.changeable(user, name);
    if (row.imported_from !== null && row.advanced && !isAdmin(user)) throw fail.forbidden(ADVANCED_FILTER_MESSAGE);
    const shared = body.shared ?? row.shared;
    if (shared !== row.shared && !(isAdmin(user) && row.owner_id === user.id)) {
      // Another owner's filter made personal would vanish from everyone but that owner.
      throw fail.forbidden('Administrators make their own filters global or personal.');
    }
    if (body.version !== row.version) throw fail.conflict();
    const newName = body.name === undefined ? row.name : await this.checkName(user, body.name, row.name);
    const checked =
      body.definition === undefined
        ? { def: row.definition, objectType: row.object_type, advanced: row.advanced }
        : await this.checkedDefinition(body.definition);
    const updated = await this.repo.updateFilter(row.id, body.version, {
      name: newName,
      objectType: checked.objectType,
      shared,
      advanced: checked.advanced,
      definition: checked.def,
    });
    if (!updated) throw fail.conflict();
    return this.full(user, updated);
  }

  async deleteSaved(user: CurrentUser, name: string): Promise<void> {
    const row = await this.changeable(user, name);
    await this.repo.deleteFilter(row.id);
  }

  /** Reorders the user's own filters; `names` lists every one of them exactly once. */
  async order(user: CurrentUser, names: string[]): Promise<SavedFilterSummary[]> {
    const own = (await this.repo.ownFilters(user.id)).map((r) => r.name);
    const sent = new Set(names);
    if (sent.size !== names.length || sent.size !== own.length || own.some((n) => !sent.has(n))) {
      throw fail.field('names', 'List each of your saved filters exactly once.');
    }
    await this.repo.reorder(user.id, names);
    return this.listSaved(user);
  }

  async available(user: CurrentUser): Promise<AvailableFilter[]> {
    const [shared, own, names] = await Promise.all([
      this.repo.sharedFilters(user.id),
      this.repo.ownFilters(user.id),
      this.typeNames(),
    ]);
    const taken = new Set(own.map((r) => r.name));
    const seen = new Set<string>();
    return shared
      .filter((r) => !seen.has(r.name) && seen.add(r.name))
      .map((r) => ({
        name: r.name,
        objectType: names.get(r.object_type) ?? r.object_type,
        advanced: r.advanced,
        nameTaken: taken.has(r.name),
      }));
  }

  /** Copies a shared filter into the user's own list, marked as imported. */
  async importFilter(user: CurrentUser, filterName: string): Promise<SavedFilter> {
    const source = (await this.repo.sharedFilters(user.id)).find((r) => r.name === filterName);
    if (!source) throw fail.notFound(`Shared filter "${filterName}" not found`);
    const name = await this.checkName(user, source.name, null);
    const row = await this.repo.insertFilter({
      ownerId: user.id,
      name,
      objectType: source.object_type,
      shared: false,
      advanced: source.advanced,
      definition: source.definition,
      importedFrom: source.name,
    });
    return this.full(user, row);
  }
}
