/**
 * The Field side of the sync: claiming a sync-agent task with a lease, its logs and progress, and
 * writing each exported page by global id. A page, the step's new cursor and the lease renewal
 * commit together, so a run that dies loses at most the page in flight, and writing that page again
 * changes nothing (rows that already match are not rewritten).
 */
import type { ExportKind } from '@manway/core/api/sync-export';
import type { Connection, Database } from '../../db/connection';
import { sql, type SQL } from '../../db/sql';

/** A run's hold on its task: what it writes counts only while the task still carries the token. */
export interface Lease {
  taskId: number;
  token: string;
}

/** Thrown inside a page's transaction when another run holds the task now: nothing of it is written. */
export class LeaseLostError extends Error {
  constructor(taskId: number) {
    super(`Task ${taskId} is held by another run now.`);
    this.name = 'LeaseLostError';
  }
}

export interface ClaimedTask {
  id: string;
  lease_token: string;
  scenario: string;
  user_id: string | null;
  login: string;
  task_settings: unknown;
  attempts: number;
}

/** What writing a page of records did: skipped records with their reasons, in page order. */
export interface RecordsWritten {
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: { label: string; reason: string }[];
}

export interface PageOutcome extends RecordsWritten {
  cancelRequested: boolean;
}

export interface StepProgress {
  after: string | null;
  done: boolean;
  copied: number;
  skipped: number;
}

/** One column written from the page: the record's field, its SQL type, and the value expression. */
interface Column {
  column: string;
  field?: string;
  type?: string;
  /** Defaults to r."field". */
  value?: string;
  /** Written when the row is created, never when an existing one is updated. */
  insertOnly?: boolean;
}

interface UpsertSpec {
  table: string;
  conflict: string;
  columns: Column[];
  /** Joins that resolve a record's references once for its values and its skip checks. */
  joins?: string;
  /** Why a record cannot be written here, each a condition over r; checked in order. */
  skips: { when: string; reason: string }[];
  /** How the log names a record. */
  label: string;
  /** A statement run first on the same page, in the same transaction (users adopt a local account of the same login). */
  before?: (page: string) => SQL;
}

const c = (column: string, field: string, type: string, value?: string): Column => ({ column, field, type, value });

const ASSET_SPEC: UpsertSpec = {
  table: 'assets',
  conflict: 'global_id',
  label: `r."objectType" || ' ' || r."assetCode"`,
  // Global ids resolve to local ids by joins (one index probe a record), not subqueries the planner
  // may turn into a scan of every asset for each page.
  joins: `LEFT JOIN assets fn ON fn.global_id = r."fromNode" LEFT JOIN assets tn ON tn.global_id = r."toNode"
    LEFT JOIN assets ps ON ps.global_id = r."parentSection"
    LEFT JOIN assets same ON same.object_type = r."objectType" AND same.asset_code = r."assetCode"`,
  columns: [
    c('global_id', 'globalId', 'uuid'),
    c('object_type', 'objectType', 'text'),
    c('subtype', 'subtype', 'text'),
    c('asset_code', 'assetCode', 'text'),
    c('geom', 'geometry', 'text', `ST_GeomFromEWKB(decode(r.geometry, 'hex'))`),
    c('from_node_id', 'fromNode', 'uuid', 'fn.id'),
    c('to_node_id', 'toNode', 'uuid', 'tn.id'),
    c('parent_section_id', 'parentSection', 'uuid', 'ps.id'),
    c('chainage_m', 'chainageM', 'double precision'),
    c('clock', 'clock', 'smallint'),
    c('material', 'material', 'text'),
    c('shape', 'shape', 'text'),
    c('size_mm', 'sizeMm', 'integer'),
    c('length_m', 'lengthM', 'double precision'),
    c('year_built', 'yearBuilt', 'smallint'),
    c('owner', 'owner', 'text'),
    c('use', 'use', 'text'),
    c('lifecycle_status', 'lifecycleStatus', 'text'),
    c('cover_level_m', 'coverLevelM', 'double precision'),
    c('invert_level_m', 'invertLevelM', 'double precision'),
    c('from_invert_m', 'fromInvertM', 'double precision'),
    c('to_invert_m', 'toInvertM', 'double precision'),
    c('street', 'street', 'text'),
    c('district', 'district', 'text'),
    c('condition_grade', 'conditionGrade', 'smallint'),
  ],
  skips: [
    {
      when: `NOT EXISTS (SELECT 1 FROM asset_subtypes s WHERE s.object_type = r."objectType" AND s.key = r.subtype)`,
      reason: `'its subtype ' || r.subtype || ' is not in the Field system; get the database structure first'`,
    },
    {
      when: `same.global_id <> r."globalId"`,
      reason: `'another ' || r."objectType" || ' with this asset ID, and another global id, exists in the Field system'`,
    },
    {
      when: `r."fromNode" IS NOT NULL AND fn.id IS NULL`,
      reason: `'its from node is not in the Field system'`,
    },
    {
      when: `r."toNode" IS NOT NULL AND tn.id IS NULL`,
      reason: `'its to node is not in the Field system'`,
    },
    {
      when: `r."parentSection" IS NOT NULL AND ps.id IS NULL`,
      reason: `'its section is not in the Field system'`,
    },
  ],
};

