/**
 * A migrated database with the first-start accounts is prepared once per test run; each test file
 * starts from a copy of it. PGlite: a data-dir dump on disk. PostgreSQL: a template database.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/connection';

export const TEST_ADMIN_PASSWORD = 'admin-test-password';

export type Template = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; url: string; templateName: string };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: '/tmp/manway-test-unused',
    LOG_LEVEL: 'silent',
    // Each test file has its own media store: demo files kept in the template's would be missing there.
    SEED_DEMO_MEDIA: 'false',
    ...overrides,
  });
}

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database from the template, and how to remove it. */
export async function cloneTemplate(template: Template): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') {
    const dump = new Blob([await readFile(template.dumpFile)]);
    const db = await openPglite({ fromDump: dump });
    return { db, drop: () => db.close() };
  }
  const name = `manway_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  await admin.end();
  const db = await openPostgres(databaseUrlWithName(template.url, name));
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: template.url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
