/** The SQL behind object types, dictionaries, object details, lookup and shortcuts. */
import type { Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

export interface ObjectTypeRow {
  key: string;
  type_name: string;
  label: string;
  connectivity_type: 'Node' | 'Section' | 'Lateral' | 'Area' | 'Point';
  geometry_type: string;
  readable_id_property: string;
}

export interface SubtypeRow {
  key: string;
  label: string;
  object_type: string;
}

export interface StandardRow {
  id: string;
  name: string;
  applies_to: string[];
  header_fields: { key: string; label: string; kind: string }[];
}

export interface CodeRow {
  code: string;
  label: string;
  family: string;
  characterisations: Record<string, string> | null;
}

/** A row of any object kind: what the service maps onto the wire. */
export type DetailRow = Record<string, unknown> & { id: string; version: number; geometry: string | null };

export interface LookupRow {
  id: string;
  asset_code: string;
  subtype: string;
  prefix_match: boolean;
}

export interface ShortcutRow {
  object_id: string;
  readable_id: string;
  label: string;
  pinned: boolean;
  last_used_at: Date;
}

export interface LookupSearch {
  objectType: string;
  subtype: string | null;
  /** LIKE patterns over the lower-cased code: `text%`, and `%text%` or null for prefix hits only. */
  prefix: string;
  contains: string | null;
  limit: number;
}

/**
 * Readable-id lookup, one statement on both back ends: prefix hits in code order (a range on the
 * byte-ordered btree), then, only if those did not fill the page, codes containing the text (the
 * type's trigram index, or a walk of the btree in order when the text is common).
 */
export function lookupSql(q: LookupSearch): SQL {
  return sql`
  WITH prefix AS (
    SELECT id, asset_code, subtype, true AS prefix_match FROM assets
    WHERE object_type = ${q.objectType} AND (${q.subtype}::text IS NULL OR subtype = ${q.subtype})
      AND lower(asset_code) COLLATE "C" LIKE ${q.prefix}
    ORDER BY lower(asset_code) COLLATE "C" LIMIT ${q.limit}
  ), contains AS (
    SELECT id, asset_code, subtype, false AS prefix_match FROM assets
    WHERE ${q.contains}::text IS NOT NULL AND (SELECT count(*) FROM prefix) < ${q.limit}
      AND object_type = ${q.objectType} AND (${q.subtype}::text IS NULL OR subtype = ${q.subtype})
      AND lower(asset_code) LIKE ${q.contains} AND NOT lower(asset_code) COLLATE "C" LIKE ${q.prefix}
    ORDER BY lower(asset_code) COLLATE "C" LIMIT ${q.limit}
  )
  SELECT * FROM (SELECT * FROM prefix UNION ALL SELECT * FROM contains) hits
  ORDER BY prefix_match DESC, lower(asset_code) COLLATE "C" LIMIT ${q.limit}`;
}

export class ObjectsRepository {
  constructor(private readonly db: Database) {}

  objectTypes(): Promise<ObjectTypeRow[]> {
    return this.db.query<ObjectTypeRow>(
      sql`SELECT key, type_name, label, connectivity_type, geometry_type, readable_id_property
       FROM object_types ORDER BY sort_order`,
    );
  }

  subtypes(objectType?: string): Promise<SubtypeRow[]> {
    return this.db.query<SubtypeRow>(
      sql`SELECT key, label, object_type FROM asset_subtypes WHERE ${objectType ?? null}::text IS NULL OR object_type = ${objectType ?? null}
       ORDER BY object_type, sort_order`,
    );
  }

  async standard(id: string): Promise<StandardRow | undefined> {
    const [row] = await this.db.query<StandardRow>(
      sql`SELECT id, name, applies_to, header_fields FROM standards WHERE id = ${id}`,
    );
    return row;
  }

  codes(standardId: string): Promise<CodeRow[]> {
    return this.db.query<CodeRow>(
      sql`SELECT code, label, family, characterisations FROM observation_codes WHERE standard_id = ${standardId} ORDER BY code`,
    );
  }

  async asset(objectType: string, id: number): Promise<DetailRow | undefined> {
    const [row] = await this.db.query<DetailRow>(
      sql`SELECT a.*, ST_AsGeoJSON(a.geom, 8) AS geometry, s.label AS subtype_label,
              f.asset_code AS from_code, t.asset_code AS to_code, p.asset_code AS parent_code
       FROM assets a
       JOIN asset_subtypes s ON s.key = a.subtype
       LEFT JOIN assets f ON f.id = a.from_node_id
       LEFT JOIN assets t ON t.id = a.to_node_id
       LEFT JOIN assets p ON p.id = a.parent_section_id
       WHERE a.object_type = ${objectType} AND a.id = ${id}`,
    );
    return row;
  }

  async inspection(id: number): Promise<DetailRow | undefined> {
    const [row] = await this.db.query<DetailRow>(
      sql`SELECT i.*, ST_AsGeoJSON(a.geom, 8) AS geometry, a.asset_code, a.object_type AS asset_type,
              n.asset_code AS start_code, pr.name AS project_name,
              (SELECT count(*)::int FROM observations o WHERE o.inspection_id = i.id) AS observation_count,
              (SELECT string_agg(DISTINCT o.code, ',' ORDER BY o.code) FROM observations o
                WHERE o.inspection_id = i.id) AS observed_codes
       FROM inspections i
       JOIN assets a ON a.id = i.asset_id
       LEFT JOIN assets n ON n.id = i.start_node_id
       LEFT JOIN tasks t ON t.id = i.task_id
       LEFT JOIN projects pr ON pr.id = t.project_id
       WHERE i.id = ${id}`,
    );
    return row;
  }

  async observation(id: number): Promise<DetailRow | undefined> {
    // Where along its pipe the observation was made, measured from the start node of the survey.
    const [row] = await this.db.query<DetailRow>(
      sql`SELECT o.*, c.label AS code_label, c.family,
              ST_AsGeoJSON(CASE WHEN GeometryType(a.geom) = 'LINESTRING' AND a.length_m > 0 THEN
                ST_LineInterpolatePoint(a.geom, CASE WHEN i.direction = 'upstream'
                  THEN 1 - least(1, o.distance_m / a.length_m) ELSE least(1, o.distance_m / a.length_m) END)
                ELSE a.geom END, 8) AS geometry
       FROM observations o
       JOIN inspections i ON i.id = o.inspection_id
       JOIN assets a ON a.id = i.asset_id
       JOIN observation_codes c ON c.standard_id = o.standard_id AND c.code = o.code
       WHERE o.id = ${id}`,
    );
    return row;
  }

  async subject(id: number): Promise<DetailRow | undefined> {
    const [row] = await this.db.query<DetailRow>(
      sql`SELECT s.*, ST_AsGeoJSON(s.geom, 8) AS geometry, a.asset_code
       FROM subjects s LEFT JOIN assets a ON a.id = s.asset_id WHERE s.id = ${id}`,
    );
    return row;
  }

  async project(id: number): Promise<DetailRow | undefined> {
    const [row] = await this.db.query<DetailRow>(
      sql`SELECT p.*, NULL AS geometry,
              (SELECT count(*)::int FROM tasks t WHERE t.project_id = p.id AND t.state <> 'deleted') AS task_count
       FROM projects p WHERE p.id = ${id}`,
    );
    return row;
  }

  connectedSubjects(parentType: string, parentId: number) {
    return this.db.query<{ id: string; subject_id: string; kind: string; label: string }>(
      sql`SELECT c.id, c.subject_id, s.kind, s.label FROM connected_subjects c JOIN subjects s ON s.id = c.subject_id
       WHERE c.parent_type = ${parentType} AND c.parent_id = ${parentId} ORDER BY c.id`,
    );
  }

  lookup(search: LookupSearch) {
    return this.db.query<LookupRow>(lookupSql(search));
  }

  lookupById(objectType: string, subtype: string | null, id: number) {
    return this.db.query<LookupRow>(
      sql`SELECT id, asset_code, subtype, false AS prefix_match FROM assets
       WHERE object_type = ${objectType} AND (${subtype}::text IS NULL OR subtype = ${subtype}) AND id = ${id}`,
    );
  }

  async touchShortcut(userId: string, kind: 'asset' | 'inspection', objectId: number): Promise<void> {
    await this.db.query(
      sql`INSERT INTO user_shortcuts (user_id, kind, object_id) VALUES (${userId}, ${kind}, ${objectId})
       ON CONFLICT (user_id, kind, object_id) DO UPDATE SET last_used_at = now()`,
    );
  }

  /** Pinned shortcuts and the most recent others, with what to show for each. */
  assetShortcuts(userId: string, recent: number) {
    return this.db.query<ShortcutRow & { type_name: string }>(
      sql`SELECT * FROM (
         (SELECT us.object_id, us.pinned, us.last_used_at, a.asset_code AS readable_id, ot.type_name,
                 concat_ws(' · ', st.label, a.street) AS label
          FROM user_shortcuts us JOIN assets a ON a.id = us.object_id
          JOIN object_types ot ON ot.key = a.object_type JOIN asset_subtypes st ON st.key = a.subtype
          WHERE us.user_id = ${userId} AND us.kind = 'asset' AND us.pinned)
         UNION ALL
         (SELECT us.object_id, us.pinned, us.last_used_at, a.asset_code, ot.type_name,
                 concat_ws(' · ', st.label, a.street)
          FROM user_shortcuts us JOIN assets a ON a.id = us.object_id
          JOIN object_types ot ON ot.key = a.object_type JOIN asset_subtypes st ON st.key = a.subtype
          WHERE us.user_id = ${userId} AND us.kind = 'asset' AND NOT us.pinned
          ORDER BY us.last_used_at DESC, us.object_id LIMIT ${recent})
       ) s ORDER BY last_used_at DESC, object_id`,
    );
  }

  inspectionShortcuts(userId: string, recent: number) {
    const row = sql`SELECT us.object_id, us.pinned, us.last_used_at, a.asset_code AS readable_id,
                  concat_ws(' · ', to_char(i.inspected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), i.status) AS label
                 FROM user_shortcuts us JOIN inspections i ON i.id = us.object_id JOIN assets a ON a.id = i.asset_id
                 WHERE us.user_id = ${userId} AND us.kind = 'inspection'`;
    return this.db.query<ShortcutRow>(
      sql`SELECT * FROM ((${row} AND us.pinned)
         UNION ALL (${row} AND NOT us.pinned ORDER BY us.last_used_at DESC, us.object_id LIMIT ${recent})) s
       ORDER BY last_used_at DESC, object_id`,
    );
  }
}