/** The kinds copied by upsert; the users' passwords only update accounts (USER_CREDENTIALS). */
const SPECS: Record<Exclude<ExportKind, 'user-credentials'>, UpsertSpec> = {
  'object-types': {
    table: 'object_types',
    conflict: 'key',
    label: `'object type ' || r.key`,
    columns: [
      c('key', 'key', 'text'),
      c('type_name', 'typeName', 'text'),
      c('connectivity_type', 'connectivityType', 'text'),
      c('geometry_type', 'geometryType', 'text'),
      c('sort_order', 'sortOrder', 'integer'),
      c('label', 'label', 'text'),
      c('readable_id_property', 'readableIdProperty', 'text'),
      c('code_prefix', 'codePrefix', 'text'),
    ],
    skips: [
      {
        when: `EXISTS (SELECT 1 FROM object_types o WHERE o.type_name = r."typeName" AND o.key <> r.key)`,
        reason: `'another object type is named ' || r."typeName" || ' in the Field system'`,
      },
    ],
  },
  subtypes: {
    table: 'asset_subtypes',
    conflict: 'key',
    label: `'subtype ' || r.key`,
    columns: [
      c('key', 'key', 'text'),
      c('object_type', 'objectType', 'text'),
      c('label', 'label', 'text'),
      c('sort_order', 'sortOrder', 'integer'),
    ],
    skips: [
      {
        when: `NOT EXISTS (SELECT 1 FROM object_types o WHERE o.key = r."objectType")`,
        reason: `'its object type ' || r."objectType" || ' is not in the Field system'`,
      },
    ],
  },
  standards: {
    table: 'standards',
    conflict: 'id',
    label: `'standard ' || r.id`,
    columns: [
      c('id', 'id', 'text'),
      c('name', 'name', 'text'),
      c('version', 'version', 'text'),
      c('notice', 'notice', 'text'),
      c('applies_to', 'appliesTo', 'jsonb', `ARRAY(SELECT jsonb_array_elements_text(r."appliesTo"))`),
      c('header_fields', 'headerFields', 'jsonb'),
      c('grade_min', 'gradeMin', 'smallint'),
      c('grade_max', 'gradeMax', 'smallint'),
      c('worst_is_high', 'worstIsHigh', 'boolean'),
      c('scoring_method', 'scoringMethod', 'text'),
      c('continuous_unit_m', 'continuousUnitM', 'double precision'),
    ],
    skips: [],
  },
  codes: {
    table: 'observation_codes',
    conflict: 'standard_id, code',
    label: `'code ' || r."standardId" || '/' || r.code`,
    columns: [
      c('standard_id', 'standardId', 'text'),
      c('code', 'code', 'text'),
      c('family', 'family', 'text'),
      c('label', 'label', 'text'),
      c('characterisations', 'characterisations', 'jsonb', `NULLIF(r.characterisations, 'null'::jsonb)`),
      c('characterisation_required', 'characterisationRequired', 'boolean'),
      c('quantification_unit', 'quantificationUnit', 'text'),
      c('quantification_required', 'quantificationRequired', 'boolean'),
      c('clock_required', 'clockRequired', 'boolean'),
      c('continuous_allowed', 'continuousAllowed', 'boolean'),
      c('grade_rule', 'gradeRule', 'jsonb'),
    ],
    skips: [
      {
        when: `NOT EXISTS (SELECT 1 FROM standards s WHERE s.id = r."standardId")`,
        reason: `'its standard ' || r."standardId" || ' is not in the Field system'`,
      },
    ],
  },
  // The Office is the authority for structure: its template replaces the Field's whenever they
  // differ, a custom one of the Field included, as a standard does.
  'form-templates': {
    table: 'form_templates',
    conflict: 'id',
    label: `'form template ' || r.id`,
    // One template per object type and standard: a Field template of the same type and standard
    // under another id gives way to the Office's, instead of clashing with it.
    before: (page) => sql`DELETE FROM form_templates f
      USING jsonb_to_recordset(${page}::jsonb) AS r(id text, "objectType" text, "standardId" text)
      WHERE f.object_type = r."objectType" AND f.standard_id IS NOT DISTINCT FROM r."standardId" AND f.id <> r.id`,
    columns: [
      c('id', 'id', 'text'),
      c('object_type', 'objectType', 'text'),
      c('standard_id', 'standardId', 'text'),
      c('label', 'label', 'text'),
      c('definition', 'definition', 'jsonb'),
      c('source', 'source', 'text'),
      c('version', 'version', 'integer'),
    ],
    skips: [
      {
        when: `r."standardId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM standards s WHERE s.id = r."standardId")`,
        reason: `'its standard ' || r."standardId" || ' is not in the Field system; get the database structure first'`,
      },
    ],
  },
  users: {
    table: 'users',
    conflict: 'global_id',
    label: `'user ' || r.login`,
    // A Field account of the same login is the same person: it takes the Office's global id
    // (its password stays the Field's own), instead of clashing on the login.
    before: (page) => sql`UPDATE users u SET global_id = r."globalId"
      FROM jsonb_to_recordset(${page}::jsonb) AS r("globalId" uuid, login text)
      WHERE lower(u.login) = lower(r.login) AND u.global_id <> r."globalId"
        AND NOT EXISTS (SELECT 1 FROM users x WHERE x.global_id = r."globalId")`,
    columns: [
      c('global_id', 'globalId', 'uuid'),
      c('login', 'login', 'text'),
      c('display_name', 'displayName', 'text'),
      c('email', 'email', 'text'),
      c('role', 'role', 'text'),
      c('office', 'office', 'boolean'),
      c('inspect', 'inspect', 'boolean'),
      c('websync', 'websync', 'boolean'),
      c('disabled', 'disabled', 'boolean'),
      c('organization', 'organization', 'text'),
      // An account created here by the agent signs in with the Office's password (USER_CREDENTIALS).
      { column: 'password_origin', value: `'office'`, insertOnly: true },
    ],
    skips: [
      {
        when: `EXISTS (SELECT 1 FROM users x WHERE lower(x.login) = lower(r.login) AND x.global_id <> r."globalId")`,
        reason: `'another Field account has this login'`,
      },
    ],
  },
  projects: {
    table: 'projects',
    conflict: 'global_id',
    label: `'project ' || r.name`,
    columns: [
      c('global_id', 'globalId', 'uuid'),
      c('name', 'name', 'text'),
      c('client', 'client', 'text'),
      c('contractor', 'contractor', 'text'),
      c('standard_id', 'standardId', 'text'),
      c('status', 'status', 'text'),
      c('created_at', 'createdAt', 'timestamptz'),
    ],
    skips: [
      {
        when: `NOT EXISTS (SELECT 1 FROM standards s WHERE s.id = r."standardId")`,
        reason: `'its standard ' || r."standardId" || ' is not in the Field system; get the database structure first'`,
      },
      {
        when: `EXISTS (SELECT 1 FROM projects p WHERE lower(p.name) = lower(r.name) AND p.global_id <> r."globalId")`,
        reason: `'another project of this name, with another global id, exists in the Field system'`,
      },
    ],
  },
  nodes: ASSET_SPEC,
  sections: ASSET_SPEC,
  laterals: ASSET_SPEC,
};

