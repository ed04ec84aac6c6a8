/**
 * The SQL of reports: queues, report tasks with their generation lease, favourites, and what the
 * documents are read from (inspections with their observations and photos, assets' condition).
 * Document reads take one batch of ids at a time, so a report of 100,000 rows is read in pieces.
 */
import type { ReportFilters, ReportFormat, ReportState } from '@manway/core/api/reports';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface ReportRow {
  id: string;
  queue_id: string;
  definition: string;
  name: string;
  format: ReportFormat;
  object_type: string;
  ui_context: string;
  source: unknown;
  columns: unknown;
  created_by: string;
  creator_name: string;
  created_at: Date;
  last_downloaded_at: Date | null;
  published: boolean;
  state: ReportState;
  progress: number;
  error: string | null;
  generation: number;
  storage_key: string | null;
  size_bytes: string | null;
  version: number;
}

export interface NewReport {
  queueId: string;
  definition: string;
  name: string;
  format: ReportFormat;
  objectType: string;
  uiContext: string;
  source: unknown;
  columns: unknown;
  createdBy: string;
}

/** Who may see a report: everyone its published ones, its creator all of theirs. */
export interface Viewer {
  userId: string;
}

export type ReportSortColumn = 'name' | 'createdBy' | 'createdAt' | 'lastDownloadedAt' | 'format' | 'state';

const SORT_SQL: Record<ReportSortColumn, SQL> = {
  name: sql`lower(r.name)`,
  createdBy: sql`lower(u.display_name)`,
  createdAt: sql`r.created_at`,
  lastDownloadedAt: sql`r.last_downloaded_at`,
  format: sql`r.format`,
  state: sql`r.state`,
};

const REPORT_COLUMNS = sql`r.id, r.queue_id, r.definition, r.name, r.format, r.object_type, r.ui_context, r.source,
  r.columns, r.created_by, u.display_name AS creator_name, r.created_at, r.last_downloaded_at, r.published, r.state,
  r.progress, r.error, r.generation, r.storage_key, r.size_bytes, r.version`;

/** An observation with its code's label and family (`o` observations, `c` their codes). */
const OBSERVATION_COLUMNS = sql`o.id, o.inspection_id, o.sequence, o.distance_m, o.code, c.label, c.family,
  o.characterisation, c.characterisations ->> o.characterisation AS characterisation_label, o.quantification1,
  o.quantification2, o.clock_from, o.clock_to, o.at_joint, o.continuous, o.continuous_group, o.grade, o.remark`;

/** The list filters of spec section 9 as a condition; `me` as creator is the viewer. */
function filterWhere(viewer: Viewer, f: ReportFilters, ids?: readonly number[]): SQL {
  const parts: SQL[] = [sql`(r.published OR r.created_by = ${viewer.userId}::uuid)`];
  if (f.format) parts.push(sql`r.format = ${f.format}`);
  if (f.nameFilter) parts.push(sql`strpos(lower(r.name), lower(${f.nameFilter})) > 0`);
  if (f.createdBy) {
    const creator = f.createdBy === 'me' ? viewer.userId : f.createdBy;
    // A malformed id matches nobody rather than failing the cast.
    parts.push(sql`r.created_by::text = ${creator}`);
  }
  if (f.createdFrom) parts.push(sql`r.created_at >= ${f.createdFrom}::timestamptz`);
  if (f.createdTo) parts.push(sql`r.created_at < ${f.createdTo}::timestamptz`);
  if (ids) parts.push(sql`r.id = ANY(${ids}::bigint[])`);
  return sql.join(parts, sql` AND `);
}

