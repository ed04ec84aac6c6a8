/**
 * The demo's default dashboard over the generated network (issue 20): each of its six widgets'
 * `data()` (the widget data engine, as the server answers a widget) p50 / p95 beside the bare
 * aggregate SQL of the same answer, written by hand and run through the pg driver (on PGlite, its one
 * connection), in turns; and the sum of our p95s, the time until every widget has its data when they
 * are asked one after another. Before timing, each widget's groups are checked equal to the bare SQL's.
 *
 * The network: the scale generator's assets, a condition grade on every third section (the generator
 * leaves them ungraded), INSPECTIONS inspections over the last three years and TASKS tasks due over
 * last year and this one (a third of them done), in assignments of the three demo crews.
 *
 * PostgreSQL at DATABASE_URL, else the local server at 127.0.0.1:5432, in a database of its own that
 * is dropped at the end; PGlite too, smaller, unless BENCH_DASHBOARD_PGLITE=0.
 * Sizes: BENCH_DASHBOARD_ASSETS (1,000,000), BENCH_DASHBOARD_INSPECTIONS (100,000), BENCH_DASHBOARD_TASKS
 * (100,000); on PGlite BENCH_DASHBOARD_PGLITE_ASSETS (20,000), …_PGLITE_INSPECTIONS (5,000),
 * …_PGLITE_TASKS (5,000). BENCH_DASHBOARD_RUNS (20) timed runs of each.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { itemKey, periodRange, type GroupRow, type Widget } from '@manway/core/domain/widgets';
import { loadConfig } from '../src/config';
import { openPglite, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { compile, sql, type SQL } from '../src/db/sql';
import { WidgetDataService } from '../src/modules/dashboards/data';
import { aggregateSql } from '../src/modules/dashboards/data-repository';
import { createServices } from '../src/services';
import { printTable, scratchPostgres, timeInTurns, withDatabaseName } from './support';

const env = process.env;
const SEED = 1;
const PASSWORD = 'bench-admin-password';
const RUNS = Number(env.BENCH_DASHBOARD_RUNS ?? 20);
const PG_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The app's own session settings (db/connection.ts), so the bare SQL is planned and run as ours is. */
const APP_SESSION = '-c jit=off -c max_parallel_workers_per_gather=0';
const CREWS = ['inspector', 'editor', 'syncer'];

interface Sizes {
  assets: number;
  inspections: number;
  tasks: number;
}

type Bare = <T = Record<string, unknown>>(statement: SQL) => Promise<T[]>;

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
const ms = (t: number) => `${t.toFixed(1)} ms`;

const layout = { x: 0, y: 0, w: 6, h: 4 };

