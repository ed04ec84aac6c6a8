/**
 * Start-up of everything behind the HTTP layer: migrations, first-start accounts, the job queue.
 * The HTTP server listens before this finishes, so a browser can be told the database is down or
 * of another version instead of seeing a refused connection.
 */
import type { DbStateCode } from '@manway/core/api/errors';
import type { Config } from './config';
import type { Database } from './db/connection';
import { migrate, SchemaTooNewError } from './db/migrate';
import { judgeServerVersion, readServerVersionNum } from './db/state';
import { DB_UNAVAILABLE_RETRY_SECONDS, isConnectionError } from './errors';
import { startQueue, type JobQueue } from './jobs/queue';
import { seedDemoReports, type DemoReportsSummary } from './modules/reports/demo-reports';
import { DEMO_DASHBOARDS_DATASET, seedDemoDashboards } from './modules/dashboards/demo-dashboards';
import { createDemoFieldSchedules } from './modules/demo/field-schedules';
import { FIELD_SCHEDULES_DATASET } from './modules/demo/repository';
import type { DemoMediaSummary } from './modules/demo/demo-media';
import { DEMO_MEDIA_DATASET, DEMO_REPORTS_DATASET, type LoadSummary } from './modules/demo/service';
import { SYNC_ACCOUNT_LOGIN, toCurrentUser } from './modules/users/service';
import type { Services } from './services';

export type ReadinessState =
  { status: 'starting' } | { status: 'ready' } | { status: 'failed'; code: DbStateCode; detail: string };

