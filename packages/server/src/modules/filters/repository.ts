/** The SQL behind filters: result lists, ids and map features of a compiled filter, and saved filters. */
import type { FilterNode } from '@manway/core/api/filters';
import type { Database } from '../../db/connection';
import type { MapFeatureRow } from '../map/repository';
import { ASSET_COLUMNS, compileNodes, compileTerm, OBSERVATION_COLUMNS, Params } from './compile';

/** A filter the service has checked against the metadata, ready to compile. */
export interface AssetQuery {
  objectType: 'node' | 'section' | 'lateral';
  combine: 'and' | 'or';
  conditions: readonly FilterNode[];
  term: string | null;
  searchFields: readonly string[];
  ids: readonly number[] | null;
  extent: readonly [number, number, number, number] | null;
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

const SAVED_FILTER_COLUMNS = `id, owner_id, name, object_type, shared, advanced, definition, position, imported_from,
  version, updated_at`;

/**
 * The WHERE clause of an asset query. With an extent, ST_Intersects asks the GiST index
 * `assets_geom_idx` first (as the dynamic-layer map query does); conditions are checked on its rows.
 */
function assetWhere(q: AssetQuery, p: Params): string {
  const parts = [`a.object_type = ${p.add(q.objectType)}`];
  if (q.extent) {
    const [w, s, e, n] = q.extent.map((x) => p.add(x, '::double precision'));
    parts.push(`ST_Intersects(a.geom, ST_MakeEnvelope(${w}, ${s}, ${e}, ${n}, 4326))`);
  }
  if (q.ids) parts.push(`a.id = ANY(${p.add(q.ids, '::bigint[]')})`);
  parts.push(`(${compileNodes(ASSET_COLUMNS, q.combine, q.conditions, p)})`);
  if (q.term) parts.push(compileTerm(ASSET_COLUMNS, q.term, q.searchFields, p));
  return parts.join('\n    AND ');
}

/** The map's filter query as text and values, so a test can EXPLAIN exactly what runs. */
export function assetFeaturesQuery(q: AssetQuery, limit: number): { text: string; values: unknown[] } {
  const p = new Params();
  const where = assetWhere(q, p);
  const text = `SELECT a.id, a.asset_code, a.subtype, a.condition_grade, a.material, a.size_mm,
         ST_AsGeoJSON(a.geom, 7) AS geometry
       FROM assets a WHERE ${where} LIMIT ${p.add(limit)}`;
  return { text, values: p.values };
}

export class FiltersRepository {
  constructor(private readonly db: Database) {}

  /** How many assets match, counting no further than `cap + 1`. */
  async countAssets(q: AssetQuery, cap: number): Promise<number> {
    const p = new Params();
    const where = assetWhere(q, p);
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM assets a WHERE ${where} LIMIT ${p.add(cap + 1)}) x`,
      p.values,
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
    const p = new Params();
    const where = assetWhere(q, p);
    // Aliases are positional, so no property name is ever written into the SQL.
    const select = properties.map((name, i) => `${ASSET_COLUMNS[name]!.sql} AS v${i}`).join(', ');
    const order = sort
      ? `${ASSET_COLUMNS[sort.property]!.sql} ${sort.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, a.id`
      : 'a.id';
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT a.id, a.asset_code${select ? `, ${select}` : ''} FROM assets a
       WHERE ${where}
       ORDER BY ${order}
       LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`,
      p.values,
    );
    return rows.map((r) => ({
      id: String(r.id),
      asset_code: String(r.asset_code),
      values: Object.fromEntries(properties.map((name, i) => [name, r[`v${i}`]])),
    }));
  }

  /** Matching ids in id order, at most `limit`. */
  async assetIds(q: AssetQuery, limit: number): Promise<number[]> {
    const p = new Params();
    const where = assetWhere(q, p);
    const rows = await this.db.query<{ id: string }>(
      `SELECT a.id FROM assets a WHERE ${where} ORDER BY a.id LIMIT ${p.add(limit)}`,
      p.values,
    );
    return rows.map((r) => Number(r.id));
  }

