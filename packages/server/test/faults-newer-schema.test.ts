/**
 * Issue 14, faults: the server started on a database that a newer program has migrated. It must not
 * crash nor touch the structure; every edition's settings load shows the unsupported-version page.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/connection';
import { migrate, readSchemaVersion, SCHEMA_VERSION } from '../src/db/migrate';
import { scratchData, serverBackends, ServerProcess, sleep, type ServerData } from './faults-support';
import { sql } from '../src/db/sql';

const CODE = 'db-state/unsupported-db-version';

const backends = serverBackends();

/** The database as the server opens it (main.ts openDatabase), opened by the test in between runs. */
function open(data: ServerData): Promise<Database> {
  return data.databaseUrl ? openPostgres(data.databaseUrl) : openPglite({ dir: join(data.dataDir, 'db') });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(backends)('start-up on a database of a newer schema version ($name)', (backend) => {
  it('gives the unsupported-version answer, not a crash, and leaves the structure as it found it', async () => {
    const data = await scratchData(backend, 'manway-faults-schema-', cleanups);

    const newer = SCHEMA_VERSION + 1;
    const db = await open(data);
    try {
      await migrate(db);
      await db.query(sql`UPDATE manway_meta SET value = ${String(newer)} WHERE key = 'schema_version'`);
    } finally {
      await db.close();
    }

    const server = await ServerProcess.start(data);
    cleanups.push(() => server.stop());
    const startedAt = Date.now();
    const health = await server.waitForHealth('failed', 60_000);
    const judgedMs = Date.now() - startedAt;
    expect(health.code).toBe(CODE);

    const c = server.client();
    const settings = await c.get('/api/settings/general');
    expect(settings.status).toBe(400);
    expect(settings.body.code).toBe(CODE);
    // Other calls carry the same code, which the client leaves to the settings loader (spec section 8).
    const other = await c.post('/api/account/login', { login: 'admin', password: 'whatever-it-is' });
    expect(other.status, `${other.text}\n${server.output}`).toBe(400);
    expect(other.body.code).toBe(CODE);

    await sleep(1000);
    expect(server.alive, server.output).toBe(true);
    expect((await c.get('/api/health')).body).toMatchObject({ status: 'failed', code: CODE });
    await server.stop();
    console.log(`[faults] newer schema (${data.databaseUrl ? 'PostgreSQL' : 'PGlite'}): judged in ${judgedMs} ms`);

    const after = await open(data);
    try {
      expect(await readSchemaVersion(after)).toBe(newer);
    } finally {
      await after.close();
    }
  }, 120_000);
});