const quoted = (field: string) => `"${field}"`;

/**
 * One statement a page: the records are parsed once, each is checked against the skip rules (all
 * seeing the system as it was before the page), the others are upserted, and the answer lists the
 * skipped records in page order, then one row for each record written (changed or new).
 * `onlyNew` inserts the records this system lacks and leaves every existing row as it is.
 * The spec's texts are our own constants, written into the statement; the page is its one parameter.
 */
function writeSql(spec: UpsertSpec, onlyNew = false): (page: string) => SQL {
  const fields = spec.columns
    .filter((col) => col.field !== undefined)
    .map((col) => `${quoted(col.field!)} ${col.type}`)
    .join(', ');
  const cols = spec.columns.map((col) => col.column);
  const values = spec.columns.map((col) => `${col.value ?? `r.${quoted(col.field!)}`} AS ${col.column}`);
  const reason =
    spec.skips.length === 0
      ? 'NULL::text'
      : `CASE
          ${spec.skips
            .map(
              (s) => `WHEN ${s.when}
            THEN ${s.reason}`,
            )
            .join('\n          ')}
        END`;
  const keys = new Set(spec.conflict.split(',').map((k) => k.trim()));
  const updated = spec.columns.filter((col) => !keys.has(col.column) && !col.insertOnly).map((col) => col.column);
  // Geometry compares by its bytes: the = operator of PostGIS is not exact equality.
  const current = updated.map((col) => (col === 'geom' ? `ST_AsEWKB(${spec.table}.geom)` : `${spec.table}.${col}`));
  const incoming = updated.map((col) => (col === 'geom' ? `ST_AsEWKB(excluded.geom)` : `excluded.${col}`));
  const extra = ['version', 'updated_at'].filter((col) => TABLES_WITH[col]!.has(spec.table));
  const sets = [
    ...updated.map((col) => `${col} = excluded.${col}`),
    ...extra.map((col) => (col === 'version' ? `version = ${spec.table}.version + 1` : `updated_at = now()`)),
  ];
  const onConflict = onlyNew
    ? 'DO NOTHING'
    : `DO UPDATE SET ${sets.join(',\n        ')}
      WHERE (${current.join(', ')}) IS DISTINCT FROM (${incoming.join(', ')})`;
  return (page) => sql`WITH page AS MATERIALIZED (
      SELECT ${sql.raw(values.join(',\n        '))},
        ${sql.raw(spec.label)} AS "#label",
        ${sql.raw(reason)} AS "#reason",
        r.ordinality AS "#ord"
      FROM ROWS FROM (jsonb_to_recordset(${page}::jsonb) AS (${sql.raw(fields)})) WITH ORDINALITY AS r ${sql.raw(spec.joins ?? '')}
    ), written AS (
      INSERT INTO ${sql.raw(spec.table)} (${sql.raw(cols.join(', '))})
      SELECT ${sql.raw(cols.join(', '))} FROM page WHERE "#reason" IS NULL
      ON CONFLICT (${sql.raw(spec.conflict)}) ${sql.raw(onConflict)}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT "#ord" AS ord, "#label" AS label, "#reason" AS reason, NULL::boolean AS inserted
      FROM page WHERE "#reason" IS NOT NULL
    UNION ALL SELECT NULL, NULL, NULL, inserted FROM written
    ORDER BY ord`;
}

