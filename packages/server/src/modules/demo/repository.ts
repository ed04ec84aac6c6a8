/** The SQL of loading generated data: reference data, the demo town, and its fingerprint. */
import type {
  AssetRecord,
  AssignmentRecord,
  InspectionRecord,
  LocationRecord,
  ProjectRecord,
  SessionRecord,
  ShortcutRecord,
  SubjectRecord,
  TaskRecord,
} from './demo-town';
import { isAdvancedFilter } from '@manway/core/api/filters';
import type { DemoSavedFilter } from './demo-filters';
import type { ObservationCodeDef, Standard } from '@manway/core/domain/standard';
import { ewkt, insertRows, resetIdentities } from '../../db/bulk';
import type { Connection, Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';
import { ASSET_COLUMNS, assetRow } from './asset-rows';

/** The dataset that records a Field system's demo sync schedules (modules/demo/field-schedules.ts). */
export const FIELD_SCHEDULES_DATASET = 'field-demo-schedules';

const GEOMETRY = { geom: 'geometry' };

/** Tables the demo town fills, children first (the order a reset empties them in). */
export const NETWORK_TABLES = [
  'user_shortcuts',
  'locations',
  'connected_subjects',
  'subjects',
  'observations',
  'media',
  'inspections',
  'inspection_sessions',
  'assignment_tasks',
  'assignments',
  'tasks',
  'projects',
  'assets',
  'datasets',
] as const;

/** The generated tables whose records carry a global id (migration 0006). */
const GLOBAL_ID_TABLES = [
  'assets',
  'projects',
  'tasks',
  'assignments',
  'inspection_sessions',
  'inspections',
  'observations',
  'subjects',
] as const;

const IDENTITY_TABLES = [
  'assets',
  'projects',
  'tasks',
  'assignments',
  'inspection_sessions',
  'inspections',
  'observations',
  'subjects',
  'connected_subjects',
  'media',
];

/** An inspection the demo gives media to, with its observations in order. */
export interface DemoMediaInspection {
  id: number;
  assetCode: string;
  inspectedAt: Date;
  /** Its day, yyyy-mm-dd, for file names. */
  day: string;
  observations: {
    id: number;
    code: string;
    /** Whether the code records a defect (not the survey's start, finish or an inventory note). */
    defect: boolean;
    distanceM: number;
    grade: number | null;
    offsetMs: number;
  }[];
}

export class DemoRepository {
  constructor(private readonly db: Database) {}

  /**
   * The most recent inspections of each status with at least three observations, as many as asked
   * per status: what the office reviews, what the crew has open, what is accepted.
   */
  async mediaCandidates(
    counts: Record<'pending' | 'incomplete' | 'completed', number>,
  ): Promise<DemoMediaInspection[]> {
    const rows = await this.db.query<{
      id: string;
      asset_code: string;
      inspected_at: Date | string;
      observations: {
        id: number;
        code: string;
        defect: boolean;
        distance_m: number;
        grade: number | null;
        offset_ms: number;
      }[];
    }>(
      sql`WITH ranked AS (
         SELECT i.id, i.status, a.asset_code, i.inspected_at,
           row_number() OVER (PARTITION BY i.status ORDER BY i.inspected_at DESC, i.id DESC) AS n
         FROM inspections i JOIN assets a ON a.id = i.asset_id
         WHERE (SELECT count(*) FROM observations o WHERE o.inspection_id = i.id) >= 3)
       SELECT r.id, r.asset_code, r.inspected_at,
         (SELECT jsonb_agg(jsonb_build_object('id', o.id, 'code', o.code, 'distance_m', o.distance_m,
             'defect', c.family NOT IN ('other', 'inventory'), 'grade', o.grade,
             'offset_ms', COALESCE(o.video_offset_ms, 0)) ORDER BY o.sequence)
          FROM observations o JOIN observation_codes c ON c.standard_id = o.standard_id AND c.code = o.code
          WHERE o.inspection_id = r.id) AS observations
       FROM ranked r
       WHERE r.n <= CASE r.status WHEN 'pending' THEN ${counts.pending}::int
         WHEN 'incomplete' THEN ${counts.incomplete}::int ELSE ${counts.completed}::int END
       ORDER BY r.id`,
    );
    return rows.map((r) => {
      const inspectedAt = new Date(r.inspected_at);
      return {
        id: Number(r.id),
        assetCode: r.asset_code,
        inspectedAt,
        day: inspectedAt.toISOString().slice(0, 10),
        observations: r.observations.map((o) => ({
          id: Number(o.id),
          code: o.code,
          defect: o.defect,
          distanceM: o.distance_m,
          grade: o.grade,
          offsetMs: o.offset_ms,
        })),
      };
    });
  }

  async upsertStandard(standard: Standard, codes: ObservationCodeDef[]): Promise<void> {
    const s = standard;
    await this.db.query(sql`
      INSERT INTO standards (id, name, version, notice, applies_to, header_fields, grade_min, grade_max, worst_is_high,
        scoring_method, continuous_unit_m)
      VALUES (${s.id}, ${s.name}, ${s.version}, ${s.notice}, ${s.appliesTo}::text[], ${JSON.stringify(s.headerFields)}::jsonb,
        ${s.scale.min}, ${s.scale.max}, ${s.scale.worstIsHigh}, ${s.scoringMethod}, ${s.continuousUnitM})
      ON CONFLICT (id) DO NOTHING
    `);
    const rows = codes.map((c) => ({
      standard_id: s.id,
      code: c.code,
      family: c.family,
      label: c.label,
      characterisations: c.characterisations,
      characterisation_required: c.characterisationRequired,
      quantification_unit: c.quantificationUnit,
      quantification_required: c.quantificationRequired,
      clock_required: c.clockRequired,
      continuous_allowed: c.continuousAllowed,
      grade_rule: c.gradeRule,
    }));
    await this.db.query(sql`
      INSERT INTO observation_codes (standard_id, code, family, label, characterisations, characterisation_required,
        quantification_unit, quantification_required, clock_required, continuous_allowed, grade_rule)
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(standard_id text, code text, family text,
        label text, characterisations jsonb, characterisation_required boolean, quantification_unit text,
        quantification_required boolean, clock_required boolean, continuous_allowed boolean, grade_rule jsonb)
      ON CONFLICT (standard_id, code) DO NOTHING
    `);
  }

  async hasNetwork(): Promise<boolean> {
    // A Field's demo schedules are recorded as a dataset too, but they are no network.
    const [row] = await this.db.query<{ any: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM assets) OR EXISTS (SELECT 1 FROM datasets WHERE name <> ${FIELD_SCHEDULES_DATASET}) AS any
    `);
    return row?.any ?? false;
  }

  /** Records that a once-per-database piece of demo data was created (so deleting it is not undone). */
  async markDataset(name: string, params: unknown): Promise<void> {
    await this.db.query(sql`
      INSERT INTO datasets (name, seed, params) VALUES (${name}, 0, ${JSON.stringify(params)}::jsonb)
      ON CONFLICT (name) DO NOTHING
    `);
  }

  async userIds(logins: string[]): Promise<Map<string, string>> {
    const rows = await this.db.query<{ login: string; id: string }>(sql`
      SELECT login, id FROM users WHERE login = ANY(${logins}::text[])
    `);
    return new Map(rows.map((r) => [r.login, r.id]));
  }

  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async clear(conn: Connection): Promise<void> {
    await conn.exec(`TRUNCATE ${NETWORK_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  }

  insertAssets(conn: Connection, assets: AssetRecord[]): Promise<void> {
    return insertRows(conn, 'assets', ASSET_COLUMNS, assets.map(assetRow), GEOMETRY);
  }

  async insertWork(
    conn: Connection,
    standardId: string,
    users: Map<string, string>,
    w: { projects: ProjectRecord[]; tasks: TaskRecord[]; assignments: AssignmentRecord[]; sessions: SessionRecord[] },
  ): Promise<void> {
    const user = (login: string | null) => (login === null ? null : (users.get(login) ?? null));
    await insertRows(
      conn,
      'projects',
      ['id', 'name', 'client', 'contractor', 'standard_id', 'status', 'created_at'],
      w.projects.map((p) => [p.id, p.name, p.client, p.contractor, standardId, p.status, p.createdAt]),
    );
    await insertRows(
      conn,
      'tasks',
      ['id', 'project_id', 'task_type', 'asset_id', 'district', 'due_date', 'state', 'created_at'],
      w.tasks.map((t) => [t.id, t.projectId, t.taskType, t.assetId, t.district, t.dueDate, t.state, t.createdAt]),
    );
    await insertRows(
      conn,
      'assignments',
      ['id', 'assigned_to', 'scheduled_date', 'status'],
      w.assignments.map((a) => [a.id, user(a.assignedTo), a.scheduledDate, a.status]),
    );
    await insertRows(
      conn,
      'assignment_tasks',
      ['assignment_id', 'task_id'],
      w.assignments.flatMap((a) => a.taskIds.map((t) => [a.id, t])),
    );
    await insertRows(
      conn,
      'inspection_sessions',
      ['id', 'assignment_id', 'operator_id', 'camera', 'started_at', 'ended_at', 'status'],
      w.sessions.map((s) => [s.id, s.assignmentId, user(s.operator), s.camera, s.startedAt, s.endedAt, s.status]),
    );
  }

  async insertInspections(
    conn: Connection,
    standardId: string,
    users: Map<string, string>,
    inspections: InspectionRecord[],
  ): Promise<void> {
    const user = (login: string | null) => (login === null ? null : (users.get(login) ?? null));
    await insertRows(
      conn,
      'inspections',
      [
        'id',
        'asset_id',
        'task_id',
        'session_id',
        'standard_id',
        'direction',
        'start_node_id',
        'inspected_at',
        'weather',
        'pre_cleaning',
        'length_surveyed_m',
        'status',
        'review',
        'reviewed_by',
        'reviewed_at',
        'header',
        'str_peak',
        'str_rating',
        'str_index',
        'str_quick',
        'om_peak',
        'om_rating',
        'om_index',
        'om_quick',
        'created_by',
      ],
      inspections.map((i) => [
        i.id,
        i.assetId,
        i.taskId,
        i.sessionId,
        standardId,
        i.direction,
        i.startNodeId,
        i.inspectedAt,
        i.weather,
        i.preCleaning,
        i.lengthSurveyedM,
        i.status,
        i.review,
        user(i.reviewedBy),
        i.reviewedAt,
        JSON.stringify(i.header),
        i.scores.structural.peak,
        i.scores.structural.rating,
        i.scores.structural.index,
        i.scores.structural.quick,
        i.scores.operational.peak,
        i.scores.operational.rating,
        i.scores.operational.index,
        i.scores.operational.quick,
        user(i.createdBy),
      ]),
      { header: 'jsonb' },
    );
    await insertRows(
      conn,
      'observations',
      [
        'id',
        'inspection_id',
        'standard_id',
        'sequence',
        'distance_m',
        'code',
        'characterisation',
        'quantification1',
        'quantification2',
        'clock_from',
        'clock_to',
        'at_joint',
        'continuous',
        'continuous_group',
        'grade',
        'remark',
        'video_offset_ms',
      ],
      inspections.flatMap((i) =>
        i.observations.map((o) => [
          o.id,
          o.inspectionId,
          standardId,
          o.sequence,
          o.distanceM,
          o.code,
          o.characterisation,
          o.quantification1,
          o.quantification2,
          o.clockFrom,
          o.clockTo,
          o.atJoint,
          o.continuous,
          o.continuousGroup,
          o.grade,
          o.remark,
          o.videoOffsetMs,
        ]),
      ),
    );
  }

  async setConditions(conn: Connection, conditions: Map<number, { grade: number; inspectionId: number }>) {
    const list = [...conditions].map(([assetId, c]) => ({ a: assetId, g: c.grade, i: c.inspectionId }));
    await conn.query(sql`
      UPDATE assets SET condition_grade = v.g, condition_inspection_id = v.i
      FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(a bigint, g smallint, i bigint) WHERE assets.id = v.a
    `);
  }

  async insertSubjects(conn: Connection, subjects: SubjectRecord[]): Promise<void> {
    await insertRows(
      conn,
      'subjects',
      ['id', 'kind', 'label', 'asset_id', 'geom', 'attributes'],
      subjects.map((s) => [s.id, s.kind, s.label, s.assetId, ewkt([s.coords]), JSON.stringify({})]),
      { geom: 'geometry', attributes: 'jsonb' },
    );
    await insertRows(
      conn,
      'connected_subjects',
      ['id', 'subject_id', 'parent_type', 'parent_id', 'geom'],
      subjects
        .filter((s) => s.connectedId !== null)
        .map((s) => [s.connectedId, s.id, 'section', s.assetId, ewkt([s.coords])]),
      GEOMETRY,
    );
  }

  async insertLocations(conn: Connection, users: Map<string, string>, locations: LocationRecord[]) {
    await insertRows(
      conn,
      'locations',
      [
        'object_type',
        'object_id',
        'longitude',
        'latitude',
        'altitude',
        'horizontal_accuracy',
        'source',
        'captured_at',
        'gps',
        'updated_by',
        'updated_at',
      ],
      locations.map((l) => [
        l.objectType,
        l.objectId,
        l.longitude,
        l.latitude,
        l.altitude,
        l.horizontalAccuracy,
        'collected',
        l.capturedAt,
        JSON.stringify(l.gps),
        users.get(l.collectedBy) ?? null,
        l.capturedAt,
      ]),
      { gps: 'jsonb' },
    );
  }

  /** Kept across a reset (users and their settings stay), so a filter already there is left alone. */
  async insertSavedFilters(conn: Connection, users: Map<string, string>, filters: readonly DemoSavedFilter[]) {
    let position = 0;
    for (const f of filters) {
      const owner = users.get(f.owner);
      if (!owner) continue;
      await conn.query(sql`
        INSERT INTO saved_filters (owner_id, name, object_type, shared, advanced, definition, position)
        VALUES (${owner}, ${f.name}, ${f.definition.objectType.toLowerCase()}, ${f.shared},
                ${isAdvancedFilter(f.definition)}, ${JSON.stringify(f.definition)}::jsonb, ${++position})
        ON CONFLICT (owner_id, name) DO NOTHING
      `);
    }
  }

  async insertShortcuts(conn: Connection, users: Map<string, string>, shortcuts: ShortcutRecord[]) {
    await insertRows(
      conn,
      'user_shortcuts',
      ['user_id', 'kind', 'object_id', 'pinned', 'last_used_at'],
      shortcuts
        .filter((s) => users.has(s.login))
        .map((s) => [users.get(s.login), s.kind, s.objectId, s.pinned, s.lastUsedAt]),
    );
  }

  /**
   * Global ids as a pure function of (seed, table, id), like the rest of the town: two systems that
   * loaded the same demo hold the same records under the same global ids, so the sync agent sees
   * them as one record instead of a clash of asset codes.
   */
  async assignGlobalIds(conn: Connection, seed: number): Promise<void> {
    for (const table of GLOBAL_ID_TABLES) {
      // md5 shaped as a version 4, variant 1 UUID, as validators expect of a uuid.
      await conn.query(sql`
        UPDATE ${sql.raw(table)} SET global_id = overlay(overlay(md5('manway-demo:' || ${seed}::text || ':${sql.raw(table)}:' || id)
          placing '4' from 13) placing '8' from 17)::uuid
      `);
    }
  }

  async finish(conn: Connection, name: string, seed: number, params: unknown): Promise<void> {
    await resetIdentities(conn, IDENTITY_TABLES);
    await conn.query(
      sql`INSERT INTO datasets (name, seed, params) VALUES (${name}, ${seed}, ${JSON.stringify(params)}::jsonb)`,
    );
    await conn.exec('ANALYZE');
  }

  /** A loaded dataset's seed, and the day it was seeded on (null before the demo recorded it). */
  async dataset(name: string): Promise<{ seed: number; today: string | null } | undefined> {
    const [row] = await this.db.query<{ seed: number; today: string | null }>(
      sql`SELECT seed, params->>'today' AS today FROM datasets WHERE name = ${name}`,
    );
    return row;
  }

  /**
   * A fingerprint of the generated data: md5 over every generated row in id order, users by login
   * and times as epoch seconds, so it compares across back ends and time zones. The open work is
   * planned from the seeding day `today` on: its dates count as days from it, so the fingerprint is
   * the same whichever day the town was seeded.
   */
  async checksum(today: string | null): Promise<string> {
    const fromToday = (column: string) =>
      sql`CASE WHEN ${sql.raw(column)} >= ${today}::date THEN 'today+' || (${sql.raw(column)} - ${today}::date)
           ELSE ${sql.raw(column)}::text END`;
    const parts: [string, SQL][] = [
      [
        'assets',
        sql`SELECT md5(string_agg(row(id, object_type, subtype, asset_code, encode(ST_AsEWKB(geom), 'hex'), from_node_id,
           to_node_id, parent_section_id, chainage_m, clock, material, shape, size_mm, length_m, year_built, owner, use,
           cover_level_m, invert_level_m, from_invert_m, to_invert_m, street, district, condition_grade,
           condition_inspection_id)::text, E'\\n' ORDER BY id)) AS h FROM assets`,
      ],
      [
        'projects',
        sql`SELECT md5(string_agg(row(id, name, client, contractor, standard_id, status,
           extract(epoch FROM created_at))::text, E'\\n' ORDER BY id)) AS h FROM projects`,
      ],
      [
        'tasks',
        sql`SELECT md5(string_agg(row(id, project_id, task_type, asset_id, district, ${fromToday('due_date')}, state,
           extract(epoch FROM created_at))::text, E'\\n' ORDER BY id)) AS h FROM tasks`,
      ],
      [
        'assignments',
        sql`SELECT md5(string_agg(row(a.id, u.login, ${fromToday('a.scheduled_date')}, a.status,
           (SELECT string_agg(task_id::text, ',' ORDER BY task_id) FROM assignment_tasks t WHERE t.assignment_id = a.id)
         )::text, E'\\n' ORDER BY a.id)) AS h FROM assignments a LEFT JOIN users u ON u.id = a.assigned_to`,
      ],
      [
        'sessions',
        sql`SELECT md5(string_agg(row(s.id, s.assignment_id, u.login, s.camera, extract(epoch FROM s.started_at),
           extract(epoch FROM s.ended_at), s.status)::text, E'\\n' ORDER BY s.id)) AS h
         FROM inspection_sessions s LEFT JOIN users u ON u.id = s.operator_id`,
      ],
      [
        'inspections',
        sql`SELECT md5(string_agg(row(i.id, asset_id, task_id, session_id, standard_id, direction, start_node_id,
           extract(epoch FROM inspected_at), weather, pre_cleaning, length_surveyed_m, status, i.review, r.login,
           extract(epoch FROM reviewed_at), header::text, str_peak, str_rating, str_index, str_quick, om_peak,
           om_rating, om_index, om_quick, c.login)::text, E'\\n' ORDER BY i.id)) AS h
         FROM inspections i LEFT JOIN users r ON r.id = i.reviewed_by LEFT JOIN users c ON c.id = i.created_by`,
      ],
      [
        'observations',
        sql`SELECT md5(string_agg(row(id, inspection_id, standard_id, sequence, distance_m, code, characterisation,
           quantification1, quantification2, clock_from, clock_to, at_joint, continuous, continuous_group, grade,
           remark, video_offset_ms)::text, E'\\n' ORDER BY id)) AS h FROM observations`,
      ],
      [
        'subjects',
        sql`SELECT md5(string_agg(row(id, kind, label, asset_id, encode(ST_AsEWKB(geom), 'hex'))::text, E'\\n'
           ORDER BY id)) AS h FROM subjects`,
      ],
      [
        'locations',
        sql`SELECT md5(string_agg(row(object_type, object_id, longitude, latitude, altitude, horizontal_accuracy, source,
           extract(epoch FROM captured_at), gps::text)::text, E'\\n' ORDER BY object_type, object_id)) AS h
         FROM locations`,
      ],
    ];
    const hashes: string[] = [];
    for (const [name, statement] of parts) {
      const [row] = await this.db.query<{ h: string | null }>(statement);
      hashes.push(`${name}:${row?.h ?? 'empty'}`);
    }
    const [row] = await this.db.query<{ h: string }>(sql`SELECT md5(${hashes.join('\n')}) AS h`);
    return row!.h;
  }
}
