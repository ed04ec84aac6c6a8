import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openPglite, openPostgres } from '../src/db/connection';
import { bringUp, Readiness } from '../src/platform';
import { createServices } from '../src/services';
import { databaseUrlWithName, testConfig, type Template } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    template: Template;
  }
}

const quiet = { info: () => {}, error: (m: string, e?: unknown) => console.error(m, e) };

export default async function setup(project: TestProject) {
  const config = testConfig();
  const url = process.env.DATABASE_URL;
  if (url) {
    const templateName = `manway_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const db = await openPostgres(databaseUrlWithName(url, templateName));
    const services = createServices(db, config);
    const queue = await bringUp(db, services, config, new Readiness(), quiet);
    await queue?.stop();
    // The template's own process is not one of the servers the tests start.
    await services.instances.stop();
    await db.close();
    project.provide('template', { kind: 'postgres', url, templateName });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'manway-template-'));
  const db = await openPglite({});
  const services = createServices(db, config);
  const queue = await bringUp(db, services, config, new Readiness(), quiet);
  await queue?.stop();
  await services.instances.stop();
  const dumpFile = join(dir, 'template.tar');
  await writeFile(dumpFile, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
  await db.close();
  project.provide('template', { kind: 'pglite', dumpFile });
  return () => rm(dir, { recursive: true, force: true });
}