/** The default dashboard's six widgets, each with the bare SQL of the same groups (key, value, count). */
function dashboard(now: Date): { widget: Widget; bare: SQL }[] {
  const months = periodRange('last-12-months', now)!;
  const year = periodRange('this-year', now)!;
  const utc = (d: Date) => d.toISOString();
  return [
    {
      widget: {
        id: 'length-by-grade',
        type: 'column',
        title: 'Length by condition grade',
        source: 'section',
        measure: { kind: 'length' },
        groupBy: 'conditionGrade',
        options: {},
        layout,
      },
      bare: sql`SELECT condition_grade::text AS key, sum(length_m) AS value, count(*)::int AS count
        FROM assets WHERE object_type = 'section' GROUP BY condition_grade`,
    },
    {
      widget: {
        id: 'inspections-per-month',
        type: 'column',
        title: 'Inspections per month',
        source: 'inspection',
        period: 'last-12-months',
        measure: { kind: 'count' },
        groupBy: 'inspectionMonth',
        options: {},
        layout,
      },
      bare: sql`SELECT to_char(inspected_at AT TIME ZONE 'UTC', 'YYYY-MM') AS key, count(*) AS value, count(*)::int AS count
        FROM inspections WHERE inspected_at >= ${utc(months.from)}::timestamptz AND inspected_at < ${utc(months.to)}::timestamptz
        GROUP BY 1`,
    },
    {
      widget: {
        id: 'tasks-by-crew',
        type: 'bar',
        title: 'Open tasks by crew',
        source: 'task',
        states: ['planned', 'started', 'inspection-created'],
        measure: { kind: 'count' },
        groupBy: 'crew',
        options: {},
        layout,
      },
      bare: sql`SELECT u.display_name AS key, count(*) AS value, count(*)::int AS count
        FROM tasks t
        LEFT JOIN (SELECT task_id, max(assignment_id) AS assignment_id FROM assignment_tasks GROUP BY task_id) x ON x.task_id = t.id
        LEFT JOIN assignments g ON g.id = x.assignment_id
        LEFT JOIN users u ON u.id = g.assigned_to
        WHERE t.state IN ('planned', 'started', 'inspection-created') GROUP BY u.display_name`,
    },
    {
      widget: {
        id: 'worst-districts',
        type: 'table',
        title: 'Worst districts',
        source: 'section',
        measure: { kind: 'avg', property: 'conditionGrade' },
        groupBy: 'district',
        options: { sort: 'value-desc', limit: 10 },
        layout,
      },
      // The true average over every section needs the whole as well as the groups.
      bare: sql`SELECT district AS key, avg(condition_grade) AS value, count(*)::int AS count, GROUPING(district) AS whole
        FROM assets WHERE object_type = 'section' GROUP BY GROUPING SETS ((district), ())`,
    },
    {
      widget: {
        id: 'network-total',
        type: 'total',
        title: 'Network length',
        source: 'section',
        measure: { kind: 'length' },
        options: { unit: 'm' },
        layout,
      },
      bare: sql`SELECT NULL AS key, sum(length_m) AS value, count(*)::int AS count FROM assets WHERE object_type = 'section'`,
    },
    {
      widget: {
        id: 'plan-done',
        type: 'gauge',
        title: "This year's plan done",
        source: 'task',
        period: 'this-year',
        measure: { kind: 'count' },
        groupBy: 'taskState',
        options: { parts: ['completed'], unit: '%' },
        layout,
      },
      bare: sql`SELECT state AS key, count(*) AS value, count(*)::int AS count FROM tasks
        WHERE state <> 'deleted' AND due_date >= ${utc(year.from).slice(0, 10)}::date AND due_date < ${utc(year.to).slice(0, 10)}::date
        GROUP BY state`,
    },
  ];
}

