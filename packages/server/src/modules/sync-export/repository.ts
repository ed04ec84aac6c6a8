/**
 * The Office side of the sync: keyset pages of each exported kind, in a stable order (global id, or
 * the natural key where a record has none), so a page is cheap at any depth and a resumed copy
 * continues exactly where it stopped. Columns are named one by one: only these cross the wire.
 */
import type { ExportKind } from '@manway/core/api/sync-export';
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';
import type { Selection } from './selections';

export interface PageRequest {
  after: string | undefined;
  limit: number;
  /** Local ids a saved filter selected; undefined for all records. */
  only: number[] | undefined;
}

export interface RawPage {
  rows: Record<string, unknown>[];
  /** The cursor of each row, in order. */
  keys: string[];
}

const ASSET_COLUMNS =
  sql.raw(`a.global_id::text AS "globalId", a.object_type AS "objectType", a.subtype, a.asset_code AS "assetCode",
  encode(ST_AsEWKB(a.geom), 'hex') AS geometry, f.global_id::text AS "fromNode", t.global_id::text AS "toNode",
  p.global_id::text AS "parentSection", a.chainage_m AS "chainageM", a.clock, a.material, a.shape, a.size_mm AS "sizeMm",
  a.length_m AS "lengthM", a.year_built AS "yearBuilt", a.owner, a.use, a.lifecycle_status AS "lifecycleStatus",
  a.cover_level_m AS "coverLevelM", a.invert_level_m AS "invertLevelM", a.from_invert_m AS "fromInvertM",
  a.to_invert_m AS "toInvertM", a.street, a.district, a.condition_grade AS "conditionGrade"`);

/**
 * For each kind: its page query. The kinds no saved filter narrows answer nothing when given
 * local ids, so a filter can never widen to every record.
 */
const PAGE_SQL: Record<ExportKind, (after: string | null, limit: number, only: number[] | null) => SQL> = {
  'object-types': (after, limit, only) => sql`SELECT key AS cursor, key, type_name AS "typeName",
      connectivity_type AS "connectivityType", geometry_type AS "geometryType", sort_order AS "sortOrder", label,
      readable_id_property AS "readableIdProperty", code_prefix AS "codePrefix"
    FROM object_types
    WHERE (${after}::text IS NULL OR key COLLATE "C" > ${after}::text) AND ${only}::bigint[] IS NULL
    ORDER BY key COLLATE "C" LIMIT ${limit}`,
  subtypes: (
    after,
    limit,
    only,
  ) => sql`SELECT key AS cursor, key, object_type AS "objectType", label, sort_order AS "sortOrder"
    FROM asset_subtypes
    WHERE (${after}::text IS NULL OR key COLLATE "C" > ${after}::text) AND ${only}::bigint[] IS NULL
    ORDER BY key COLLATE "C" LIMIT ${limit}`,
  standards: (after, limit, only) => sql`SELECT id AS cursor, id, name, version, notice, applies_to AS "appliesTo",
      header_fields AS "headerFields", grade_min AS "gradeMin", grade_max AS "gradeMax", worst_is_high AS "worstIsHigh",
      scoring_method AS "scoringMethod", continuous_unit_m AS "continuousUnitM"
    FROM standards
    WHERE (${after}::text IS NULL OR id COLLATE "C" > ${after}::text) AND ${only}::bigint[] IS NULL
    ORDER BY id COLLATE "C" LIMIT ${limit}`,
  // A code's key is "standard/code": standard ids cannot contain a slash.
  codes: (after, limit, only) => sql`SELECT standard_id || '/' || code AS cursor, standard_id AS "standardId", code,
      family, label, characterisations, characterisation_required AS "characterisationRequired",
      quantification_unit AS "quantificationUnit", quantification_required AS "quantificationRequired",
      clock_required AS "clockRequired", continuous_allowed AS "continuousAllowed", grade_rule AS "gradeRule"
    FROM observation_codes
    WHERE (${after}::text IS NULL
        OR (standard_id COLLATE "C", code COLLATE "C") > (split_part(${after}::text, '/', 1), split_part(${after}::text, '/', 2)))
      AND ${only}::bigint[] IS NULL
    ORDER BY standard_id COLLATE "C", code COLLATE "C" LIMIT ${limit}`,
  'form-templates': (after, limit, only) => sql`SELECT id AS cursor, id, object_type AS "objectType",
      standard_id AS "standardId", label, definition, source, version
    FROM form_templates
    WHERE (${after}::text IS NULL OR id COLLATE "C" > ${after}::text) AND ${only}::bigint[] IS NULL
    ORDER BY id COLLATE "C" LIMIT ${limit}`,
  users: (after, limit, only) => sql`SELECT global_id::text AS cursor, global_id::text AS "globalId", login,
      display_name AS "displayName", email, role, office, inspect, websync, disabled, organization
    FROM users
    WHERE (${after}::uuid IS NULL OR global_id > ${after}::uuid) AND ${only}::bigint[] IS NULL
    ORDER BY global_id LIMIT ${limit}`,
  // Service accounts' hashes stay in the Office: a Field has no use for them.
  'user-credentials': (after, limit, only) => sql`SELECT global_id::text AS cursor, global_id::text AS "globalId",
      password_hash AS "passwordHash"
    FROM users
    WHERE NOT sync_agent AND (${after}::uuid IS NULL OR global_id > ${after}::uuid) AND ${only}::bigint[] IS NULL
    ORDER BY global_id LIMIT ${limit}`,
  projects: (after, limit, only) => sql`SELECT global_id::text AS cursor, global_id::text AS "globalId", name, client,
      contractor, standard_id AS "standardId", status,
      -- Full precision, so a copy compares equal to its original.
      to_json(created_at) #>> '{}' AS "createdAt"
    FROM projects
    WHERE (${after}::uuid IS NULL OR global_id > ${after}::uuid) AND (${only}::bigint[] IS NULL OR id = ANY(${only}::bigint[]))
    ORDER BY global_id LIMIT ${limit}`,
  nodes: assetPage('node'),
  sections: assetPage('section'),
  laterals: assetPage('lateral'),
};

