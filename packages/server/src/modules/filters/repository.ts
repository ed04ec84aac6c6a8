/** The SQL behind filters: result lists, ids and map features of a compiled filter, and saved filters. */
import type { FilterNode } from '@manway/core/api/filters';
import type { MapFeatureRow } from '@manway/core/api/map';
import type { Wgs84Extent } from '@manway/core/domain/extent';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';
import { ASSET_COLUMNS, columnSql, compileNodes, compileTerm, OBSERVATION_COLUMNS, type FilterColumn } from './compile';

/** A filter the service has checked against the metadata, ready to compile. */
export interface AssetQuery {
  objectType: 'node' | 'section' | 'lateral';
  combine: 'and' | 'or';
  conditions: readonly FilterNode[];
  term: string | null;
  searchFields: readonly string[];
  ids: readonly number[] | null;
  extent: Wgs84Extent | null;
}

export interface ResultRowData {
  id: string;
  asset_code: string;
  values: Record<string, unknown>;
}

export interface SavedFilterRow {
  id: string;
  owner_id: string;
  name: string;
  object_type: string;
  shared: boolean;
  advanced: boolean;
  definition: unknown;
  position: number;
  imported_from: string | null;
  version: number;
  updated_at: string | Date;
}

const SAVED_FILTER_COLUMNS =
  sql.raw(`id, owner_id, name, object_type, shared, advanced, definition, position, imported_from,
  version, updated_at`);

/**
 * The WHERE clause of an asset query. With an extent, ST_Intersects asks the GiST index
 * `assets_geom_idx` first (as the dynamic-layer map query does); conditions are checked on its rows.
 */
function assetWhere(q: AssetQuery): SQL {
  const parts = [sql`a.object_type = ${q.objectType}`];
  if (q.extent) {
    const [w, s, e, n] = q.extent;
    parts.push(
      sql`ST_Intersects(a.geom, ST_MakeEnvelope(${w}::double precision, ${s}::double precision,
        ${e}::double precision, ${n}::double precision, 4326))`,
    );
  }
  if (q.ids) parts.push(sql`a.id = ANY(${q.ids}::bigint[])`);
  parts.push(sql`(${compileNodes(ASSET_COLUMNS, q.combine, q.conditions)})`);
  if (q.term) parts.push(compileTerm(ASSET_COLUMNS, q.term, q.searchFields));
  return sql.join(parts, sql.raw('\n    AND '));
}

/** The map's filter query, so a test can EXPLAIN exactly what runs. */
export function assetFeaturesSql(q: AssetQuery, limit: number): SQL {
  return sql`SELECT a.id, a.asset_code, a.subtype, a.condition_grade, a.material, a.size_mm,
         ST_AsGeoJSON(a.geom, 7) AS geometry
       FROM assets a WHERE ${assetWhere(q)} LIMIT ${limit}`;
}

/** Values of the properties selected by position, so no property name is ever written into the SQL. */
function selectedValues(columns: Readonly<Record<string, FilterColumn>>, properties: readonly string[]): SQL {
  if (properties.length === 0) return sql.empty();
  const values = properties.map((name, i) => sql`${columnSql(columns[name]!)} AS ${sql.raw(`v${i}`)}`);
  return sql`, ${sql.join(values)}`;
}

export class FiltersRepository {
  constructor(private readonly db: Database) {}

