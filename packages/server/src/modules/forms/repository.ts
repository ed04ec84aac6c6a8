/**
 * The SQL of form templates and of reading and writing assets and inspection headers through forms.
 * Columns are named here only; which form field writes which column is the service's table.
 * Observations and connected subjects are read and written by their own module; here only where
 * one belongs (its inspection, standard and status) and the defaults of a new one.
 */
import type { FormTemplate } from '@manway/core/forms/template';
import type { ObservationCodeDef } from '@manway/core/domain/standard';
import type { Connection, Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface TemplateRow {
  id: string;
  definition: FormTemplate;
  version: number;
}

/** The asset columns a form may write; the service maps field ids onto them. */
export const ASSET_COLUMNS = [
  'asset_code',
  'subtype',
  'material',
  'shape',
  'size_mm',
  'length_m',
  'year_built',
  'owner',
  'use',
  'lifecycle_status',
  'cover_level_m',
  'invert_level_m',
  'from_invert_m',
  'to_invert_m',
  'street',
  'district',
  'chainage_m',
  'clock',
] as const;
export type AssetColumn = (typeof ASSET_COLUMNS)[number];
export type ColumnValue = string | number | boolean | null;
export type AssetColumns = Partial<Record<AssetColumn, ColumnValue>>;

/** The inspection columns a header form may write (the header jsonb and the position apart). */
export const INSPECTION_COLUMNS = [
  'inspected_at',
  'direction',
  'start_node_id',
  'weather',
  'pre_cleaning',
  'length_surveyed_m',
] as const;
export type InspectionColumn = (typeof INSPECTION_COLUMNS)[number];
export type InspectionColumns = Partial<Record<InspectionColumn, ColumnValue>>;

export interface AssetRow {
  id: string;
  object_type: 'node' | 'section' | 'lateral';
  subtype: string;
  asset_code: string;
  material: string | null;
  shape: string | null;
  size_mm: number | null;
  length_m: number | null;
  year_built: number | null;
  owner: string | null;
  use: string | null;
  lifecycle_status: string;
  cover_level_m: number | null;
  invert_level_m: number | null;
  from_invert_m: number | null;
  to_invert_m: number | null;
  street: string | null;
  district: string | null;
  condition_grade: number | null;
  from_node_id: string | null;
  from_code: string | null;
  to_node_id: string | null;
  to_code: string | null;
  parent_section_id: string | null;
  parent_code: string | null;
  chainage_m: number | null;
  clock: number | null;
  /** A node's collected or GIS position; a lateral's property end; null for sections. */
  longitude: number | null;
  latitude: number | null;
  version: number;
  updated_at: Date | string;
}

export interface InspectionRow {
  id: string;
  asset_id: string;
  asset_code: string;
  asset_type: string;
  standard_id: string;
  status: 'incomplete' | 'pending' | 'completed';
  inspected_at: Date | string;
  direction: string | null;
  start_node_id: string | null;
  start_code: string | null;
  weather: string | null;
  pre_cleaning: boolean | null;
  length_surveyed_m: number | null;
  header: Record<string, unknown>;
  str_peak: number | null;
  str_rating: number | null;
  str_index: number | null;
  str_quick: string | null;
  om_peak: number | null;
  om_rating: number | null;
  om_index: number | null;
  om_quick: string | null;
  version: number;
  updated_at: Date | string;
  /** The inspection's stored position (locations), null when none. */
  longitude: number | null;
  latitude: number | null;
  altitude: number | null;
  horizontal_accuracy: number | null;
  position_source: string | null;
  gps: Record<string, unknown> | null;
}

export interface StandardRow {
  id: string;
  grade_min: number;
  grade_max: number;
  worst_is_high: boolean;
  continuous_unit_m: number;
}

export interface AssetRef {
  id: string;
  object_type: string;
  asset_code: string;
}

export interface ScoringRow {
  family: string;
  grade: number | null;
  distance_m: number;
  continuous: 'S' | 'F' | null;
  continuous_group: number | null;
}

export interface UserFixRow {
  longitude: number;
  latitude: number;
  altitude: number | null;
  horizontal_accuracy: number | null;
  source: string;
  captured_at: Date | string;
  gps: Record<string, unknown> | null;
}

/** Where a record belongs: an observation's inspection, or a connected subject's parent. */
export interface RecordParentRow {
  /** The inspection it belongs to, null for an asset. */
  inspection_id: string | null;
  standard_id: string | null;
  status: 'incomplete' | 'pending' | 'completed' | null;
}

/** What an asset's geometry is built from (DOMAIN.md): a node's point, a section's end nodes, a lateral's parent. */
export type GeometryInput =
  | { kind: 'node'; longitude: number; latitude: number }
  | { kind: 'section'; fromNodeId: number; toNodeId: number }
  | { kind: 'lateral'; parentSectionId: number; chainageM: number; longitude: number; latitude: number };

/**
 * The geometry as SQL: a section is the line between its nodes' points; a lateral runs from the point
 * at its chainage along the parent section (as a share of the section's length in metres) to the
 * property end.
 */
export function geometrySql(g: GeometryInput): SQL {
  switch (g.kind) {
    case 'node':
      return sql`ST_SetSRID(ST_MakePoint(${g.longitude}::float8, ${g.latitude}::float8), 4326)`;
    case 'section':
      return sql`ST_MakeLine(
        (SELECT geom FROM assets WHERE object_type = 'node' AND id = ${g.fromNodeId}),
        (SELECT geom FROM assets WHERE object_type = 'node' AND id = ${g.toNodeId}))`;
    case 'lateral':
      return sql`ST_MakeLine(
        (SELECT ST_LineInterpolatePoint(s.geom,
           least(1, greatest(0, coalesce(${g.chainageM}::float8 / nullif(ST_Length(s.geom::geography), 0), 0))))
         FROM assets s WHERE s.object_type = 'section' AND s.id = ${g.parentSectionId}),
        ST_SetSRID(ST_MakePoint(${g.longitude}::float8, ${g.latitude}::float8), 4326))`;
  }
}

/** The length in metres of a line geometry expression, rounded to centimetres. */
const lengthOf = (geometry: SQL) => sql`round(ST_Length((${geometry})::geography)::numeric, 2)::float8`;

export class FormsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Inserts the shipped templates that are missing and refreshes shipped rows whose definition
   * differs (their version goes up); a custom row, or a custom template already holding the type and
   * standard, is left alone. A template of a standard this database lacks waits for that standard.
   * Without `refresh` only missing templates are inserted.
   */
  async ensureShippedTemplates(templates: readonly FormTemplate[], refresh: boolean): Promise<number> {
    const rows = templates.map((t) => ({
      id: t.id,
      object_type: t.objectType,
      standard_id: t.standardId,
      label: t.label,
      definition: t,
    }));
    const changed = await this.db.query<{ id: string }>(sql`
      INSERT INTO form_templates AS f (id, object_type, standard_id, label, definition, source)
      SELECT t.id, t.object_type, t.standard_id, t.label, t.definition, 'shipped'
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS t(id text, object_type text, standard_id text, label text, definition jsonb)
      WHERE (t.standard_id IS NULL OR EXISTS (SELECT 1 FROM standards s WHERE s.id = t.standard_id))
        AND NOT EXISTS (SELECT 1 FROM form_templates o WHERE o.object_type = t.object_type
          AND o.standard_id IS NOT DISTINCT FROM t.standard_id AND o.id <> t.id)
      ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition, label = EXCLUDED.label,
        version = f.version + 1, updated_at = now()
      WHERE ${refresh} AND f.source = 'shipped' AND f.definition IS DISTINCT FROM EXCLUDED.definition
      RETURNING f.id
    `);
    return changed.length;
  }

  async template(objectType: string, standardId: string | null): Promise<TemplateRow | undefined> {
    const [row] = await this.db.query<TemplateRow>(sql`
      SELECT id, definition, version FROM form_templates
      WHERE object_type = ${objectType} AND standard_id IS NOT DISTINCT FROM ${standardId}::text
    `);
    return row;
  }

  subtypes(objectType: string): Promise<{ key: string; label: string }[]> {
    return this.db.query(
      sql`SELECT key, label FROM asset_subtypes WHERE object_type = ${objectType} ORDER BY sort_order, key`,
    );
  }

  async standard(id: string): Promise<StandardRow | undefined> {
    const [row] = await this.db.query<StandardRow>(
      sql`SELECT id, grade_min, grade_max, worst_is_high, continuous_unit_m FROM standards WHERE id = ${id}`,
    );
    return row;
  }

  codes(standardId: string): Promise<ObservationCodeDef[]> {
    return this.db.query<ObservationCodeDef>(sql`
      SELECT code, family, label, characterisations, characterisation_required AS "characterisationRequired",
             quantification_unit AS "quantificationUnit", quantification_required AS "quantificationRequired",
             clock_required AS "clockRequired", continuous_allowed AS "continuousAllowed", grade_rule AS "gradeRule"
      FROM observation_codes WHERE standard_id = ${standardId} ORDER BY code
    `);
  }

  /** The kinds a subject may be, read from the table's own CHECK so the two cannot drift apart. */
  async subjectKinds(): Promise<string[]> {
    const [row] = await this.db.query<{ definition: string | null }>(sql`
      SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      WHERE c.conrelid = 'subjects'::regclass AND c.contype = 'c' AND pg_get_constraintdef(c.oid) LIKE '%kind%'
      LIMIT 1
    `);
    return [...(row?.definition ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  }

  async asset(objectType: string, id: number): Promise<AssetRow | undefined> {
    const [row] = await this.db.query<AssetRow>(sql`
      SELECT a.id, a.object_type, a.subtype, a.asset_code, a.material, a.shape, a.size_mm, a.length_m, a.year_built,
             a.owner, a.use, a.lifecycle_status, a.cover_level_m, a.invert_level_m, a.from_invert_m, a.to_invert_m,
             a.street, a.district, a.condition_grade, a.from_node_id, f.asset_code AS from_code, a.to_node_id,
             t.asset_code AS to_code, a.parent_section_id, p.asset_code AS parent_code, a.chainage_m, a.clock,
             CASE a.object_type WHEN 'node' THEN coalesce(l.longitude, ST_X(a.geom))
               WHEN 'lateral' THEN ST_X(ST_EndPoint(a.geom)) END AS longitude,
             CASE a.object_type WHEN 'node' THEN coalesce(l.latitude, ST_Y(a.geom))
               WHEN 'lateral' THEN ST_Y(ST_EndPoint(a.geom)) END AS latitude,
             a.version, a.updated_at
      FROM assets a
      LEFT JOIN assets f ON f.id = a.from_node_id
      LEFT JOIN assets t ON t.id = a.to_node_id
      LEFT JOIN assets p ON p.id = a.parent_section_id
      LEFT JOIN locations l ON l.object_type = a.object_type AND l.object_id = a.id
      WHERE a.object_type = ${objectType} AND a.id = ${id}
    `);
    return row;
  }

  async inspection(id: number): Promise<InspectionRow | undefined> {
    const [row] = await this.db.query<InspectionRow>(sql`
      SELECT i.id, i.asset_id, a.asset_code, a.object_type AS asset_type, i.standard_id, i.status, i.inspected_at,
             i.direction, i.start_node_id, n.asset_code AS start_code, i.weather, i.pre_cleaning, i.length_surveyed_m,
             i.header, i.str_peak, i.str_rating, i.str_index, i.str_quick, i.om_peak, i.om_rating, i.om_index,
             i.om_quick, i.version, i.updated_at, l.longitude, l.latitude, l.altitude, l.horizontal_accuracy,
             l.source AS position_source, l.gps
      FROM inspections i
      JOIN assets a ON a.id = i.asset_id
      LEFT JOIN assets n ON n.id = i.start_node_id
      LEFT JOIN locations l ON l.object_type = 'inspection' AND l.object_id = i.id
      WHERE i.id = ${id}
    `);
    return row;
  }

  /** The assets among `ids` that exist, with their type and readable id. */
  assetRefs(ids: number[]): Promise<AssetRef[]> {
    return this.db.query<AssetRef>(
      sql`SELECT id, object_type, asset_code FROM assets WHERE id = ANY(${ids}::bigint[]) ORDER BY id`,
    );
  }

  async assetCodeTaken(objectType: string, code: string, exceptId: number | null): Promise<boolean> {
    const [row] = await this.db.query<{ taken: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM assets WHERE object_type = ${objectType} AND asset_code = ${code}
        AND id IS DISTINCT FROM ${exceptId}::bigint) AS taken
    `);
    return row?.taken ?? false;
  }

  async assetExists(objectType: string, id: number): Promise<boolean> {
    const [row] = await this.db.query<{ found: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM assets WHERE object_type = ${objectType} AND id = ${id}) AS found`,
    );
    return row?.found ?? false;
  }

  async inspectionExists(id: number): Promise<boolean> {
    const [row] = await this.db.query<{ found: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM inspections WHERE id = ${id}) AS found`,
    );
    return row?.found ?? false;
  }

  /** The line an asset has, or would have from `geometry`, as [longitude, latitude] pairs; null for a point. */
  async line(source: { assetId: number } | { geometry: GeometryInput }): Promise<[number, number][] | null> {
    const geometry =
      'assetId' in source ? sql`(SELECT geom FROM assets WHERE id = ${source.assetId})` : geometrySql(source.geometry);
    const [row] = await this.db.query<{ geojson: string | null }>(sql`
      SELECT CASE WHEN GeometryType(g) = 'LINESTRING' THEN ST_AsGeoJSON(g, 8) END AS geojson
      FROM (SELECT ${geometry} AS g) x
    `);
    return row?.geojson ? (JSON.parse(row.geojson) as { coordinates: [number, number][] }).coordinates : null;
  }

  async insertAsset(
    conn: Connection,
    objectType: string,
    columns: AssetColumns,
    geometry: GeometryInput,
  ): Promise<{ id: string; version: number }> {
    const geom = geometrySql(geometry);
    const refs: Partial<Record<string, number>> =
      geometry.kind === 'section'
        ? { from_node_id: geometry.fromNodeId, to_node_id: geometry.toNodeId }
        : geometry.kind === 'lateral'
          ? { parent_section_id: geometry.parentSectionId }
          : {};
    const names = [...Object.keys(columns), ...Object.keys(refs)];
    const values = [...Object.values(columns), ...Object.values(refs)];
    // A line's length follows from its geometry unless the form gave one.
    const withLength = geometry.kind !== 'node' && columns.length_m === undefined;
    const [row] = await conn.query<{ id: string; version: number }>(sql`
      INSERT INTO assets (object_type, geom${withLength ? sql`, length_m` : sql.empty()}${sql.join(
        names.map((n) => sql`, ${sql.identifier(n)}`),
        sql.empty(),
      )})
      VALUES (${objectType}, ${geom}${withLength ? sql`, ${lengthOf(geom)}` : sql.empty()}${sql.join(
        values.map((v) => sql`, ${v}`),
        sql.empty(),
      )})
      RETURNING id, version
    `);
    return row!;
  }

  /**
   * Writes the columns (and the geometry, when given) if the asset still has the version read;
   * answers the new version, or undefined when it is gone or changed meanwhile.
   */
  async updateAsset(
    conn: Connection,
    objectType: string,
    id: number,
    version: number,
    columns: AssetColumns,
    geometry: GeometryInput | null,
  ): Promise<number | undefined> {
    const sets = Object.entries(columns).map(([name, value]) => sql`${sql.identifier(name)} = ${value}, `);
    if (geometry) {
      const geom = geometrySql(geometry);
      sets.push(sql`geom = ${geom}, `);
      if (geometry.kind === 'section') {
        sets.push(sql`from_node_id = ${geometry.fromNodeId}, to_node_id = ${geometry.toNodeId}, `);
      }
      if (geometry.kind === 'lateral') sets.push(sql`parent_section_id = ${geometry.parentSectionId}, `);
      if (geometry.kind !== 'node' && columns.length_m === undefined) sets.push(sql`length_m = ${lengthOf(geom)}, `);
    }
    const [row] = await conn.query<{ version: number }>(sql`
      UPDATE assets SET ${sql.join(sets, sql.empty())}version = version + 1, updated_at = now()
      WHERE object_type = ${objectType} AND id = ${id} AND version = ${version}
      RETURNING version
    `);
    return row?.version;
  }

  /** A moved node's collected location moves with it, so the two never disagree. */
  async moveCollectedLocation(
    conn: Connection,
    objectType: string,
    id: number,
    point: { longitude: number; latitude: number },
    userId: string,
  ): Promise<void> {
    await conn.query(sql`
      UPDATE locations SET longitude = ${point.longitude}, latitude = ${point.latitude}, updated_by = ${userId},
        updated_at = now(), version = version + 1
      WHERE object_type = ${objectType} AND object_id = ${id}
    `);
  }

  async insertInspection(
    conn: Connection,
    row: {
      assetId: number;
      standardId: string;
      createdBy: string;
      columns: InspectionColumns;
      header: object;
      taskId?: number | null;
      sessionId?: number | null;
    },
  ): Promise<{ id: string; version: number }> {
    const names = Object.keys(row.columns);
    const values = Object.values(row.columns);
    const [inserted] = await conn.query<{ id: string; version: number }>(sql`
      INSERT INTO inspections (asset_id, standard_id, task_id, session_id, status, created_by, header${sql.join(
        names.map((n) => sql`, ${sql.identifier(n)}`),
        sql.empty(),
      )})
      VALUES (${row.assetId}, ${row.standardId}, ${row.taskId ?? null}, ${row.sessionId ?? null}, 'incomplete',
              ${row.createdBy}, ${JSON.stringify(row.header)}::jsonb${sql.join(
                values.map((v) => sql`, ${v}`),
                sql.empty(),
              )})
      RETURNING id, version
    `);
    // The workflow's record of its creation (inspection_events, 0016), with the row it records.
    await conn.query(sql`
      INSERT INTO inspection_events (inspection_id, command, from_status, to_status, user_id)
      VALUES (${inserted!.id}, 'create', NULL, 'incomplete', ${row.createdBy}::uuid)
    `);
    return inserted!;
  }

  /** Header values are merged key by key; a null removes its key. */
  async updateInspection(
    conn: Connection,
    id: number,
    version: number,
    columns: InspectionColumns,
    header: object,
  ): Promise<number | undefined> {
    const sets = Object.entries(columns).map(([name, value]) => sql`${sql.identifier(name)} = ${value}, `);
    const [row] = await conn.query<{ version: number }>(sql`
      UPDATE inspections SET ${sql.join(sets, sql.empty())}
        header = jsonb_strip_nulls(header || ${JSON.stringify(header)}::jsonb),
        version = version + 1, updated_at = now()
      WHERE id = ${id} AND version = ${version}
      RETURNING version
    `);
    return row?.version;
  }

  /** Stores (or, with null, removes) an inspection's GPS position with its fix. */
  async setInspectionPosition(
    conn: Connection,
    id: number,
    position: {
      longitude: number;
      latitude: number;
      altitude: number | null;
      accuracy: number | null;
      capturedAt: string | null;
      gps: Record<string, unknown>;
    } | null,
    userId: string,
  ): Promise<void> {
    if (!position) {
      await conn.query(sql`DELETE FROM locations WHERE object_type = 'inspection' AND object_id = ${id}`);
      return;
    }
    const p = position;
    await conn.query(sql`
      INSERT INTO locations (object_type, object_id, longitude, latitude, altitude, horizontal_accuracy, source,
        captured_at, gps, updated_by)
      VALUES ('inspection', ${id}, ${p.longitude}, ${p.latitude}, ${p.altitude}, ${p.accuracy}, 'collected',
        ${p.capturedAt}::timestamptz, ${JSON.stringify(p.gps)}::jsonb, ${userId})
      ON CONFLICT (object_type, object_id) DO UPDATE SET longitude = EXCLUDED.longitude,
        latitude = EXCLUDED.latitude, altitude = EXCLUDED.altitude, horizontal_accuracy = EXCLUDED.horizontal_accuracy,
        source = 'collected', captured_at = EXCLUDED.captured_at, gps = EXCLUDED.gps, updated_by = EXCLUDED.updated_by,
        updated_at = now(), version = locations.version + 1
    `);
  }

  async lastUserFix(userId: string): Promise<UserFixRow | undefined> {
    const [row] = await this.db.query<UserFixRow>(sql`
      SELECT longitude, latitude, altitude, horizontal_accuracy, source, captured_at, gps FROM user_locations
      WHERE user_id = ${userId} ORDER BY captured_at DESC, id DESC LIMIT 1
    `);
    return row;
  }

  /** The standard of the project of the asset's open task (the earliest due first), if it has one. */
  async openTaskStandard(assetId: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ standard_id: string }>(sql`
      SELECT p.standard_id FROM tasks t JOIN projects p ON p.id = t.project_id
      WHERE t.asset_id = ${assetId} AND t.state IN ('planned', 'started', 'inspection-created')
      ORDER BY t.due_date NULLS LAST, t.id LIMIT 1
    `);
    return row?.standard_id;
  }

  observationsForScoring(inspectionId: number): Promise<ScoringRow[]> {
    return this.db.query<ScoringRow>(sql`
      SELECT c.family, o.grade, o.distance_m, o.continuous, o.continuous_group
      FROM observations o JOIN observation_codes c ON c.standard_id = o.standard_id AND c.code = o.code
      WHERE o.inspection_id = ${inspectionId} ORDER BY o.sequence
    `);
  }

  /**
   * Whether an object a record belongs to exists, with its inspection's standard and status (an
   * observation's, or the inspection's own); an asset has neither.
   */
  async recordParent(parentType: string, parentId: number): Promise<RecordParentRow | undefined> {
    const [row] = await this.db.query<RecordParentRow>(
      parentType === 'inspection'
        ? sql`SELECT id AS inspection_id, standard_id, status FROM inspections WHERE id = ${parentId}`
        : parentType === 'observation'
          ? sql`SELECT i.id AS inspection_id, i.standard_id, i.status
             FROM observations o JOIN inspections i ON i.id = o.inspection_id WHERE o.id = ${parentId}`
          : sql`SELECT NULL::bigint AS inspection_id, NULL::text AS standard_id, NULL::text AS status
             FROM assets WHERE object_type = ${parentType} AND id = ${parentId}`,
    );
    return row;
  }

  async connectedParent(id: number): Promise<{ parent_type: string; parent_id: string } | undefined> {
    const [row] = await this.db.query<{ parent_type: string; parent_id: string }>(
      sql`SELECT parent_type, parent_id FROM connected_subjects WHERE id = ${id}`,
    );
    return row;
  }

  /** The largest distance recorded so far in the inspection; null before its first observation. */
  async lastDistance(inspectionId: number): Promise<number | null> {
    const [row] = await this.db.query<{ distance_m: number | null }>(
      sql`SELECT max(distance_m) AS distance_m FROM observations WHERE inspection_id = ${inspectionId}`,
    );
    return row?.distance_m ?? null;
  }
}
