/**
 * Runs the SQL files of ./migrations in order, each in its own transaction, and records the schema
 * version. A database whose version is newer than this program's is left alone: the settings call
 * then reports db-state/unsupported-db-version instead of running on a structure it does not know.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection, Database } from './connection';
import { sql } from './sql';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// An arbitrary constant: the advisory lock that keeps two server processes from migrating at once.
const MIGRATION_LOCK = 7_460_221;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((name) => ({
      version: Number(name.slice(0, 4)),
      name,
      sql: readFileSync(join(MIGRATIONS_DIR, name), 'utf8'),
    }));
}

/** The schema version this program was built for. */
export const SCHEMA_VERSION = Math.max(...listMigrations().map((m) => m.version));

export class SchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(`The database schema is version ${found}, newer than this program's ${SCHEMA_VERSION}.`);
  }
}

export async function readSchemaVersion(db: Connection): Promise<number> {
  const rows = await db
    .query<{ value: string }>(sql`SELECT value FROM manway_meta WHERE key = 'schema_version'`)
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return []; // no manway_meta yet: an empty database
      throw error;
    });
  return rows[0] ? Number(rows[0].value) : 0;
}

export function migrate(database: Database): Promise<{ from: number; to: number }> {
  return database.pinned((db) => migrateOn(db));
}

async function migrateOn(db: Connection): Promise<{ from: number; to: number }> {
  if (db.kind === 'postgres') await db.query(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await db.exec(`CREATE TABLE IF NOT EXISTS manway_meta (key text PRIMARY KEY, value text NOT NULL)`);
    const from = await readSchemaVersion(db);
    if (from > SCHEMA_VERSION) throw new SchemaTooNewError(from);
    for (const m of listMigrations().filter((m) => m.version > from)) {
      await db
        .exec(
          `BEGIN;\n${m.sql}\nINSERT INTO manway_meta (key, value) VALUES ('schema_version', '${m.version}')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;\nCOMMIT;`,
        )
        .catch(async (error: unknown) => {
          await db.exec('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
        });
    }
    return { from, to: Math.max(from, SCHEMA_VERSION) };
  } finally {
    if (db.kind === 'postgres') await db.query(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
