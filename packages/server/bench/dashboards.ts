/**
 * The demo's default dashboard over the generated network (issue 20). For each of its six widgets,
 * p50 / p95 of the widget data engine's `data()` and of the page's own call (GET
 * api/dashboard/widgets/{id} over HTTP, signed in), beside the bare aggregate SQL of the same answer,
 * written by hand and run through the pg driver (on PGlite, its one connection), in turns; the sum of
 * the HTTP p95s and the six asked at once, as the page asks; and on PostgreSQL the page in Chromium
 * (first full draw) beside bare ECharts. Before timing, each widget's groups are checked equal to the
 * bare SQL's.
 *
 * The network: the scale generator's assets, a condition grade on every third section (the generator
 * leaves them ungraded), INSPECTIONS inspections over the last three years and TASKS tasks due over
 * last year and this one (a third of them done), in assignments of the three demo crews.
 *
 * PostgreSQL at DATABASE_URL, else the local server at 127.0.0.1:5432, in a database of its own that
 * is dropped at the end; PGlite too, smaller, unless BENCH_DASHBOARD_PGLITE=0.
 * Sizes: BENCH_DASHBOARD_ASSETS (1,000,000), BENCH_DASHBOARD_INSPECTIONS (100,000), BENCH_DASHBOARD_TASKS
 * (100,000); on PGlite BENCH_DASHBOARD_PGLITE_ASSETS (20,000), …_PGLITE_INSPECTIONS (5,000),
 * …_PGLITE_TASKS (5,000). BENCH_DASHBOARD_RUNS (20) timed runs of each; BENCH_DASHBOARD_BROWSER=0
 * skips Chromium. The web editions must be built (`npm run bench` builds them first).
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { itemKey, type GroupRow, type Widget } from '@manway/core/domain/widgets';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { sql, type SQL } from '../src/db/sql';
import { WidgetDataService } from '../src/modules/dashboards/data';
import { DEMO_DASHBOARD_WIDGETS, seedDemoDashboards } from '../src/modules/dashboards/demo-dashboards';
import { toCurrentUser } from '../src/modules/users/service';
import { aggregateSql } from '../src/modules/dashboards/data-repository';
import { createServices } from '../src/services';
import { benchDatabase, expectOk, listenApp, printTable, signIn, timeInTurns } from './support';

const env = process.env;
const here = dirname(fileURLToPath(import.meta.url));
const WEB_DIST = join(here, '../../web/dist');
const DRAW_SCRIPT = join(here, '../../e2e/bench/dashboardDraw.ts');
const run = promisify(execFile);
const SEED = 1;
const PASSWORD = 'bench-admin-password';
const RUNS = Number(env.BENCH_DASHBOARD_RUNS ?? 20);
const PG_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CREWS = ['inspector', 'editor', 'syncer'];

interface Sizes {
  assets: number;
  inspections: number;
  tasks: number;
}

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
const ms = (t: number) => `${t.toFixed(1)} ms`;

/** The bare SQL of each default widget's groups (key, value, count), written by hand. */
function bareSql(): Record<string, SQL> {
  return {
    'length-by-grade': sql`SELECT condition_grade::text AS key, sum(length_m) AS value, count(*)::int AS count
      FROM assets WHERE object_type = 'section' GROUP BY condition_grade`,
    'inspections-per-month': sql`SELECT to_char(inspected_at AT TIME ZONE 'UTC', 'YYYY-MM') AS key, count(*) AS value,
      count(*)::int AS count FROM inspections GROUP BY 1`,
    'tasks-by-crew': sql`SELECT u.display_name AS key, count(*) AS value, count(*)::int AS count
      FROM tasks t
      LEFT JOIN (SELECT task_id, max(assignment_id) AS assignment_id FROM assignment_tasks GROUP BY task_id) x ON x.task_id = t.id
      LEFT JOIN assignments g ON g.id = x.assignment_id
      LEFT JOIN users u ON u.id = g.assigned_to
      WHERE t.state IN ('planned', 'started', 'inspection-created') GROUP BY u.display_name`,
    // The true average over every section needs the whole as well as the groups.
    'worst-districts': sql`SELECT district AS key, avg(condition_grade) AS value, count(*)::int AS count,
      GROUPING(district) AS whole FROM assets WHERE object_type = 'section' GROUP BY GROUPING SETS ((district), ())`,
    'network-length': sql`SELECT NULL AS key, sum(length_m) AS value, count(*)::int AS count
      FROM assets WHERE object_type = 'section'`,
    'plan-done': sql`SELECT state AS key, count(*) AS value, count(*)::int AS count FROM tasks
      WHERE state <> 'deleted' GROUP BY state`,
  };
}