const TABLES_WITH: Record<string, Set<string>> = {
  version: new Set(['assets', 'projects', 'users']),
  updated_at: new Set(['assets', 'form_templates']),
};

/**
 * The Office's password hashes, on the accounts the agent created here (`password_origin` office);
 * an account the Field made itself keeps its own password, and no account is created by a hash.
 */
const USER_CREDENTIALS = (page: string) => sql`
  UPDATE users u SET password_hash = r."passwordHash", version = u.version + 1
  FROM jsonb_to_recordset(${page}::jsonb) AS r("globalId" uuid, "passwordHash" text)
  WHERE u.global_id = r."globalId" AND u.password_origin = 'office'
    AND u.password_hash IS DISTINCT FROM r."passwordHash"
  RETURNING NULL::text AS label, NULL::text AS reason, false AS inserted`;

const WRITES: Record<ExportKind, { write: (page: string) => SQL; before?: (page: string) => SQL }> = {
  ...(Object.fromEntries(
    (Object.keys(SPECS) as (keyof typeof SPECS)[]).map((k) => [
      k,
      { write: writeSql(SPECS[k]), before: SPECS[k].before },
    ]),
  ) as Record<keyof typeof SPECS, { write: (page: string) => SQL; before?: (page: string) => SQL }>),
  'user-credentials': { write: USER_CREDENTIALS },
};

// The Office creates assets a Field inspection needs and never changes its own: the same skip rules,
// told from the Office's side.
const CREATE_ASSETS = writeSql(
  {
    ...ASSET_SPEC,
    skips: ASSET_SPEC.skips.map((s) => ({
      ...s,
      reason: s.reason
        .replaceAll('the Field system', 'the Office system')
        .replace('; get the database structure first', '; send the database structure first'),
    })),
  },
  true,
);

type WriteRow = { label: string | null; reason: string | null; inserted: boolean | null };

/**
 * Writes exported records of one kind by their keys in the caller's transaction: those that cannot
 * be written here are left out with their reasons, and rows that already match are not rewritten.
 */