  /** The projects with a task (not deleted) on one of the given assets, in id order. */
  async projectIdsOnAssets(assetIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT DISTINCT project_id AS id FROM tasks WHERE asset_id = ANY($1::bigint[]) AND state <> 'deleted' ORDER BY 1`,
      [assetIds],
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
    const sql: Record<string, string | undefined> = {
      'node<-section': `SELECT DISTINCT unnest(ARRAY[from_node_id, to_node_id]) AS id FROM assets WHERE id = ANY($1::bigint[])`,
      'node<-lateral': `SELECT DISTINCT unnest(ARRAY[s.from_node_id, s.to_node_id]) AS id
        FROM assets l JOIN assets s ON s.id = l.parent_section_id WHERE l.id = ANY($1::bigint[])`,
      'section<-lateral': `SELECT DISTINCT parent_section_id AS id FROM assets WHERE id = ANY($1::bigint[])`,
      'lateral<-section': `SELECT id FROM assets WHERE parent_section_id = ANY($1::bigint[])`,
    };
    const text = sql[`${kind}<-${matchedType}`];
    if (!text || ids.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(`${text} ORDER BY 1`, [ids]);
    return rows.map((r) => Number(r.id));
  }

  /** Map features of the matching assets, at most `limit`, with the same columns as the layer query. */
  assetFeatures(q: AssetQuery, limit: number): Promise<MapFeatureRow[]> {
    const { text, values } = assetFeaturesQuery(q, limit);
    return this.db.query<MapFeatureRow>(text, values);
  }

  async inspection(id: number): Promise<{ id: string; standard_id: string } | undefined> {
    const [row] = await this.db.query<{ id: string; standard_id: string }>(
      `SELECT id, standard_id FROM inspections WHERE id = $1`,
      [id],
    );
    return row;
  }

  async countObservations(inspectionId: number, combine: 'and' | 'or', conditions: readonly FilterNode[]) {
    const p = new Params();
    const where = `o.inspection_id = ${p.add(inspectionId)} AND (${compileNodes(OBSERVATION_COLUMNS, combine, conditions, p)})`;
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM observations o WHERE ${where}`,
      p.values,
    );
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
    const p = new Params();
    const where = `o.inspection_id = ${p.add(inspectionId)} AND (${compileNodes(OBSERVATION_COLUMNS, combine, conditions, p)})`;
    const select = properties.map((name, i) => `${OBSERVATION_COLUMNS[name]!.sql} AS v${i}`).join(', ');
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT o.id, o.code || ' @ ' || to_char(o.distance_m, 'FM999990.00') || ' m' AS asset_code
              ${select ? `, ${select}` : ''}
       FROM observations o WHERE ${where}
       ORDER BY o.sequence LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`,
      p.values,
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
      `SELECT ${SAVED_FILTER_COLUMNS} FROM saved_filters WHERE owner_id = $1 ORDER BY position, id`,
      [ownerId],
    );
  }

  /**
   * The filter a user means by a name: their own, else a shared one (the oldest, should two
   * administrators share the same name). Another user's private filter is never found.
   */
  async visibleFilter(ownerId: string, name: string): Promise<SavedFilterRow | undefined> {
    const [row] = await this.db.query<SavedFilterRow>(
      `SELECT ${SAVED_FILTER_COLUMNS} FROM saved_filters
       WHERE name = $2 AND (owner_id = $1 OR shared)
       ORDER BY (owner_id = $1) DESC, id LIMIT 1`,
      [ownerId, name],
    );
    return row;
  }

  /** Shared filters of other owners, which the user can import. */
  sharedFilters(exceptOwnerId: string): Promise<SavedFilterRow[]> {
    return this.db.query<SavedFilterRow>(
      `SELECT ${SAVED_FILTER_COLUMNS} FROM saved_filters WHERE shared AND owner_id <> $1 ORDER BY name, id`,
      [exceptOwnerId],
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
      `INSERT INTO saved_filters (owner_id, name, object_type, shared, advanced, definition, position, imported_from)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb,
               (SELECT coalesce(max(position), 0) + 1 FROM saved_filters WHERE owner_id = $1), $7)
       RETURNING ${SAVED_FILTER_COLUMNS}`,
      [f.ownerId, f.name, f.objectType, f.shared, f.advanced, JSON.stringify(f.definition), f.importedFrom],
    );
    return row!;
  }

  /** Writes when the version still matches; undefined when another write came first. */
  async updateFilter(
    id: string,
    version: number,
    f: { name: string; objectType: string; advanced: boolean; definition: unknown },
  ): Promise<SavedFilterRow | undefined> {
    const [row] = await this.db.query<SavedFilterRow>(
      `UPDATE saved_filters SET name = $3, object_type = $4, advanced = $5, definition = $6::jsonb,
              version = version + 1, updated_at = now()
       WHERE id = $1 AND version = $2
       RETURNING ${SAVED_FILTER_COLUMNS}`,
      [id, version, f.name, f.objectType, f.advanced, JSON.stringify(f.definition)],
    );
    return row;
  }

  async deleteFilter(id: string): Promise<void> {
    await this.db.query(`DELETE FROM saved_filters WHERE id = $1`, [id]);
  }

  /** Gives the owner's filters named in `names` the positions 1, 2, … in that order. */
  async reorder(ownerId: string, names: readonly string[]): Promise<void> {
    await this.db.query(
      `UPDATE saved_filters f SET position = o.ordinality
       FROM unnest($2::text[]) WITH ORDINALITY AS o(name, ordinality)
       WHERE f.owner_id = $1 AND f.name = o.name`,
      [ownerId, names],
    );
  }
}
