/**
 * Planned work and the office's review (issue 17), through the real HTTP layer as an editor:
 * - POST /api/tasks/bulk-create of TASKS tasks from a saved filter over the generated network, in
 *   rows/s, beside a bare `INSERT INTO tasks … SELECT` of the same rows (same columns, same filter
 *   written by hand) through the pg driver, each committed and then deleted (and the tables vacuumed)
 *   before the next run, so every run writes the same count. Ours also classifies each asset (open
 *   task, inspectable), writes one assignment with a link per task and answers the skipped ones; a
 *   second bare form writes that assignment and those links too. Median of RUNS each, taking turns.
 * - GET /api/inspections/grid?group=pending, first page of the default size, with INSPECTIONS pending
 *   inspections (each with its task and four observations; completed and incomplete ones besides), p50
 *   and p95 beside the bare SQL of the same answer written by hand and run through the pg driver: the
 *   page's rows (the same columns, sort and limit) and, side by side with it, the count the grid
 *   makes (exact up to GRID_EXACT_TOTAL, then the planner's estimate); and beside our own statements
 *   run without the HTTP layer, which tells what the layer costs.
 * The saved filter matches the nodes of the first TASKS / 400 tiles of the scale network (a tile has
 * 400 nodes), so it plans exactly TASKS tasks.
 *
 * PostgreSQL at DATABASE_URL, else the local server at 127.0.0.1:5432, in a database of its own that is
 * dropped at the end (generating a million assets takes about 20 s there). PGlite too, smaller, unless
 * BENCH_WORK_PGLITE=0.
 * Sizes: BENCH_WORK_ASSETS (1,000,000), BENCH_WORK_TASKS (10,000), BENCH_WORK_INSPECTIONS (100,000);
 * on PGlite BENCH_WORK_PGLITE_ASSETS (20,000), BENCH_WORK_PGLITE_TASKS (4,000),
 * BENCH_WORK_PGLITE_INSPECTIONS (10,000). BENCH_WORK_RUNS (5) bulk-creates, BENCH_WORK_GRID_REQUESTS (200).
 */
import {
  GRID_EXACT_TOTAL,
  InspectionGridQuery,
  type BulkCreateResult,
  type InspectionGridPage,
} from '@manway/core/api/work';
import { DEFAULT_GRID_PAGE_SIZE } from '@manway/core/rules/grid-pages';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { sql } from '../src/db/sql';
import { tileAssetCount } from '../src/modules/demo/scale-network';
import { createServices } from '../src/services';
import { benchDatabase, expectOk, listenApp, median, printTable, signIn, timeInTurns } from './support';

const env = process.env;
const SEED = 1;
const PASSWORD = 'bench-admin-password';
const RUNS = Number(env.BENCH_WORK_RUNS ?? 5);
const GRID_REQUESTS = Number(env.BENCH_WORK_GRID_REQUESTS ?? 200);
const PG_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A scale tile's nodes: its 20 × 20 grid. */
const NODES_PER_TILE = 400;
const FILTER_NAME = 'Bench: nodes of the first tiles';
const PLAN_PROJECT = 'Bench: planned inspections';
const GRID_PROJECT = 'Bench: inspected sections';

interface Sizes {
  assets: number;
  tasks: number;
  inspections: number;
}

/** A statement run without the app: through the pg driver on PostgreSQL, on PGlite through its one connection. */

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits });
const ms = (t: number) => `${t.toFixed(1)} ms`;

/**
 * Decimal prefixes of `digits`-digit numbers that together match exactly 0 … count − 1: 25 tiles are
 * 000 (0–9), 001 (10–19) and 0020 … 0024.
 */
export function prefixesBelow(count: number, digits = 4): string[] {
  const out: string[] = [];
  for (let start = 0; start < count;) {
    let block = 0;
    while (block < digits && start % 10 ** (block + 1) === 0 && start + 10 ** (block + 1) <= count) block++;
    out.push(
      String(start)
        .padStart(digits, '0')
        .slice(0, digits - block),
    );
    start += 10 ** block;
  }
  return out;
}

