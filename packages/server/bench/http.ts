/**
 * Authenticated calls at the speed of the work behind them: requests per second with 16
 * connections (autocannon in a worker thread, the servers on the main thread) for our routes, each
 * beside a bare Fastify route that calls the same service (the same SQL, no session, hooks or
 * schema) and a bare Node server answering the same bytes. On PGlite always; on PostgreSQL at
 * DATABASE_URL, else the local server when one answers. BENCH_HTTP_SECONDS sets each run's length.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, type Database } from '../src/db/connection';
import { bringUp, Readiness } from '../src/platform';
import { createServices } from '../src/services';
import { toCurrentUser } from '../src/modules/users/service';
import { scratchPostgres } from './support';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONNECTIONS = 16;
const ADMIN_PASSWORD = 'bench-admin-password';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const quiet = { info: () => {}, error: (m: string, e?: unknown) => console.error(m, e) };

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  // A short warm-up lets the JIT and the caches settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers, workers: 1 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r.requests.average;
}

async function listen(app: FastifyInstance | Server): Promise<string> {
  if ('inject' in app) return app.listen({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const address = app.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

interface Row {
  call: string;
  ours: number;
  baseline: number;
  baselineName: string;
  bareNode: number;
  aim: string;
}

async function measure(db: Database, kind: string): Promise<Row[]> {
  const config = loadConfig({ ADMIN_PASSWORD, LOG_LEVEL: 'silent', DATA_DIR: tmpdir() });
  const services = createServices(db, config);
  const readiness = new Readiness();
  const queue = await bringUp(db, services, config, readiness, quiet);
  const app = await buildApp({ config, db, services, readiness });
  const base = await listen(app);

  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SESSION_ID_HEADER]: 'bench', origin: base },
    body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const session = { cookie, [APPLICATION_EDITION_HEADER]: 'web-office' };
  const admin = toCurrentUser((await services.users.findByLogin('admin'))!);

  // The same work without our HTTP layer: the service call (its SQL) in a bare Fastify route.
  const bare = Fastify();
  bare.get('/api/health', async () => ({ status: 'ok', database: db.kind }));
  bare.get('/api/settings/general', async () => services.settings.general(admin, 'web-office'));
  bare.get('/api/filters/saved-filters/list', async () => services.filters.listSaved(admin));
  bare.get('/api/object-types', async () => services.objects.objectTypes());
  const bareBase = await listen(bare);

  // The same bytes from a bare Node server: the floor of any HTTP answer here.
  const paths = ['/api/health', '/api/settings/general', '/api/filters/saved-filters/list', '/api/object-types'];
  const bytes = new Map<string, Buffer>();
  for (const p of paths) {
    const r = await fetch(`${base}${p}`, { headers: session });
    if (!r.ok) throw new Error(`${p} answered ${r.status}`);
    bytes.set(p, Buffer.from(await r.arrayBuffer()));
  }
  const node = createServer((req, res) => {
    const body = bytes.get(req.url ?? '') ?? Buffer.from('{}');
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  const nodeBase = await listen(node);

  const rows: Row[] = [];
  const healthAnonymous = await requestsPerSecond(`${base}/api/health`);
  const healthSession = await requestsPerSecond(`${base}/api/health`, session);
  rows.push({
    call: 'GET /api/health with a session',
    ours: healthSession,
    baseline: healthAnonymous,
    baselineName: 'ours without a session',
    bareNode: await requestsPerSecond(`${nodeBase}/api/health`),
    aim: '≥ 80 %',
  });
  for (const p of paths.slice(1)) {
    rows.push({
      call: `GET ${p}`,
      ours: await requestsPerSecond(`${base}${p}`, session),
      baseline: await requestsPerSecond(`${bareBase}${p}`),
      baselineName: 'bare Fastify, same service',
      bareNode: await requestsPerSecond(`${nodeBase}${p}`),
      aim: p === '/api/settings/general' ? '≥ 50 %' : '',
    });
  }
  console.log(`  (${kind} measured)`);

  await app.close();
  await bare.close();
  await new Promise((resolve) => node.close(resolve));
  await queue?.stop();
  return rows;
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
    return url;
  } catch {
    return undefined;
  }
}

function print(kind: string, rows: Row[]) {
  const header = ['call', 'ours req/s', 'baseline req/s', 'ours ÷ baseline', 'aim', 'bare Node req/s', 'baseline'];
  const cells = rows.map((r) => [
    r.call,
    r.ours.toFixed(0),
    r.baseline.toFixed(0),
    `${((r.ours / r.baseline) * 100).toFixed(0)} %`,
    r.aim,
    r.bareNode.toFixed(0),
    r.baselineName,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nAuthenticated calls on ${kind} (${CONNECTIONS} connections, ${SECONDS} s each, autocannon)`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'manway-bench-http-'));
  const lite = await openPglite({ dir: join(dir, 'db') });
  try {
    print('PGlite', await measure(lite, 'PGlite'));
  } finally {
    await lite.close();
    await rm(dir, { recursive: true, force: true });
  }

  const url = await postgresUrl();
  if (!url) {
    console.log('\nPostgreSQL: no server answered at DATABASE_URL or 127.0.0.1:5432; skipped.');
    return;
  }
  const { db, drop } = await scratchPostgres(url, `manway_bench_http_${process.pid}`);
  try {
    print('PostgreSQL', await measure(db, 'PostgreSQL'));
  } finally {
    await drop();
  }
}

await main();