function assetPage(objectType: 'node' | 'section' | 'lateral') {
  // The type is written as a literal, as before: the plan may use a partial index on it.
  const type = sql.raw(`'${objectType}'`);
  return (after: string | null, limit: number, only: number[] | null) => sql`SELECT a.global_id::text AS cursor,
      ${ASSET_COLUMNS}
    FROM assets a
    LEFT JOIN assets f ON f.id = a.from_node_id
    LEFT JOIN assets t ON t.id = a.to_node_id
    LEFT JOIN assets p ON p.id = a.parent_section_id
    WHERE a.object_type = ${type} AND (${after}::uuid IS NULL OR a.global_id > ${after}::uuid)
      AND (${only}::bigint[] IS NULL OR a.id = ANY(${only}::bigint[]))
    ORDER BY a.global_id LIMIT ${limit}`;
}

/** Kinds whose cursor is a global id (anything else is rejected before it reaches SQL). */
export const UUID_CURSOR: ReadonlySet<ExportKind> = new Set([
  'users',
  'user-credentials',
  'projects',
  'nodes',
  'sections',
  'laterals',
]);

export interface PlannedTaskRow {
  globalId: string;
  projectGlobalId: string;
  taskType: string;
  assetGlobalId: string;
  assetCode: string;
  district: string | null;
  dueDate: string | null;
  state: string;
  assetId: string;
  assignment: { globalId: string; assignedToGlobalId: string | null; scheduledDate: string | null } | null;
}

/** An inspection's review, as `InspectionDecision` (the contract) has it. */
export interface InspectionDecisionRow {
  globalId: string;
  status: string;
  review: string | null;
  reviewReason: string | null;
  reviewedAt: string | null;
  reviewedBy: { globalId: string; displayName: string } | null;
}

/** A task's state and its latest inspection's decision, as `TaskDecisionRecord` (the contract) has them. */
export interface TaskDecisionRow {
  globalId: string;
  state: string;
  inspection: InspectionDecisionRow | null;
}