/** The tiles' codes start T0000-, T0001-, …: the prefixes as the saved filter's conditions and as bare SQL. */
function tileFilter(tiles: number) {
  const prefixes = prefixesBelow(tiles).map((p) => `T${p}`);
  const definition = {
    objectType: 'Node',
    combine: 'or',
    conditions: prefixes.map((value) => ({ property: 'assetId', operator: 'startsWith', value })),
  };
  const where = sql`a.object_type = 'node' AND (${sql.join(
    prefixes.map((p) => sql`lower(a.asset_code) LIKE ${`${p.toLowerCase()}%`}`),
    sql` OR `,
  )})`;
  return { definition, where };
}

/**
 * `count` inspections of `status` on sections, newest first from now on, 7 minutes apart: pending ones
 * each with a task of the grid's project (inspection created) on its own section and four observations,
 * the others from the other end of the sections, with no task.
 */
async function insertInspections(
  db: Database,
  status: 'pending' | 'completed' | 'incomplete',
  count: number,
  users: { inspector: string; editor: string },
  projectId: number,
): Promise<void> {
  const pending = status === 'pending';
  const [{ n: sections }] = (await db.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM assets WHERE object_type = 'section'`,
  )) as [{ n: number }];
  if (pending) {
    await db.query(sql`
      INSERT INTO tasks (project_id, task_type, asset_id, district, state, accepted_at)
      SELECT ${projectId}, 'inspect', a.id, a.district, 'inspection-created', now()
      FROM assets a WHERE a.object_type = 'section' ORDER BY a.id LIMIT ${count}`);
  }
  const reviewed = status === 'completed';
  await db.query(sql`
    WITH s AS (
      SELECT id, (row_number() OVER (ORDER BY id ${sql.raw(pending ? 'ASC' : 'DESC')}) - 1)::int AS k
      FROM assets WHERE object_type = 'section'
    )
    INSERT INTO inspections (asset_id, task_id, standard_id, inspected_at, direction, weather, status, review,
                             reviewed_by, reviewed_at, header, length_surveyed_m, str_peak, om_peak, created_by)
    SELECT s.id, t.id, 'manway-demo', now() - make_interval(mins => g * 7 + ${pending ? 0 : 3}),
           CASE WHEN g % 3 = 0 THEN 'upstream' ELSE 'downstream' END, 'dry', ${status},
           ${reviewed ? 'accepted' : null}, ${reviewed ? users.editor : null}::uuid,
           CASE WHEN ${reviewed} THEN now() - make_interval(mins => g) END,
           jsonb_build_object('operator', CASE WHEN g % 10 = 0 THEN '' ELSE 'Crew ' || (g % 7 + 1) END),
           10 + g % 90, (g % 6)::smallint, ((g + 2) % 6)::smallint, ${users.inspector}::uuid
    FROM generate_series(0, ${count - 1}::int) g
    JOIN s ON s.k = g % ${sections}::int
    LEFT JOIN tasks t ON ${pending} AND g < ${sections}::int AND t.asset_id = s.id AND t.project_id = ${projectId}
  `);
  if (!pending) return;
  const [code] = await db.query<{ code: string }>(
    sql`SELECT code FROM observation_codes WHERE standard_id = 'manway-demo' AND NOT characterisation_required
        AND NOT quantification_required AND NOT clock_required ORDER BY code LIMIT 1`,
  );
  await db.query(sql`
    INSERT INTO observations (inspection_id, standard_id, sequence, distance_m, code, remark)
    SELECT i.id, 'manway-demo', n, n * 2.5, ${code!.code}, 'bench'
    FROM inspections i CROSS JOIN generate_series(1, 4) n WHERE i.status = 'pending'`);
}

async function benchOne(kind: 'pglite' | 'postgres', size: Sizes): Promise<string[][]> {
  const label = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${fmt(size.assets)} assets`;
  const { db, dir, bare, close } = await benchDatabase(kind, 'manway_bench_work', PG_URL);
  try {
    const config = loadConfig({ ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir });
    await migrate(db);
    const services = createServices(db, config);
    await services.licensing.registerDefaultLicences();
    await services.demo.ensureReferenceData();
    await services.forms.ensureShippedTemplates('office');
    await services.users.ensureAdmin(PASSWORD);
    await services.users.ensureDemoUsers();

    const generated = performance.now();
    await services.scale.generate({ assets: size.assets, seed: SEED, reset: false });
    console.log(`${label}: generated in ${((performance.now() - generated) / 1000).toFixed(0)} s`);
    const tiles = size.tasks / NODES_PER_TILE;
    if (!Number.isInteger(tiles) || tiles * tileAssetCount() > size.assets) {
      throw new Error(
        `${fmt(size.tasks)} tasks need a multiple of ${NODES_PER_TILE} and ${fmt(tiles * tileAssetCount())} assets`,
      );
    }
    const users = Object.fromEntries(
      (await db.query<{ login: string; id: string }>(sql`SELECT login, id FROM users`)).map((u) => [u.login, u.id]),
    ) as { inspector: string; editor: string };
    const project = async (name: string) =>
      (
        await db.query<{ id: number }>(
          sql`INSERT INTO projects (name, standard_id, status) VALUES (${name}, 'manway-demo', 'active') RETURNING id::int AS id`,
        )
      )[0]!.id;
    const planProject = await project(PLAN_PROJECT);
    const gridProject = await project(GRID_PROJECT);
    const t = performance.now();
    await insertInspections(db, 'pending', size.inspections, users, gridProject);
    await insertInspections(db, 'completed', size.inspections / 5, users, gridProject);
    await insertInspections(db, 'incomplete', size.inspections / 10, users, gridProject);
    await db.exec('VACUUM ANALYZE');
    console.log(`${label}: inspections written in ${((performance.now() - t) / 1000).toFixed(0)} s`);

    const { app, base } = await listenApp(db, services, config);
    const editor = await signIn(base, 'editor', 'editor-demo');
    const filter = tileFilter(tiles);
    await fetch(`${base}/api/filters/saved-filters/create`, {
      method: 'POST',
      headers: { ...editor, 'content-type': 'application/json' },
      body: JSON.stringify({ name: FILTER_NAME, definition: filter.definition }),
    }).then(expectOk);

    // Bulk-create, ours and the bare ones taking turns; each run's rows deleted before the next.
    const plan = {
      projectId: planProject,
      taskType: 'inspect',
      dueDate: '2030-06-30',
      selection: { kind: 'saved-filter', name: FILTER_NAME },
      assignedTo: users.inspector,
      scheduledDate: '2030-06-01',
    };
    const clearPlanned = async () => {
      await db.query(sql`DELETE FROM assignments WHERE id IN (SELECT x.assignment_id FROM assignment_tasks x
                         JOIN tasks t ON t.id = x.task_id WHERE t.project_id = ${planProject})`);
      await db.query(sql`DELETE FROM tasks WHERE project_id = ${planProject}`);
      await db.exec('VACUUM ANALYZE tasks, assignments, assignment_tasks');
    };
    const oursOnce = async () => {
      const started = performance.now();
      const r = await fetch(`${base}/api/tasks/bulk-create`, {
        method: 'POST',
        headers: { ...editor, 'content-type': 'application/json' },
        body: JSON.stringify(plan),
      });
      if (!r.ok) throw new Error(`bulk-create answered ${r.status}: ${await r.text()}`);
      const made = (await r.json()) as BulkCreateResult;
      const seconds = (performance.now() - started) / 1000;
      if (made.created !== size.tasks || made.skippedCount !== 0) {
        throw new Error(`bulk-create made ${made.created} tasks and skipped ${made.skippedCount}`);
      }
      await clearPlanned();
      return seconds;
    };
    // The bare baseline writes the tasks alone; its second form writes what ours writes besides (one
    // assignment, a link per task), to tell the cost of those rows from the cost of our path.
    const bareOnce = async (withAssignment: boolean) => {
      const tasks = sql`INSERT INTO tasks (project_id, task_type, asset_id, district, due_date, state, accepted_at)
          SELECT ${planProject}, 'inspect', a.id, a.district, ${plan.dueDate}::date, 'planned', now()
          FROM assets a WHERE ${filter.where}`;
      const started = performance.now();
      const [{ n }] = (await bare<{ n: number }>(
        withAssignment
          ? sql`WITH ins AS (${tasks} RETURNING id),
                asg AS (INSERT INTO assignments (assigned_to, scheduled_date, status)
                        VALUES (${plan.assignedTo}::uuid, ${plan.scheduledDate}::date, 'assigned') RETURNING id),
                linked AS (INSERT INTO assignment_tasks (assignment_id, task_id) SELECT asg.id, ins.id FROM asg, ins)
                SELECT count(*)::int AS n FROM ins`
          : sql`WITH ins AS (${tasks} RETURNING id) SELECT count(*)::int AS n FROM ins`,
      )) as [{ n: number }];
      const seconds = (performance.now() - started) / 1000;
      if (n !== size.tasks) throw new Error(`the bare INSERT wrote ${n} tasks`);
      await clearPlanned();
      return seconds;
    };
    await oursOnce();
    await bareOnce(false);
    await bareOnce(true);
    const ours: number[] = [];
    const bareRuns: number[] = [];
    const bareLinkedRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await oursOnce());
      bareRuns.push(await bareOnce(false));
      bareLinkedRuns.push(await bareOnce(true));
    }
    const oursRate = size.tasks / median(ours);
    const bareRate = size.tasks / median(bareRuns);
    const bareLinkedRate = size.tasks / median(bareLinkedRuns);

    // The pending grid's first page, as the office opens it; the same answer from hand-written SQL
    // through the driver, and from our service without HTTP.
    const page = sql`
      SELECT i.id, ot.type_name AS asset_type, i.asset_id, a.asset_code, i.task_id, i.standard_id, i.inspected_at,
             i.status, i.direction, i.length_surveyed_m, i.str_peak, i.om_peak, i.version, i.review, i.review_reason,
             ru.display_name AS reviewed_by, i.reviewed_at,
             coalesce(nullif(i.header->>'operator', ''), cu.display_name) AS operator, p.name AS project_name,
             a.district, (SELECT count(*)::int FROM observations o WHERE o.inspection_id = i.id) AS observation_count
      FROM inspections i
      JOIN assets a ON a.id = i.asset_id
      JOIN object_types ot ON ot.key = a.object_type
      LEFT JOIN tasks tk ON tk.id = i.task_id
      LEFT JOIN projects p ON p.id = tk.project_id
      LEFT JOIN users cu ON cu.id = i.created_by
      LEFT JOIN users ru ON ru.id = i.reviewed_by
      WHERE i.status = ${'pending'}
      ORDER BY i.inspected_at DESC, i.id DESC
      LIMIT ${DEFAULT_GRID_PAGE_SIZE}`;
    const pending = sql`FROM inspections i WHERE i.status = ${'pending'}`;
    const total = async () => {
      const [{ n }] = (await bare<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 ${pending} LIMIT ${GRID_EXACT_TOTAL + 1}) s`,
      )) as [{ n: number }];
      if (n > GRID_EXACT_TOTAL) await bare(sql`EXPLAIN (FORMAT JSON) SELECT 1 ${pending}`);
      return n;
    };
    const query = InspectionGridQuery.parse({ group: 'pending' });
    let answered: InspectionGridPage | undefined;
    let bareRows: { id: string }[] = [];
    const grid = await timeInTurns(GRID_REQUESTS, {
      ours: async () => {
        const r = await fetch(`${base}/api/inspections/grid?group=pending`, { headers: editor });
        if (!r.ok) throw new Error(`grid answered ${r.status}: ${await r.text()}`);
        answered = (await r.json()) as InspectionGridPage;
      },
      bare: async () => {
        [bareRows] = await Promise.all([bare<{ id: string }>(page), total()]);
      },
      service: async () => {
        await services.inspections.grid(query);
      },
    });
    if (answered!.items.map((i) => i.id).join() !== bareRows.map((r) => Number(r.id)).join()) {
      throw new Error('the grid and the bare SQL answered different pages');
    }
    if (answered!.totalExact !== size.inspections <= GRID_EXACT_TOTAL) {
      throw new Error(`the grid's total ${answered!.total} is not as exact as expected`);
    }
    await app.close();

    // The issue's aims are for PostgreSQL with its full sizes; PGlite's smaller run is for comparison.
    const aims = kind === 'postgres';
    return [
      [
        `${label}: POST /api/tasks/bulk-create, ${fmt(size.tasks)} tasks from a saved filter (median of ${RUNS})`,
        `${fmt(oursRate)} rows/s (${ms(median(ours) * 1000)})`,
        `bare INSERT … SELECT ${fmt(bareRate)} rows/s (${ms(median(bareRuns) * 1000)})`,
        `${fmt((oursRate / bareRate) * 100)} %${aims ? ' (aim ≥ 50 %)' : ''}`,
      ],
      [
        '',
        '',
        `bare INSERTs of the tasks, their assignment and links ${fmt(bareLinkedRate)} rows/s (${ms(median(bareLinkedRuns) * 1000)})`,
        `${fmt((oursRate / bareLinkedRate) * 100)} %`,
      ],
      [
        `${label}: GET /api/inspections/grid?group=pending, first page of ${DEFAULT_GRID_PAGE_SIZE}, ${fmt(size.inspections)} pending p50 / p95`,
        `${ms(grid.ours.p50)} / ${ms(grid.ours.p95)} (total ${fmt(answered!.total)}${answered!.totalExact ? '' : ', estimated'})`,
        `bare SQL (page, capped count${size.inspections > GRID_EXACT_TOTAL ? ' + estimate' : ''}) ${ms(grid.bare.p50)} / ${ms(grid.bare.p95)}`,
        `${(grid.ours.p95 / grid.bare.p95).toFixed(2)}×${aims ? ' (aim ≤ 1.5×)' : ''}`,
      ],
      [
        '',
        '',
        `our service's statements without HTTP ${ms(grid.service.p50)} / ${ms(grid.service.p95)}`,
        `${(grid.ours.p95 / grid.service.p95).toFixed(2)}×`,
      ],
    ];
  } finally {
    await close();
  }
}

const rows: string[][] = [];
if (env.BENCH_WORK_PGLITE !== '0') {
  rows.push(
    ...(await benchOne('pglite', {
      assets: Number(env.BENCH_WORK_PGLITE_ASSETS ?? 20_000),
      tasks: Number(env.BENCH_WORK_PGLITE_TASKS ?? 4_000),
      inspections: Number(env.BENCH_WORK_PGLITE_INSPECTIONS ?? 10_000),
    })),
  );
}
rows.push(
  ...(await benchOne('postgres', {
    assets: Number(env.BENCH_WORK_ASSETS ?? 1_000_000),
    tasks: Number(env.BENCH_WORK_TASKS ?? 10_000),
    inspections: Number(env.BENCH_WORK_INSPECTIONS ?? 100_000),
  })),
);
printTable(
  `Planned work and review (${GRID_REQUESTS} grid requests each)`,
  ['measure', 'Manway', 'baseline (same run)', 'ratio'],
  rows,
);