  /** How many assets match, counting no further than `cap + 1`. */
  async countAssets(q: AssetQuery, cap: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM assets a WHERE ${assetWhere(q)} LIMIT ${cap + 1}) x`,
    );
    return row?.n ?? 0;
  }

  /** One page of matching assets with the values of `properties`, in a stable order (id breaks ties). */
  async assetPage(
    q: AssetQuery,
    properties: readonly string[],
    sort: { property: string; direction: 'asc' | 'desc' } | null,
    offset: number,
    limit: number,
  ): Promise<ResultRowData[]> {
    const order = sort
      ? sql`${columnSql(ASSET_COLUMNS[sort.property]!)} ${sql.raw(sort.direction === 'desc' ? 'DESC' : 'ASC')} NULLS LAST, a.id`
      : sql`a.id`;
    const rows = await this.db.query<Record<string, unknown>>(
      sql`SELECT a.id, a.asset_code${selectedValues(ASSET_COLUMNS, properties)} FROM assets a
       WHERE ${assetWhere(q)}
       ORDER BY ${order}
       LIMIT ${limit} OFFSET ${offset}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      asset_code: String(r.asset_code),
      values: Object.fromEntries(properties.map((name, i) => [name, r[`v${i}`]])),
    }));
  }

  /** Matching ids in id order, at most `limit`. */
  async assetIds(q: AssetQuery, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      sql`SELECT a.id FROM assets a WHERE ${assetWhere(q)} ORDER BY a.id LIMIT ${limit}`,
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * The matching ids as a sub-select (`SELECT a.id …`), not run here: another module's statement
   * reads it in SQL (planning tasks on a filter's assets), so a large match never leaves the database.
   */
  matchingIdsSubselect(q: AssetQuery): SQL {
    return sql`SELECT a.id FROM assets a WHERE ${assetWhere(q)}`;
  }

  /**
   * The filter as a condition over `assets a` (the type included), for another module's statement
   * that reads assets itself: a dashboard's aggregate narrows its own scan by it rather than joining
   * the assets to a sub-select of themselves.
   */
  matchingWhere(q: AssetQuery): SQL {
    return assetWhere(q);
  }

  /** The projects with a task (not deleted) on one of the given assets, in id order. */
  async projectIdsOnAssets(assetIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      sql`SELECT DISTINCT project_id AS id FROM tasks WHERE asset_id = ANY(${assetIds}::bigint[]) AND state <> 'deleted' ORDER BY 1`,
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * What an export of `kind` needs from a filter's matches of `matchedType`: the matches themselves,
   * the end nodes of matched sections (or of matched laterals' sections) so every copied pipe has its
   * nodes, the sections of matched laterals, and the laterals of matched sections.
   */
  async exportClosure(kind: 'node' | 'section' | 'lateral', matchedType: string, ids: number[]): Promise<number[]> {
    if (kind === matchedType) return ids;
    const closure: Record<string, SQL | undefined> = {
      'node<-section': sql`SELECT DISTINCT unnest(ARRAY[from_node_id, to_node_id]) AS id FROM assets WHERE id = ANY(${ids}::bigint[])`,
      'node<-lateral': sql`SELECT DISTINCT unnest(ARRAY[s.from_node_id, s.to_node_id]) AS id
        FROM assets l JOIN assets s ON s.id = l.parent_section_id WHERE l.id = ANY(${ids}::bigint[])`,
      'section<-lateral': sql`SELECT DISTINCT parent_section_id AS id FROM assets WHERE id = ANY(${ids}::bigint[])`,
      'lateral<-section': sql`SELECT id FROM assets WHERE parent_section_id = ANY(${ids}::bigint[])`,
    };
    const statement = closure[`${kind}<-${matchedType}`];
    if (!statement || ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(sql`${statement} ORDER BY 1`);
    return rows.map((r) => Number(r.id));
  }

  /** Map features of the matching assets, at most `limit`, with the same columns as the layer query. */
  assetFeatures(q: AssetQuery, limit: number): Promise<MapFeatureRow[]> {
    return this.db.query<MapFeatureRow>(assetFeaturesSql(q, limit));
  }

  async inspection(id: number): Promise<{ id: string; standard_id: string } | undefined> {
    const [row] = await this.db.query<{ id: string; standard_id: string }>(
      sql`SELECT id, standard_id FROM inspections WHERE id = ${id}`,
    );
    return row;
  }

  async countObservations(inspectionId: number, combine: 'and' | 'or', conditions: readonly FilterNode[]) {
    const where = sql`o.inspection_id = ${inspectionId} AND (${compileNodes(OBSERVATION_COLUMNS, combine, conditions)})`;
    const [row] = await this.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM observations o WHERE ${where}`);
    return row?.n ?? 0;
  }

  async observationPage(
    inspectionId: number,
    combine: 'and' | 'or',
    conditions: readonly FilterNode[],
    properties: readonly string[],
    offset: number,
    limit: number,
  ): Promise<ResultRowData[]> {
    const where = sql`o.inspection_id = ${inspectionId} AND (${compileNodes(OBSERVATION_COLUMNS, combine, conditions)})`;
    const rows = await this.db.query<Record<string, unknown>>(
      sql`SELECT o.id, o.code || ' @ ' || to_char(o.distance_m, 'FM999990.00') || ' m' AS asset_code
              ${selectedValues(OBSERVATION_COLUMNS, properties)}
       FROM observations o WHERE ${where}
       ORDER BY o.sequence LIMIT ${limit} OFFSET ${offset}`,
    );
    return rows.map((r) => ({
      id: String(r.id),
      asset_code: String(r.asset_code),
      values: Object.fromEntries(properties.map((name, i) => [name, r[`v${i}`]])),
    }));
  }

  // Saved filters --------------------------------------------------------------------------------

  ownFilters(ownerId: string): Promise<SavedFilterRow[]> {
    return this.db.query<SavedFilterRow>(
      sql`SELECT ${SAVED_FILTER_COLUMNS} FROM saved_filters WHERE owner_id = ${ownerId} ORDER BY position, id`,
    );
  }

  /**
   * The filter a user means by a name: their own, else a shared one (the oldest, should two
   * administrators share the same name). Another user's private filter is never found.
   */
  async visibleFilter(ownerId: string, name: string): Promise<SavedFilterRow | undefined> {
    const [row] = await this.db.query<SavedFilterRow>(
      sql`SELECT ${SAVED_FILTER_COLUMNS} FROM saved_filters
       WHERE name = ${name} AND (owner_id = ${ownerId} OR shared)
       ORDER BY (owner_id = ${ownerId}) DESC, id LIMIT 1`,
    );
    return row;
  }

  /** Shared filters of other owners, which the user can import. */
  sharedFilters(exceptOwnerId: string): Promise<SavedFilterRow[]> {
    return this.db.query<SavedFilterRow>(
      sql`SELECT ${SAVED_FILTER_COLUMNS} FROM saved_filters WHERE shared AND owner_id <> ${exceptOwnerId} ORDER BY name, id`,
    );
  }

  async insertFilter(f: {
    ownerId: string;
    name: string;
    objectType: string;
    shared: boolean;
    advanced: boolean;
    definition: unknown;
    importedFrom: string | null;
  }): Promise<SavedFilterRow> {
    const [row] = await this.db.query<SavedFilterRow>(
      sql`INSERT INTO saved_filters (owner_id, name, object_type, shared, advanced, definition, position, imported_from)
       VALUES (${f.ownerId}, ${f.name}, ${f.objectType}, ${f.shared}, ${f.advanced}, ${JSON.stringify(f.definition)}::jsonb,
               (SELECT coalesce(max(position), 0) + 1 FROM saved_filters WHERE owner_id = ${f.ownerId}), ${f.importedFrom})
       RETURNING ${SAVED_FILTER_COLUMNS}`,
    );
    return row!;
  }

  /** Writes when the version still matches; undefined when another write came first. */
  async updateFilter(
    id: string,
    version: number,
    f: { name: string; objectType: string; shared: boolean; advanced: boolean; definition: unknown },
  ): Promise<SavedFilterRow | undefined> {
    const [row] = await this.db.query<SavedFilterRow>(
      sql`UPDATE saved_filters SET name = ${f.name}, object_type = ${f.objectType}, shared = ${f.shared}, advanced = ${f.advanced},
              definition = ${JSON.stringify(f.definition)}::jsonb, version = version + 1, updated_at = now()
       WHERE id = ${id} AND version = ${version}
       RETURNING ${SAVED_FILTER_COLUMNS}`,
    );
    return row;
  }

  async deleteFilter(id: string): Promise<void> {
    await this.db.query(sql`DELETE FROM saved_filters WHERE id = ${id}`);
  }

  /** Gives the owner's filters named in `names` the positions 1, 2, … in that order. */
  async reorder(ownerId: string, names: readonly string[]): Promise<void> {
    await this.db.query(
      sql`UPDATE saved_filters f SET position = o.ordinality
       FROM unnest(${names}::text[]) WITH ORDINALITY AS o(name, ordinality)
       WHERE f.owner_id = ${ownerId} AND f.name = o.name`,
    );
  }
}
