/**
 * The server's command line: `start` (default) serves the API and the editions, `migrate` brings the
 * database schema up to date, `seed [--reset] [--seed N]` creates the demo accounts and the demo town
 * (`--reset` rebuilds the town from scratch), `generate --assets N [--seed S] [--reset]` loads a scale network.
 */
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openPglite, openPostgres, type Database } from './db/connection';
import { migrate } from './db/migrate';
import { chooseLogFormat, loggerOptions, SYSTEM_NAMES } from './http/logging';
import { singleSignOnFromConfig } from './modules/account/oidc';
import { bringUp, describeLoad, Readiness, type Logger } from './platform';
import { ScaleDataExistsError } from './modules/scale/service';
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
    logger: loggerOptions({
      level: config.logLevel,
      format: chooseLogFormat(config.logFormat, Boolean(process.stdout.isTTY)),
      colour: config.logColour,
      system: SYSTEM_NAMES[config.role],
    }),
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
    await services.instances.stop();
    await db.close();
    process.exit(0);
  };
  // `on`, not `once`: under `npm start` a signal may arrive twice (from the terminal's process group
  // and from start.mjs), and a second one must not kill the process while it closes its database.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, not "${value}"`);
  return n;
}

/** `generate --assets N [--seed S] [--reset]`: the scale network, with a progress bar and a summary. */
async function generate(config: Config): Promise<void> {
  const args = parseArgs({
    args: process.argv.slice(3),
    options: { assets: { type: 'string' }, seed: { type: 'string' }, reset: { type: 'boolean' } },
  });
  const assets = wholeNumber('--assets', args.values.assets, 1_000_000);
  const seed = wholeNumber('--seed', args.values.seed, 1);
  if (assets < 1) throw new ConfigError('--assets must be at least 1');
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const services = createServices(db, config);
    log.info(
      `generating ${assets.toLocaleString('en')} assets (seed ${seed}) into ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}`,
    );
    const bar = progressBar();
    const s = await services.scale.generate({
      assets,
      seed,
      reset: Boolean(args.values.reset),
      onProgress: bar,
      onIndex: (name, seconds) => log.info(`built ${name} in ${seconds.toFixed(1)} s`),
    });
    log.info(
      `generated ${s.assets.toLocaleString('en')} assets in ${s.tiles} tiles by ${s.method}: ` +
        `load ${s.loadSeconds.toFixed(1)} s, indexes ${s.indexSeconds.toFixed(1)} s, total ${s.seconds.toFixed(1)} s ` +
        `(${Math.round(s.rowsPerSecond).toLocaleString('en')} rows/s); checksum ${s.checksum.slice(0, 16)}`,
    );
  } catch (error) {
    if (error instanceof ScaleDataExistsError) throw new ConfigError(error.message);
    throw error;
  } finally {
    await db.close();
  }
}

/** A one-line progress bar on a terminal; a line per tenth elsewhere (CI logs). */
function progressBar(): (done: number, total: number) => void {
  const started = performance.now();
  let lastTenth = -1;
  return (done, total) => {
    const share = done / total;
    const rate = Math.round(done / ((performance.now() - started) / 1000));
    const text = `${(share * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} assets, ${rate.toLocaleString('en')} rows/s`;
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(share * width);
      process.stderr.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}${done >= total ? '\n' : ''}`,
      );
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(`${text}\n`);
    }
  };
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
      await services.licensing.registerDefaultLicences();
      log.info(`created ${await services.users.ensureDemoUsers()} demo users`);
      const loaded = args.values.reset
        ? await services.demo.load(seed, { reset: true })
        : await services.demo.loadIfEmpty(seed);
      log.info(
        loaded ? describeLoad(loaded) : 'the database already holds a network; `npm run seed -- --reset` rebuilds it',
      );
      return db.close();
    }
    case 'generate':
      return generate(config);
    default:
      throw new ConfigError(`Unknown command "${command}". Commands: start, migrate, seed, generate.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