export interface InspectionFactsRow {
  id: string;
  asset_id: string;
  object_type: 'node' | 'section' | 'lateral';
  asset_code: string;
  material: string | null;
  shape: string | null;
  size_mm: number | null;
  year_built: number | null;
  use: string | null;
  street: string | null;
  district: string | null;
  length_m: number | null;
  /** The geometry's length on the ground, metres. */
  geom_length_m: number | null;
  /** GeoJSON of the asset's geometry. */
  geom: string;
  from_code: string | null;
  from_geom: string | null;
  to_code: string | null;
  to_geom: string | null;
  start_node_id: string | null;
  from_node_id: string | null;
  inspected_at: Date;
  direction: string | null;
  weather: string | null;
  pre_cleaning: boolean | null;
  length_surveyed_m: number | null;
  status: string;
  review: string | null;
  header: Record<string, unknown>;
  operator: string | null;
  standard_name: string;
  standard_version: string;
  header_fields: { key: string; label: string }[];
  grade_min: number;
  grade_max: number;
  worst_is_high: boolean;
  str_peak: number | null;
  str_rating: number | null;
  str_index: number | null;
  str_quick: string | null;
  om_peak: number | null;
  om_rating: number | null;
  om_index: number | null;
  om_quick: string | null;
}

export interface ObservationRow {
  id: string;
  inspection_id: string;
  sequence: number;
  distance_m: number;
  code: string;
  label: string;
  family: 'structural' | 'operational' | 'inventory' | 'other';
  characterisation: string | null;
  characterisation_label: string | null;
  quantification1: number | null;
  quantification2: number | null;
  clock_from: number | null;
  clock_to: number | null;
  at_joint: boolean;
  continuous: 'S' | 'F' | null;
  continuous_group: number | null;
  grade: number | null;
  remark: string | null;
}

export interface PhotoRow {
  observation_id: string;
  file_name: string;
  thumbnail_key: string | null;
}

export interface ConditionAssetRow {
  id: string;
  object_type: 'node' | 'section' | 'lateral';
  asset_code: string;
  grade: number | null;
  str_peak: number | null;
  om_peak: number | null;
  inspected_at: Date | null;
  street: string | null;
  district: string | null;
  length_m: number | null;
}

export interface ListingRow extends ObservationRow {
  asset_code: string;
  object_type: string;
  inspected_at: Date;
}

export class ReportsRepository {
  constructor(private readonly db: Database) {}

  // Queues -------------------------------------------------------------------------------------

