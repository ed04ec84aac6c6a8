/**
 * What the server benchmarks share: timing with percentiles, the comparison table they print, a
 * throw-away PostgreSQL database, and the app listening on a port with a signed-in user's cookie.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/connection';
import { compile, type SQL } from '../src/db/sql';
import { Readiness } from '../src/platform';
import type { Services } from '../src/services';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Timing {
  p50: number;
  p95: number;
  /** Requests per second, one after another. */
  rate: number;
  /** Milliseconds of all the timed runs. */
  total: number;
}

/** Each input once after the warm-up ones, one after another; milliseconds per call. */
export async function timeEach<T>(
  inputs: T[],
  fn: (input: T) => Promise<void>,
  warmUp = inputs.slice(0, 20),
): Promise<Timing> {
  for (const input of warmUp) await fn(input);
  const samples: number[] = [];
  for (const input of inputs) {
    const t = performance.now();
    await fn(input);
    samples.push(performance.now() - t);
  }
  return timing(samples);
}

/** The same call `runs` times after a few warm-up calls. */
export function timeRuns(runs: number, fn: () => Promise<void>, warmUp = Math.min(5, runs)): Promise<Timing> {
  return timeEach(Array.from({ length: runs }), fn, Array.from({ length: warmUp }));
}

/**
 * Several calls timed in turns (one of each, then again), so a machine slowing down or speeding up
 * mid-run weighs on all of them alike.
 */
export async function timeInTurns<K extends string>(
  runs: number,
  calls: Record<K, () => Promise<void>>,
  warmUp = 20,
): Promise<Record<K, Timing>> {
  const names = Object.keys(calls) as K[];
  for (let i = 0; i < warmUp; i++) for (const name of names) await calls[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      const t = performance.now();
      await calls[name]();
      samples[name].push(performance.now() - t);
    }
  }
  return Object.fromEntries(names.map((name) => [name, timing(samples[name])])) as Record<K, Timing>;
}

function timing(samples: number[]): Timing {
  samples.sort((a, b) => a - b);
  const total = samples.reduce((sum, t) => sum + t, 0);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), rate: (samples.length * 1000) / total, total };
}

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** A Markdown table under its title, the columns as wide as their longest cell. */
export function printTable(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

export const withDatabaseName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A new database `name` on the server at `url` (any left from an earlier run is dropped first), and how to drop it. */
export async function scratchPostgres(url: string, name: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const db = await openPostgres(withDatabaseName(url, name));
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The product's app, ready, on a free port of 127.0.0.1; with `webDistDir`, the built editions too. */
export async function listenApp(
  db: Database,
  services: Services,
  config: Config,
  webDistDir?: string,
): Promise<{ app: FastifyInstance; base: string }> {
  const readiness = new Readiness();
  readiness.state = { status: 'ready' };
  const app = await buildApp({ config, db, services, readiness, webDistDir });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base };
}

/** Signs in; answers the headers a browser of that user sends (cookie, origin, session id). */
export async function signIn(
  base: string,
  login: string,
  password: string,
): Promise<{ cookie: string; origin: string } & Record<string, string>> {
  const r = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, [SESSION_ID_HEADER]: 'bench' },
    body: JSON.stringify({ login, password }),
  });
  if (!r.ok) throw new Error(`sign-in of ${login} answered ${r.status}`);
  const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, origin: base, [SESSION_ID_HEADER]: 'bench' };
}

/** Fails with the answer's text unless it is 2xx; the body read either way. */
export async function expectOk(r: Response): Promise<void> {
  if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  await r.arrayBuffer();
}

/** The app's own session settings (db/connection.ts), so the bare SQL is planned and run as ours is. */
const APP_SESSION = '-c jit=off -c max_parallel_workers_per_gather=0';

/** A statement run outside the product: on PGlite through its one connection, on PostgreSQL through the pg driver. */
export type Bare = <T = Record<string, unknown>>(statement: SQL) => Promise<T[]>;

/**
 * A benchmark's own database and a data directory: PGlite in the directory, or a PostgreSQL database
 * `<prefix>_<pid>` made at `pgUrl`; with `bare` beside the product's connection for the baselines.
 * `close` drops the database and removes the directory.
 */
export async function benchDatabase(
  kind: 'pglite' | 'postgres',
  prefix: string,
  pgUrl: string,
): Promise<{ db: Database; dir: string; bare: Bare; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const lite = await openPglite({ dir: join(dir, 'db') });
    return {
      db: lite,
      dir,
      bare: (statement) => lite.query(statement),
      close: async () => {
        await lite.close();
        await removeDir();
      },
    };
  }
  const name = `${prefix}_${process.pid}`;
  const { db, drop } = await scratchPostgres(pgUrl, name);
  const pool = new pg.Pool({ connectionString: withDatabaseName(pgUrl, name), max: 2, options: APP_SESSION });
  return {
    db,
    dir,
    bare: async <T>(statement: SQL) => {
      const q = compile(statement);
      return (await pool.query(q.text, q.params)).rows as T[];
    },
    close: async () => {
      await pool.end();
      await drop();
      await removeDir();
    },
  };
}
