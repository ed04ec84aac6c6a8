/**
 * The server's command line: `start` (default) serves the API and the editions, `migrate` brings the
 * database schema up to date, `seed [--reset] [--seed N]` creates the demo accounts and the demo town
 * (`--reset` rebuilds the town from scratch).
 */
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Database } from './db/connection';
import { migrate } from './db/migrate';
import { singleSignOnFromConfig } from './modules/account/oidc';
import { bringUp, describeLoad, Readiness, type Logger } from './platform';
import { createServices } from './services';

const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const log: Logger = {
  info: (message) => console.log(`[manway] ${message}`),
  error: (message, error) => console.error(`[manway] ${message}${error ? `: ${(error as Error).message}` : ''}`),
};

export function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dir: join(config.dataDir, 'db') });
}

async function start(config: Config): Promise<void> {
  const db = await openDatabase(config);
  const services = createServices(db, config);
  const readiness = new Readiness();
  const sso = singleSignOnFromConfig(config, { log });
  const app = await buildApp({
    config,
    db,
    services,
    readiness,
    webDistDir: WEB_DIST,
    sso,
    logger: { level: config.logLevel },
  });
  let stopping = false;
  const address = await app.listen({ port: config.port, host: config.host });
  log.info(
    `listening on ${address} (${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  const queue = await bringUp(db, services, config, readiness, log, () => stopping);
  if (readiness.ready) {
    const base = config.baseUrl ?? address.replace('127.0.0.1', 'localhost');
    log.info(`ready: open ${base}/office/  (also /inspect/, /settings/, /websync/; API docs at /api/docs)`);
  }
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    await app.close();
    await queue?.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  const [command = 'start'] = process.argv.slice(2);
  const config = loadConfig(process.env);
  switch (command) {
    case 'start':
      return start(config);
    case 'migrate': {
      const db = await openDatabase(config);
      const { from, to } = await migrate(db);
      log.info(from === to ? `database already at version ${to}` : `database migrated from version ${from} to ${to}`);
      return db.close();
    }
    case 'seed': {
      const args = parseArgs({
        args: process.argv.slice(3),
        options: { reset: { type: 'boolean' }, seed: { type: 'string' } },
      });
      const seed = args.values.seed === undefined ? config.demoSeed : Number(args.values.seed);
      if (!Number.isInteger(seed) || seed < 0)
        throw new ConfigError(`--seed must be a whole number, not "${args.values.seed}"`);
      const db = await openDatabase(config);
      await migrate(db);
      const services = createServices(db, config);
      await services.settings.registerDefaultLicences();
      log.info(`created ${await services.users.ensureDemoUsers()} demo users`);
      const loaded = args.values.reset
        ? await services.demo.load(seed, { reset: true })
        : await services.demo.loadIfEmpty(seed);
      log.info(
        loaded ? describeLoad(loaded) : 'the database already holds a network; `npm run seed -- --reset` rebuilds it',
      );
      return db.close();
    }
    default:
      throw new ConfigError(`Unknown command "${command}". Commands: start, migrate, seed.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