/** The review of inspection `i` (with its reviewer `u` joined) as one JSON object: `InspectionDecisionRow`. */
const DECISION_OF_I = sql.raw(`json_build_object('globalId', i.global_id, 'status', i.status, 'review', i.review,
  'reviewReason', i.review_reason,
  -- Full precision, so the Field's copy of the decision compares equal to it.
  'reviewedAt', to_json(i.reviewed_at) #>> '{}',
  'reviewedBy', CASE WHEN u.id IS NOT NULL
    THEN json_build_object('globalId', u.global_id, 'displayName', u.display_name) END)`);

export interface MediaRow {
  globalId: string;
  ownerType: string;
  ownerGlobalId: string;
  ownerLocalId: string;
  kind: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

export class SyncExportRepository {
  constructor(private readonly db: Database) {}

  /** The given records (local ids) in global-id order: a saved filter's selection for an export run. */
  async inGlobalIdOrder(table: 'assets' | 'projects', ids: readonly number[]): Promise<Selection> {
    const rows = await this.db.query<{ globalId: string; id: string }>(
      sql`SELECT global_id::text AS "globalId", id::text AS id FROM ${sql.identifier(table)}
       WHERE id = ANY(${ids}::bigint[]) ORDER BY global_id`,
    );
    return { globalIds: rows.map((r) => r.globalId), ids: rows.map((r) => Number(r.id)) };
  }

  /** The open tasks on the given assets in global-id order: a saved filter's selection for scenario 1. */
  async tasksOnAssets(assetIds: readonly number[]): Promise<Selection> {
    const rows = await this.db.query<{ globalId: string; id: string }>(
      sql`SELECT global_id::text AS "globalId", id::text AS id FROM tasks
       WHERE asset_id = ANY(${assetIds}::bigint[]) AND state IN ('planned', 'started') ORDER BY global_id`,
    );
    return { globalIds: rows.map((r) => r.globalId), ids: rows.map((r) => Number(r.id)) };
  }

  /** Open tasks (planned or started) by global id, optionally only the given tasks (local ids). */
  plannedTasks(after: string | undefined, limit: number, only: number[] | undefined): Promise<PlannedTaskRow[]> {
    return this.db.query<PlannedTaskRow>(
      sql`SELECT t.global_id::text AS "globalId", p.global_id::text AS "projectGlobalId", t.task_type AS "taskType",
         a.global_id::text AS "assetGlobalId", a.asset_code AS "assetCode", t.district, t.due_date::text AS "dueDate",
         t.state, t.asset_id::text AS "assetId",
         (SELECT json_build_object('globalId', asg.global_id, 'assignedToGlobalId', u.global_id,
                   'scheduledDate', asg.scheduled_date::text)
            FROM assignment_tasks at JOIN assignments asg ON asg.id = at.assignment_id
            LEFT JOIN users u ON u.id = asg.assigned_to
           WHERE at.task_id = t.id ORDER BY asg.id DESC LIMIT 1) AS assignment
       FROM tasks t JOIN projects p ON p.id = t.project_id JOIN assets a ON a.id = t.asset_id
       WHERE t.state IN ('planned', 'started') AND (${after ?? null}::uuid IS NULL OR t.global_id > ${after ?? null}::uuid)
         AND (${only ?? null}::bigint[] IS NULL OR t.id = ANY(${only ?? null}::bigint[]))
       ORDER BY t.global_id LIMIT ${limit}`,
    );
  }

  /**
   * The given tasks (global ids) that the Office holds, each with its state and its latest inspection
   * (newest inspected first, as the lists order them) with the review; in global-id order.
   */
  taskDecisions(globalIds: readonly string[]): Promise<TaskDecisionRow[]> {
    return this.db.query<TaskDecisionRow>(
      sql`SELECT t.global_id::text AS "globalId", t.state,
         (SELECT ${DECISION_OF_I}
            FROM inspections i LEFT JOIN users u ON u.id = i.reviewed_by
           WHERE i.task_id = t.id ORDER BY i.inspected_at DESC, i.id DESC LIMIT 1) AS inspection
       FROM tasks t WHERE t.global_id = ANY(${globalIds}::uuid[])
       ORDER BY t.global_id`,
    );
  }