/** Inspections over the last three years, tasks over last year and this one, and grades on a third of the sections. */
async function addWork(db: Database, size: Sizes, now: Date): Promise<void> {
  const users = await db.query<{ id: string }>(
    sql`SELECT id FROM users WHERE login = ANY(${CREWS}::text[]) ORDER BY login`,
  );
  const crews = users.map((u) => u.id);
  await db.query(sql`UPDATE assets SET condition_grade = (id % 5 + 1)::smallint
    WHERE object_type = 'section' AND id % 3 = 0`);
  const [{ id: project }] = (await db.query<{ id: number }>(
    sql`INSERT INTO projects (name, standard_id, status) VALUES ('Bench: dashboard work', 'manway-demo', 'active')
        RETURNING id::int AS id`,
  )) as [{ id: number }];
  const minutes = 3 * 365 * 24 * 60;
  await db.query(sql`
    WITH s AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM assets WHERE object_type = 'section'),
         n AS (SELECT count(*)::int AS n FROM s)
    INSERT INTO inspections (asset_id, standard_id, inspected_at, status, review, length_surveyed_m, str_peak, om_peak, created_by)
    SELECT s.id, 'manway-demo', ${now.toISOString()}::timestamptz - make_interval(mins => (g * 7919) % ${minutes}::int),
           CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'completed' END, CASE WHEN g % 10 = 0 THEN NULL ELSE 'accepted' END,
           10 + g % 90, (g % 6)::smallint, ((g + 2) % 6)::smallint, (${crews}::uuid[])[1 + g % 3]
    FROM generate_series(0, ${size.inspections - 1}::int) g CROSS JOIN n JOIN s ON s.k = g % n.n`);
  // Each task on its own asset (an asset has at most one open task); due over last year and this one.
  const start = `${now.getUTCFullYear() - 1}-01-01`;
  await db.query(sql`
    WITH a AS (SELECT id, district, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM assets
               WHERE object_type IN ('section', 'node'))
    INSERT INTO tasks (project_id, task_type, asset_id, district, due_date, state)
    SELECT ${project}, 'inspect', a.id, a.district, ${start}::date + (a.k * 37) % 730,
           (ARRAY['completed', 'planned', 'started', 'completed', 'inspection-created', 'completed', 'deleted'])[1 + a.k % 7]
    FROM a WHERE a.k < ${size.tasks}::int`);
  // Assignments of 100 tasks each, to the crews in turn (every fifth batch left unassigned).
  await db.query(sql`
    WITH batch AS (SELECT (row_number() OVER (ORDER BY id) - 1)::int / 100 AS b, id FROM tasks WHERE project_id = ${project}),
         made AS (
           INSERT INTO assignments (assigned_to, status)
           SELECT CASE WHEN b % 5 = 4 THEN NULL ELSE (${crews}::uuid[])[1 + b % 3] END,
                  CASE WHEN b % 5 = 4 THEN 'unassigned' ELSE 'assigned' END
           FROM (SELECT DISTINCT b FROM batch) d ORDER BY b
           RETURNING id
         ),
         numbered AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS b FROM made)
    INSERT INTO assignment_tasks (assignment_id, task_id)
    SELECT numbered.id, batch.id FROM batch JOIN numbered USING (b)`);
  await db.exec('VACUUM ANALYZE');
}

function sameGroups(widget: Widget, ours: GroupRow[], bare: Record<string, unknown>[]): void {
  const theirs = bare
    .filter((r) => !(r.whole === 1 || r.whole === true))
    .map((r) => ({ key: r.key === null ? null : String(r.key), value: Number(r.value), count: Number(r.count) }));
  const sort = (rows: GroupRow[]) => [...rows].sort((a, b) => itemKey(a.key).localeCompare(itemKey(b.key)));
  const a = sort(ours);
  const b = sort(theirs);
  const same =
    a.length === b.length &&
    a.every(
      (r, i) =>
        r.key === b[i]!.key &&
        r.count === b[i]!.count &&
        Math.abs((r.value ?? 0) - (b[i]!.value ?? 0)) <= 1e-6 * Math.max(1, Math.abs(r.value ?? 0)),
    );
  if (!same) throw new Error(`${widget.id}: ours and the bare SQL answered different groups`);
}

