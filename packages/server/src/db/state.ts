/**
 * Whether the database can serve this program: reachable, new enough, with PostGIS, and at the
 * schema version the program was built for. The answer drives the settings call's db-state codes.
 */
import type { DbStateCode } from '@manway/core/api/errors';
import { isConnectionError } from '../errors';
import type { Database } from './connection';
import { SCHEMA_VERSION } from './migrate';
import { sql } from './sql';

export const MIN_SERVER_VERSION_NUM = 150000;
export const MIN_POSTGIS_MAJOR = 3;

export type DbState = { ok: true } | { ok: false; code: DbStateCode; detail: string };

export interface DbFacts {
  serverVersionNum: number;
  postgisVersion: string | null;
  schemaVersion: number;
}

/** The server's own version, judged before migrating (PostGIS is installed by the first migration). */
export function judgeServerVersion(serverVersionNum: number): DbState {
  return serverVersionNum < MIN_SERVER_VERSION_NUM
    ? { ok: false, code: 'db-state/unsupported-db-version', detail: `PostgreSQL ${serverVersionNum} is older than 15.` }
    : { ok: true };
}

export function judgeDatabase(facts: DbFacts, expectedSchemaVersion = SCHEMA_VERSION): DbState {
  const server = judgeServerVersion(facts.serverVersionNum);
  if (!server.ok) return server;
  const postgisMajor = facts.postgisVersion ? Number(facts.postgisVersion.split('.')[0]) : 0;
  if (postgisMajor < MIN_POSTGIS_MAJOR) {
    return { ok: false, code: 'db-state/unsupported-db-version', detail: 'PostGIS 3 or newer is required.' };
  }
  if (facts.schemaVersion > expectedSchemaVersion) {
    // Migrated by a newer program (start-up refuses it the same way): only that program can serve it.
    return {
      ok: false,
      code: 'db-state/unsupported-db-version',
      detail: `The database structure is version ${facts.schemaVersion}, newer than this server's ${expectedSchemaVersion}.`,
    };
  }
  if (facts.schemaVersion !== expectedSchemaVersion) {
    return {
      ok: false,
      code: 'db-state/bom-version-changed',
      detail: `The database structure is version ${facts.schemaVersion}; this server runs version ${expectedSchemaVersion}.`,
    };
  }
  return { ok: true };
}

export async function readServerVersionNum(db: Database): Promise<number> {
  const [row] = await db.query<{ num: string }>(sql`SELECT current_setting('server_version_num') AS num`);
  return Number(row?.num ?? 0);
}

/** All facts in one round trip: this runs on every settings load. Needs a migrated database. */
export async function readDbFacts(db: Database): Promise<DbFacts> {
  const [row] = await db.query<{ num: string; postgis: string | null; schema: string | null }>(sql`
    SELECT current_setting('server_version_num') AS num,
           (SELECT extversion FROM pg_extension WHERE extname = 'postgis') AS postgis,
           (SELECT value FROM manway_meta WHERE key = 'schema_version') AS schema
  `);
  return {
    serverVersionNum: Number(row?.num ?? 0),
    postgisVersion: row?.postgis ?? null,
    schemaVersion: Number(row?.schema ?? 0),
  };
}

export async function checkDatabase(db: Database): Promise<DbState> {
  try {
    return judgeDatabase(await readDbFacts(db));
  } catch (error) {
    if (isConnectionError(error)) {
      return { ok: false, code: 'db-state/db-server-unavailable', detail: (error as Error).message };
    }
    // manway_meta gone: whatever this database is now, it is not the structure the program knows.
    if ((error as { cause?: { code?: string }; code?: string }).code === '42P01') {
      return { ok: false, code: 'db-state/bom-version-changed', detail: 'The database structure is missing.' };
    }
    throw error;
  }
}
