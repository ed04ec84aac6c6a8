/**
 * One database interface over the two back ends: a PostgreSQL server through `pg` when DATABASE_URL
 * is set, otherwise PGlite (PostgreSQL compiled to WebAssembly) with PostGIS, in DATA_DIR.
 * Both speak the same SQL, so there is one set of migrations and repositories.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// PGlite is loaded only when it is opened: a system on a PostgreSQL server never pays for its ~50 MB.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as pgCopyFrom } from 'pg-copy-streams';
import { assertChannelName, PostgresListener, type NoticeHandlers, type Unlisten } from './notifications';
import { compile, type CompiledQuery, type SQL } from './sql';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** One statement written with the `sql` tag (db/sql.ts); rows as plain objects. */
  query<T = Record<string, unknown>>(statement: SQL): Promise<T[]>;
  /** Several statements without parameters (migrations, pg-boss DDL); rows of the last one. */
  exec(text: string): Promise<Record<string, unknown>[]>;
  /** Runs `fn` on one pinned connection (session-level locks, multi-step DDL). */
  pinned<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** Runs `fn` in one transaction on a pinned connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T>;
  /**
   * `COPY … FROM STDIN` fed with text chunks: streamed on PostgreSQL; on PGlite the chunks are
   * gathered into one blob first, so keep them to what fits in memory there.
   */
  copyFrom(sql: string, chunks: AsyncIterable<string> | Iterable<string>): Promise<void>;
  /**
   * LISTEN on `channel` for NOTIFY from any process on this database (PostgreSQL: one connection of
   * its own, opened again when it drops). Resolves once the first attempt has ended.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<Unlisten>;
  /** Connections in use, for the metrics. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

/**
 * A `pg` pool's counts on PostgreSQL. PGlite is one connection that queues its own queries and does
 * not say whether it is busy, so `idle` and `waiting` are unknown there.
 */
export interface PoolUse {
  max: number;
  open: number;
  idle: number | undefined;
  /** Queries waiting for a connection. */
  waiting: number | undefined;
}

export type Connection = Pick<Database, 'kind' | 'query' | 'exec' | 'copyFrom'>;

const POOL_MAX = 10;