export class Readiness {
  state: ReadinessState = { status: 'starting' };
  get ready(): boolean {
    return this.state.status === 'ready';
  }
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

const RETRY_MS = DB_UNAVAILABLE_RETRY_SECONDS * 1000;

/**
 * Migrates and starts the queue, retrying while the database server is unreachable. Answers the
 * queue once ready, or undefined when the database can never serve this program.
 */
export async function bringUp(
  db: Database,
  services: Services,
  config: Config,
  readiness: Readiness,
  log: Logger,
  stopped: () => boolean = () => false,
): Promise<JobQueue | undefined> {
  while (!stopped()) {
    try {
      const server = judgeServerVersion(await readServerVersionNum(db));
      if (!server.ok) return fail(readiness, log, server.code, server.detail);
      // A media store that cannot be reached is a configuration to fix, not a passing condition.
      await services.media.checkStorage();
      const { from, to } = await migrate(db);
      if (from !== to) log.info(`database migrated from version ${from} to ${to}`);
      await prepareFirstStart(services, config, log);
      await services.instances.start();
      const queue = await startQueue(db, services.jobHandlers, (m, e) => log.error(m, e));
      services.jobs.attach(queue);
      // Reports a killed process was making resume now rather than at the sweeper's next minute.
      await services.reports.sweep(0);
      readiness.state = { status: 'ready' };
      return queue;
    } catch (error) {
      // Only a newer program can serve a newer structure: a restart of this one would not help.
      if (error instanceof SchemaTooNewError)
        return fail(readiness, log, 'db-state/unsupported-db-version', error.message);
      if (isMissingPostgis(error))
        return fail(
          readiness,
          log,
          'db-state/unsupported-db-version',
          'PostGIS is not installed on the database server.',
        );
      if (!isConnectionError(error)) throw error;
      readiness.state = { status: 'failed', code: 'db-state/db-server-unavailable', detail: (error as Error).message };
      log.error(`database unavailable, retrying in ${RETRY_MS / 1000} s`, error);
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
  return undefined;
}

function fail(readiness: Readiness, log: Logger, code: DbStateCode, detail: string): undefined {
  readiness.state = { status: 'failed', code, detail };
  log.error(`database cannot be used: ${detail}`);
  return undefined;
}

function isMissingPostgis(error: unknown): boolean {
  const text = `${(error as Error).message ?? ''} ${String((error as { cause?: Error }).cause?.message ?? '')}`;
  return /extension "postgis"|postgis\.control/i.test(text);
}

async function prepareFirstStart(services: Services, config: Config, log: Logger): Promise<void> {
  await services.licensing.registerDefaultLicences();
  await services.demo.ensureReferenceData();
  // After the standards: a standard's templates reference it.
  await services.forms.ensureShippedTemplates(config.role);
  const admin = await services.users.ensureAdmin(config.adminPassword);
  if (admin.created) {
    log.info(
      admin.password
        ? `created the administrator: login "admin", password "${admin.password}" (shown once; change it after signing in)`
        : 'created the administrator: login "admin" with the password from ADMIN_PASSWORD',
    );
  }
  if (!config.seedDemo) return;
  if (config.role === 'field') {
    // A Field system gets its network and users from the Office by sync, not from the demo seed.
    await prepareFieldDemo(services, log);
    return;
  }
  const created = await services.users.ensureDemoUsers();
  if (created > 0) log.info(`created ${created} demo users (see the README)`);
  if (config.syncAccountPassword) {
    const account = await services.users.ensureSyncAccount(config.syncAccountPassword);
    if (account === 'created')
      log.info(`created the service account "${SYNC_ACCOUNT_LOGIN}" for the Field system's sync agent`);
    if (account === 'reset')
      log.info(`set the password of the service account "${SYNC_ACCOUNT_LOGIN}" to SYNC_ACCOUNT_PASSWORD`);
  }
  const loaded = await services.demo.loadIfEmpty(config.demoSeed);
  if (loaded) log.info(describeLoad(loaded));
  await prepareDemoDashboards(services, log);
  if (!config.seedDemoMedia) return;
  await prepareDemoMedia(services, log);
  // Reports are files in the media store too: made where the demo's media are.
  await prepareDemoReports(services, log);
}

async function prepareDemoReports(services: Services, log: Logger): Promise<void> {
  const [editor, inspector] = await Promise.all([
    services.users.findByLogin('editor'),
    services.users.findByLogin('inspector'),
  ]);
  if (!editor || !inspector) return;
  let made: DemoReportsSummary | undefined;
  await services.demo.once(DEMO_REPORTS_DATASET, async () => {
    made = await seedDemoReports(
      services.reports,
      { editor: toCurrentUser(editor), inspector: toCurrentUser(inspector) },
      (mediaId) => services.media.process(mediaId),
    );
    return made;
  });
  if (made) log.info(`made ${made.reports.length} demo reports: ${made.reports.join(', ')}`);
}

/** The demo town's default dashboard and widget gallery, the administrator's, created once. */
async function prepareDemoDashboards(services: Services, log: Logger): Promise<void> {
  const admin = await services.users.findByLogin('admin');
  if (!admin) return;
  let made: Awaited<ReturnType<typeof seedDemoDashboards>> | undefined;
  await services.demo.once(
    DEMO_DASHBOARDS_DATASET,
    async () => (made = await seedDemoDashboards(services.dashboards, toCurrentUser(admin))),
  );
  if (made) {
    log.info(
      `made the demo dashboard "${made.dashboard}" (${made.widgets} widgets) and ${made.gallery} gallery widgets`,
    );
  }
}

async function prepareDemoMedia(services: Services, log: Logger): Promise<void> {
  let made: DemoMediaSummary | undefined;
  await services.demo.once(DEMO_MEDIA_DATASET, async () => (made = await services.demo.seedMedia(services.media)));
  if (!made) return;
  log.info(`added ${made.photos} demo photos and ${made.videos} demo survey videos`);
  if (made.skippedVideos) log.error(`made no demo videos: ${made.skippedVideos}`);
}

/** The demo sync schedules of a Field system, owned by its administrator, created once. */
async function prepareFieldDemo(services: Services, log: Logger): Promise<void> {
  const admin = await services.users.findByLogin('admin');
  if (!admin) return;
  let names: string[] = [];
  const created = await services.demo.once(FIELD_SCHEDULES_DATASET, async () => {
    names = await createDemoFieldSchedules(services.websync, toCurrentUser(admin));
    return { schedules: names };
  });
  if (created) log.info(`created the demo sync schedules ${names.map((n) => `"${n}"`).join(' and ')}`);
}

export function describeLoad(s: LoadSummary): string {
  return (
    `loaded the demo town (seed ${s.seed}): ${s.assets} assets, ${s.inspections} inspections, ` +
    `${s.observations} observations in ${s.seconds.toFixed(1)} s`
  );
}