  /**
   * The given inspections (global ids) that the Office holds, each with its review, in global-id
   * order: a Field asks this of the inspections it recorded outside any task.
   */
  async inspectionDecisions(globalIds: readonly string[]): Promise<InspectionDecisionRow[]> {
    const rows = await this.db.query<{ decision: InspectionDecisionRow }>(
      sql`SELECT ${DECISION_OF_I} AS decision
       FROM inspections i LEFT JOIN users u ON u.id = i.reviewed_by
       WHERE i.global_id = ANY(${globalIds}::uuid[])
       ORDER BY i.global_id`,
    );
    return rows.map((r) => r.decision);
  }

  /**
   * Each asset with what it needs to exist in another system, in the order to write them: its
   * section's end nodes, its own end nodes, its section, then itself.
   */
  async assetsWithNeeds(assetIds: string[]): Promise<Map<string, Record<string, unknown>[]>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.db.query<Record<string, unknown> & { base: string }>(
      sql`SELECT b.id::text AS base, ${ASSET_COLUMNS}
       FROM assets b
       LEFT JOIN assets s ON s.id = b.parent_section_id
       CROSS JOIN LATERAL unnest(ARRAY[s.from_node_id, s.to_node_id, b.from_node_id, b.to_node_id, s.id, b.id])
         WITH ORDINALITY AS n(id, ord)
       JOIN assets a ON a.id = n.id
       LEFT JOIN assets f ON f.id = a.from_node_id
       LEFT JOIN assets t ON t.id = a.to_node_id
       LEFT JOIN assets p ON p.id = a.parent_section_id
       WHERE b.id = ANY(${assetIds}::bigint[])
       ORDER BY b.id, n.ord`,
    );
    const out = new Map<string, Record<string, unknown>[]>();
    for (const { base, ...asset } of rows) {
      const list = out.get(base) ?? [];
      if (!list.some((x) => x.globalId === asset.globalId)) list.push(asset);
      out.set(base, list);
    }
    return out;
  }

  /** The media of the given owners (local ids of one owner type). */
  media(ownerType: 'asset' | 'inspection' | 'observation', ownerIds: string[]): Promise<MediaRow[]> {
    if (ownerIds.length === 0) return Promise.resolve([]);
    const table = { asset: 'assets', inspection: 'inspections', observation: 'observations' }[ownerType];
    return this.db.query<MediaRow>(
      sql`SELECT m.global_id::text AS "globalId", m.owner_type AS "ownerType", o.global_id::text AS "ownerGlobalId",
         m.owner_id::text AS "ownerLocalId", m.kind, m.file_name AS "fileName", m.content_type AS "contentType",
         m.size_bytes::float8 AS "sizeBytes", m.sha256
       FROM media m JOIN ${sql.identifier(table)} o ON o.id = m.owner_id
       WHERE m.owner_type = ${ownerType} AND m.owner_id = ANY(${ownerIds}::bigint[])
       ORDER BY m.global_id`,
    );
  }

  /** Where a media file is kept (never sent), by its global id. */
  async mediaFile(
    globalId: string,
  ): Promise<{ storageKey: string; sizeBytes: number; contentType: string } | undefined> {
    const [row] = await this.db.query<{ storageKey: string; sizeBytes: number; contentType: string }>(
      sql`SELECT storage_key AS "storageKey", size_bytes::float8 AS "sizeBytes", content_type AS "contentType"
       FROM media WHERE global_id = ${globalId}::uuid`,
    );
    return row;
  }

  async page(kind: ExportKind, r: PageRequest): Promise<RawPage> {
    const rows = await this.db.query<Record<string, unknown> & { cursor: string }>(
      PAGE_SQL[kind](r.after ?? null, r.limit, r.only ?? null),
    );
    return {
      keys: rows.map((row) => row.cursor),
      rows: rows.map(({ cursor: _cursor, ...rest }) => rest),
    };
  }
}