export async function writeRecords(
  conn: Pick<Connection, 'query'>,
  kind: ExportKind,
  items: readonly unknown[],
): Promise<RecordsWritten> {
  const statements = WRITES[kind];
  if (items.length === 0) return { inserted: 0, updated: 0, unchanged: 0, skipped: [] };
  const page = JSON.stringify(items);
  if (statements.before) await conn.query(statements.before(page));
  return tally(items.length, await conn.query<WriteRow>(statements.write(page)));
}

/**
 * Creates the assets among `items` that this (Office) system lacks, in the caller's transaction; an
 * asset it holds is left exactly as it is, whatever the record says (`unchanged` counts those).
 */
export async function createMissingAssets(
  conn: Pick<Connection, 'query'>,
  items: readonly unknown[],
): Promise<RecordsWritten> {
  return tally(items.length, await conn.query<WriteRow>(CREATE_ASSETS(JSON.stringify(items))));
}

function tally(sent: number, rows: WriteRow[]): RecordsWritten {
  const skipped: { label: string; reason: string }[] = [];
  let inserted = 0;
  let updated = 0;
  for (const row of rows) {
    if (row.reason !== null) skipped.push({ label: row.label!, reason: row.reason });
    else if (row.inserted) inserted++;
    else updated++;
  }
  return { inserted, updated, unchanged: sent - skipped.length - inserted - updated, skipped };
}

/**
 * In the transaction that wrote a page: moves the step's cursor and counts, renews the task's lease
 * with its current operation, and answers whether a cancel was asked for (a vanished task counts as one).
 */
export async function advanceStep(
  conn: Pick<Connection, 'query'>,
  leaseSeconds: number,
  lease: Lease,
  step: string,
  cursor: { after: string | null; done: boolean },
  status: { operation: string; percentage: number },
  outcome: { inserted: number; updated: number; skipped: readonly unknown[]; failed?: number },
): Promise<boolean> {
  await conn.query(
    sql`INSERT INTO sync_agent_progress (task_id, step, after, done, copied, skipped, failed)
     VALUES (${lease.taskId}, ${step}, ${cursor.after}, ${cursor.done}, ${outcome.inserted + outcome.updated},
       ${outcome.skipped.length}, ${outcome.failed ?? 0})
     ON CONFLICT (task_id, step) DO UPDATE SET after = excluded.after, done = excluded.done,
       copied = sync_agent_progress.copied + excluded.copied, skipped = sync_agent_progress.skipped + excluded.skipped,
       failed = sync_agent_progress.failed + excluded.failed`,
  );
  const [task] = await conn.query<{ cancel_requested: boolean }>(
    sql`UPDATE sync_agent_tasks SET lease_until = now() + make_interval(secs => ${leaseSeconds}),
       current_operation = ${status.operation}, percentage_complete = ${status.percentage}
     WHERE id = ${lease.taskId} AND lease_token = ${lease.token} RETURNING cancel_requested`,
  );
  // Rolls the page back: the run that holds the task now writes its own.
  if (!task) throw new LeaseLostError(lease.taskId);
  return task.cancel_requested;
}

export class SyncAgentRepository {
  /** `leaseSeconds`: how long a run holds its task without writing a page (see SyncAgentService). */
  constructor(
    private readonly db: Database,
    private readonly leaseSeconds = 600,
  ) {}

  /**
   * Takes the task for this run: a Scheduled one, or an InProgress one whose last run stopped
   * renewing its lease (its process died or was shut down). Undefined when another run holds it
   * or it has ended.
   */
  async claim(taskId: number): Promise<ClaimedTask | undefined> {
    const [row] = await this.db.query<ClaimedTask>(
      sql`UPDATE sync_agent_tasks SET status = 'InProgress', started = coalesce(started, now()), attempts = attempts + 1,
         lease_until = now() + make_interval(secs => ${this.leaseSeconds}), lease_token = gen_random_uuid()
       WHERE id = ${taskId} AND NOT cancel_requested
         AND (status = 'Scheduled' OR (status = 'InProgress' AND (lease_until IS NULL OR lease_until < now())))
       RETURNING id::text AS id, lease_token::text AS lease_token, scenario, user_id, login, task_settings, attempts`,
    );
    return row;
  }

