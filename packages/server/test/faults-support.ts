/**
 * What the fault tests need beyond the harness: the real server as a child process (so a crash or a
 * SIGKILL is a real one), a PostgreSQL cluster of the test's own (so stopping it disturbs no other
 * test file), and a writer that remembers which writes the server acknowledged.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { TestClient } from './harness';
import { databaseUrlWithName, TEST_ADMIN_PASSWORD } from './template';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_MAIN = join(ROOT, 'packages/server/src/main.ts');
export const PG_BIN = '/usr/lib/postgresql/15/bin';

export function hasPostgresBinaries(): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(join(PG_BIN, b)));
}

export async function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const probe = createServer();
    probe.once('error', failed);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL cluster in a temp directory on a free port, with PostGIS available. PostgreSQL refuses
 * to run as root, so as root its tools run as the postgres user, who owns the directory.
 */
export class ThrowawayPostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ThrowawayPostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'manway-faults-pg-'));
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      await chown(dir, uid, gid);
    }
    const cluster = new ThrowawayPostgres(dir, await freePort());
    cluster.run('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
    return Promise.resolve();
  }

  /** Fast shutdown: open sessions are ended, as when an operator restarts the database server. */
  stop(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    spawnSync(...this.command('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    await rm(this.dir, { recursive: true, force: true });
  }

  private command(tool: string, args: string[]): [string, string[]] {
    const bin = join(PG_BIN, tool);
    return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  }

  private run(tool: string, args: string[]): void {
    const r = spawnSync(...this.command(tool, args), { encoding: 'utf8', timeout: 30_000 });
    if (r.status !== 0) throw new Error(`${tool} failed (${r.status}): ${r.stderr || r.stdout}`);
  }
}

function postgresUser(): { uid: number; gid: number } {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('There is no postgres user to run PostgreSQL as.');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** A fresh, empty database on the server of `url` (the CI cluster), and how to drop it. */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `manway_faults_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: databaseUrlWithName(url, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Where a server child keeps its data: PGlite files in a temp DATA_DIR, or a PostgreSQL database. */
export interface ServerData {
  dataDir: string;
  databaseUrl?: string;
}

/** `main.ts start` as its own process, as `npm start` runs it, with the demo town left out. */
export class ServerProcess {
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {
    child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  }

  /** `env` adds to or overrides the variables below (a test that needs the demo town, a short lease). */
  static async start(data: ServerData, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
    const port = await freePort();
    // Only what a shell would pass: the test runner's own variables (Vite sets BASE_URL) are config here.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      ...extraEnv,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN, 'start'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServerProcess(child, `http://127.0.0.1:${port}`);
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  client(): TestClient {
    return new TestClient(this.base);
  }

  /** Polls /api/health until it answers `status` (ok, or failed for a database it cannot serve). */
  async waitForHealth(status: 'ok' | 'failed', timeoutMs: number): Promise<{ status: string; code?: string }> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown = 'no answer';
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`the server exited while starting:\n${this.output}`);
      try {
        const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        const body = (await res.json()) as { status: string; code?: string };
        if (body.status === status) return body;
        last = body;
      } catch (error) {
        last = (error as Error).message;
      }
      await sleep(100);
    }
    throw new Error(`health never said ${status} (last: ${JSON.stringify(last)}):\n${this.output}`);
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export async function signedInAdmin(base: string): Promise<TestClient> {
  const c = new TestClient(base);
  const res = await c.signIn('admin', TEST_ADMIN_PASSWORD);
  if (res.status !== 200) throw new Error(`admin could not sign in: ${res.status} ${res.text}`);
  return c;
}

export interface WriteOutcome {
  name: string;
  /** 0 when no answer came: the connection failed, or the request outlived `REQUEST_TIMEOUT_MS`. */
  status: number;
  code?: string;
  retryAfter: string | null;
  ms: number;
  startedAt: number;
}

/** Longer than any answer may take while the database is away; the test asserts far less. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Saves uniquely named filters through the API, several at a time, until told to stop, keeping the
 * outcome of each. A saved filter is a new row per write, so every 2xx must still be there afterwards.
 */
export class FilterWriter {
  readonly outcomes: WriteOutcome[] = [];
  private stopped = false;
  private next = 0;
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly client: TestClient,
    private readonly prefix: string,
  ) {}

  start(concurrency: number, pauseMs = 0): this {
    for (let i = 0; i < concurrency; i++) this.loops.push(this.loop(pauseMs));
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  get acknowledged(): string[] {
    return this.outcomes.filter((o) => o.status >= 200 && o.status < 300).map((o) => o.name);
  }

  private async loop(pauseMs: number): Promise<void> {
    while (!this.stopped) {
      const outcome = await this.write(`${this.prefix} ${String(this.next++).padStart(5, '0')}`);
      this.outcomes.push(outcome);
      // A refused write is tried again soon, not in a tight loop that only heats the machine.
      if (outcome.status < 200 || outcome.status >= 300) await sleep(50);
      else if (pauseMs) await sleep(pauseMs);
    }
  }

  private async write(name: string): Promise<WriteOutcome> {
    const startedAt = Date.now();
    try {
      const res = await fetch(`${this.client.base}/api/filters/saved-filters/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: this.client.base,
          [SESSION_ID_HEADER]: 'faults',
          ...(this.client.cookie ? { cookie: this.client.cookie } : {}),
        },
        body: JSON.stringify({ name, definition: { objectType: 'Section', conditions: [] } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { code?: string }).code;
      } catch {
        code = undefined;
      }
      return {
        name,
        status: res.status,
        code,
        retryAfter: res.headers.get('retry-after'),
        ms: Date.now() - startedAt,
        startedAt,
      };
    } catch {
      return { name, status: 0, retryAfter: null, ms: Date.now() - startedAt, startedAt };
    }
  }
}

/** The names of the admin's saved filters, read back through the API. */
export async function savedFilterNames(client: TestClient): Promise<Set<string>> {
  const res = await client.get<{ name: string }[]>('/api/filters/saved-filters/list');
  if (res.status !== 200) throw new Error(`listing saved filters answered ${res.status}: ${res.text}`);
  return new Set(res.body.map((f) => f.name));
}

/** The databases a server process is tried on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export interface Backend {
  name: string;
  prepare: (dataDir: string) => Promise<ServerData & { drop?: () => Promise<void> }>;
}

export function serverBackends(): Backend[] {
  const backends: Backend[] = [{ name: 'embedded PGlite', prepare: async (dataDir) => ({ dataDir }) }];
  const url = process.env.DATABASE_URL;
  if (url) {
    backends.push({
      name: 'PostgreSQL',
      prepare: async (dataDir) => {
        const db = await freshDatabase(url);
        return { dataDir, databaseUrl: db.url, drop: db.drop };
      },
    });
  }
  return backends;
}

/** A data dir (and database) for one test, removed by `cleanups` after it, last made first. */
export async function scratchData(
  backend: Backend,
  prefix: string,
  cleanups: (() => Promise<void>)[],
): Promise<ServerData> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const data = await backend.prepare(dataDir);
  if (data.drop) cleanups.push(data.drop);
  return data;
}