  async queueOwner(id: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ user_id: string }>(sql`SELECT user_id FROM report_queues WHERE id = ${id}`);
    return row?.user_id;
  }

  /** Creates the queue for the user unless it exists; answers its owner and whether it was made now. */
  async createQueue(id: string, userId: string): Promise<{ owner: string; created: boolean }> {
    const [made] = await this.db.query<{ user_id: string }>(sql`
      INSERT INTO report_queues (id, user_id) VALUES (${id}, ${userId}::uuid)
      ON CONFLICT (id) DO NOTHING RETURNING user_id`);
    if (made) return { owner: made.user_id, created: true };
    return { owner: (await this.queueOwner(id))!, created: false };
  }

  // Report tasks -------------------------------------------------------------------------------

  async insert(r: NewReport): Promise<ReportRow> {
    const [row] = await this.db.query<{ id: string }>(sql`
      INSERT INTO reports (queue_id, definition, name, format, object_type, ui_context, source, columns, created_by)
      VALUES (${r.queueId}, ${r.definition}, ${r.name}, ${r.format}, ${r.objectType}, ${r.uiContext},
              ${JSON.stringify(r.source)}::jsonb, ${r.columns === undefined ? null : JSON.stringify(r.columns)}::jsonb,
              ${r.createdBy}::uuid)
      RETURNING id`);
    return (await this.byId(Number(row!.id)))!;
  }

  async byId(id: number): Promise<ReportRow | undefined> {
    const [row] = await this.db.query<ReportRow>(
      sql`SELECT ${REPORT_COLUMNS} FROM reports r JOIN users u ON u.id = r.created_by WHERE r.id = ${id}`,
    );
    return row;
  }

  /** Whether the user has a report of this name and format already (case-insensitively), besides `except`. */
  async nameTaken(userId: string, name: string, format: ReportFormat, except?: number): Promise<boolean> {
    const rows = await this.db.query(sql`
      SELECT 1 FROM reports WHERE created_by = ${userId}::uuid AND lower(name) = lower(${name}) AND format = ${format}
        AND id IS DISTINCT FROM ${except ?? null}::bigint`);
    return rows.length > 0;
  }

  async page(
    viewer: Viewer,
    filters: ReportFilters,
    ids: readonly number[] | undefined,
    sort: { by: ReportSortColumn; desc: boolean },
    offset: number,
    limit: number,
  ): Promise<{ rows: ReportRow[]; total: number }> {
    const where = filterWhere(viewer, filters, ids);
    const direction = sql.raw(sort.desc ? 'DESC' : 'ASC');
    const [rows, [count]] = await Promise.all([
      this.db.query<ReportRow>(sql`
        SELECT ${REPORT_COLUMNS} FROM reports r JOIN users u ON u.id = r.created_by
        WHERE ${where}
        ORDER BY ${SORT_SQL[sort.by]} ${direction} NULLS LAST, r.id ${direction}
        LIMIT ${limit} OFFSET ${offset}`),
      this.db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM reports r JOIN users u ON u.id = r.created_by WHERE ${where}`,
      ),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** The reports the viewer sees among `ids`, or matching `filters`: their ids and creators. */
  async visible(viewer: Viewer, filters: ReportFilters, ids?: readonly number[]) {
    return this.db.query<{ id: string; created_by: string }>(
      sql`SELECT r.id, r.created_by FROM reports r WHERE ${filterWhere(viewer, filters, ids)}`,
    );
  }

  /** Deletes the reports; answers their stored files, to be removed once nothing names them. */
  async delete(ids: readonly number[]): Promise<string[]> {
    const rows = await this.db.query<{ storage_key: string | null }>(
      sql`DELETE FROM reports WHERE id = ANY(${ids}::bigint[]) RETURNING storage_key`,
    );
    return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
  }

  /** Applies a change to the version read; undefined when the version is stale (or the report gone). */
  async update(
    id: number,
    version: number,
    change: { name?: string; retry?: boolean; cancel?: boolean; publish?: boolean },
  ): Promise<boolean> {
    const sets: SQL[] = [sql`version = version + 1`];
    if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
    if (change.publish) sets.push(sql`published = true`);
    if (change.cancel) sets.push(sql`state = 'canceled'`, sql`lease_until = NULL`);
    if (change.retry) {
      sets.push(
        sql`state = 'inProgress'`,
        sql`progress = 0`,
        sql`error = NULL`,
        sql`generation = generation + 1`,
        sql`lease_until = NULL`,
      );
    }
    const rows = await this.db.query(
      sql`UPDATE reports SET ${sql.join(sets)} WHERE id = ${id} AND version = ${version} RETURNING id`,
    );
    return rows.length > 0;
  }

  async markDownloaded(id: number): Promise<void> {
    await this.db.query(sql`UPDATE reports SET last_downloaded_at = now() WHERE id = ${id}`);
  }

  /** The users who created reports the viewer sees, by name. */
  creators(viewer: Viewer) {
    return this.db.query<{ id: string; display_name: string }>(sql`
      SELECT u.id, u.display_name FROM users u
      WHERE EXISTS (SELECT 1 FROM reports r WHERE r.created_by = u.id AND (r.published OR r.created_by = ${viewer.userId}::uuid))
      ORDER BY lower(u.display_name), u.id`);
  }

  async favorites(userId: string): Promise<Set<string>> {
    const rows = await this.db.query<{ definition: string }>(
      sql`SELECT definition FROM report_favorites WHERE user_id = ${userId}::uuid`,
    );
    return new Set(rows.map((r) => r.definition));
  }

  async setFavorite(userId: string, definition: string, value: boolean): Promise<void> {
    await this.db.query(
      value
        ? sql`INSERT INTO report_favorites (user_id, definition) VALUES (${userId}::uuid, ${definition}) ON CONFLICT DO NOTHING`
        : sql`DELETE FROM report_favorites WHERE user_id = ${userId}::uuid AND definition = ${definition}`,
    );
  }

  // Generation: one worker at a time holds a generation under its lease ---------------------------

  /**
   * Takes the generation for a worker: the report is still making this generation and no live worker
   * holds it. Undefined when it is done, canceled, retried since or held.
   */
  async claim(id: number, generation: number, leaseSeconds: number): Promise<ReportRow | undefined> {
    const [row] = await this.db.query<{ id: string }>(sql`
      UPDATE reports SET lease_until = now() + make_interval(secs => ${leaseSeconds}), progress = 0
      WHERE id = ${id} AND generation = ${generation} AND state = 'inProgress'
        AND (lease_until IS NULL OR lease_until < now())
      RETURNING id`);
    return row ? this.byId(id) : undefined;
  }

  /** Renews the lease with the progress made; false when the generation is no longer this worker's to make. */
  async renew(id: number, generation: number, progress: number, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db.query(sql`
      UPDATE reports SET lease_until = now() + make_interval(secs => ${leaseSeconds}), progress = ${progress}
      WHERE id = ${id} AND generation = ${generation} AND state = 'inProgress'
      RETURNING id`);
    return rows.length > 0;
  }

  async complete(id: number, generation: number, storageKey: string, sizeBytes: number): Promise<boolean> {
    const rows = await this.db.query(sql`
      UPDATE reports SET state = 'completed', progress = 1, storage_key = ${storageKey}, size_bytes = ${sizeBytes},
             completed_at = now(), lease_until = NULL, version = version + 1
      WHERE id = ${id} AND generation = ${generation} AND state = 'inProgress'
      RETURNING id`);
    return rows.length > 0;
  }

  async fail(id: number, generation: number, error: string): Promise<void> {
    await this.db.query(sql`
      UPDATE reports SET state = 'failed', error = ${error}, lease_until = NULL, version = version + 1
      WHERE id = ${id} AND generation = ${generation} AND state = 'inProgress'`);
  }

  /** Generations in progress whose worker died (lease lapsed) or whose job has not started after the grace. */
  async stalled(graceSeconds: number): Promise<{ id: string; generation: number }[]> {
    return this.db.query(sql`
      SELECT id, generation FROM reports
      WHERE state = 'inProgress'
        AND (lease_until < now()
             OR (lease_until IS NULL AND created_at <= now() - make_interval(secs => ${graceSeconds})))
      ORDER BY id LIMIT 100`);
  }

  /** The demo's reports: inspections whose observations have the most photos, and those photos not yet processed. */
  async inspectionsWithPhotos(limit: number): Promise<{ id: string; asset_code: string; object_type: string }[]> {
    return this.db.query(sql`
      SELECT i.id, a.asset_code, a.object_type FROM inspections i JOIN assets a ON a.id = i.asset_id
      JOIN LATERAL (SELECT count(*) AS n FROM observations o JOIN media m ON m.owner_type = 'observation'
                    AND m.owner_id = o.id AND m.kind = 'image' WHERE o.inspection_id = i.id) photos ON photos.n > 0
      ORDER BY photos.n DESC, i.id LIMIT ${limit}`);
  }

  async unprocessedPhotos(inspectionIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(sql`
      SELECT m.id FROM observations o JOIN media m ON m.owner_type = 'observation' AND m.owner_id = o.id
      WHERE o.inspection_id = ANY(${inspectionIds}::bigint[]) AND m.kind = 'image' AND m.thumbnail_state = 'pending'`);
    return rows.map((r) => Number(r.id));
  }

  /** Whether any report still names the file (a retried generation may have kept the same bytes). */
  async fileInUse(storageKey: string): Promise<boolean> {
    return (await this.db.query(sql`SELECT 1 FROM reports WHERE storage_key = ${storageKey} LIMIT 1`)).length > 0;
  }

  // What documents are read from -------------------------------------------------------------------

  /** The latest inspection of each asset (newest first by time), in the assets' order. */
  async latestInspections(assetIds: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(sql`
      SELECT latest.id FROM unnest(${assetIds}::bigint[]) WITH ORDINALITY AS a(id, n)
      CROSS JOIN LATERAL (SELECT i.id FROM inspections i WHERE i.asset_id = a.id
                          ORDER BY i.inspected_at DESC, i.id DESC LIMIT 1) latest
      ORDER BY a.n`);
    return rows.map((r) => Number(r.id));
  }

  /** Which of the ids are inspections, in the order given. */
  async existingInspections(ids: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(sql`
      SELECT i.id FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS a(id, n) JOIN inspections i ON i.id = a.id
      ORDER BY a.n`);
    return rows.map((r) => Number(r.id));
  }

  /** Which of the ids are assets of the type, in id order. */
  async existingAssets(objectType: string, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      sql`SELECT id FROM assets WHERE id = ANY(${ids}::bigint[]) AND object_type = ${objectType} ORDER BY id`,
    );
    return rows.map((r) => Number(r.id));
  }

  inspectionFacts(ids: readonly number[]): Promise<InspectionFactsRow[]> {
    return this.db.query<InspectionFactsRow>(sql`
      SELECT i.id, a.id AS asset_id, a.object_type, a.asset_code, a.material, a.shape, a.size_mm, a.year_built,
             a.use, a.street, a.district, a.length_m,
             CASE WHEN GeometryType(a.geom) = 'LINESTRING' THEN ST_Length(a.geom::geography) END AS geom_length_m,
             ST_AsGeoJSON(a.geom, 7) AS geom,
             fn.asset_code AS from_code, ST_AsGeoJSON(fn.geom, 7) AS from_geom,
             tn.asset_code AS to_code, ST_AsGeoJSON(tn.geom, 7) AS to_geom,
             i.start_node_id, a.from_node_id,
             i.inspected_at, i.direction, i.weather, i.pre_cleaning, i.length_surveyed_m, i.status, i.review,
             i.header, coalesce(op.display_name, cr.display_name) AS operator,
             s.name AS standard_name, s.version AS standard_version, s.header_fields, s.grade_min, s.grade_max,
             s.worst_is_high,
             i.str_peak, i.str_rating, i.str_index, i.str_quick, i.om_peak, i.om_rating, i.om_index, i.om_quick
      FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS wanted(id, n)
      JOIN inspections i ON i.id = wanted.id
      JOIN assets a ON a.id = i.asset_id
      JOIN standards s ON s.id = i.standard_id
      LEFT JOIN assets fn ON fn.id = a.from_node_id
      LEFT JOIN assets tn ON tn.id = a.to_node_id
      LEFT JOIN inspection_sessions se ON se.id = i.session_id
      LEFT JOIN users op ON op.id = se.operator_id
      LEFT JOIN users cr ON cr.id = i.created_by
      ORDER BY wanted.n`);
  }

  observations(inspectionIds: readonly number[]): Promise<ObservationRow[]> {
    return this.db.query<ObservationRow>(sql`
      SELECT ${OBSERVATION_COLUMNS}
      FROM observations o JOIN observation_codes c ON c.standard_id = o.standard_id AND c.code = o.code
      WHERE o.inspection_id = ANY(${inspectionIds}::bigint[])
      ORDER BY o.inspection_id, o.sequence`);
  }

  /** The photos of the observations, oldest first; a photo without a thumbnail yet has no key. */
  photos(observationIds: readonly number[]): Promise<PhotoRow[]> {
    return this.db.query<PhotoRow>(sql`
      SELECT owner_id AS observation_id, file_name, CASE WHEN thumbnail_state = 'ready' THEN thumbnail_key END AS thumbnail_key
      FROM media
      WHERE owner_type = 'observation' AND owner_id = ANY(${observationIds}::bigint[]) AND kind = 'image'
      ORDER BY owner_id, id`);
  }

  /**
   * The pipes within `metres` of each asset, for their location sketches: at most 40 each, nearest
   * first. The box around the asset (metres as degrees of longitude at its latitude, the wider of the
   * two) finds the candidates on the geometry index; the distance on the ground decides.
   */
  async neighbours(assetIds: readonly number[], metres: number): Promise<{ asset_id: string; geom: string }[]> {
    return this.db.query(sql`
      SELECT a.id AS asset_id, near.geom
      FROM assets a
      CROSS JOIN LATERAL (
        SELECT ST_AsGeoJSON(n.geom, 7) AS geom FROM assets n
        WHERE n.geom && ST_Expand(a.geom, ${metres} / (111320 * cos(radians(ST_Y(ST_Centroid(a.geom))))))
          AND n.id <> a.id AND n.object_type IN ('section', 'lateral')
          AND ST_DWithin(n.geom::geography, a.geom::geography, ${metres})
        ORDER BY n.geom <-> a.geom LIMIT 40) near
      WHERE a.id = ANY(${assetIds}::bigint[])`);
  }

  /** Assets and pipe length per condition grade (null: no completed inspection). */
  conditionByGrade(assetIds: readonly number[]) {
    return this.db.query<{ grade: number | null; assets: number; length_m: number }>(sql`
      SELECT condition_grade AS grade, count(*)::int AS assets,
             coalesce(sum(CASE WHEN object_type = 'node' THEN 0 ELSE coalesce(length_m, ST_Length(geom::geography)) END), 0)::float8 AS length_m
      FROM assets WHERE id = ANY(${assetIds}::bigint[])
      GROUP BY condition_grade ORDER BY condition_grade DESC NULLS LAST`);
  }

  /**
   * One batch of the assets, worst first: grade, then structural peak, then code; `after` is the
   * last row of the previous batch (keyset paging over the whole set).
   */
  conditionAssets(assetIds: readonly number[], after: ConditionAssetRow | undefined, limit: number) {
    const key = sql`(-coalesce(a.condition_grade, 0), -coalesce(i.str_peak, 0), a.asset_code, a.id)`;
    const cursor = after
      ? sql`AND ${key} > (${-(after.grade ?? 0)}::int, ${-(after.str_peak ?? 0)}::int, ${after.asset_code}::text, ${after.id}::bigint)`
      : sql.empty();
    return this.db.query<ConditionAssetRow>(sql`
      SELECT a.id, a.object_type, a.asset_code, a.condition_grade AS grade, i.str_peak, i.om_peak, i.inspected_at,
             a.street, a.district,
             CASE WHEN a.object_type = 'node' THEN NULL ELSE coalesce(a.length_m, ST_Length(a.geom::geography)) END AS length_m
      FROM assets a LEFT JOIN inspections i ON i.id = a.condition_inspection_id
      WHERE a.id = ANY(${assetIds}::bigint[]) ${cursor}
      ORDER BY ${key}
      LIMIT ${limit}`);
  }

  /** The observations of the inspections with their asset and date, inspection by inspection. */
  listing(inspectionIds: readonly number[]): Promise<ListingRow[]> {
    return this.db.query<ListingRow>(sql`
      SELECT ${OBSERVATION_COLUMNS}, a.asset_code, a.object_type, i.inspected_at
      FROM unnest(${inspectionIds}::bigint[]) WITH ORDINALITY AS wanted(id, n)
      JOIN inspections i ON i.id = wanted.id
      JOIN assets a ON a.id = i.asset_id
      JOIN observations o ON o.inspection_id = i.id
      JOIN observation_codes c ON c.standard_id = o.standard_id AND c.code = o.code
      ORDER BY wanted.n, o.sequence`);
  }
}