  /** Tasks a run should be started for: due Scheduled ones and InProgress ones whose run stopped. */
  async dispatchable(limit = 100): Promise<number[]> {
    // A run that died after a cancel was asked will not come back to see it: end those here.
    await this.db.query(
      sql`UPDATE sync_agent_tasks SET status = 'Cancelled', finished = now(), lease_until = NULL, current_operation = 'Cancelled'
       WHERE status = 'InProgress' AND cancel_requested AND (lease_until IS NULL OR lease_until < now())`,
    );
    const rows = await this.db.query<{ id: string }>(
      sql`SELECT id::text AS id FROM sync_agent_tasks
       WHERE (status = 'Scheduled' AND coalesce(scheduled_for, created_at) <= now())
          OR (status = 'InProgress' AND NOT cancel_requested AND (lease_until IS NULL OR lease_until < now()))
       ORDER BY coalesce(scheduled_for, created_at), id LIMIT ${limit}`,
    );
    return rows.map((r) => Number(r.id));
  }

  async insertTask(scenario: string, userId: string, login: string): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      sql`INSERT INTO sync_agent_tasks (scenario, status, scheduled_for, user_id, login)
       VALUES (${scenario}, 'Scheduled', now(), ${userId}, ${login}) RETURNING id::text AS id`,
    );
    return Number(row!.id);
  }

  /** Scheduled tasks end at once; running ones are asked to stop after their current page. */
  async requestCancel(ids: number[]): Promise<void> {
    await this.db.query(
      sql`UPDATE sync_agent_tasks SET
         status = CASE WHEN status = 'Scheduled' THEN 'Cancelled' ELSE status END,
         finished = CASE WHEN status = 'Scheduled' THEN now() ELSE finished END,
         cancel_requested = cancel_requested OR status = 'InProgress'
       WHERE id = ANY(${ids}::bigint[]) AND status IN ('Scheduled', 'InProgress')`,
    );
  }

  async progress(taskId: number, step: string): Promise<StepProgress> {
    const [row] = await this.db.query<StepProgress>(
      sql`SELECT after, done, copied, skipped FROM sync_agent_progress WHERE task_id = ${taskId} AND step = ${step}`,
    );
    return row ?? { after: null, done: false, copied: 0, skipped: 0 };
  }

  async appendLog(lease: Lease, server: string, client: string): Promise<void> {
    await this.db.query(
      sql`UPDATE sync_agent_tasks SET server_log = server_log || ${server}, client_log = client_log || ${client}
       WHERE id = ${lease.taskId} AND lease_token = ${lease.token}`,
    );
  }

  /** Ends the run with its final status and last operation text; a run that lost its task ends nothing. */
  async finish(lease: Lease, status: string, operation: string): Promise<void> {
    await this.db.query(
      sql`UPDATE sync_agent_tasks SET status = ${status}, finished = now(), lease_until = NULL, lease_token = NULL,
         current_operation = ${operation},
         percentage_complete = CASE WHEN ${status}::text IN ('FinishedSuccessfully', 'FinishedWithErrors') THEN 100
           ELSE percentage_complete END
       WHERE id = ${lease.taskId} AND lease_token = ${lease.token}`,
    );
  }

  /** How many tasks the log holds by scenario and status (the metrics; one row per run, a small table). */
  async taskCounts(): Promise<{ scenario: string; status: string; count: number }[]> {
    return this.db.query(
      sql`SELECT scenario, status, count(*)::int AS count FROM sync_agent_tasks GROUP BY scenario, status ORDER BY 1, 2`,
    );
  }

  /** Gives the task up without ending it, so the next dispatch resumes it at once. */
  async release(lease: Lease): Promise<void> {
    await this.db.query(
      sql`UPDATE sync_agent_tasks SET lease_until = NULL, lease_token = NULL
       WHERE id = ${lease.taskId} AND status = 'InProgress' AND lease_token = ${lease.token}`,
    );
  }

  /** Writes one page, the step's cursor and the task's progress in one transaction. */
  applyPage(
    lease: Lease,
    kind: ExportKind,
    items: readonly unknown[],
    cursor: { after: string | null; done: boolean },
    status: { operation: string; percentage: number },
  ): Promise<PageOutcome> {
    return this.db.transaction(async (tx) => {
      const outcome = await writeRecords(tx, kind, items);
      const cancelRequested = await advanceStep(tx, this.leaseSeconds, lease, kind, cursor, status, outcome);
      return { ...outcome, cancelRequested };
    });
  }

  async logs(taskId: number): Promise<{ server_log: string; client_log: string } | undefined> {
    const [row] = await this.db.query<{ server_log: string; client_log: string }>(
      sql`SELECT server_log, client_log FROM sync_agent_tasks WHERE id = ${taskId}`,
    );
    return row;
  }
}