export async function openPostgres(url: string): Promise<Database> {
  // Short interactive queries: PostGIS functions carry high planner costs, so a viewport of a few
  // thousand rows looked expensive enough for JIT compilation (30–40 ms, more than the query) and
  // parallel workers (10–30 ms to start). Both are off for the app's sessions (decision 0013).
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: 5000,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
  });
  // An idle client losing its server must not crash the process; the next query reports it instead.
  pool.on('error', () => {});
  const listener = new PostgresListener(url);
  const db: Database = {
    kind: 'postgres',
    async query(statement) {
      return (await pool.query(toPgQuery(compile(statement)))).rows;
    },
    exec: async (text) => lastRows(await pool.query(text)),
    transaction: (fn) => inTransaction(db, fn),
    async pinned(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          kind: 'postgres',
          query: async (statement) => (await client.query(toPgQuery(compile(statement)))).rows,
          exec: async (text) => lastRows(await client.query(text)),
          copyFrom: (sql, chunks) => copyWith(client, sql, chunks),
        });
      } finally {
        client.release();
      }
    },
    async copyFrom(sql, chunks) {
      const client = await pool.connect();
      try {
        await copyWith(client, sql, chunks);
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    poolUse: () => ({ max: POOL_MAX, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: once(async () => {
      await listener.close();
      await pool.end();
    }),
  };
  return db;
}

function toPgQuery(q: CompiledQuery): pg.QueryConfig {
  return { text: q.text, values: q.params, ...(q.name ? { name: q.name } : {}) };
}

function inTransaction<T>(db: Database, fn: (tx: Connection) => Promise<T>): Promise<T> {
  return db.pinned(async (conn) => {
    await conn.exec('BEGIN');
    try {
      const result = await fn(conn);
      await conn.exec('COMMIT');
      return result;
    } catch (error) {
      await conn.exec('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}

function copyWith(client: pg.PoolClient, sql: string, chunks: AsyncIterable<string> | Iterable<string>) {
  return pipeline(Readable.from(chunks), client.query(pgCopyFrom(sql)));
}

/** Closing twice (a test that lost its database on purpose, then cleans up) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

/** `pg` answers an array of results for a multi-statement text, one result otherwise. */
function lastRows(result: pg.QueryResult | pg.QueryResult[]): Record<string, unknown>[] {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return last?.rows ?? [];
}

export interface PgliteOptions {
  /** Directory for the database files; omitted for an in-memory database. */
  dir?: string;
  /** A data-dir dump (from `dumpPglite`) to start from: how tests clone a migrated template. */
  fromDump?: Blob;
}

export async function openPglite(options: PgliteOptions): Promise<Database & { pglite: PGlite }> {
  const [{ PGlite }, { postgis }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-postgis'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const releaseLock = options.dir ? lockDataDir(options.dir) : () => {};
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(options.dir ? { dataDir: options.dir } : {}),
      ...(options.fromDump ? { loadDataDir: options.fromDump } : {}),
      extensions: { postgis, pg_trgm },
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // PGlite is one connection. Its own transaction holds it until the transaction ends, so another
  // request's statements wait instead of running inside it (and being rolled back with it). A
  // statement of the transaction's own work, through `tx` or through `db` (a read a service makes on
  // the way), runs in it: the open transaction is this async context's.
  const open = new AsyncLocalStorage<Transaction>();
  const current = (): Pick<PGlite | Transaction, 'query' | 'exec'> => {
    const tx = open.getStore();
    // A NOTIFY handler runs in the context of the commit that sent it, after the transaction closed.
    return tx && !tx.closed ? tx : pglite;
  };
  const db: Database & { pglite: PGlite } = {
    kind: 'pglite',
    pglite,
    async query(statement) {
      const q = compile(statement);
      return (await current().query(q.text, q.params)).rows as never[];
    },
    exec: async (text) => ((await current().exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
    pinned: (fn) => fn(db),
    transaction(fn) {
      const outer = open.getStore();
      // A transaction begun inside another is part of it.
      if (outer && !outer.closed) return fn(pgliteTransaction(outer));
      return pglite.transaction((tx) => open.run(tx, () => fn(pgliteTransaction(tx))));
    },
    copyFrom: (sql, chunks) => pgliteCopy(current(), sql, chunks),
    async listen(channel, handlers) {
      // One process, one connection: a NOTIFY reaches the listeners before its statement resolves.
      assertChannelName(channel);
      const stop = await pglite.listen(channel, (payload) => handlers.message(payload));
      handlers.live(true);
      return () => void stop();
    },
    poolUse: () => ({ max: 1, open: pglite.closed ? 0 : 1, idle: undefined, waiting: undefined }),
    close: once(async () => {
      await pglite.close();
      releaseLock();
    }),
  };
  return db;
}

function pgliteTransaction(tx: Transaction): Connection {
  return {
    kind: 'pglite',
    async query(statement) {
      const q = compile(statement);
      return (await tx.query(q.text, q.params)).rows as never[];
    },
    exec: async (text) => ((await tx.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[],
    copyFrom: (sql, chunks) => pgliteCopy(tx, sql, chunks),
  };
}

/** COPY FROM STDIN on PGlite reads a blob: the chunks are gathered first. */
async function pgliteCopy(
  on: Pick<PGlite | Transaction, 'query'>,
  sql: string,
  chunks: AsyncIterable<string> | Iterable<string>,
): Promise<void> {
  const parts: string[] = [];
  for await (const c of chunks) parts.push(c);
  await on.query(sql.replace(/FROM\s+STDIN/i, "FROM '/dev/blob'"), [], { blob: new Blob(parts) });
}

export async function dumpPglite(db: Database & { pglite: PGlite }): Promise<Blob> {
  return (await db.pglite.dumpDataDir('none')) as Blob;
}

/**
 * PGlite is a single-process database: a second process opening the same directory would corrupt it.
 * A lock file naming the owner's pid refuses that, and is taken over when its owner is gone.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, '..', `${dir.split(/[\\/]/).pop()}.lock`);
  try {
    const owner = Number(readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner}. Stop it first, or use another DATA_DIR.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