/** The demo's default dashboard, each widget with the bare SQL of the same answer. */
function dashboard(): { widget: Widget; bare: SQL }[] {
  const bare = bareSql();
  return DEMO_DASHBOARD_WIDGETS.map((widget) => {
    const statement = bare[widget.id];
    if (!statement) throw new Error(`no bare SQL for the default widget ${widget.id}`);
    return { widget, bare: statement };
  });
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
  const { db, dir, bare, close } = await benchDatabase(kind, 'manway_bench_dashboards', PG_URL);
  try {
    const config = loadConfig({ ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir });
    await migrate(db);
    const services = createServices(db, config);
    await services.licensing.registerDefaultLicences();
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
    const widgets = dashboard();
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
    // The same answers as the page asks for them: GET api/dashboard/widgets/{id} over HTTP, signed in.
    await seedDemoDashboards(services.dashboards, toCurrentUser((await services.users.findByLogin('admin'))!));
    const { app, base } = await listenApp(db, services, config, WEB_DIST);
    try {
      const headers = await signIn(base, 'admin', PASSWORD);
      const get = async (id: string) => expectOk(await fetch(`${base}/api/dashboard/widgets/${id}`, { headers }));
      for (const { widget } of widgets) {
        calls[`http ${widget.id}`] = () => get(widget.id);
      }
      // The page asks for every widget at once: the time until the last one has its data.
      calls['http all'] = async () => {
        await Promise.all(widgets.map(({ widget }) => get(widget.id)));
      };
      const timed = await timeInTurns(RUNS, calls, 3);
      const aims = kind === 'postgres';
      let sum = 0;
      const rows = widgets.map(({ widget }) => {
        const engine = timed[`ours ${widget.id}`]!;
        const http = timed[`http ${widget.id}`]!;
        const theirs = timed[`bare ${widget.id}`]!;
        sum += http.p95;
        return [
          `${label}: ${widget.title} (${widget.type})`,
          `${ms(engine.p50)} / ${ms(engine.p95)}`,
          `${ms(http.p50)} / ${ms(http.p95)}`,
          `${ms(theirs.p50)} / ${ms(theirs.p95)}`,
          `${(engine.p95 / theirs.p95).toFixed(2)}× / ${(http.p95 / theirs.p95).toFixed(2)}×${aims ? ' (aim ≤ 1.3×)' : ''}`,
        ];
      });
      const all = timed['http all']!;
      rows.push([
        `${label}: all six widgets, one after another (sum of HTTP p95)`,
        '',
        ms(sum),
        '',
        aims ? 'aim < 1 s' : '',
      ]);
      rows.push([
        `${label}: all six widgets asked at once, as the page does`,
        '',
        `${ms(all.p50)} / ${ms(all.p95)}`,
        '',
        '',
      ]);
      if (kind === 'postgres' && env.BENCH_DASHBOARD_BROWSER !== '0') rows.push(...(await browserDraw(label, base)));
      return { rows, sum };
    } finally {
      await app.close();
    }
  } finally {
    await close();
  }
}

/**
 * The dashboard page in Chromium over this network (packages/e2e/bench/dashboardDraw.ts, run as its
 * own process, printing its figures as JSON): the first full draw, and beside it the bare ECharts
 * library drawing the same data already in hand.
 */
async function browserDraw(label: string, base: string): Promise<string[][]> {
  // Asynchronously: the server answering the page runs in this process.
  const { stdout } = await run(process.execPath, ['--import', 'tsx', DRAW_SCRIPT, base, 'admin', PASSWORD], {
    maxBuffer: 1 << 20,
  });
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as { cold: number; warm: number; bare: number };
  return [
    [
      `${label}: the dashboard page in Chromium, from navigation to every widget drawn`,
      '',
      `first ${ms(figures.cold)}, then median ${ms(figures.warm)}`,
      `bare ECharts drawing the data in hand ${ms(figures.bare)}`,
      'aim < 1.5 s',
    ],
  ];
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
  ['widget', 'Manway data()', 'Manway HTTP GET', 'bare SQL', 'ratio of p95 (data() / HTTP)'],
  rows,
);