async function benchOne(kind: 'pglite' | 'postgres', size: Sizes): Promise<{ rows: string[][]; sum: number }> {
  const label = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${fmt(size.assets)} assets`;
  const dir = await mkdtemp(join(tmpdir(), 'manway-bench-dashboards-'));
  let db: Database;
  let drop: () => Promise<void>;
  let bare: Bare;
  let closeBare = async () => {};
  if (kind === 'pglite') {
    const lite = await openPglite({ dir: join(dir, 'db') });
    db = lite;
    drop = () => lite.close();
    bare = (statement) => lite.query(statement);
  } else {
    const name = `manway_bench_dashboards_${process.pid}`;
    ({ db, drop } = await scratchPostgres(PG_URL, name));
    const pool = new pg.Pool({ connectionString: withDatabaseName(PG_URL, name), max: 2, options: APP_SESSION });
    bare = async <T>(statement: SQL) => {
      const q = compile(statement);
      return (await pool.query(q.text, q.params)).rows as T[];
    };
    closeBare = () => pool.end();
  }
  try {
    const config = loadConfig({ ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir });
    await migrate(db);
    const services = createServices(db, config);
    await services.settings.registerDefaultLicences();
    await services.demo.ensureReferenceData();
    await services.users.ensureAdmin(PASSWORD);
    await services.users.ensureDemoUsers();
    const generated = performance.now();
    await services.scale.generate({ assets: size.assets, seed: SEED, reset: false });
    const now = new Date();
    await addWork(db, size, now);
    console.log(`${label}: network and work written in ${((performance.now() - generated) / 1000).toFixed(0)} s`);

    const [{ id: adminId }] = (await db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`)) as [
      { id: string },
    ];
    const engine = new WidgetDataService(db, services.filters);
    const widgets = dashboard(now);
    for (const { widget, bare: statement } of widgets) {
      const ours =
        widget.type === 'total'
          ? [{ key: null, value: (await engine.data(adminId, widget, now)).total, count: 0 }]
          : await engine.rows(adminId, widget, now);
      const theirs = await bare(statement);
      if (widget.type === 'total') theirs.forEach((r) => (r.count = 0));
      sameGroups(widget, ours, theirs);
    }

    // The asset widgets rely on assets_widget_idx (migration 0024): their aggregate reads it alone.
    const plan = await bare<{ 'QUERY PLAN': string }>(
      sql`EXPLAIN ${aggregateSql({ source: 'section', groupBy: 'conditionGrade', measure: { kind: 'length' }, period: null, assets: null, states: [] }, false)}`,
    );
    const indexOnly = plan.some((r) => /Index Only Scan using assets_widget_idx/.test(r['QUERY PLAN']));
    console.log(
      `${label}: length of sections by grade ${indexOnly ? 'is an index-only scan of assets_widget_idx' : 'does NOT use assets_widget_idx'}`,
    );

    const calls: Record<string, () => Promise<void>> = {};
    for (const { widget, bare: statement } of widgets) {
      calls[`ours ${widget.id}`] = async () => {
        await engine.data(adminId, widget, now);
      };
      calls[`bare ${widget.id}`] = async () => {
        await bare(statement);
      };
    }
    const timed = await timeInTurns(RUNS, calls, 3);
    const aims = kind === 'postgres';
    let sum = 0;
    const rows = widgets.map(({ widget }) => {
      const ours = timed[`ours ${widget.id}`]!;
      const theirs = timed[`bare ${widget.id}`]!;
      sum += ours.p95;
      return [
        `${label}: ${widget.title} (${widget.type})`,
        `${ms(ours.p50)} / ${ms(ours.p95)}`,
        `${ms(theirs.p50)} / ${ms(theirs.p95)}`,
        `${(ours.p95 / theirs.p95).toFixed(2)}×${aims ? ' (aim ≤ 1.3×)' : ''}`,
      ];
    });
    rows.push([`${label}: all six widgets, one after another (sum of p95)`, ms(sum), '', aims ? 'aim < 1 s' : '']);
    return { rows, sum };
  } finally {
    await closeBare();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const rows: string[][] = [];
if (env.BENCH_DASHBOARD_PGLITE !== '0') {
  const lite = await benchOne('pglite', {
    assets: Number(env.BENCH_DASHBOARD_PGLITE_ASSETS ?? 20_000),
    inspections: Number(env.BENCH_DASHBOARD_PGLITE_INSPECTIONS ?? 5_000),
    tasks: Number(env.BENCH_DASHBOARD_PGLITE_TASKS ?? 5_000),
  });
  rows.push(...lite.rows);
}
const postgres = await benchOne('postgres', {
  assets: Number(env.BENCH_DASHBOARD_ASSETS ?? 1_000_000),
  inspections: Number(env.BENCH_DASHBOARD_INSPECTIONS ?? 100_000),
  tasks: Number(env.BENCH_DASHBOARD_TASKS ?? 100_000),
});
rows.push(...postgres.rows);
printTable(
  `The default dashboard's widgets, data() beside the bare aggregate SQL (p50 / p95 of ${RUNS} each, in turns)`,
  ['widget', 'Manway data()', 'bare SQL', 'ratio of p95'],
  rows,
);
